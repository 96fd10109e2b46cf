// SHA-256 of content (platform/hasher.ts picks the runtime's hasher).

import { hasher } from './hasher.js';

const sha256Hash = () => hasher('sha256');

/** The SHA-256 of `data` in hex. */
export function sha256Hex(data: Uint8Array | string): string {
  return sha256Hash().update(data).digest('hex');
}

/** Size and SHA-256 of content, whole or in pieces: what a commit journal records to know that content again. */
export interface Image {
  size: number;
  sha256: string;
}

/** The image of `bytes`, hashed piece by piece. */
export function imageOf(bytes: Uint8Array | readonly Uint8Array[]): Image {
  const hash = sha256Hash();
  let size = 0;
  for (const piece of bytes instanceof Uint8Array ? [bytes] : bytes) {
    hash.update(piece);
    size += piece.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Whether `bytes` are the content `image` records (the size first: no hash of a file that differs in length). */
export function isImage(bytes: Uint8Array, image: Image): boolean {
  return bytes.length === image.size && imageOf(bytes).sha256 === image.sha256;
}
