import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchBytes, searchString } from '../../src/text/linear-search.js';
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

  it('lets a table find the line that holds a long fragment of repetitive text', () => {
    const line = 'q'.repeat(3000);
    const text = `${line}\n${line}x${line}\n`;
    const table = LineTable.fromText(text);
    expect(table.lineContaining(`q${'q'.repeat(2000)}x`, 0)).toBe(1);
    expect(table.lineContaining(`${'q'.repeat(2000)}y`, 0)).toBe(-1);
  });
});
