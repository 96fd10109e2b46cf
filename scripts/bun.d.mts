/** The bun executable of the `bun` dev dependency (throws when none works). */
export function bunExecutable(): string;
