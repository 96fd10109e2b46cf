// Bench stand-in for src/startup/lazy-builtins.ts: node:crypto, node:os and node:buffer imported at start-up.
import { isAscii as nodeIsAscii, isUtf8 as nodeIsUtf8 } from 'node:buffer';
import { createHash as nodeCreateHash } from 'node:crypto';
import { homedir as nodeHomedir, hostname as nodeHostname } from 'node:os';

/** The real module's hash type, not a copy of it. */
export type Hasher = import('../../../src/startup/lazy-builtins.js').Hasher;

export const createHash = (algorithm: string): Hasher => nodeCreateHash(algorithm);
export const homedir = (): string => nodeHomedir();
export const hostname = (): string => nodeHostname();
export const isUtf8 = (bytes: Uint8Array): boolean => nodeIsUtf8(bytes);
export const isAscii = (bytes: Uint8Array): boolean => nodeIsAscii(bytes);
