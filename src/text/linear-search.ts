// Substring search with a linear worst case. The native searches (String and
// Buffer indexOf) are fast on ordinary text, but a long needle over
// repetitive text (5,000-character lines of one letter, a needle differing
// in one place) degrades them to text times needle (bench/house.md has the
// case that showed it). Needles up to NATIVE_MAX units keep the native
// search (its worst case is then a small multiple of the text); longer ones
// use Knuth-Morris-Pratt, which reads each unit of the text once.

const NATIVE_MAX = 32;

/** Knuth-Morris-Pratt failure table: for each prefix, the length of its longest proper border. */
function borders(needle: ArrayLike<number>): Int32Array {
  const b = new Int32Array(needle.length);
  for (let i = 1, k = 0; i < needle.length; i++) {
    while (k > 0 && needle[i] !== needle[k]) k = b[k - 1]!;
    if (needle[i] === needle[k]) k++;
    b[i] = k;
  }
  return b;
}

/** Units of the anchor skipFor() searches natively: short enough that the native search stays fast on it. */
const ANCHOR = 16;

/**
 * Where a search for `needle` may start, at or after `from`, or -1 when it
 * cannot occur: the needle's rarest unit and the units just before it make
 * an anchor the native search finds fast (its last unit rarely matches), and
 * any place of the needle holds the anchor, at a fixed distance from its
 * start, so none lies before the anchor's first place less that distance.
 * Knuth-Morris-Pratt then reads only from there: a needle absent from the
 * text (a unit the text lacks) costs one native pass, not a pass of
 * JavaScript per search.
 */
function skipFor(text: string, needle: string, from: number): number {
  const counts = new Map<number, number>();
  for (let i = 0; i < needle.length; i++) counts.set(needle.charCodeAt(i), (counts.get(needle.charCodeAt(i)) ?? 0) + 1);
  let rare = 0;
  for (let i = 1; i < needle.length; i++) if (counts.get(needle.charCodeAt(i))! < counts.get(needle.charCodeAt(rare))!) rare = i;
  const start = Math.max(0, rare + 1 - ANCHOR);
  const at = text.indexOf(needle.slice(start, rare + 1), Math.max(0, from) + start);
  return at < 0 ? -1 : Math.max(from, at - start);
}

/** Offset of the first `needle` in `text` at or after `from`, or -1. */
export function searchString(text: string, needle: string, from: number): number {
  if (needle.length <= NATIVE_MAX) return text.indexOf(needle, from);
  const skip = skipFor(text, needle, from);
  if (skip < 0) return -1;
  const codes = new Uint16Array(needle.length);
  for (let i = 0; i < needle.length; i++) codes[i] = needle.charCodeAt(i);
  const b = borders(codes);
  const m = codes.length;
  for (let i = Math.max(0, skip), k = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    while (k > 0 && c !== codes[k]) k = b[k - 1]!;
    if (c === codes[k]) k++;
    if (k === m) return i - m + 1;
  }
  return -1;
}

/** Offset of the first `needle` (UTF-8 bytes) in `bytes` at or after `from`, or -1. */
export function searchBytes(
  bytes: Uint8Array & { indexOf(v: Uint8Array, from: number): number },
  needle: Uint8Array,
  from: number,
): number {
  if (needle.length <= NATIVE_MAX) return bytes.indexOf(needle, from);
  const b = borders(needle);
  const m = needle.length;
  for (let i = Math.max(0, from), k = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    while (k > 0 && c !== needle[k]) k = b[k - 1]!;
    if (c === needle[k]) k++;
    if (k === m) return i - m + 1;
  }
  return -1;
}

/** A stretch of the needle this long that repeats with a short period is what makes a native search degrade. */
const PERIODIC_RUN = 64;
const SHORT_PERIOD = 8;

/**
 * Does `needle` hold a stretch of PERIODIC_RUN units that repeats with a
 * period of at most SHORT_PERIOD (a run of one letter, "abab...", deep
 * indentation)? Only such needles drive a native search to text x needle on
 * text that repeats the same way; on ordinary text the native search is
 * much faster than Knuth-Morris-Pratt in JavaScript.
 */
export function periodic(needle: string): boolean {
  if (needle.length < PERIODIC_RUN) return false;
  for (let p = 1; p <= SHORT_PERIOD; p++) {
    let run = 0;
    for (let i = p; i < needle.length; i++) {
      run = needle.charCodeAt(i) === needle.charCodeAt(i - p) ? run + 1 : 0;
      if (run + p >= PERIODIC_RUN) return true;
    }
  }
  return false;
}

/**
 * Offset of the first `needle` in `text` at or after `from`, or -1: the
 * native search, or Knuth-Morris-Pratt for a periodic needle (linear either
 * way in practice, and fast on ordinary text).
 */
export function findText(text: string, needle: string, from: number): number {
  return periodic(needle) ? searchString(text, needle, from) : text.indexOf(needle, from);
}

/**
 * Every start of `needle` (not empty) in `text`, overlapping ones included,
 * ascending. A periodic needle is found in one Knuth-Morris-Pratt pass (a hit
 * continues from the needle's longest border, so the text is read once
 * however many hits overlap); any other through the native search.
 */
export function allPositions(text: string, needle: string): number[] {
  const out: number[] = [];
  if (!periodic(needle)) {
    for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) out.push(i);
    return out;
  }
  const skip = skipFor(text, needle, 0);
  if (skip < 0) return out;
  const codes = new Uint16Array(needle.length);
  for (let i = 0; i < needle.length; i++) codes[i] = needle.charCodeAt(i);
  const b = borders(codes);
  const m = codes.length;
  for (let i = skip, k = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    while (k > 0 && c !== codes[k]) k = b[k - 1]!;
    if (c === codes[k]) k++;
    if (k === m) {
      out.push(i - m + 1);
      k = b[m - 1]!;
    }
  }
  return out;
}
