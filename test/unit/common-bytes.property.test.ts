// commonPrefixLength and commonSuffixLength compare blocks natively, doubling
// each block that matches and halving the one that does not: they must find
// exactly the run a byte-by-byte loop finds, whatever the lengths and wherever
// the first difference falls (inside the first block, past several, at a
// block's edge, nowhere).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commonPrefixLength, commonSuffixLength } from '../../src/text/quote.js';

const RUNS = { numRuns: 400, seed: Number(process.env.FC_SEED ?? 2026_1204) };

function slowPrefix(a: Uint8Array, b: Uint8Array): number {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k;
}

const reversed = (x: Uint8Array) => Uint8Array.from(x).reverse();

/** A buffer of `size` bytes, and a copy with a few bytes changed, cut or added past `at`. */
const pair = fc
  .tuple(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 0, max: 40_000 }), fc.nat({ max: 3 }), fc.nat({ max: 255 }), fc.boolean())
  .map(([size, at, extra, byte, cut]) => {
    const a = new Uint8Array(size).map((_, i) => (i * 31) & 0xff);
    const where = Math.min(at, size);
    const head = a.subarray(0, where);
    const tail = cut ? a.subarray(Math.min(size, where + extra)) : a.subarray(where);
    const b = new Uint8Array([...head, ...new Uint8Array(cut ? 0 : extra).fill(byte), ...tail]);
    if (!cut && extra === 0 && where < size) b[where] = (b[where]! + 1) & 0xff;
    return [a, b] as const;
  });

describe('common byte runs', () => {
  it('commonPrefixLength finds the first difference a byte loop finds', () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(commonPrefixLength(a, b)).toBe(slowPrefix(a, b));
        expect(commonPrefixLength(b, a)).toBe(slowPrefix(a, b));
      }),
      RUNS,
    );
  });

  it('commonSuffixLength finds the last difference a byte loop finds', () => {
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(commonSuffixLength(a, b)).toBe(slowPrefix(reversed(a), reversed(b)));
        // Not counting into a shared prefix already taken, as the item loop does for arrays.
        const p = slowPrefix(a, b);
        expect(commonSuffixLength(a, b, p)).toBe(commonSuffixLength([...a], [...b], p));
      }),
      RUNS,
    );
  });

  it('counts every byte of equal buffers and none of empty ones', () => {
    const a = new Uint8Array(100_000).fill(7);
    expect(commonPrefixLength(a, Uint8Array.from(a))).toBe(100_000);
    expect(commonSuffixLength(a, a.subarray(1))).toBe(99_999);
    expect(commonPrefixLength(new Uint8Array(0), a)).toBe(0);
  });
});
