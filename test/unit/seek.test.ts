import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/match/seek.js';
import { LineTable } from '../../src/text/table.js';

const file = ['def f():', '    x = 1   ', '    return x', '', 'def g():', '\tpass', 'def f():', '    x = 1', '    return x'];

describe('seeking a block of lines', () => {
  it.each([
    ['an exact block', ['def f():', '    x = 1   '], 0, false, { index: 0, pass: 'exact' }],
    ['the first exact occurrence at or after start', ['def f():'], 1, false, { index: 6, pass: 'exact' }],
    [
      'the exact block even when a whitespace-drifted one comes first',
      ['    x = 1', '    return x'],
      0,
      false,
      { index: 7, pass: 'exact' },
    ],
    ['trailing whitespace only before start', ['def f():', '    x = 1', '    return x'], 0, false, { index: 6, pass: 'exact' }],
    [
      'a block that differs only in trailing whitespace',
      ['def f():', '    x = 1', '    return x', ''],
      0,
      false,
      { index: 0, pass: 'trim-end' },
    ],
    ['indentation drift', ['def g():', '    pass'], 0, false, { index: 4, pass: 'trim' }],
    ['leading and trailing drift together', ['  def g():  ', 'pass'], 0, false, { index: 4, pass: 'trim' }],
    ['a pattern pinned to the end of file', ['    return x'], 0, true, { index: 8, pass: 'exact' }],
    ['an end-of-file pattern under a whitespace pass', ['def f():', '    x = 1 ', '    return x'], 0, true, { index: 6, pass: 'trim-end' }],
  ] as const)('finds %s', (_name, pattern, start, eof, expected) => {
    expect(new LineIndex(file).seek(pattern, start, eof)).toEqual(expected);
  });

  it.each([
    ['text that is not in the file', ['nope'], 0, false],
    ['a block that only exists before start', ['def g():'], 5, false],
    ['an end-of-file pattern that is not the tail', ['def g():'], 0, true],
    ['a pattern longer than the rest of the file', ['    return x', '', 'x'], 8, false],
    ['a block whose lines exist but not together', ['def f():', '\tpass'], 0, false],
  ] as const)('finds nothing for %s', (_name, pattern, start, eof) => {
    expect(new LineIndex(file).seek(pattern, start, eof)).toBeUndefined();
  });

  it('prefers an earlier pass over an earlier position', () => {
    const lines = ['a ', 'b', 'a'];
    expect(new LineIndex(lines).seek(['a'], 0)).toEqual({ index: 2, pass: 'exact' });
  });

  it('anchors on the rarest line so common lines do not hide the match', () => {
    const lines = [...Array.from({ length: 1000 }, () => '}'), 'unique', '}'];
    expect(new LineIndex(lines).seek(['}', 'unique', '}'], 0)).toEqual({ index: 999, pass: 'exact' });
  });

  it('answers the same before and after many misses switch a pass from scanning to its table', () => {
    // 40,000 lines with trailing-whitespace drift: every search misses the exact
    // pass, so the scanning budget runs out early and the table takes over.
    const lines = Array.from({ length: 40_000 }, (_, i) => `line ${i % 7 === 0 ? 'same' : i} `);
    const index = new LineIndex(lines);
    const fresh = (p: string[], start: number) => new LineIndex(lines).seek(p, start);
    for (let k = 0; k < 60; k++) {
      const at = 30 + k * 600;
      const pattern = lines.slice(at, at + 3).map((l) => l.trimEnd());
      const hit = index.seek(pattern, at - 20);
      expect(hit).toEqual({ index: at, pass: 'trim-end' });
      expect(hit).toEqual(fresh(pattern, at - 20));
      expect(index.seek(pattern, at + 1)).toBeUndefined();
    }
    expect(index.seek(['line same'], 1)).toEqual({ index: 7, pass: 'trim-end' });
  });

  it('answers from its hash index exactly as a brute-force search does, duplicates and whitespace drift included', () => {
    /** The first index >= start where every line matches under the key, or -1. */
    const brute = (lines: string[], pattern: string[], start: number, key: (s: string) => string): number => {
      for (let i = start; i + pattern.length <= lines.length; i++) if (pattern.every((p, k) => key(lines[i + k]!) === key(p))) return i;
      return -1;
    };
    const reference = (lines: string[], pattern: string[], start: number) => {
      for (const [pass, key] of [
        ['exact', (x: string) => x],
        ['trim-end', (x: string) => x.trimEnd()],
        ['trim', (x: string) => x.trim()],
      ] as const) {
        const index = brute(lines, pattern, start, key);
        if (index >= 0) return { index, pass };
      }
      return undefined;
    };
    const lineArb = fc.constantFrom('a', 'a ', ' a', 'b', '}', '', '\u00a0b', 'c\t', '中');
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 60 }),
        fc.array(fc.tuple(fc.array(lineArb, { minLength: 1, maxLength: 3 }), fc.nat()), { minLength: 1, maxLength: 20 }),
        (unit, queries) => {
          // Long enough, and asked enough misses first, that every pass switches to its index.
          const lines = Array.from({ length: 400 }, (_, i) => unit[i % unit.length]!);
          const index = new LineIndex(lines);
          for (let k = 0; k < 200; k++) index.seek(['never', 'there'], 0);
          for (const [pattern, at] of queries) {
            const start = at % lines.length;
            expect(index.seek(pattern, start)).toEqual(reference(lines, pattern, start));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('seeking among long lines', () => {
  it('finds the same places after long lines spend the scanning budget early and the index takes over', () => {
    // 600 lines of 3,000 characters differing only in their last digits: each
    // comparison reads most of a line, so the budget (weighted by length) runs
    // out within the first few hundred lines.
    const lines = Array.from({ length: 600 }, (_, i) => `${'q'.repeat(2990)}${String(i % 300).padStart(10, '0')}`);
    const scanned = new LineIndex(lines);
    for (const at of [5, 299, 450, 599]) {
      const pattern = [lines[at]!];
      const all = lines.flatMap((l, i) => (l === lines[at] ? [i] : []));
      expect(scanned.matches(pattern, 0, lines.length - 1, 'exact', Infinity)).toEqual(all);
      expect(new LineIndex(lines).find(pattern, 0, 'exact')).toBe(all[0]);
      expect(new LineIndex(lines).find([`${lines[at]!.slice(0, 100)}Z${lines[at]!.slice(101)}`], 0, 'trim')).toBe(-1);
    }
  });
});

describe('scanning for a block before any index exists', () => {
  it('finds every place a brute-force search finds, in UTF-8 bytes and in decoded text, whatever the line endings', () => {
    // Lines of equal width that differ inside, multi-byte characters whose byte width differs from their char width,
    // whitespace drift for the looser passes.
    const lineArb = fc.constantFrom('ab', 'ba', 'a b', 'a', 'é', 'ée', '中', 'x中', ' ab', 'ab ', '', '\u00a0a');
    const eolArb = fc.constantFrom('\n', '\r\n');
    const keys = { exact: (x: string) => x, 'trim-end': (x: string) => x.trimEnd(), trim: (x: string) => x.trim() } as const;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(lineArb, eolArb), { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        fc.array(lineArb, { minLength: 1, maxLength: 3 }),
        fc.nat(),
        (lines, lastEnded, pattern, at) => {
          // An empty last line exists only when ended ('a\n' is one line).
          const ended = lastEnded || lines[lines.length - 1]![0] === '';
          const text = lines.map(([l, eol], i) => (i < lines.length - 1 || ended ? l + eol : l)).join('');
          const texts = lines.map(([l]) => l);
          const start = at % texts.length;
          for (const table of [LineTable.fromUtf8(Buffer.from(text, 'utf8')), LineTable.fromText(text)]) {
            for (const pass of ['exact', 'trim-end', 'trim'] as const) {
              const key = keys[pass];
              const all: number[] = [];
              for (let i = start; i + pattern.length <= texts.length; i++) {
                if (pattern.every((p, k) => key(texts[i + k]!) === key(p))) all.push(i);
              }
              expect(new LineIndex(table).matches(pattern, start, texts.length, pass, Infinity)).toEqual(all);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
