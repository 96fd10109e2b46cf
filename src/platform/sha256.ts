// SHA-256 through node:crypto, loaded on first use: most runs hash nothing,
// and every module that imported node:crypto would load it at start-up.

import type { Hash } from 'node:crypto';

/** A streaming SHA-256. */
export function sha256Hash(): Hash {
  return process.getBuiltinModule('node:crypto').createHash('sha256');
}

/** The SHA-256 of `data` in hex. */
export function sha256Hex(data: Uint8Array | string): string {
  return sha256Hash().update(data).digest('hex');
}
