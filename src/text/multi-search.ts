// Every place of many needles in one text, in one pass: what a batch edit of
// thousands of entries needs. Searching the file once per entry made a batch
// quadratic in the number of entries.
//
// Each needle is anchored on one of its q-grams (q = the shortest needle's
// length, at most Q); a rolling hash over the text looks every q-gram up in
// the anchors, and a hit is checked in full at the offset it implies. Every
// occurrence of a needle contains its anchor at that offset, so nothing is
// missed; a hash collision only costs a check. The anchor is the needle's
// q-gram that is rarest in the text (counted beforehand in one more pass,
// per hash bucket), so needles sharing common text ("    const ",
// "input.field") check only the few places their own rare part stands.
// Checking is budgeted: on text that repeats a needle's rarest q-gram a great
// many times the pass gives up (undefined) and the caller searches per needle.

import { allPositions } from './linear-search.js';

const Q = 8;
const COUNT_BITS = 20;
const MASK = (1 << COUNT_BITS) - 1;
const BASE = 0x01000193;

interface Anchor {
  needle: number;
  offset: number;
}

/** BASE^(q-1): what the unit leaving a q-gram weighed in its hash. */
function outWeight(q: number): number {
  let out = 1;
  for (let k = 1; k < q; k++) out = Math.imul(out, BASE);
  return out;
}

/** Calls `visit(start, hash)` for every q-gram of `s`, by a rolling hash. */
function eachGram(s: string, q: number, visit: (start: number, hash: number) => void): void {
  const out = outWeight(q);
  let h = 0;
  for (let i = 0; i < s.length; i++) {
    if (i >= q) h = (h - Math.imul(s.charCodeAt(i - q), out)) | 0;
    h = (Math.imul(h, BASE) + s.charCodeAt(i)) | 0;
    if (i + 1 >= q) visit(i + 1 - q, h);
  }
}

/**
 * For each distinct non-empty needle, every start in `text` (overlapping ones
 * included, ascending: allPositions for each), or undefined when checking
 * hits would cost more than a few passes over the text.
 */
export function positionsOfEach(text: string, needles: readonly string[]): Map<string, number[]> | undefined {
  const list = [...new Set(needles)].filter((n) => n !== '');
  const found = new Map<string, number[]>(list.map((n) => [n, []]));
  if (list.length === 0) return found;
  const q = Math.min(Q, ...list.map((n) => n.length));
  const counts = new Uint32Array(1 << COUNT_BITS);
  eachGram(text, q, (_, h) => {
    counts[h & MASK]!++;
  });
  const anchors = new Map<number, Anchor[]>();
  const wanted = new Uint8Array(1 << COUNT_BITS);
  let total = 0;
  list.forEach((needle, i) => {
    let offset = 0;
    let hash = 0;
    let fewest = Infinity;
    eachGram(needle, q, (start, h) => {
      if (counts[h & MASK]! < fewest) {
        fewest = counts[h & MASK]!;
        offset = start;
        hash = h;
      }
    });
    const at = anchors.get(hash);
    if (at) at.push({ needle: i, offset });
    else anchors.set(hash, [{ needle: i, offset }]);
    wanted[hash & MASK] = 1;
    total += needle.length;
  });
  let budget = 4 * text.length + 4 * total;
  let gaveUp = false;
  eachGram(text, q, (gram, h) => {
    if (gaveUp || wanted[h & MASK] === 0) return;
    const at = anchors.get(h);
    if (!at) return;
    for (const a of at) {
      const needle = list[a.needle]!;
      const start = gram - a.offset;
      budget -= needle.length;
      if (start >= 0 && text.startsWith(needle, start)) found.get(needle)!.push(start);
    }
    if (budget < 0) gaveUp = true;
  });
  return gaveUp ? undefined : found;
}

/** positionsOfEach, or one search per needle (allPositions) when it gives up. */
export function positionsOfAll(text: string, needles: readonly string[]): Map<string, number[]> {
  return positionsOfEach(text, needles) ?? new Map([...new Set(needles)].map((n) => [n, n === '' ? [] : allPositions(text, n)]));
}
