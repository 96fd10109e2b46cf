// UTF-16 and UTF-32 in both byte orders, natively (no codec package): what
// text/decode.ts needs to decode such files and to prove their round trip.

/** The bytes with each pair swapped: UTF-16BE <-> UTF-16LE. */
export function swap16(bytes: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(bytes.length);
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    out[i] = bytes[i + 1]!;
    out[i + 1] = bytes[i]!;
  }
  return out;
}

/** UTF-32 text, or undefined when a unit is not a Unicode scalar value. */
export function decodeUtf32(bytes: Uint8Array, littleEndian: boolean): string | undefined {
  if (bytes.length % 4 !== 0) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: string[] = [];
  const chunk: number[] = [];
  for (let i = 0; i < bytes.length; i += 4) {
    const cp = view.getUint32(i, littleEndian);
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return undefined;
    chunk.push(cp);
    // fromCodePoint takes its arguments on the stack: keep calls small.
    if (chunk.length === 8192) parts.push(String.fromCodePoint(...chunk.splice(0)));
  }
  parts.push(String.fromCodePoint(...chunk));
  return parts.join('');
}

export function encodeUtf32(text: string, littleEndian: boolean): Buffer {
  const out = Buffer.allocUnsafe(text.length * 4);
  let n = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (littleEndian) out.writeUInt32LE(cp, n);
    else out.writeUInt32BE(cp, n);
    n += 4;
  }
  return out.subarray(0, n);
}

/** `text` in the named Unicode encoding (utf-8, utf-16le/be, utf-32le/be), without a BOM. */
export function encodeUnicode(text: string, name: string): Buffer {
  switch (name) {
    case 'utf-8':
      return Buffer.from(text, 'utf8');
    case 'utf-16le':
      return Buffer.from(text, 'utf16le');
    case 'utf-16be':
      return swap16(Buffer.from(text, 'utf16le'));
    case 'utf-32le':
      return encodeUtf32(text, true);
    default:
      return encodeUtf32(text, false);
  }
}
