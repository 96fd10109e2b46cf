// runLength compares neighbouring hunks' old sides by walking their lines in
// step (match/hunk-lines.ts); it must count exactly what comparing the built
// old sides counts, for any hunks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oldSide, runLength } from '../../src/match/hunk-lines.js';
import type { Hunk, HunkLine } from '../../src/types.js';

const line: fc.Arbitrary<HunkLine> = fc.record({
  op: fc.constantFrom(' ' as const, '-' as const, '+' as const),
  text: fc.constantFrom('a', 'b', '', ' a'),
});

const hunk: fc.Arbitrary<Hunk> = fc.record({
  header: fc.option(fc.constantFrom('h', 'k'), { nil: undefined }),
  anchors: fc.option(fc.array(fc.constantFrom('x', 'y'), { maxLength: 2 }), { nil: undefined }),
  lines: fc.array(line, { maxLength: 5 }),
  endOfFile: fc.boolean(),
  patchLine: fc.constant(1),
});

/** The definition: same header, anchors, tail pin and old side, compared as built arrays. */
function simpleRunLength(hunks: readonly Hunk[], h: number): number {
  const key = (x: Hunk) => JSON.stringify([x.header ?? null, (x.anchors ?? []).join('\n'), x.endOfFile, oldSide(x.lines)]);
  let r = 1;
  while (h + r < hunks.length && key(hunks[h]!) === key(hunks[h + r]!)) r++;
  return r;
}

describe('runLength', () => {
  it('counts what comparing the built old sides counts', () => {
    fc.assert(
      fc.property(fc.array(hunk, { minLength: 1, maxLength: 6 }), (hunks) => {
        for (let h = 0; h < hunks.length; h++) expect(runLength(hunks, h)).toBe(simpleRunLength(hunks, h));
      }),
      { numRuns: 2000 },
    );
  });
});
