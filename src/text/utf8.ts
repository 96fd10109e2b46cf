// Reading UTF-8 bytes in place, for the byte-backed line table (text/table.ts).

/** The code point of the (valid) UTF-8 sequence starting at `at`. */
export function codePointAt(bytes: Uint8Array, at: number): number {
  const b = bytes[at]!;
  if (b < 0x80) return b;
  if (b < 0xe0) return ((b & 0x1f) << 6) | (bytes[at + 1]! & 0x3f);
  if (b < 0xf0) return ((b & 0x0f) << 12) | ((bytes[at + 1]! & 0x3f) << 6) | (bytes[at + 2]! & 0x3f);
  return ((b & 0x07) << 18) | ((bytes[at + 1]! & 0x3f) << 12) | ((bytes[at + 2]! & 0x3f) << 6) | (bytes[at + 3]! & 0x3f);
}

export function isAsciiString(s: string): boolean {
  for (let k = 0; k < s.length; k++) if (s.charCodeAt(k) >= 0x80) return false;
  return true;
}
