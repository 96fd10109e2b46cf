// Properties of the tolerant step on random files full of curly quotes,
// dashes, CJK punctuation and Unicode spaces, with hunks typed the way a model
// retypes them (straight quotes, ASCII punctuation, a dropped space after a
// comma):
//   - a tolerant match never changes a byte outside the matched span, and the
//     span's context lines stay byte for byte as the file had them;
//   - a patch built from a random edit, with its context perturbed, reproduces
//     the intended file;
//   - a changed line keeps the file's punctuation on the text it shares.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateHunks } from '../../src/match/hunks.js';
import { LineIndex } from '../../src/match/seek.js';
import { joinLines, type Line, splitLines } from '../../src/text/lines.js';
import { linesOfRuns } from '../../src/text/runs.js';
import { spliceRuns } from '../../src/text/splice.js';
import { LineTable } from '../../src/text/table.js';

/** The splice as line objects (base lines keep `orig`). */
const spliceLines = (lines: readonly Line[], replacements: Parameters<typeof spliceRuns>[1]): Line[] => {
  const table = LineTable.fromLines(lines);
  return linesOfRuns(spliceRuns(table, replacements), table);
};
import type { Hunk, HunkLine } from '../../src/types.js';

/** File punctuation and the ASCII a model would type for it. */
const FOLDS: Record<string, string> = {
  '\u201c': '"',
  '\u201d': '"',
  '\u2018': "'",
  '\u2019': "'",
  '\u2014': '-',
  '\u2013': '-',
  '\u2212': '-',
  '\uff0c': ',',
  '\uff1a': ':',
  '\uff08': '(',
  '\uff09': ')',
  '\u3002': '.',
  '\u00a0': ' ',
};

const TOKENS = ['foo', 'bar', 'x1', '\u540d\u79f0', '\u503c', '=', '+', '"', ',', ...Object.keys(FOLDS)];

/** One line: a unique tag, then tokens joined by single spaces (no trailing space). */
const lineArb = fc
  .array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 8 })
  .chain((tokens) =>
    fc
      .array(fc.boolean(), { minLength: tokens.length, maxLength: tokens.length })
      .map((glue) => tokens.map((t, i) => (i === 0 ? t : `${glue[i] ? ' ' : ''}${t}`)).join('')),
  );

// No trailing whitespace: a line differing only there is the exact trim-end
// pass's business (it takes the + line as written), not the tolerant step's.
const fileArb = fc.array(lineArb, { minLength: 3, maxLength: 25 }).map((lines) => lines.map((l, i) => `[${i}] ${l}`.trimEnd()));

/** What a model types: every known fold applied, and one space after a comma dropped where that is optional. */
function perturb(line: string, mask: number): string {
  let out = '';
  let k = 0;
  for (const ch of line) {
    const folded = FOLDS[ch];
    out += folded !== undefined && (mask >> (k++ % 30)) & 1 ? folded : ch;
  }
  // Only where the space is single: an NBSP after it would make it a double space.
  return out.replace(/, (?=[^ \u00a0])/, (m) => (mask & 1 ? ',' : m));
}

const hunkLines = (spec: [HunkLine['op'], string][]): HunkLine[] => spec.map(([op, text]) => ({ op, text }));

function locate(file: string, hunk: Hunk) {
  const lines = splitLines(file);
  const r = locateHunks(new LineIndex(lines.map((l) => l.text)), [hunk]);
  return { lines, r };
}

const text = (lines: Line[]) => joinLines(lines);

const scenarioArb = fileArb.chain((lines) =>
  fc.record({
    lines: fc.constant(lines),
    at: fc.integer({ min: 0, max: lines.length - 1 }),
    before: fc.integer({ min: 0, max: 2 }),
    remove: fc.integer({ min: 1, max: 3 }),
    after: fc.integer({ min: 0, max: 2 }),
    mask: fc.integer({ min: 0, max: 2 ** 30 - 1 }),
    inserted: fc.array(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\u201c', '"', '-'), minLength: 1, maxLength: 6 }), {
      maxLength: 4,
    }),
  }),
);

describe('tolerant matching properties', () => {
  it('never changes bytes outside the matched span and keeps context lines byte for byte', () => {
    fc.assert(
      fc.property(scenarioArb, ({ lines, at, before, remove, after, mask, inserted }) => {
        const start = Math.max(0, at - before);
        const end = Math.min(lines.length, at + remove);
        const stop = Math.min(lines.length, end + after);
        const added = lines.slice(at, end).map((_, i) => inserted[i] ?? `new ${i}`);
        const file = `${lines.join('\n')}\n`;
        const hunk: Hunk = {
          lines: hunkLines([
            ...lines.slice(start, at).map((l): [' ', string] => [' ', perturb(l, mask)]),
            ...lines.slice(at, end).map((l): ['-', string] => ['-', perturb(l, mask >> 3)]),
            ...added.map((l): ['+', string] => ['+', l]),
            ...lines.slice(end, stop).map((l): [' ', string] => [' ', perturb(l, mask >> 5)]),
          ]),
          endOfFile: false,
          patchLine: 1,
        };
        const { lines: fileLines, r } = locate(file, hunk);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const rep = r.replacements[0]!;
        expect(rep.start).toBe(start);
        const out = spliceLines(fileLines, r.replacements);
        const head = text(fileLines.slice(0, start));
        const tail = text(fileLines.slice(start + rep.oldLen));
        const result = text(out);
        expect(result.startsWith(head)).toBe(true);
        expect(result.endsWith(tail)).toBe(true);
        // Context before and after the change: the file's own lines.
        expect(out.slice(start, at)).toEqual(fileLines.slice(start, at));
        const addedCount = added.length;
        expect(out.slice(at + addedCount, at + addedCount + (stop - end))).toEqual(fileLines.slice(end, stop));
      }),
      { numRuns: 300 },
    );
  });

  it('reproduces the intended file from a random edit whose context is perturbed', () => {
    fc.assert(
      fc.property(scenarioArb, ({ lines, at, before, remove, after, mask, inserted }) => {
        const start = Math.max(0, at - before);
        const end = Math.min(lines.length, at + remove);
        const stop = Math.min(lines.length, end + after);
        const file = `${lines.join('\n')}\n`;
        const hunk: Hunk = {
          lines: hunkLines([
            ...lines.slice(start, at).map((l): [' ', string] => [' ', perturb(l, mask)]),
            ...lines.slice(at, end).map((l): ['-', string] => ['-', l]),
            ...inserted.map((l): ['+', string] => ['+', l]),
            ...lines.slice(end, stop).map((l): [' ', string] => [' ', perturb(l, mask >> 7)]),
          ]),
          endOfFile: false,
          patchLine: 1,
        };
        const { lines: fileLines, r } = locate(file, hunk);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const expected = [...lines.slice(0, at), ...inserted, ...lines.slice(end)];
        expect(text(spliceLines(fileLines, r.replacements))).toBe(expected.map((l) => `${l}\n`).join(''));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the file punctuation on the unchanged part of each changed line', () => {
    fc.assert(
      fc.property(scenarioArb, ({ lines, at, remove, mask }) => {
        const end = Math.min(lines.length, at + remove);
        const file = `${lines.join('\n')}\n`;
        const hunk: Hunk = {
          lines: hunkLines([
            ...lines.slice(at, end).map((l): ['-', string] => ['-', perturb(l, mask)]),
            ...lines.slice(at, end).map((l): ['+', string] => ['+', `${perturb(l, mask)} !edited`]),
          ]),
          endOfFile: false,
          patchLine: 1,
        };
        const { lines: fileLines, r } = locate(file, hunk);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const expected = [...lines.slice(0, at), ...lines.slice(at, end).map((l) => `${l} !edited`), ...lines.slice(end)];
        expect(text(spliceLines(fileLines, r.replacements))).toBe(`${expected.join('\n')}\n`);
      }),
      { numRuns: 300 },
    );
  });
});
