import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateHunks } from '../../src/match/hunks.js';
import { blockEnd, decides } from '../../src/match/scope.js';
import { LineIndex } from '../../src/match/seek.js';
import type { Hunk, HunkLine } from '../../src/types.js';

/** Parse ` ctx` / `-old` / `+new` lines into a hunk. */
function hunk(body: string[], extra: Partial<Hunk> = {}): Hunk {
  const lines: HunkLine[] = body.map((l) => ({ op: l[0] as HunkLine['op'], text: l.slice(1) }));
  return { lines, endOfFile: false, patchLine: 1, ...extra };
}

const locate = (file: readonly string[], hunks: Hunk[]) => locateHunks(new LineIndex(file), hunks);
const starts = (file: readonly string[], hunks: Hunk[]) => {
  const r = locate(file, hunks);
  if (!r.ok) throw new Error(r.message);
  return r.placed.map((p) => p.start);
};

const PY = [
  'def parse_int(text):', //       0
  '    text = text.strip()',
  '    if not text:',
  '        return None',
  '    return int(text)',
  '', //                           5
  'def parse_float(text):',
  '    text = text.strip()',
  '    if not text:',
  '        return None',
  '    return float(text)', //     10
  '',
  'def parse_bool(text):',
  '    text = text.strip()',
  '    if not text:',
  '        return None', //        15
  '    return text == "true"',
];
const GUARD = ['     if not text:', '-        return None', '+        return 0'];

describe('placing a hunk whose old side matches more than one place', () => {
  it('places a hunk whose old side matches one place', () => {
    expect(starts(PY, [hunk([' def parse_bool(text):', '     text = text.strip()'])])).toEqual([12]);
  });

  it('refuses a hunk whose old side matches several places and names every one', () => {
    const r = locate(PY, [hunk(GUARD)]);
    expect(r).toMatchObject({ ok: false, code: 'hunk_ambiguous', hunk: 0 });
    expect(!r.ok && r.message).toContain('matches 3 places (lines 3, 9, 15) in the file');
  });

  it('names the first ten places and counts the rest', () => {
    const file = Array.from({ length: 30 }, (_, i) => (i % 2 ? '}' : `x${i}`));
    const r = locate(file, [hunk([' }', '+y'])]);
    expect(!r.ok && r.message).toContain('matches 15 places (lines 2, 4, 6, 8, 10, 12, 14, 16, 18, 20 and 5 more)');
  });

  it('counts only places after the previous hunk', () => {
    const r = locate(PY, [hunk([' def parse_float(text):']), hunk(GUARD)]);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain('matches 2 places (lines 9, 15) after the previous hunk');
    expect(starts(PY, [hunk([' def parse_bool(text):']), hunk(GUARD)])).toEqual([12, 14]);
  });

  it('decides by the first pass that matches, except that trailing whitespace never tells an exact place from another', () => {
    for (const drifted of ['a ', 'a\t']) {
      const blind = locate([drifted, 'b', 'a'], [hunk(['-a', '+c'])]);
      expect(!blind.ok && blind.message).toContain('matches 2 places (lines 1, 3) with trailing whitespace ignored');
    }
    // Indentation is visible: an exact place still wins over an indented copy.
    expect(starts([' a', 'b', 'a'], [hunk(['-a', '+c'])])).toEqual([2]);
    const r = locate(['a ', 'b', 'a '], [hunk(['-a', '+c'])]);
    expect(!r.ok && r.message).toContain('matches 2 places (lines 1, 3)');
  });

  it('treats a hunk pinned to the end of file as having one place', () => {
    expect(starts(['x', 'end', 'x', 'end'], [hunk(['-x', '+y', ' end'], { endOfFile: true })])).toEqual([2]);
  });

  it('refuses a blank-line-only context with two blank lines, since the trailing-blank retry leaves nothing to match', () => {
    const r = locate(['a', '', 'b', '', 'c'], [hunk([' ', '+new'])]);
    expect(!r.ok && r.message).toContain('matches 2 places (lines 2, 4)');
  });
});

describe('a header narrows the places to its block', () => {
  it('places the hunk inside the block of the function the header names', () => {
    expect(starts(PY, [hunk(GUARD, { header: 'def parse_float(text):' })])).toEqual([8]);
  });

  it('accepts a header written without the indentation of the line it names', () => {
    const cls = ['class A:', '    def run(self):', '        return 1', 'class B:', '    def run(self):', '        return 1'];
    expect(starts(cls, [hunk(['-        return 1', '+        return 2'], { header: 'class B:' })])).toEqual([5]);
  });

  it('refuses two places inside the header block', () => {
    const file = ['function f() {', '  x();', '  x();', '}', 'function g() {', '}'];
    const r = locate(file, [hunk(['-  x();', '+  y();'], { header: 'function f() {' })]);
    expect(r).toMatchObject({ ok: false, code: 'hunk_ambiguous' });
    expect(!r.ok && r.message).toContain(
      'inside the block of its @@ header "function f() {" (line 1) the context matches 2 places (lines 2, 3)',
    );
  });

  it('keeps a later hunk under the same header inside that block after the first one moved the cursor', () => {
    const file = [
      'function f() {',
      '  if (a) {',
      '    return 1;',
      '  }',
      '  if (b) {',
      '    return 1;',
      '  }',
      '}',
      'function g() {',
      '  if (b) {',
      '    return 1;',
      '  }',
      '}',
    ];
    const h = (cond: string) => hunk([`   if (${cond}) {`, '-    return 1;', '+    return 2;'], { header: 'function f() {' });
    expect(starts(file, [h('a'), h('b')])).toEqual([1, 4]);
  });

  it('falls back to the places after the header, then after the previous hunk, when the block has none', () => {
    const file = ['import os', 'x = 1', 'y = 2'];
    expect(starts(file, [hunk(['-y = 2', '+y = 3'], { header: 'import os' })])).toEqual([2]);
    expect(starts(file, [hunk(['-y = 2', '+y = 3'], { header: 'not in the file' })])).toEqual([2]);
  });
});

describe('the order of the patch deciding between places', () => {
  const file = ['a:', '  v = 1', 'b:', '  v = 1', 'c:', '  v = 1'];
  const h = (n: number) => hunk(['-  v = 1', `+  v = ${n}`]);

  it('places k consecutive hunks with the same old side at exactly k places, in order', () => {
    expect(starts(file, [h(2), h(3), h(4)])).toEqual([1, 3, 5]);
  });

  it('refuses k identical hunks when there are more than k places', () => {
    const r = locate(file, [h(2), h(3)]);
    expect(!r.ok && r.message).toContain('hunks 1-2 have this same context');
  });

  it('refuses identical hunks whose places overlap, since one place would be edited twice', () => {
    expect(decides([0, 1], 2, 2)).toBe(false);
    expect(decides([0, 2], 2, 2)).toBe(true);
    expect(decides([4], 3, 1)).toBe(true);
    expect(decides([1, 5, 9], 2, 1)).toBe(false);
  });
});

describe('a hunk with only added lines', () => {
  const file = ['def add(a, b):', '    return a + b', '', 'def sub(a, b):', '    return a - b'];

  it('goes directly after its header line when the header is found', () => {
    const r = locate(file, [hunk(['+    """Sum."""'], { header: 'def add(a, b):' })]);
    expect(r).toMatchObject({ ok: true, placed: [{ start: 1, oldLen: 0 }] });
  });

  it('fails as not found when its header is not in the file', () => {
    const r = locate(file, [hunk(['+    """Product."""'], { header: 'def mul(a, b):' })]);
    expect(r).toMatchObject({ ok: false, code: 'hunk_not_found' });
    expect(!r.ok && r.message).toContain(
      'expected @@ header line "def mul(a, b):"; the @@ header was not found, and a hunk with only added lines has no other anchor',
    );
  });

  it('is refused when its header names several lines', () => {
    const r = locate(
      [...file, 'class V:', '    def add(a, b):', '        pass'],
      [hunk(['+    """Sum."""'], { header: 'def add(a, b):' })],
    );
    expect(r).toMatchObject({ ok: false, code: 'hunk_ambiguous' });
    expect(!r.ok && r.message).toContain('occurs in 2 places (lines 1, 7)');
  });

  it('still appends at the end of the file without a header', () => {
    expect(locate(file, [hunk(['+x'])])).toMatchObject({ ok: true, placed: [{ start: 5, oldLen: 0, pass: 'append' }] });
  });
});

describe('a hunk that only matches before the previous hunk', () => {
  const file = ['a', 'b', 'c', 'd'];

  it('is placed at its one earlier place and reported as out of order', () => {
    const r = locate(file, [hunk(['-c', '+C']), hunk(['-a', '+A'])]);
    expect(r).toMatchObject({ ok: true, outOfOrder: [{ hunk: 1, line: 0 }] });
    // The splice receives them by file position.
    expect(r.ok && r.replacements.map((x) => x.start)).toEqual([0, 2]);
  });

  it('keeps the cursor after the preceding hunk for the hunks that follow', () => {
    const r = locate(file, [hunk(['-c', '+C']), hunk(['-a', '+A']), hunk(['-d', '+D'])]);
    expect(r.ok && r.placed.map((x) => x.start)).toEqual([2, 0, 3]);
  });

  it('is not placed where it would overlap a hunk already placed', () => {
    const r = locate(file, [hunk([' b', '-c', '+C']), hunk([' a', ' b', '+x'])]);
    expect(r).toMatchObject({ ok: false, code: 'hunk_not_found' });
    expect(!r.ok && r.message).toContain('before the preceding hunk');
  });

  it('is not placed when it matches more than one earlier place', () => {
    const r = locate(['x', 'x', 'y'], [hunk(['-y', '+Y']), hunk(['-x', '+X'])]);
    expect(r).toMatchObject({ ok: false, code: 'hunk_not_found' });
  });
});

describe('the end of a header block', () => {
  it.each([
    ['a brace-style function ends at its closing brace', ['function f() {', '  a();', '', '  b();', '}', 'g();'], 0, 4],
    [
      'an indented method ends before the next method',
      ['class A:', '    def f(self):', '        pass', '', '    def g(self):', '        pass'],
      1,
      4,
    ],
    ['a block that runs to the end of the file', ['def f():', '    pass', ''], 0, 2],
    ['a header whose next line is at its level', ['import os', 'import sys'], 0, 1],
    ['a Markdown section runs to the line before the next heading of its level', ['## A', '', 'x', '', 'y', '', '## B', 'z'], 0, 5],
    ['a Markdown section holds its subsections', ['## A', 'x', '### A.1', 'y', '## B'], 0, 3],
    ['a `#` line inside a fenced code block is not a heading', ['## A', '```sh', '# a comment', '```', 'x', '# B'], 0, 4],
    ['the last Markdown section runs to the end of the file', ['# T', '## A', 'x', ''], 1, 3],
  ] as const)('%s', (_name, lines, h, end) => {
    expect(blockEnd(new LineIndex(lines), h)).toBe(end);
  });
});

describe('counting places through the index', () => {
  it('lists exactly the places a brute-force search finds, in any range and under each pass', () => {
    const brute = (lines: string[], pattern: string[], from: number, to: number, key: (s: string) => string) => {
      const out: number[] = [];
      for (let i = Math.max(0, from); i <= to && i + pattern.length <= lines.length; i++)
        if (pattern.every((p, k) => key(lines[i + k]!) === key(p))) out.push(i);
      return out;
    };
    const KEYS = { exact: (x: string) => x, 'trim-end': (x: string) => x.trimEnd(), trim: (x: string) => x.trim() } as const;
    const lineArb = fc.constantFrom(
      'a',
      'a ',
      ' a',
      'b',
      '}',
      '',
      'a long line of text that is sampled, not hashed whole',
      'a long line of text that is sampled, not hashed whole ',
    );
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 40 }),
        fc.array(
          fc.tuple(fc.array(lineArb, { minLength: 1, maxLength: 3 }), fc.nat(), fc.nat(), fc.constantFrom('exact', 'trim-end', 'trim')),
          { minLength: 1, maxLength: 10 },
        ),
        (unit, queries) => {
          // Large enough that counting switches to the index.
          const lines = Array.from({ length: 25_000 }, (_, i) => unit[i % unit.length]!);
          const index = new LineIndex(lines);
          for (const [pattern, a, b, pass] of queries) {
            const from = a % lines.length;
            const to = from + (b % 30_000);
            expect(index.matches(pattern, from, to, pass, 5)).toEqual(brute(lines, pattern, from, to, KEYS[pass]).slice(0, 5));
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
