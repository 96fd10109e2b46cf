// How messages show text: one way to quote a text (and to cut a long one),
// one way to write a number in hex (a code point, a byte, an escape), one way
// to measure what two sequences share at either end. Every message that
// quotes input uses these, so a model sees the same spelling (and the same
// cut) from every front end.

/** Characters of a quoted text shown before it is cut. */
export const QUOTE_CHARS = 80;

/**
 * `s` as JSON quotes it (controls and quotes escaped). A text longer than
 * `max` characters is cut to `max` of them, from its start or, with `around`,
 * in a window centred on that index; each cut end is marked "…" inside the
 * quotes.
 */
export function quote(s: string, max = QUOTE_CHARS, around = 0): string {
  if (s.length <= max) return JSON.stringify(s);
  const from = Math.max(0, Math.min(around - (max >> 1), s.length - max));
  const to = from + max;
  return JSON.stringify(`${from > 0 ? '…' : ''}${s.slice(from, to)}${to < s.length ? '…' : ''}`);
}

/** An argument or path as a POSIX shell reads it back: plain when it holds nothing the shell acts on, else single-quoted. */
export const shellQuoted = (a: string): string => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`);

/** A count and the word for that many: "1 line", "2 lines", "3 entries" with `many` given. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `n` in upper-case hex, at least `digits` digits: `hex(10, 2)` is "0A". */
export function hex(n: number, digits: number): string {
  return n.toString(16).toUpperCase().padStart(digits, '0');
}

/** `U+0041` for "A": the Unicode notation, at least four hex digits. */
export function codePoint(ch: string | number): string {
  return `U+${hex(typeof ch === 'number' ? ch : ch.codePointAt(0)!, 4)}`;
}

/** How many leading items (UTF-16 units of strings, bytes of byte arrays) `a` and `b` share. */
export function commonPrefixLength<T>(a: ArrayLike<T> | string, b: ArrayLike<T> | string): number {
  const max = Math.min(a.length, b.length);
  if (a instanceof Uint8Array && b instanceof Uint8Array) return commonByteRun(a, b, max, (x, from, to) => x.subarray(from, to));
  let k = 0;
  // Strings compare by char code: no one-character string per step on long texts.
  if (typeof a === 'string' && typeof b === 'string') while (k < max && a.charCodeAt(k) === b.charCodeAt(k)) k++;
  else while (k < max && a[k] === b[k]) k++;
  return k;
}

/** How many trailing items `a` and `b` share, not counting into their first `skip` items (a shared prefix already taken). */
export function commonSuffixLength<T>(a: ArrayLike<T> | string, b: ArrayLike<T> | string, skip = 0): number {
  const max = Math.min(a.length, b.length) - skip;
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    return commonByteRun(a, b, Math.max(0, max), (x, from, to) => x.subarray(x.length - to, x.length - from));
  }
  const ea = a.length - 1;
  const eb = b.length - 1;
  let k = 0;
  if (typeof a === 'string' && typeof b === 'string') while (k < max && a.charCodeAt(ea - k) === b.charCodeAt(eb - k)) k++;
  else while (k < max && a[ea - k] === b[eb - k]) k++;
  return k;
}

/** Bytes compared natively at first; each block that matches doubles the next. */
const FIRST_BLOCK = 4096;

/**
 * The first `n` bytes of `a` and `b` read through `window` (bytes [from, to),
 * from the start or counted from the end): how many are the same, compared
 * natively a block at a time. Whole states of a file share most of their
 * bytes, where a loop per byte is what costs (stale/apart.ts).
 */
function commonByteRun(a: Uint8Array, b: Uint8Array, n: number, window: (x: Uint8Array, from: number, to: number) => Uint8Array): number {
  const same = (from: number, to: number) => Buffer.compare(window(a, from, to), window(b, from, to)) === 0;
  let at = 0;
  for (let block = FIRST_BLOCK; at < n; block *= 2) {
    const to = Math.min(n, at + block);
    if (same(at, to)) {
      at = to;
      continue;
    }
    // The first difference is in [at, to): halve the range until it is one byte.
    let hi = to;
    while (hi - at > 1) {
      const mid = (at + hi) >>> 1;
      if (same(at, mid)) at = mid;
      else hi = mid;
    }
    return at;
  }
  return n;
}
