// A line pass's hash index that hashes only every `stride`-th line of the
// file, and the candidates it yields for a block of lines.
//
// Counting a hunk's places needs an index of the whole file, but not of every
// line: a block of m lines that starts at line i covers, for each line j of
// the file that is a multiple of the stride s <= m, the block line j - i. So
// the starts i with one remainder modulo s all show one fixed set of block
// lines at indexed file lines (offsets r, r + s, r + 2s, ... with
// r = -i mod s), and each such start is found through the rarest of those
// lines, looked up among the indexed file lines only. Every candidate is then
// compared in full by the caller, as with the dense index (stride 1, which
// this is too): nothing is found that is not there, and nothing is missed.
//
// Why: building the index was the largest part of locating 500 hunks in a
// 100,000-line file (every line hashed, then bucketed, in loops that run once
// per file before the JIT has warmed up: 15-17 ms of the binary's 27). With
// stride 4 a quarter of the lines are hashed (6-8 ms); a hunk costs a few
// more look-ups (one per remainder). Binary, 20 paired rounds on the busy
// 2-core VM, median CPU: 142 -> 131 ms (100,000 lines / 500 hunks), 148 -> 140
// (its CRLF twin), 192 -> 158 (whitespace drift, which indexes two passes).

import { lowerBound } from '../text/search.js';
import type { LineTable } from '../text/table.js';
import { bucketKeys, bucketOf, type Buckets } from './buckets.js';

export interface Strided {
  /** Lines 0, stride, 2 * stride, ... are indexed; `order` holds q for line q * stride. */
  stride: number;
  buckets: Buckets;
}

/** The widest stride worth building for a block of m lines. */
const MAX_STRIDE = 4;

/**
 * The stride to index a file with for a block of m lines: the largest power
 * of two (at most MAX_STRIDE) that leaves every remainder at least two block
 * lines to choose its rarest from (a lone `}` or blank line as the only
 * choice would make every `}` a candidate), else 1 (every line).
 */
export function strideFor(m: number): number {
  let s = 1;
  while (s * 2 <= MAX_STRIDE && s * 4 <= m) s *= 2;
  return s;
}

/** Index every `stride`-th line of `table` by its hash under a trim mode (table.hashAll). */
export function buildStrided(table: LineTable, trim: 0 | 1 | 2, stride: number): Strided {
  return { stride, buckets: bucketKeys(table.hashAll(trim, stride), false) };
}

/**
 * Every start in [start, last] where an m-line block may stand, ascending,
 * passed to `visit` until it returns true. `hashOf(k)` is block line k's hash
 * as the index holds it. The stride must not exceed m (each remainder needs a
 * block line on an indexed file line).
 */
export function eachCandidate(
  index: Strided,
  m: number,
  hashOf: (k: number) => number,
  lengthOf: (k: number) => number,
  start: number,
  last: number,
  visit: (i: number) => boolean,
): void {
  const s = index.stride;
  if (s > m) throw new Error(`chord-patch: a stride-${s} index cannot place a ${m}-line block`);
  const order = index.buckets.order;
  // Per remainder still possible: the block line it is looked up by, and its bucket's unread part.
  const offsets: number[] = [];
  const next: number[] = [];
  const ends: number[] = [];
  for (let r = 0; r < s; r++) {
    const found = rarest(index.buckets, m, s, r, hashOf, lengthOf);
    if (!found) continue;
    const [o, lo, hi] = found;
    offsets.push(o);
    // The first indexed line q * s at or after start + o, i.e. a start at or after `start`.
    next.push(lowerBound(order, Math.ceil((start + o) / s), lo, hi));
    ends.push(hi);
  }
  // The remainders' candidates, merged in ascending order (each list ascends; no start is in two).
  for (;;) {
    let pick = -1;
    let at = Number.POSITIVE_INFINITY;
    for (let c = 0; c < offsets.length; c++) {
      if (next[c]! >= ends[c]!) continue;
      const i = order[next[c]!]! * s - offsets[c]!;
      if (i < at) {
        at = i;
        pick = c;
      }
    }
    if (pick < 0 || at > last) return;
    next[pick]!++;
    if (visit(at)) return;
  }
}

/**
 * For the starts with remainder -r mod s: the block line (offset r, r + s, ...)
 * whose bucket holds the fewest indexed lines, with that bucket's range of
 * `order`; undefined when one of them is in no indexed line at all (then no
 * such start can hold the block).
 */
function rarest(
  buckets: Buckets,
  m: number,
  s: number,
  r: number,
  hashOf: (k: number) => number,
  lengthOf: (k: number) => number,
): [offset: number, lo: number, hi: number] | undefined {
  // The longest line first: a `}` or a blank line is rarely the rarest, and
  // a bucket of one line ends the search before the others are hashed.
  let longest = r;
  for (let o = r + s; o < m; o += s) if (lengthOf(o) > lengthOf(longest)) longest = o;
  const [from, to] = bucketOf(buckets, hashOf(longest));
  if (from === to) return undefined;
  let best: [offset: number, lo: number, hi: number] = [longest, from, to];
  // No bucket beats one line: most hunks' lines are unique in the file, so this saves hashing the rest.
  for (let o = r; o < m && best[2] - best[1] > 1; o += s) {
    if (o === longest) continue;
    const [lo, hi] = bucketOf(buckets, hashOf(o));
    if (lo === hi) return undefined;
    if (hi - lo < best[2] - best[1]) best = [o, lo, hi];
  }
  return best;
}
