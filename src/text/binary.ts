// The binary test: is this content text at all? Bytes (before any decoding,
// decode.ts) or decoded text (for the wide encodings, where NUL bytes are
// normal) are refused as binary on a NUL, or on mostly control characters,
// within the first 4 KiB.

/**
 * Any byte the binary test looks for: NUL, or a byte below 0x20 that text
 * does not use (all but tab, LF, FF, CR and ESC); with /g, the latter only,
 * to count them.
 */
const SUSPECT = /[\u0000-\u0008\u000B\u000E-\u001A\u001C-\u001F]/;
const CONTROL_BYTES = /[\u0001-\u0008\u000B\u000E-\u001A\u001C-\u001F]/g;

/**
 * A NUL byte, or mostly control bytes, in the first 4 KiB. The head is read
 * as Latin-1 (one char per byte) and searched with one native regex, which
 * nearly always finds nothing; only then are NULs and control bytes looked
 * at. The test runs on every file a patch touches, twice (whether legacy
 * codecs are needed, then how to decode), in a process too short for the JIT
 * to compile a loop over every byte.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 4096);
  if (n === 0) return false;
  const head = (bytes instanceof Buffer ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).toString('latin1', 0, n);
  if (!SUSPECT.test(head)) return false;
  if (head.includes('\u0000')) return true;
  return (head.match(CONTROL_BYTES)?.length ?? 0) / n > 0.3;
}

/** The same test on decoded text, for the wide encodings where NUL bytes are normal. */
export function looksBinaryText(text: string): boolean {
  const n = Math.min(text.length, 4096);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return true;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1b) control++;
  }
  return n > 0 && control / n > 0.3;
}
