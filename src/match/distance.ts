// Edit distance, once for every caller: the closest-match search of the edit
// tool (semi-global: the best stretch of a file line, with a shared cell
// budget) and the closest-line hint of a hunk that missed (whole lines).

import { findText } from '../text/linear-search.js';
import { commonPrefixLength, commonSuffixLength } from '../text/quote.js';

/** Comparison cells one search may spend before the linear estimate stands in. */
export const WORK_BUDGET = 4_000_000;

/** What a search has spent. */
export interface Budget {
  /** Everything counted: file characters scanned plus comparison cells (reported as `work`). */
  work: number;
  /** Comparison cells alone, capped by WORK_BUDGET; the linear scans are not. */
  cells: number;
}

export interface Alignment {
  distance: number;
  segStart: number;
  segLength: number;
}

/**
 * Edit distance between `target` and `file` (or, with free ends, the best
 * substring of `file` starting/ending anywhere). Falls back to a trigram
 * estimate once the shared cell budget is spent.
 */
export function align(
  target: string,
  file: string,
  freeStart: boolean,
  freeEnd: boolean,
  budget: Budget = { work: 0, cells: 0 },
): Alignment {
  if (target === file) return { distance: 0, segStart: 0, segLength: file.length };
  if (freeStart || freeEnd) {
    const at =
      freeStart && freeEnd
        ? findText(file, target, 0)
        : freeStart
          ? file.endsWith(target)
            ? file.length - target.length
            : -1
          : file.startsWith(target)
            ? 0
            : -1;
    if (at >= 0) return { distance: 0, segStart: at, segLength: target.length };
  }
  const a = target.length;
  const b = file.length;
  if (a === 0) return { distance: freeStart || freeEnd ? 0 : b, segStart: freeStart ? b : 0, segLength: freeStart || freeEnd ? 0 : b };
  if (b === 0) return { distance: a, segStart: 0, segLength: 0 };
  if (budget.cells + a * b > WORK_BUDGET) return estimate(target, file, freeStart || freeEnd);
  budget.cells += a * b;
  budget.work += a * b;

  // Rows over the target, columns over the file. `from` tracks where in the
  // file each cell's alignment began, so the segment can be reported.
  let prev = new Int32Array(b + 1);
  let prevFrom = new Int32Array(b + 1);
  let cur = new Int32Array(b + 1);
  let curFrom = new Int32Array(b + 1);
  for (let k = 0; k <= b; k++) {
    prev[k] = freeStart ? 0 : k;
    prevFrom[k] = freeStart ? k : 0;
  }
  for (let r = 1; r <= a; r++) {
    const tc = target.charCodeAt(r - 1);
    cur[0] = r;
    curFrom[0] = 0;
    for (let k = 1; k <= b; k++) {
      let best = prev[k - 1]! + (file.charCodeAt(k - 1) === tc ? 0 : 1);
      let from = prevFrom[k - 1]!;
      const up = prev[k]! + 1;
      if (up < best) {
        best = up;
        from = prevFrom[k]!;
      }
      const left = cur[k - 1]! + 1;
      if (left < best) {
        best = left;
        from = curFrom[k - 1]!;
      }
      cur[k] = best;
      curFrom[k] = from;
    }
    [prev, cur] = [cur, prev];
    [prevFrom, curFrom] = [curFrom, prevFrom];
  }
  let end = b;
  if (freeEnd) {
    for (let k = 0; k <= b; k++) if (prev[k]! < prev[end]!) end = k;
  }
  const segStart = prevFrom[end]!;
  return { distance: prev[end]!, segStart, segLength: end - segStart };
}

/**
 * Past the cell budget: a linear upper bound (everything between the common
 * prefix and suffix differs). Only the similarity figure of very large
 * targets depends on it.
 */
function estimate(target: string, file: string, partial: boolean): Alignment {
  const at = partial ? Math.max(0, file.indexOf(target.slice(0, 8))) : 0;
  const seg = partial ? file.slice(at, at + target.length) : file;
  const p = commonPrefixLength(target, seg);
  const q = commonSuffixLength(target, seg, p);
  return { distance: Math.max(1, Math.max(target.length, seg.length) - p - q), segStart: at, segLength: seg.length };
}

/** 1 - Levenshtein distance / longer length, on UTF-16 units (0 when one side is empty). */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  return 1 - align(a, b, false, false).distance / Math.max(a.length, b.length);
}
