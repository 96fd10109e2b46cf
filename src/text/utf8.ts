// Reading UTF-8 bytes in place, for the byte-backed line table (text/table.ts).

/** The code point of the (valid) UTF-8 sequence starting at `at`. */
export function codePointAt(bytes: Uint8Array, at: number): number {
  const b = bytes[at]!;
  if (b < 0x80) return b;
  if (b < 0xe0) return ((b & 0x1f) << 6) | (bytes[at + 1]! & 0x3f);
  if (b < 0xf0) return ((b & 0x0f) << 12) | ((bytes[at + 1]! & 0x3f) << 6) | (bytes[at + 2]! & 0x3f);
  return ((b & 0x07) << 18) | ((bytes[at + 1]! & 0x3f) << 12) | ((bytes[at + 2]! & 0x3f) << 6) | (bytes[at + 3]! & 0x3f);
}

/**
 * Is every char of `s` ASCII? Exactly when its UTF-8 is as long as it is (any
 * other char, a lone surrogate included, takes two bytes or more): one native
 * count, where a loop over the chars ran in the interpreter for every
 * pattern line the matcher hashes.
 */
export function isAsciiString(s: string): boolean {
  return Buffer.byteLength(s, 'utf8') === s.length;
}
