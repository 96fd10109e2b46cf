// The matcher's lookup tables: whichever way they are built, bucket b must
// list exactly the lines whose key falls in it, ascending.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Buckets, bucketKeys, bucketOf, buildBuckets } from '../../src/match/buckets.js';

/** Each line's bucket contents by the definition: the lines with the same masked key, in order. */
function expectBuckets(b: Buckets, keys: readonly number[]): void {
  expect(b.order.length).toBe(keys.length);
  keys.forEach((key) => {
    const [from, to] = bucketOf(b, key);
    const want = keys.flatMap((k, i) => ((k & b.mask) === (key & b.mask) ? [i] : []));
    expect([...b.order.subarray(from, to)]).toEqual(want);
  });
}

describe('line buckets', () => {
  it('list every line in the bucket of its key, ascending, from keys or from a key function', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer(), fc.integer({ min: 0, max: 7 })), { maxLength: 200 }), fc.boolean(), (list, keep) => {
        const keys = Int32Array.from(list);
        const fromKeys = bucketKeys(keys, keep);
        expectBuckets(fromKeys, [...keys]);
        expect(fromKeys.keys !== undefined).toBe(keep);
        expectBuckets(
          buildBuckets(keys.length, (i) => keys[i]!, keep),
          [...keys],
        );
      }),
      { numRuns: 300 },
    );
  });
});
