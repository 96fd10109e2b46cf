// runLength (match/hunk-lines.ts) and changes() (match/applied.ts) walk a
// hunk's lines in step instead of building its old and new sides: they must
// answer exactly what comparing the built sides answers, for any hunks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changes } from '../../src/match/applied.js';
import { newSide, oldSide, runLength } from '../../src/match/hunk-lines.js';
import type { Hunk, HunkLine } from '../../src/types.js';

const line: fc.Arbitrary<HunkLine> = fc.record({
  op: fc.constantFrom(' ' as const, '-' as const, '+' as const),
  text: fc.constantFrom('a', 'b', '', ' a'),
});

const hunk: fc.Arbitrary<Hunk> = fc.record(
  {
    header: fc.constantFrom('h', 'k'),
    anchors: fc.array(fc.constantFrom('x', 'y'), { maxLength: 2 }),
    lines: fc.array(line, { maxLength: 5 }),
    endOfFile: fc.boolean(),
    patchLine: fc.constant(1),
  },
  { requiredKeys: ['lines', 'endOfFile', 'patchLine'] },
);

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

describe('changes', () => {
  it('says a hunk changes something exactly when its built old and new sides differ', () => {
    fc.assert(
      fc.property(hunk, (h) => {
        const old = oldSide(h.lines);
        const neu = newSide(h.lines);
        const differ = old.length !== neu.length || old.some((l, k) => l !== neu[k]);
        expect(changes(h)).toBe(differ);
      }),
      { numRuns: 3000 },
    );
  });
});
