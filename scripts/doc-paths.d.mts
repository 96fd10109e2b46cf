export function stalePaths(root: string): string[];
export function layoutMismatches(root: string): string[];
