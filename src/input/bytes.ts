// Input bytes (a patch, {"patch"} JSON or an edit request, as read from stdin
// or a file) to text. The text must be exactly what was sent: a byte that is
// not valid UTF-8 would otherwise decode as U+FFFD and be written into the
// user's file as that character, so it is refused with the line it is on.
// A byte-order mark decides instead when there is one: UTF-8, or UTF-16 LE/BE
// (what PowerShell's redirection writes), each decoded strictly too.

import { ChordPatchError } from '../errors.js';
import { hex } from '../text/quote.js';

// The global TextDecoder (the same class node:util exports): importing
// node:util would load that module at start-up in the Bun binary.
const strict = (label: string) => new TextDecoder(label, { fatal: true, ignoreBOM: true });

/** Decode input bytes; throws ChordPatchError `bad_input` (with `.line`) at the first byte that is not valid text. */
export function decodeInputBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeUtf16(bytes.subarray(2), 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeUtf16(bytes.subarray(2), 'utf-16be');
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  const bomless = body === bytes ? bomlessUtf16(bytes) : undefined;
  if (bomless) {
    throw new ChordPatchError(
      'bad_input',
      `line 1: the input looks like ${bomless.toUpperCase()} without a byte-order mark (a NUL byte beside every character); ` +
        'nothing was applied: send it as UTF-8, or as UTF-16 with its byte-order mark',
      1,
    );
  }
  try {
    return strict('utf-8').decode(body);
  } catch {
    const at = firstInvalidUtf8(body);
    const { line, column } = position(body, at, 1);
    throw new ChordPatchError(
      'bad_input',
      `line ${line}: the input is not valid UTF-8 (byte 0x${hex(body[at]!, 2)} at byte ${column} of the line); ` +
        'nothing was applied: send it as UTF-8 text (files in other encodings are re-encoded on write)',
      line,
    );
  }
}

/**
 * UTF-16 sent without its byte-order mark: text whose first characters each
 * have a NUL byte beside them, which UTF-8 would decode as it stands.
 */
function bomlessUtf16(b: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(b.length, 64) & ~1;
  if (n < 4) return undefined;
  let le = true;
  let be = true;
  for (let i = 0; i < n; i += 2) {
    if (b[i] === 0 || b[i + 1] !== 0) le = false;
    if (b[i] !== 0 || b[i + 1] === 0) be = false;
  }
  return le ? 'utf-16le' : be ? 'utf-16be' : undefined;
}

function decodeUtf16(body: Uint8Array, label: 'utf-16le' | 'utf-16be'): string {
  if (body.length % 2 === 0) {
    try {
      return strict(label).decode(body);
    } catch {
      // An unpaired surrogate: located below.
    }
  }
  const at = firstInvalidUtf16(body, label === 'utf-16le');
  const { line } = position(body, at, 2, label === 'utf-16le');
  throw new ChordPatchError(
    'bad_input',
    `line ${line}: the input starts with a ${label.toUpperCase()} byte-order mark but is not valid ${label.toUpperCase()} ` +
      `(${at >= body.length - 1 ? 'an odd number of bytes' : 'an unpaired surrogate'}); nothing was applied`,
    line,
  );
}

/**
 * Offset of the first byte that does not belong to a well-formed UTF-8
 * sequence (RFC 3629: no overlongs, no surrogates, at most U+10FFFF).
 */
export function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    let n: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) n = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      n = 2;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      n = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= n; k++) {
      const t = b[i + k];
      if (t === undefined || t < (k === 1 ? lo : 0x80) || t > (k === 1 ? hi : 0xbf)) return i;
    }
    i += n + 1;
  }
  return b.length;
}

function firstInvalidUtf16(b: Uint8Array, le: boolean): number {
  const unit = (i: number) => (le ? b[i]! | (b[i + 1]! << 8) : (b[i]! << 8) | b[i + 1]!);
  for (let i = 0; i + 1 < b.length; i += 2) {
    const u = unit(i);
    if (u >= 0xd800 && u <= 0xdbff) {
      const next = i + 3 < b.length ? unit(i + 2) : -1;
      if (next < 0xdc00 || next > 0xdfff) return i;
      i += 2;
    } else if (u >= 0xdc00 && u <= 0xdfff) return i;
  }
  return b.length - (b.length % 2 === 1 ? 1 : 0);
}

/** 1-based line (counting LF code units) and 1-based byte column of offset `at`. */
function position(b: Uint8Array, at: number, width: 1 | 2, le = true): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i + width <= at; i += width) {
    const isLf = width === 1 ? b[i] === 0x0a : le ? b[i] === 0x0a && b[i + 1] === 0 : b[i] === 0 && b[i + 1] === 0x0a;
    if (isLf) {
      line++;
      start = i + width;
    }
  }
  return { line, column: at - start + 1 };
}
