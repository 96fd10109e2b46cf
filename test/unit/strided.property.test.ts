import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/match/seek.js';
import { buildStrided, eachCandidate, strideFor } from '../../src/match/strided.js';
import { LineTable } from '../../src/text/table.js';
import type { PassName } from '../../src/match/passes.js';

const KEYS: Record<PassName, (s: string) => string> = {
  exact: (s) => s,
  'trim-end': (s) => s.trimEnd(),
  trim: (s) => s.trim(),
};

/** Every start in [from, to] where the pattern matches under the pass, ascending, at most `limit`: by brute force. */
function brute(lines: readonly string[], pattern: readonly string[], from: number, to: number, pass: PassName, limit: number): number[] {
  const key = KEYS[pass];
  const out: number[] = [];
  for (let i = Math.max(0, from); i <= Math.min(to, lines.length - pattern.length) && out.length < limit; i++) {
    if (pattern.every((p, k) => key(lines[i + k]!) === key(p))) out.push(i);
  }
  return out;
}

describe('strided hash indexes', () => {
  it('choose a stride that leaves every remainder two block lines, at most 4, and 1 for blocks under 4 lines', () => {
    expect([1, 2, 3, 4, 5, 7, 8, 15, 16, 40].map(strideFor)).toEqual([1, 1, 1, 2, 2, 2, 4, 4, 4, 4]);
  });

  it('find exactly the places a brute-force search finds, whatever strides earlier blocks had them built with', () => {
    const lineArb = fc.constantFrom('a', 'a ', ' a', 'b', '}', '', '\u00a0b', 'c\t', '中', 'd', '\u3000中 ');
    const passArb = fc.constantFrom<PassName>('exact', 'trim-end', 'trim');
    const queryArb = fc.record({
      // A slice of the file (a block that is there) or made-up lines (mostly not there).
      at: fc.nat(),
      own: fc.boolean(),
      made: fc.array(lineArb, { minLength: 1, maxLength: 12 }),
      length: fc.integer({ min: 1, max: 12 }),
      from: fc.nat(),
      span: fc.nat(),
      pass: passArb,
      limit: fc.constantFrom(1, 2, 3, Number.POSITIVE_INFINITY),
    });
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 80 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(queryArb, { minLength: 1, maxLength: 25 }),
        (unit, warm, queries) => {
          const lines = Array.from({ length: 500 }, (_, i) => unit[(i * 7 + (i >> 3)) % unit.length]!);
          // Over the lines as strings and as a UTF-8 file's bytes (whose look-ups hash non-ASCII lines as UTF-8).
          for (const index of [new LineIndex(lines), new LineIndex(LineTable.fromUtf8(Buffer.from(`${lines.join('\n')}\n`)))]) {
            // Misses of a `warm`-line block spend every pass's scanning budget: each pass builds its first index at that block's stride.
            const never = Array.from({ length: warm }, () => 'never');
            for (let k = 0; k < 150; k++) index.seek(never, 0);
            for (const q of queries) {
              const at = q.at % lines.length;
              const pattern = q.own ? lines.slice(at, at + q.length) : q.made;
              const from = q.from % lines.length;
              const to = Math.min(lines.length - 1, from + q.span);
              expect(index.matches(pattern, from, to, q.pass, q.limit)).toEqual(brute(lines, pattern, from, to, q.pass, q.limit));
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('build one index for every line pass: a block found only ignoring whitespace, counted in each pass, hashes the file once', () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `  line ${i} `);
    const index = new LineIndex(lines);
    const block = ['line 100', 'line 101', 'line 102', 'line 103'];
    expect(index.matches(block, 0, lines.length - 1, 'exact', 2)).toEqual([]);
    expect(index.matches(block, 0, lines.length - 1, 'trim-end', 2)).toEqual([]);
    expect(index.matches(block, 0, lines.length - 1, 'trim', 2)).toEqual([100]);
    // One index, at the stride a 4-line block takes (strideFor(4) = 2), where each pass once built its own.
    const built = (index as unknown as { hashed: { stride: number }[] }).hashed;
    expect(built.map((t) => t.stride)).toEqual([2]);
  });

  it('switch a pass to the dense index once common lines have made a strided one check as many candidates as the file has lines', () => {
    // Blocks of `}` and blank lines only: every remainder's rarest line is common.
    const lines: string[] = Array.from({ length: 4000 }, (_, i) => (i % 2 === 0 ? '}' : ''));
    lines[2001] = 'x';
    const index = new LineIndex(lines);
    const block = ['}', '', '}', '', '}', '', '}', 'x'];
    for (let k = 0; k < 20; k++) expect(index.matches(block, 0, lines.length - 1, 'exact', 2)).toEqual([1994]);
    const built = (index as unknown as { hashed: { stride: number }[] }).hashed;
    expect(built.map((t) => t.stride)).toEqual([4, 1]);
  });
});

describe('a strided look-up', () => {
  it('refuses to be started again from inside its own visit, rather than skip places with its shared scratch', () => {
    const table = LineTable.fromTexts(['a', 'b', 'c', 'd', 'a', 'b', 'c', 'd', 'x', 'y']);
    const index = buildStrided(table, 0, 2);
    const block = ['a', 'b', 'c', 'd'];
    const hashOf = (k: number) => table.hashString(block[k]!);
    const lengthOf = (k: number) => block[k]!.length;
    const seen: number[] = [];
    eachCandidate(index, 4, hashOf, lengthOf, 0, 6, (i) => {
      seen.push(i);
      return false;
    });
    expect(seen).toEqual([0, 4]);
    expect(() =>
      eachCandidate(index, 4, hashOf, lengthOf, 0, 6, () => {
        eachCandidate(index, 4, hashOf, lengthOf, 0, 6, () => false);
        return false;
      }),
    ).toThrow(/looked up again from inside its own look-up/);
    // The refusal releases the scratch: the next look-up runs.
    const again: number[] = [];
    eachCandidate(index, 4, hashOf, lengthOf, 0, 6, (i) => {
      again.push(i);
      return false;
    });
    expect(again).toEqual([0, 4]);
  });
});
