// git's object id of a blob: the SHA-1 of `blob <size>\0` and the bytes, the
// id an `index <old>..<new>` line names (platform/hasher.ts picks the hasher).

import { hasher } from './hasher.js';

/** The blob id (40 hex digits) of `bytes`, whole or in pieces. */
export function blobId(bytes: Uint8Array | readonly Uint8Array[]): string {
  const pieces = bytes instanceof Uint8Array ? [bytes] : bytes;
  const size = pieces.reduce((n, p) => n + p.length, 0);
  const hash = hasher('sha1');
  hash.update(`blob ${size}\0`);
  for (const p of pieces) hash.update(p);
  return hash.digest('hex');
}

/** The id git writes for "no file" (the old side of an addition, the new side of a deletion). */
export const NO_BLOB = '0'.repeat(40);
