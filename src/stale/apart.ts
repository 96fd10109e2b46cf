// Whether a three-way merge could conflict at all, from where each side
// differs from the base. The merge (merge.ts) hands node-diff3 only windows
// of WINDOW_CONTEXT lines around each change, so changes of the two sides
// further apart than two windows never meet in one. Each side's changes lie
// between the lines it shares with the base at its start and at its end,
// found here by comparing whole lines without decoding them: a session
// checks every patch against each earlier state of its file it keeps.

import { commonPrefixLength, commonSuffixLength } from '../text/quote.js';
import { lowerBound } from '../text/search.js';
import type { LineTable } from '../text/table.js';
import { commonEnds, type Ends, WINDOW_CONTEXT } from './merge.js';

/** Line i of `a` and line j of `b` hold the same text with the same ending. */
export function sameLine(a: LineTable, i: number, b: LineTable, j: number): boolean {
  const as = a.lineStarts();
  const bs = b.lineStarts();
  const from = as[i]!;
  const other = bs[j]!;
  const width = as[i + 1]! - from;
  if (bs[j + 1]! - other !== width) return false;
  const au = a.units();
  const bu = b.units();
  if (typeof au === 'string' || typeof bu === 'string') return a.textAt(i) === b.textAt(j) && a.eolAt(i) === b.eolAt(j);
  for (let k = 0; k < width; k++) if (au[from + k] !== bu[other + k]) return false;
  return true;
}

/** The lines two tables share at each end, trimmed as merge.ts trims the sides it aligns. */
export function tableEnds(a: LineTable, b: LineTable): Ends {
  const same = (i: number, j: number) => sameLine(a, i, b, j);
  const au = a.units();
  const bu = b.units();
  if (typeof au === 'string' || typeof bu === 'string') return commonEnds(a.length, b.length, same);
  return commonEnds(
    a.length,
    b.length,
    same,
    linesInCommonBytes(a.lineStarts(), au.length, commonPrefixLength(au, bu), commonSuffixLength(au, bu)),
  );
}

/**
 * The lines of a table (line starts `starts`, `length` bytes) that lie inside
 * the `prefix` bytes it shares with another table at its start, and inside
 * the `suffix` it shares at its end: there both tables cut the same bytes into
 * the same lines. A line ends in the prefix only when its ending is followed
 * by a shared byte too (a '\r' then '\n' is one ending, a '\r' alone another),
 * and starts in the suffix only when the ending before it is shared. Whole
 * states of a file compared line by line cost a loop per byte; this costs a
 * few native comparisons.
 */
function linesInCommonBytes(starts: Readonly<Int32Array>, length: number, prefix: number, suffix: number): Ends {
  const n = starts.length - 1;
  // Lines 0..head-1 end (starts[k + 1]) before the prefix's last byte.
  const head = Math.max(0, lowerBound(starts, prefix, 1, n + 1) - 1);
  // Lines from the first whose preceding ending byte (starts[i] - 1) is in the suffix, to the end; never line 0.
  const tail = n - lowerBound(starts, length - suffix + 1, 1, n);
  return { head, tail: Math.max(0, tail) };
}

/**
 * The base positions `other` can touch (as merge.ts counts them: a line it
 * removes or changes, or an insertion before a line, position base.length
 * at the end): those between the lines both share at the start and at the
 * end. Undefined when the two are the same.
 */
export function changedSpan(base: LineTable, other: LineTable, ends = tableEnds(base, other)): { first: number; last: number } | undefined {
  if (ends.head === base.length && ends.head === other.length) return undefined;
  return { first: ends.head, last: base.length - ends.tail };
}

/**
 * False when merging `ours` and `theirs` over `base` cannot conflict: one side
 * is the base, or their changes are further apart than two windows. `ends`:
 * each side's tableEnds with the base, when the caller has them.
 */
export function mayConflict(
  base: LineTable,
  ours: LineTable,
  theirs: LineTable,
  ends = { ours: tableEnds(base, ours), theirs: tableEnds(base, theirs) },
): boolean {
  const a = changedSpan(base, ours, ends.ours);
  const b = changedSpan(base, theirs, ends.theirs);
  if (!a || !b) return false;
  const gap = a.first > b.last ? a.first - b.last : b.first > a.last ? b.first - a.last : 0;
  return gap <= 2 * WINDOW_CONTEXT + 1;
}
