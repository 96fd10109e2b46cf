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
// node:v8 stays loaded on first use here too: it is not part of this trick (only a heavy run loads it, startup/jit-policy.ts).
// (This text is built in place of src/startup/lazy-builtins.ts: no import of that module from here.)
type GetBuiltin = { getBuiltinModule(id: 'node:v8'): typeof import('node:v8') };
export const setV8Flags = (flags: string): void => (process as unknown as GetBuiltin).getBuiltinModule('node:v8').setFlagsFromString(flags);
