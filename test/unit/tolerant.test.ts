import { describe, expect, it } from 'vitest';
import { locateHunks } from '../../src/match/hunks.js';
import { LineIndex } from '../../src/match/seek.js';
import { carryFilePunctuation, carryLine, tolerantCandidates, tolerantSeek } from '../../src/match/tolerant.js';
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

/** Parse ` ctx` / `-old` / `+new` lines into a hunk. */
function hunk(body: string[], extra: Partial<Hunk> = {}): Hunk {
  const lines: HunkLine[] = body.map((l) => ({ op: l[0] as HunkLine['op'], text: l.slice(1) }));
  return { lines, endOfFile: false, patchLine: 1, ...extra };
}

function applyHunks(file: string, hunks: Hunk[]) {
  const lines = splitLines(file);
  const r = locateHunks(new LineIndex(lines.map((l) => l.text)), hunks);
  if (!r.ok) return r;
  return { ...r, text: joinLines(spliceLines(lines, r.replacements)), passes: r.replacements.map((x) => x.pass) };
}

describe('the tolerant step after the exact passes', () => {
  it('matches a hunk typed with straight quotes against curly quotes and keeps the file punctuation on context lines', () => {
    const file = 'a\nsay(\u201chello\u201d)\nvalue = 1\nz\n';
    const r = applyHunks(file, [hunk([' say("hello")', '-value = 1', '+value = 2'])]);
    expect(r).toMatchObject({ ok: true, passes: ['punctuation'] });
    expect(r.ok && r.text).toBe('a\nsay(\u201chello\u201d)\nvalue = 2\nz\n');
  });

  it('keeps the file punctuation in the unchanged parts of a replaced line', () => {
    const file = 'print(\u201chello\u201d, name)\n';
    const r = applyHunks(file, [hunk(['-print("hello", name)', '+print("hello", user)'])]);
    expect(r.ok && r.text).toBe('print(\u201chello\u201d, user)\n');
  });

  it('matches full-width CJK punctuation and an optional space after a colon', () => {
    const file = '\u6807\u9898\uff1a\u4f60\u597d\uff0c\u4e16\u754c\n\u7ed3\u675f\n';
    const r = applyHunks(file, [hunk(['-\u6807\u9898: \u4f60\u597d, \u4e16\u754c', '+\u6807\u9898: \u4f60\u597d, \u670b\u53cb'])]);
    expect(r).toMatchObject({ ok: true, passes: ['punctuation'] });
    expect(r.ok && r.text).toBe('\u6807\u9898\uff1a\u4f60\u597d\uff0c\u670b\u53cb\n\u7ed3\u675f\n');
  });

  it('matches em dashes and Unicode spaces typed as ASCII', () => {
    const file = 'range 1\u20142\nx\u00a0=\u00a01\n';
    const r = applyHunks(file, [hunk([' range 1-2', '-x = 1', '+x = 9'])]);
    expect(r.ok && r.text).toBe('range 1\u20142\nx\u00a0=\u00a09\n');
  });

  it('rejects a tolerant match that lands in two places and names both lines', () => {
    const file = 'say(\u201chi\u201d)\nx\nsay(\u201chi\u201d)\n';
    const r = locateHunks(new LineIndex(splitLines(file).map((l) => l.text)), [hunk(['-say("hi")', '+say("bye")'])]);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.code).toBe('hunk_ambiguous');
    expect(!r.ok && r.message).toContain('matches 2 places (lines 1, 3)');
  });

  it('counts only candidates at or after the previous hunk', () => {
    const file = 'say(\u201chi\u201d)\nmid\nsay(\u201chi\u201d)\n';
    const r = applyHunks(file, [hunk([' mid']), hunk(['-say("hi")', '+say("bye")'])]);
    expect(r.ok && r.text).toBe('say(\u201chi\u201d)\nmid\nsay(\u201cbye\u201d)\n');
  });

  it('an exact match with a tolerant twin elsewhere is ambiguous: models retype curly quotes straight', () => {
    const file = 'say(\u201chi\u201d)\nsay("hi")\n';
    const r = applyHunks(file, [hunk(['-say("hi")', '+say("bye")'])]);
    expect(r).toMatchObject({ ok: false, code: 'hunk_ambiguous', lines: [0, 1] });
    // A stated line number decides: the exact place, or the twin (its quotes kept).
    const exact = applyHunks(file, [hunk(['-say("hi")', '+say("bye")'], { hintLine: 2 })]);
    expect(exact).toMatchObject({ ok: true, passes: ['exact'] });
    expect(exact.ok && exact.text).toBe('say(\u201chi\u201d)\nsay("bye")\n');
    const twin = applyHunks(file, [hunk(['-say("hi")', '+say("bye")'], { hintLine: 1 })]);
    expect(twin).toMatchObject({ ok: true, passes: ['punctuation'] });
    expect(twin.ok && twin.text).toBe('say(\u201cbye\u201d)\nsay("hi")\n');
  });

  it('an exact match whose twin differs only in ASCII spacing is not ambiguous (that difference is typed)', () => {
    const file = 'f(a,b)\nf(a, b)\n';
    const r = applyHunks(file, [hunk(['-f(a, b)', '+f(a, c)'])]);
    expect(r).toMatchObject({ ok: true, passes: ['exact'] });
    expect(r.ok && r.text).toBe('f(a,b)\nf(a, c)\n');
  });

  it('keeps double spaces significant', () => {
    const file = 'a  b \u201cq\u201d\n';
    const r = applyHunks(file, [hunk(['-a b "q"', '+c'])]);
    expect(r.ok).toBe(false);
  });

  it('falls back to the wide profile for an ideographic comma and re-indented lines', () => {
    const file = '\t\u7532\u3001\u4e59\n\t\u4e19\n';
    const r = applyHunks(file, [hunk(['-    \u7532, \u4e59', '+    \u7532, \u4e01'])]);
    expect(r).toMatchObject({ ok: true, passes: ['punctuation-wide'] });
    expect(r.ok && r.text).toBe('\t\u7532\u3001\u4e01\n\t\u4e19\n');
  });

  it('uses the header as a start for the tolerant search', () => {
    const file = 'def a():\n    say(\u201chi\u201d)\ndef b():\n    say(\u201chi\u201d)\n';
    const r = applyHunks(file, [hunk(['-    say("hi")', '+    say("bye")'], { header: 'def b():' })]);
    expect(r.ok && r.text).toBe('def a():\n    say(\u201chi\u201d)\ndef b():\n    say(\u201cbye\u201d)\n');
  });

  it('pins a tolerant match to the end of the file when the hunk says so', () => {
    const file = 'q(\u201cx\u201d)\nq(\u201cx\u201d)\n';
    const r = applyHunks(file, [hunk(['-q("x")', '+q("y")'], { endOfFile: true })]);
    expect(r.ok && r.text).toBe('q(\u201cx\u201d)\nq(\u201cy\u201d)\n');
  });

  it('carries the file punctuation into a block that merges lines, and says so', () => {
    const file = 'a = \u201cx\u201d\nb = 1\n';
    const r = locateHunks(new LineIndex(splitLines(file).map((l) => l.text)), [hunk(['-a = "x"', '-b = 1', '+a = "x"; b = 1'])]);
    expect(r.ok).toBe(true);
    expect(r.ok && r.replacements[0]!.lines.filter((l) => l.op === '+').map((l) => l.text)).toEqual(['a = \u201cx\u201d; b = 1']);
    expect(r.ok && r.replacements[0]!.note).toContain('replaced by a different number of lines');
  });

  it('writes a removed line that differs from the file only in punctuation as the file line when the model re-adds it unchanged', () => {
    const file = 'a = \u201cx\u201d\nb = 1\n';
    const r = applyHunks(file, [hunk(['-a = "x"', '-b = 1', '+a = "x"', '+b = 2', '+c = 3'])]);
    expect(r.ok && r.text).toBe('a = \u201cx\u201d\nb = 2\nc = 3\n');
  });

  it('applies a block with unequal line counts when the removed lines are exactly the file text', () => {
    const file = 'say(\u201chi\u201d)\nb = 1\nc = 2\n';
    const r = applyHunks(file, [hunk([' say("hi")', '-b = 1', '-c = 2', '+bc = 3'])]);
    expect(r.ok && r.text).toBe('say(\u201chi\u201d)\nbc = 3\n');
  });

  it('retries the tolerant step without a trailing blank context line the file lacks', () => {
    const file = 'say(\u201chi\u201d)\nend\n';
    const r = applyHunks(file, [hunk(['-say("hi")', '+say("yo")', ' '])]);
    expect(r.ok && r.text).toBe('say(\u201cyo\u201d)\nend\n');
  });
});

describe('tolerantCandidates and tolerantSeek', () => {
  const index = new LineIndex(['x', '\u201ca\u201d', 'y', '\u201ca\u201d', 'z']);

  it('collects every candidate from the start position', () => {
    expect(tolerantCandidates(index, ['"a"'], 0, 'punctuation')).toEqual([1, 3]);
    expect(tolerantCandidates(index, ['"a"'], 2, 'punctuation')).toEqual([3]);
  });

  it('finds the same candidates in a UTF-8 file read as bytes as in the same lines as strings', () => {
    const lines = ['x', '\u201ca\u201d', 'const b\u2014c = \u201cd\u201d;', '\u201ca\u201d', '\u3010e\u3011', 'z'];
    const bytes = LineTable.fromUtf8(Buffer.from(`${lines.join('\n')}\n`, 'utf8'));
    for (const pattern of [['"a"'], ['const b-c = "d";'], ['"a"', '[e]'], ['[e]']]) {
      for (const pass of ['punctuation', 'punctuation-wide'] as const) {
        expect(tolerantCandidates(new LineIndex(bytes), pattern, 0, pass)).toEqual(
          tolerantCandidates(new LineIndex(lines), pattern, 0, pass),
        );
      }
    }
    expect(tolerantCandidates(new LineIndex(bytes), ['const b-c = "d";'], 0, 'punctuation')).toEqual([2]);
  });

  it('reports ambiguity with the profile that found it', () => {
    expect(tolerantSeek(index, ['"a"'], 0)).toEqual({ kind: 'ambiguous', candidates: [1, 3], pass: 'punctuation' });
  });

  it('reports nothing for text that is not there under any profile', () => {
    expect(tolerantSeek(index, ['"b"'], 0)).toEqual({ kind: 'none' });
  });
});

describe('carryLine rebuilds an added line around the file text', () => {
  it.each([
    ['a changed word between curly quotes', 'x = \u201cold\u201d', 'x = "old"', 'x = "new"', 'x = \u201cnew\u201d'],
    [
      'a changed suffix after a full-width colon',
      '\u540d\uff1a\u5f20\u4e09',
      '\u540d: \u5f20\u4e09',
      '\u540d: \u674e\u56db',
      '\u540d\uff1a\u674e\u56db',
    ],
    ['an appended argument after a curly-quoted one', 'f(\u2018a\u2019)', "f('a')", "f('a', 'b')", "f(\u2018a\u2019, 'b')"],
    ['a removed space the model meant to remove', 'a: \u201cb\u201d', 'a: "b"', 'a:"b"', 'a:\u201cb\u201d'],
    ['a line whose trailing whitespace differs', 'v = \u201c1\u201d  ', 'v = "1"', 'v = "2"', 'v = \u201c2\u201d  '],
    ['an added line that keeps nothing in common', '\u201cq\u201d', '"q"', 'zzz', 'zzz'],
  ])('for %s', (_name, file, removed, added, expected) => {
    expect(carryLine(file, removed, added, 'punctuation')).toBe(expected);
  });

  it('refuses when the removed line is not equivalent to the file line', () => {
    expect(carryLine('x = 1', 'x = 2', 'x = 3', 'punctuation')).toBeUndefined();
  });
});

describe('carryFilePunctuation', () => {
  it('rebuilds only the added lines and keeps the block order of removed and added lines', () => {
    const lines: HunkLine[] = [
      { op: ' ', text: 'ctx' },
      { op: '-', text: 'a("1")' },
      { op: '+', text: 'a("2")' },
    ];
    const r = carryFilePunctuation(['ctx', 'a(\u201c1\u201d)'], 0, lines, 'punctuation');
    expect(r).toEqual({ ok: true, lines: [lines[0], lines[1], { op: '+', text: 'a(\u201c2\u201d)' }] });
  });

  it('leaves a pure insertion exactly as the patch wrote it', () => {
    const lines: HunkLine[] = [
      { op: ' ', text: '"a"' },
      { op: '+', text: 'new "line"' },
    ];
    expect(carryFilePunctuation(['\u201ca\u201d'], 0, lines, 'punctuation')).toEqual({ ok: true, lines });
  });
});
