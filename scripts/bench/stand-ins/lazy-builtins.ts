// Bench stand-in for src/startup/lazy-builtins.ts: node:crypto and node:os imported at start-up.
import { createHash as nodeCreateHash } from 'node:crypto';
import { homedir as nodeHomedir, hostname as nodeHostname } from 'node:os';

export interface Hasher {
  update(data: string | Uint8Array): Hasher;
  digest(encoding: 'hex'): string;
}

export const createHash = (algorithm: string): Hasher => nodeCreateHash(algorithm);
export const homedir = (): string => nodeHomedir();
export const hostname = (): string => nodeHostname();
