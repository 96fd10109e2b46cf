import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allPositions, findText, periodic, searchBytes, searchString } from '../../src/text/linear-search.js';
import { positionsOfAll, positionsOfEach } from '../../src/text/multi-search.js';
import { LineTable } from '../../src/text/table.js';

describe('substring search with a linear worst case', () => {
  it('finds a long needle that differs from repetitive text in one place, and only there', () => {
    const line = 'q'.repeat(5000);
    const text = `${`${line}\n`.repeat(50)}${line.slice(0, 4000)}Z${line.slice(4001)}\n`;
    const needle = `${line.slice(0, 4000)}Z${line.slice(4001)}`;
    expect(searchString(text, needle, 0)).toBe(50 * 5001);
    expect(searchString(text, needle, 50 * 5001 + 1)).toBe(-1);
    expect(searchBytes(Buffer.from(text), Buffer.from(needle), 0)).toBe(50 * 5001);
    expect(searchString(text.slice(0, 50 * 5001), needle, 0)).toBe(-1);
  });

  it('agrees with indexOf on random text over a small alphabet, for short and long needles', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', 'é'), maxLength: 400 }),
        fc.nat(60),
        fc.nat(120),
        fc.nat(400),
        (text, at, len, from) => {
          const needle = text.slice(at, at + len) || 'ab'.repeat(20);
          expect(searchString(text, needle, from)).toBe(text.indexOf(needle, from));
          const bytes = Buffer.from(text);
          const nb = Buffer.from(needle);
          const f = Buffer.byteLength(text.slice(0, from));
          expect(searchBytes(bytes, nb, f)).toBe(bytes.indexOf(nb, f));
        },
      ),
      { seed: 7, numRuns: 500 },
    );
  });

  it('agrees with indexOf for periodic needles, whose search starts at their rarest unit', () => {
    // Long runs of one letter with a few others: the needles are periodic (Knuth-Morris-Pratt), and
    // their rarest unit is sometimes absent from the text, sometimes at its start or end.
    const runs = fc.array(fc.tuple(fc.constantFrom('q', 'Z', 'y', 'é'), fc.integer({ min: 1, max: 90 })), { maxLength: 12 });
    const textOf = (rs: [string, number][]) => rs.map(([c, n]) => (c === 'q' ? c.repeat(n) : c.repeat(1 + (n % 3)))).join('');
    fc.assert(
      fc.property(runs, runs, fc.nat(200), (t, n, from) => {
        const text = textOf(t);
        const needle = `${'q'.repeat(70)}${textOf(n)}`;
        expect(periodic(needle)).toBe(true);
        expect(searchString(text, needle, from)).toBe(text.indexOf(needle, from));
        const all: number[] = [];
        for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) all.push(i);
        expect(allPositions(text, needle)).toEqual(all);
        // The needle cut out of the text itself: always found, where indexOf finds it.
        const inside =
          text.length > 80 ? `${'q'.repeat(70)}${text.slice(from % (text.length - 10), (from % (text.length - 10)) + 10)}` : needle;
        const doubled = `${text}${inside}${text}`;
        expect(searchString(doubled, inside, 0)).toBe(doubled.indexOf(inside));
        expect(allPositions(doubled, inside).length).toBeGreaterThan(0);
      }),
      { seed: 12, numRuns: 600 },
    );
  });

  it('lets a table find the line that holds a long fragment of repetitive text', () => {
    const line = 'q'.repeat(3000);
    const text = `${line}\n${line}x${line}\n`;
    const table = LineTable.fromText(text);
    expect(table.lineContaining(`q${'q'.repeat(2000)}x`, 0)).toBe(1);
    expect(table.lineContaining(`${'q'.repeat(2000)}y`, 0)).toBe(-1);
  });
});

describe('every place of one needle, and of many at once', () => {
  const naive = (text: string, needle: string): number[] => {
    const out: number[] = [];
    for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) out.push(i);
    return out;
  };

  it('tells periodic needles (a run of one letter, "abab...", deep indentation) from ordinary ones', () => {
    expect(periodic('q'.repeat(64))).toBe(true);
    expect(periodic(`x${'ab'.repeat(40)}y`)).toBe(true);
    expect(periodic(' '.repeat(70))).toBe(true);
    expect(periodic('  const value_12 = parse(input.field, 12); // note 12 and some more words')).toBe(false);
    expect(periodic('q'.repeat(63))).toBe(false);
  });

  it('lists every overlapping place exactly as repeated indexOf does, periodic needles included', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', 'é'), maxLength: 600 }), fc.nat(600), fc.nat(150), (text, at, len) => {
        const needle = text.slice(at, at + len) || 'ab'.repeat(40);
        expect(allPositions(text, needle)).toEqual(naive(text, needle));
        expect(findText(text, needle, at % (text.length + 1))).toBe(text.indexOf(needle, at % (text.length + 1)));
      }),
      { seed: 11, numRuns: 500 },
    );
  });

  it('finds many needles in one pass exactly where a search per needle finds them', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', 'x'), maxLength: 800 }),
        fc.array(fc.tuple(fc.nat(800), fc.integer({ min: 1, max: 40 })), { minLength: 1, maxLength: 30 }),
        (text, cuts) => {
          const needles = cuts.map(([at, len]) => text.slice(at, at + len) || 'ab');
          const want = new Map(needles.map((n) => [n, naive(text, n)]));
          const got = positionsOfEach(text, needles);
          // Giving up is allowed (the caller then searches per needle); a wrong answer is not.
          if (got) expect(got).toEqual(want);
          expect(positionsOfAll(text, needles)).toEqual(want);
        },
      ),
      { seed: 13, numRuns: 300 },
    );
  });

  it('finds 8,000 distinct lines of a file in one pass without giving up', () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `  const value_${i} = parse(input.field, ${i % 997}); // note ${i}`);
    const text = `${lines.join('\n')}\n`;
    const needles = lines.filter((_, i) => i % 5 === 1);
    const got = positionsOfEach(text, needles);
    expect(got).toBeDefined();
    for (const k of [0, 777, 7_999]) expect(got!.get(needles[k]!)).toEqual(naive(text, needles[k]!));
  });

  it('lets a table skip a search when no line is long enough to hold the needle as a part', () => {
    const table = LineTable.fromText(`${'q'.repeat(50)}\n${'q'.repeat(40)}\nshort\n`);
    expect(table.lineContaining('q'.repeat(50), 0)).toBe(0);
    expect(table.lineContaining('q'.repeat(50), 0, true)).toBe(-1);
    expect(table.lineContaining('q'.repeat(40), 1, true)).toBe(-1);
    expect(table.lineContaining('q'.repeat(39), 1, true)).toBe(1);
    expect(table.lineContaining('q'.repeat(39), 0, true)).toBe(0);
  });
});
