// Binary search over ascending offsets: the one search behind line lookups
// (which line holds an offset) and the matchers' candidate lists.

/** First index in [lo, hi) of an ascending list whose value is >= `value` (hi when none). */
export function lowerBound(list: ArrayLike<number>, value: number, lo = 0, hi = list.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The last index in [0, count) whose start is <= `offset` (0 when none): the
 * line holding `offset`, given the ascending start offsets of `count` lines.
 */
export function lastAtOrBefore(starts: ArrayLike<number>, count: number, offset: number): number {
  return Math.max(0, lowerBound(starts, offset + 1, 0, count) - 1);
}
