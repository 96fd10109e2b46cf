// The line passes' hash index (seek.ts), hashing only every `stride`-th line
// of the file, and the candidates it yields for a block of lines.
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
// per file before the JIT has warmed up). With stride 4 a quarter of the
// lines are hashed; a hunk costs a few more look-ups (one per remainder).

import { lowerBound } from '../text/search.js';
import type { LineTable } from '../text/table.js';
import { bucketKeys, type Buckets } from './buckets.js';

export interface Strided {
  /** Lines 0, stride, 2 * stride, ... are indexed; `order` holds q for line q * stride. */
  stride: number;
  buckets: Buckets;
  /** eachCandidate's working state, made once per index (see there). */
  scratch: Scratch;
}

/** Per remainder still possible: the block line it is looked up by, its bucket's next unread place and its end. */
interface Scratch {
  offsets: Int32Array;
  next: Int32Array;
  ends: Int32Array;
  pick: Pick;
  /** A look-up is using it: a second one from inside `visit` would overwrite its state and miss places. */
  busy: boolean;
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
  const scratch = {
    offsets: new Int32Array(stride),
    next: new Int32Array(stride),
    ends: new Int32Array(stride),
    pick: { offset: 0, lo: 0, hi: 0 },
    busy: false,
  };
  return { stride, buckets: bucketKeys(table.hashAll(trim, stride), false), scratch };
}

/**
 * Every start in [start, last] where an m-line block may stand, ascending,
 * passed to `visit` until it returns true. `hashOf(k)` is block line k's hash
 * as the index holds it. The stride must not exceed m (each remainder needs a
 * block line on an indexed file line). Its working state is the index's
 * scratch, not arrays of its own: this runs per hunk and per pass, and those
 * arrays' bytes count towards the collector's trigger and are faulted in fresh.
 * `visit` must not look up through the same index (no caller does: it
 * compares lines); one that did would throw, never silently skip places
 * (a missed place could hide an ambiguity).
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
  const scratch = index.scratch;
  if (scratch.busy) throw new Error('chord-patch: a strided index was looked up again from inside its own look-up');
  scratch.busy = true;
  try {
    const order = index.buckets.order;
    // (Typed scratch and one reused pick, no tuples: this runs per hunk in code too cold for the JIT.)
    const { offsets, next, ends, pick } = scratch;
    let classes = 0;
    for (let r = 0; r < s; r++) {
      if (!rarest(index.buckets, m, s, r, hashOf, lengthOf, pick)) continue;
      offsets[classes] = pick.offset;
      // The first indexed line q * s at or after start + offset, i.e. a start at or after `start`.
      next[classes] = lowerBound(order, Math.ceil((start + pick.offset) / s), pick.lo, pick.hi);
      ends[classes++] = pick.hi;
    }
    // The remainders' candidates, merged in ascending order (each list ascends; no start is in two).
    for (;;) {
      let c = -1;
      let at = Number.POSITIVE_INFINITY;
      for (let k = 0; k < classes; k++) {
        const j = next[k]!;
        if (j >= ends[k]!) continue;
        const i = order[j]! * s - offsets[k]!;
        if (i < at) {
          at = i;
          c = k;
        }
      }
      if (c < 0 || at > last) return;
      next[c] = next[c]! + 1;
      if (visit(at)) return;
    }
  } finally {
    scratch.busy = false;
  }
}

/** A block line and its bucket's range of `order`. */
interface Pick {
  offset: number;
  lo: number;
  hi: number;
}

/**
 * For the starts with remainder -r mod s: into `pick`, the block line (offset
 * r, r + s, ...) whose bucket holds the fewest indexed lines, with that
 * bucket's range of `order`; false when one of them is in no indexed line at
 * all (then no such start can hold the block).
 */
function rarest(
  buckets: Buckets,
  m: number,
  s: number,
  r: number,
  hashOf: (k: number) => number,
  lengthOf: (k: number) => number,
  pick: Pick,
): boolean {
  const { offsets, mask } = buckets;
  // The longest line first: a `}` or a blank line is rarely the rarest, and
  // a bucket of one line ends the search before the others are hashed.
  let longest = r;
  let width = lengthOf(r);
  for (let o = r + s; o < m; o += s) {
    const w = lengthOf(o);
    if (w > width) {
      longest = o;
      width = w;
    }
  }
  let b = hashOf(longest) & mask;
  pick.offset = longest;
  pick.lo = offsets[b]!;
  pick.hi = offsets[b + 1]!;
  if (pick.lo === pick.hi) return false;
  // No bucket beats one line: most hunks' lines are unique in the file, so this saves hashing the rest.
  for (let o = r; o < m && pick.hi - pick.lo > 1; o += s) {
    if (o === longest) continue;
    b = hashOf(o) & mask;
    const lo = offsets[b]!;
    const hi = offsets[b + 1]!;
    if (lo === hi) return false;
    if (hi - lo < pick.hi - pick.lo) {
      pick.offset = o;
      pick.lo = lo;
      pick.hi = hi;
    }
  }
  return true;
}
