// How messages show text: one way to quote a line, one way to name a code
// point, one way to measure what two sequences share at either end. Every
// message that quotes input uses these, so a model sees the same spelling
// (and the same cut) from every front end.

/** Characters of a quoted text shown before it is cut. */
export const QUOTE_CHARS = 80;

/** `s` as JSON quotes it (controls and quotes escaped), cut to `max` characters with "…" inside the quotes. */
export function quote(s: string, max = QUOTE_CHARS): string {
  return JSON.stringify(s.length > max ? `${s.slice(0, max)}…` : s);
}

/** `U+0041` for "A": the Unicode notation, at least four hex digits. */
export function codePoint(ch: string | number): string {
  const cp = typeof ch === 'number' ? ch : ch.codePointAt(0)!;
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** How many leading items `a` and `b` share. */
export function commonPrefixLength<T>(a: ArrayLike<T>, b: ArrayLike<T>): number {
  const max = Math.min(a.length, b.length);
  let k = 0;
  while (k < max && a[k] === b[k]) k++;
  return k;
}

/** How many trailing items `a` and `b` share, not counting into their first `skip` items (a shared prefix already taken). */
export function commonSuffixLength<T>(a: ArrayLike<T>, b: ArrayLike<T>, skip = 0): number {
  const max = Math.min(a.length, b.length) - skip;
  let k = 0;
  while (k < max && a[a.length - 1 - k] === b[b.length - 1 - k]) k++;
  return k;
}
