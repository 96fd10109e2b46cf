// The data of a `GIT binary patch` (git's apply.c parse_binary_hunk, base85.c):
//
//   binary : hunk hunk?            the second hunk turns the new file back into the old one (-R)
//   hunk   : ("literal " N | "delta " N) LF line+ LF      N = the inflated size
//   line   : LEN base85{5k}        LEN 'A'-'Z' = 1-26 bytes, 'a'-'z' = 27-52; at most 3 bytes of filler
//
// The decoded bytes are zlib-deflated; they are inflated here and must come to
// exactly N bytes. node:zlib is loaded only when a diff carries such data (it
// is costly to load in the Bun binary, and most runs have none).

import { ChordPatchError } from '../errors.js';
import { quote } from '../text/quote.js';

/** One hunk of a `GIT binary patch`, inflated: the new file's bytes (literal) or git's delta against the old file. */
export interface BinaryHunk {
  method: 'literal' | 'delta';
  data: Uint8Array;
  /** 1-based line of its `literal N` / `delta N` header. */
  patchLine: number;
}

/** The file must be the blob `oldId` (full hex ids, as git requires), and the hunk applied to it must give the blob `newId`. */
export interface BinaryChange {
  oldId: string;
  newId: string;
  hunk: BinaryHunk;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

/** `length` bytes from base85 text (5 characters per 4 bytes, big-endian); undefined when a character or group is not base85. */
export function decodeBase85(text: string, length: number): Uint8Array | undefined {
  if (text.length !== Math.ceil(length / 4) * 5) return undefined;
  const out = new Uint8Array(length);
  for (let g = 0, o = 0; o < length; g += 5) {
    let acc = 0;
    for (let k = 0; k < 5; k++) {
      const c = text.charCodeAt(g + k);
      const d = c < 128 ? DIGIT[c]! : -1;
      if (d < 0) return undefined;
      acc = acc * 85 + d;
    }
    // Five digits reach 85^5 - 1 > 2^32 - 1: git refuses a group that overflows.
    if (acc > 0xffffffff) return undefined;
    for (let shift = 24; shift >= 0 && o < length; shift -= 8) out[o++] = (acc >>> shift) & 0xff;
  }
  return out;
}

/** The bytes one data line carries, or undefined when it is not a data line as git writes them. */
export function decodeBinaryLine(line: string): Uint8Array | undefined {
  if (line.length < 6 || (line.length - 1) % 5 !== 0) return undefined;
  const c = line.charCodeAt(0);
  const length = c >= 65 && c <= 90 ? c - 64 : c >= 97 && c <= 122 ? c - 96 + 26 : 0;
  const max = ((line.length - 1) / 5) * 4;
  // git: the filler of the last group never exceeds 3 bytes.
  if (length === 0 || length > max || length <= max - 4) return undefined;
  return decodeBase85(line.slice(1), length);
}

const HEAD = /^(literal|delta) (\d+)$/;

/**
 * The most a binary hunk may inflate to, or a delta make: a header states the
 * size, and a few kilobytes of hostile zlib data could otherwise have this
 * process allocate whatever it says (git's own big-file threshold is 512 MiB).
 */
export const MAX_BINARY_BYTES = 512 * 1024 * 1024;

/**
 * The hunks of the binary data whose first line is lines[start] (the line
 * after `GIT binary patch`), and the index of the line after them.
 * Throws a parse_error naming the line of anything corrupt.
 */
export function readBinaryHunks(lines: readonly string[], start: number): { hunks: BinaryHunk[]; next: number } {
  const hunks: BinaryHunk[] = [];
  let i = start;
  while (hunks.length < 2) {
    const head = HEAD.exec(lines[i] ?? '');
    if (!head) break;
    const patchLine = i + 1;
    const size = Number(head[2]);
    if (size > MAX_BINARY_BYTES) corrupt(patchLine, `it states ${size} bytes, more than the ${MAX_BINARY_BYTES} chord-patch inflates`);
    const pieces: Uint8Array[] = [];
    for (i++; ; i++) {
      const l = lines[i];
      if (l === undefined) corrupt(i, 'the data ends without the blank line that closes it');
      if (l === '') break;
      const bytes = decodeBinaryLine(l);
      if (!bytes) corrupt(i + 1, `${quote(l)} is not a line of base85 data`);
      pieces.push(bytes);
    }
    i++;
    hunks.push({ method: head[1] as 'literal' | 'delta', data: inflate(Buffer.concat(pieces), size, patchLine), patchLine });
  }
  if (hunks.length === 0)
    corrupt(start + 1, `expected "literal N" or "delta N" after "GIT binary patch", found ${quote(lines[start] ?? '')}`);
  return { hunks, next: i };
}

function corrupt(line: number, why: string): never {
  throw new ChordPatchError('parse_error', `line ${line}: corrupt binary patch: ${why}`, line);
}

/** The deflated `data` inflated, which must come to exactly `size` bytes (git's inflate_it). */
function inflate(data: Uint8Array, size: number, patchLine: number): Uint8Array {
  const zlib = process.getBuiltinModule('node:zlib');
  let out: Uint8Array;
  try {
    // One byte more than promised is enough to tell a longer stream, and bounds what a hostile one makes us allocate.
    out = zlib.inflateSync(data, { maxOutputLength: size + 1 });
  } catch {
    corrupt(patchLine, `the data does not inflate to the ${size} bytes its header states (not zlib data, or longer)`);
  }
  if (out.length !== size) corrupt(patchLine, `the data inflates to ${out.length} bytes, its header states ${size}`);
  return out;
}
