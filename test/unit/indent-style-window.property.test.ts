// plainlyIndentedWith() and spanIndentsWith() are followStyle's shortcuts past
// styleWindow(): they read the table's units instead of building the window's
// strings. Whenever one says yes, the string reading must agree: for the first,
// the window is the whole STYLE_WINDOW span and shows that character at a
// level; for the second, whichever window styleWindow() picks shows it.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignedByOneSpace, plainlyIndentedWith, spanIndentsWith, styleWindow } from '../../src/match/indent-style.js';
import { indentOf } from '../../src/match/reindent.js';
import { LineTable } from '../../src/text/table.js';

const RUNS = { numRuns: 800, seed: Number(process.env.FC_SEED ?? 2026_1204) };

// Indentations that mix, align by one space, or use whitespace trimStart() drops.
const indentArb = fc.constantFrom('', ' ', '  ', '    ', '\t', '\t\t', '\t ', ' \t', '\u00a0', '\f', '  \u3000');
const bodyArb = fc.constantFrom('x = 1', '}', '* note', 'é = 2', '', '  ');
const mixedArb = fc.array(
  fc.tuple(indentArb, bodyArb).map(([i, b]) => i + b),
  { minLength: 1, maxLength: 120 },
);
// Mostly one character, now and then a stray line: the shortcut's yes cases and their near misses.
const plainArb = (ch: string) =>
  fc.array(
    fc
      .tuple(fc.oneof({ weight: 12, arbitrary: fc.constantFrom('', ch, ch + ch, ch.repeat(4)) }, indentArb), bodyArb)
      .map(([i, b]) => i + b),
    { minLength: 1, maxLength: 120 },
  );
const linesArb = fc.oneof(mixedArb, plainArb(' '), plainArb('\t'));

function slowReading(lines: string[], first: number, end: number, ch: ' ' | '\t'): boolean {
  const at = (i: number) => (i >= 0 && i < lines.length ? lines[i] : undefined);
  const window = styleWindow(at, lines.length, first, end);
  const wide = lines.slice(Math.max(0, first - 40), Math.min(lines.length, end + 40));
  const shows = window.some((l) => indentOf(l).includes(ch) && !(ch === ' ' && alignedByOneSpace(l)));
  return shows && window.length === wide.length;
}

describe('plainlyIndentedWith agrees with styleWindow', () => {
  for (const backing of ['utf8', 'text'] as const) {
    it(`never says yes where the string reading says no (${backing} backing)`, () => {
      let yes = 0;
      fc.assert(
        fc.property(linesArb, fc.nat(), fc.nat(3), fc.constantFrom(' ' as const, '\t' as const), (lines, s, len, ch) => {
          const first = s % lines.length;
          const end = Math.min(lines.length, first + len);
          const text = `${lines.join('\n')}\n`;
          const table = backing === 'utf8' ? LineTable.fromUtf8(Buffer.from(text)) : LineTable.fromText(text);
          const fast = plainlyIndentedWith(table, lines.length, first, end, ch);
          if (fast) {
            yes++;
            expect(slowReading(lines, first, end, ch)).toBe(true);
          }
        }),
        RUNS,
      );
      expect(yes).toBeGreaterThan(RUNS.numRuns / 20);
    });
  }

  for (const backing of ['utf8', 'text'] as const) {
    it(`spanIndentsWith never says yes where the window shows no such line (${backing} backing)`, () => {
      let yes = 0;
      fc.assert(
        fc.property(
          linesArb,
          fc.nat(),
          fc.integer({ min: 1, max: 8 }),
          fc.constantFrom(' ' as const, '\t' as const),
          (lines, s, len, ch) => {
            const first = s % lines.length;
            const end = Math.min(lines.length, first + len);
            const text = `${lines.join('\n')}\n`;
            const table = backing === 'utf8' ? LineTable.fromUtf8(Buffer.from(text)) : LineTable.fromText(text);
            if (!spanIndentsWith(table, first, end, ch)) return;
            yes++;
            const at = (i: number) => (i >= 0 && i < lines.length ? lines[i] : undefined);
            const window = styleWindow(at, lines.length, first, end);
            expect(window.some((l) => indentOf(l).includes(ch) && !(ch === ' ' && alignedByOneSpace(l)))).toBe(true);
          },
        ),
        RUNS,
      );
      expect(yes).toBeGreaterThan(RUNS.numRuns / 20);
    });
  }

  it('spanIndentsWith leaves one space of alignment to the full test', () => {
    const table = LineTable.fromText('\t * note\n x\n\t\tx\n');
    expect(spanIndentsWith(table, 0, 2, ' ')).toBe(false);
    expect(spanIndentsWith(table, 0, 3, '\t')).toBe(true);
    expect(spanIndentsWith(LineTable.fromText('  x\n'), 0, 1, ' ')).toBe(true);
  });

  it('says yes for a plainly space-indented file and no for a tab one', () => {
    const lines = Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? `f${i}() {` : `    x${i} = ${i}`));
    const table = LineTable.fromText(`${lines.join('\n')}\n`);
    expect(plainlyIndentedWith(table, 100, 50, 52, ' ')).toBe(true);
    expect(plainlyIndentedWith(table, 100, 50, 52, '\t')).toBe(false);
  });
});
