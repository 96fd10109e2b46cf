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

/** `n` in upper-case hex, at least `digits` digits: `hex(10, 2)` is "0A". */
export function hex(n: number, digits: number): string {
  return n.toString(16).toUpperCase().padStart(digits, '0');
}

/** `U+0041` for "A": the Unicode notation, at least four hex digits. */
export function codePoint(ch: string | number): string {
  return `U+${hex(typeof ch === 'number' ? ch : ch.codePointAt(0)!, 4)}`;
}

/** How many leading items (UTF-16 units of strings) `a` and `b` share. */
export function commonPrefixLength<T>(a: ArrayLike<T> | string, b: ArrayLike<T> | string): number {
  const max = Math.min(a.length, b.length);
  let k = 0;
  // Strings compare by char code: no one-character string per step on long texts.
  if (typeof a === 'string' && typeof b === 'string') while (k < max && a.charCodeAt(k) === b.charCodeAt(k)) k++;
  else while (k < max && a[k] === b[k]) k++;
  return k;
}

/** How many trailing items `a` and `b` share, not counting into their first `skip` items (a shared prefix already taken). */
export function commonSuffixLength<T>(a: ArrayLike<T> | string, b: ArrayLike<T> | string, skip = 0): number {
  const max = Math.min(a.length, b.length) - skip;
  const ea = a.length - 1;
  const eb = b.length - 1;
  let k = 0;
  if (typeof a === 'string' && typeof b === 'string') while (k < max && a.charCodeAt(ea - k) === b.charCodeAt(eb - k)) k++;
  else while (k < max && a[ea - k] === b[eb - k]) k++;
  return k;
}
