// The sampled hash that picks a line's lookup bucket (text/table.ts, match/buckets.ts):
// the same number for a line whether it is read from decoded text or from
// UTF-8 bytes, so both table backings share the buckets.

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/**
 * A line's hash only picks its bucket (every candidate is then compared in
 * full), so it reads the length and at most SAMPLE units spread evenly over
 * the line, plus its last unit: indexing a file costs the same for
 * 200-character lines as for 40-character ones, cheap enough to build
 * whenever a hunk's places must be counted. Lines that differ only between
 * the sampled units share a bucket, which costs a comparison, nothing more.
 * 8 rather than 16: the hashing runs before the JIT has warmed up, for every
 * indexed line and for every block line looked up (four per hunk through a
 * strided index, match/strided.ts), so each unit read is paid in full.
 */
const SAMPLE = 8;
/** log2(SAMPLE): unit k of SAMPLE sits at (k * len) >> SHIFT. */
const SHIFT = 3;

/** The sampled FNV-1a hash of chars [from, to) of `s`; with `full`, of every unit (for block hashes, match/rolling.ts). */
export function hashChars(s: string, from: number, to: number, full = false): number {
  const len = to - from;
  let h = Math.imul(FNV_OFFSET ^ len, FNV_PRIME);
  if (len <= SAMPLE || full) {
    for (let k = from; k < to; k++) h = Math.imul(h ^ s.charCodeAt(k), FNV_PRIME);
    return h;
  }
  for (let k = 0; k < SAMPLE; k++) h = Math.imul(h ^ s.charCodeAt(from + ((k * len) >> SHIFT)), FNV_PRIME);
  return Math.imul(h ^ s.charCodeAt(to - 1), FNV_PRIME);
}

/** hashChars over bytes [from, to) of `b` (equal to hashChars for ASCII text). */
export function hashBytes(b: Uint8Array, from: number, to: number, full = false): number {
  const len = to - from;
  let h = Math.imul(FNV_OFFSET ^ len, FNV_PRIME);
  if (len <= SAMPLE || full) {
    for (let k = from; k < to; k++) h = Math.imul(h ^ b[k]!, FNV_PRIME);
    return h;
  }
  for (let k = 0; k < SAMPLE; k++) h = Math.imul(h ^ b[from + ((k * len) >> SHIFT)]!, FNV_PRIME);
  return Math.imul(h ^ b[to - 1]!, FNV_PRIME);
}
