// Bench stand-in for src/startup/lazy-builtins.ts: node:crypto and node:os imported at start-up.
import { createHash as nodeCreateHash } from 'node:crypto';
import { homedir as nodeHomedir, hostname as nodeHostname } from 'node:os';

/** The real module's hash type, not a copy of it. */
export type Hasher = import('../../../src/startup/lazy-builtins.js').Hasher;

export const createHash = (algorithm: string): Hasher => nodeCreateHash(algorithm);
export const homedir = (): string => nodeHomedir();
export const hostname = (): string => nodeHostname();
