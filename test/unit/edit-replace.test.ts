import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeForMatch } from '../../src/match/normalize.js';
import { squeezeGaps, tolerantHits } from '../../src/edit/punctuation.js';
import { overlaps, planEntry } from '../../src/edit/replace.js';
import { FileView, type LfSplice } from '../../src/edit/view.js';
import { applySplices, spliceText, withEndings } from '../../src/edit/write.js';
import { joinLines } from '../../src/text/lines.js';
import type { EditEntry } from '../../src/types.js';

/** Plan one entry against `text` and return the edited text, or the failure. */
function edit(text: string, e: EditEntry, tolerant = true) {
  const view = new FileView(text);
  const r = planEntry(view, e, { tolerant });
  if (r.ok !== true) return { ok: false as const, code: r.code, message: r.message };
  const edited = joinLines(applySplices(view, r.splices));
  // The bytes written come from spliceText; the diff from the lines: they must agree.
  expect(spliceText(view, r.splices)).toBe(edited);
  return { ok: true as const, text: edited, step: r.step, cleaned: r.cleaned, folds: r.folds ?? [], count: r.splices.length };
}

const e = (old_string: string, new_string: string, replace_all?: boolean): EditEntry => ({
  old_string,
  new_string,
  ...(replace_all ? { replace_all } : {}),
});

describe('exact replacement', () => {
  it.each([
    ['a word in the middle of a line', 'const port = 8080;\n', e('8080', '3000'), 'const port = 3000;\n'],
    ['a whole line', 'a\nb\nc\n', e('b\n', 'B\n'), 'a\nB\nc\n'],
    ['a block of lines', 'a\nb\nc\nd\n', e('b\nc\n', 'x\n'), 'a\nx\nd\n'],
    ['text at the very start', 'abc\n', e('a', 'z'), 'zbc\n'],
    ['a last line without a final newline', 'a\nlast', e('last', 'end'), 'a\nend'],
    ['a deleted line', 'a\nb\nc\n', e('b\n', ''), 'a\nc\n'],
    ['a line break removed, joining two lines', 'a\nb\n', e('a\n', 'a '), 'a b\n'],
    ['an inserted line', 'a\nc\n', e('a\n', 'a\nb\n'), 'a\nb\nc\n'],
    ['astral characters', 'x 😀 y\n', e('😀', '🎉'), 'x 🎉 y\n'],
  ])('replaces %s', (_name, text, entry, expected) => {
    const r = edit(text, entry);
    expect(r).toMatchObject({ ok: true, text: expected, step: 'exact' });
  });

  it('replaces every occurrence with replace_all and counts each one', () => {
    const r = edit('userID := 1\nf(userID)\nuserID++\n', e('userID', 'userId', true));
    expect(r).toMatchObject({ ok: true, text: 'userId := 1\nf(userId)\nuserId++\n', count: 3 });
  });

  it('replaces overlapping occurrences left to right, never twice', () => {
    expect(edit('aaaa\n', e('aa', 'b', true))).toMatchObject({ ok: true, text: 'bb\n', count: 2 });
  });

  it('refuses several occurrences without replace_all, naming their lines', () => {
    const r = edit('x\ny\nx\nx\n', e('x', 'z'));
    expect(r).toMatchObject({ ok: false, code: 'old_string_ambiguous' });
    expect(r.ok === false && r.message).toContain('old_string found 3 times (lines 1, 3, 4)');
    expect(r.ok === false && r.message).toContain('set replace_all: true');
    expect(r.ok === false && r.message).toContain('more surrounding context');
  });

  it('caps the line list and says how many more there are', () => {
    const r = edit('x\n'.repeat(14), e('x', 'y'));
    expect(r.ok === false && r.message).toContain('old_string found 14 times (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, +4 more)');
  });

  it('counts overlapping places as ambiguous: the edit could land in either', () => {
    expect(edit('----\n', e('---', '==='))).toMatchObject({ ok: false, code: 'old_string_ambiguous' });
  });

  it.each([
    ['equal strings', e('same', 'same')],
    ['strings that differ only in line-ending style', e('a\nb', 'a\r\nb')],
  ])('refuses %s as identical', (_name, entry) => {
    const r = edit('same\na\nb\n', entry);
    expect(r).toMatchObject({ ok: false, code: 'identical_strings' });
    expect(r.ok === false && r.message).toContain('old_string and new_string are identical');
  });
});

describe('trailing-newline tolerance', () => {
  it.each([
    ['old_string has a final newline the last line lacks', 'a\nlast', e('last\n', 'end\n'), 'a\nend'],
    ['new_string without a final newline is used as is', 'a\nlast', e('last\n', 'end'), 'a\nend'],
    [
      'its only match goes on with more text on the same line (Chord: both newlines dropped)',
      'return x; // why\n',
      e('return x;\n', 'return y;\n'),
      'return y; // why\n',
    ],
  ])('applies when %s', (_name, text, entry, expected) => {
    expect(edit(text, entry)).toMatchObject({ ok: true, text: expected, step: 'trailing-newline' });
  });

  it.each([['a one-character typo at the end of a line', 'f(add(1, 2))\n', e('f(add(1, 2)\n', 'g()\n')]])(
    'does not apply when %s: without its newline old_string would match a line with a bracket dropped',
    (_name, text, entry) => {
      expect(edit(text, entry)).toMatchObject({ ok: false, code: 'old_string_not_found' });
    },
  );

  it('is not used by batch entries', () => {
    expect(edit('a\nlast', e('last\n', 'end\n'), false)).toMatchObject({ ok: false, code: 'old_string_not_found' });
  });
});

describe('line endings', () => {
  it.each([
    ['CRLF file: LF old_string matches and new lines get CRLF', 'a\r\nb\r\nc\r\n', e('a\nb\n', 'x\ny\nz\n'), 'x\r\ny\r\nz\r\nc\r\n'],
    ['CR file: new lines get CR', 'a\rb\rc\r', e('b\r', 'b1\nb2\r'), 'a\rb1\rb2\rc\r'],
    ['CRLF old_string on an LF file', 'a\nb\n', e('a\r\nb', 'a\r\nB'), 'a\nB\n'],
    ['mixed file: each new line break takes the ending of the block it replaces', 'a\r\nb\nc\r\n', e('a\nb\n', 'A\nB\n'), 'A\r\nB\nc\r\n'],
    ["mixed file: extra new lines take the block's last ending", 'a\r\nb\nc\r\n', e('a\nb\n', 'A\nX\nB\n'), 'A\r\nX\nB\nc\r\n'],
    ["mixed file: a break inside a line takes that line's ending", 'a\r\nb\nc\r\n', e('b', 'b1\nb2'), 'a\r\nb1\nb2\nc\r\n'],
    ['untouched lines keep their endings byte for byte', 'x\r\ny\nz\r', e('y', 'Y'), 'x\r\nY\nz\r'],
  ])('%s', (_name, text, entry, expected) => {
    expect(edit(text, entry)).toMatchObject({ ok: true, text: expected });
  });

  it('gives a mixed block its own endings in order', () => {
    const view = new FileView('a\r\nb\nc\rd');
    const s: LfSplice = { start: 0, end: 6, text: '1\n2\n3\n', entry: 0 };
    expect(withEndings(view, s)).toBe('1\r\n2\n3\r');
  });
});

describe('invisible characters', () => {
  it('cleans the invisible characters new_string adds and counts them', () => {
    const r = edit('let a = 1;\n', e('a = 1', 'a\u200B = 2\u200B'));
    expect(r).toMatchObject({ ok: true, text: 'let a = 2;\n' });
    expect(r.ok && [...r.cleaned]).toEqual([[0x200b, 2]]);
  });

  it('keeps invisible characters that old_string carries through unchanged (a Persian ZWNJ)', () => {
    const text = 'می\u200Cخواهم x\n';
    const r = edit(text, e('می\u200Cخواهم x', 'می\u200Cخواهم y'));
    expect(r).toMatchObject({ ok: true, text: 'می\u200Cخواهم y\n' });
    expect(r.ok && r.cleaned.size).toBe(0);
  });

  it('keeps a combining mark that new_string puts on a letter of the file', () => {
    expect(edit('cafe\n', e('cafe', 'cafe\u0301'))).toMatchObject({ ok: true, text: 'cafe\u0301\n' });
  });

  it('matches an old_string whose leaked invisible characters the file does not have', () => {
    expect(edit('hello world\n', e('hello\u200B world', 'hi world'))).toMatchObject({ ok: true, text: 'hi world\n', step: 'invisible' });
  });

  it('refuses a change that consists only of invisible characters', () => {
    const r = edit('abc\n', e('abc', 'ab\u200Bc'));
    expect(r).toMatchObject({ ok: false, code: 'invisible_only' });
    expect(r.ok === false && r.message).toContain('U+200B×1');
  });
});

describe('punctuation tolerance', () => {
  it.each([
    ['curly quotes in the file', 'print(“hi”)\n', e('print("hi")', 'print("hello")'), 'print(“hello”)\n', 'quotes'],
    ['a full-width colon and no space', 'name：value\n', e('name: value', 'name: other'), 'name：other\n', 'cjk'],
    ['an em dash in the file', 'a — b\n', e('a - b', 'a - c'), 'a — c\n', 'dashes'],
    ['full-width parentheses', 'f（x）\n', e('f(x)', 'f(y)'), 'f（y）\n', 'cjk'],
    ['a dropped space between words', 'diffand more\n', e('diff and', 'diff or'), 'diffor more\n', 'optional space'],
    ['an inserted space after a comma', 'f(a,b)\n', e('f(a, b)', 'f(a, c)'), 'f(a,c)\n', 'optional space'],
    ['straight quotes in the file, curly in old_string', "say 'x'\n", e('say ‘x’', 'say ‘y’'), "say 'y'\n", 'quotes'],
  ])("matches %s and keeps the file's punctuation in unchanged text", (_name, text, entry, expected, fold) => {
    const r = edit(text, entry);
    expect(r).toMatchObject({ ok: true, text: expected, step: 'punctuation' });
    expect(r.ok && r.folds).toContain(fold);
  });

  it('folds out a combining mark with no visible base', () => {
    const r = edit('### 2.1 Intro\n', e('### \u03042.1 Intro', '### 2.1 Introduction'));
    // The argument clean that runs before the punctuation step already drops it.
    expect(r).toMatchObject({ ok: true, text: '### 2.1 Introduction\n', step: 'invisible' });
    expect(edit('“### 2.1” Intro\n', e('"### \u03042.1" Intro', '"### 2.2" Intro'))).toMatchObject({
      ok: true,
      text: '“### 2.2” Intro\n',
      step: 'punctuation',
    });
  });

  it('keeps genuine layout differences significant', () => {
    expect(edit('a  b\n', e('a b', 'c'))).toMatchObject({ ok: false, code: 'old_string_not_found' });
    expect(edit('  indented\n', e('indented\n  x', 'y'))).toMatchObject({ ok: false, code: 'old_string_not_found' });
  });

  it('refuses an ambiguous tolerant match with the candidate lines', () => {
    const r = edit('x = “a”\ny\nx = “a”\n', e('x = "a"', 'x = "b"'));
    expect(r).toMatchObject({ ok: false, code: 'old_string_ambiguous' });
    expect(r.ok === false && r.message).toContain('old_string found 2 times under punctuation tolerance (lines 1, 3)');
  });

  it('is not used by batch entries', () => {
    expect(edit('print(“hi”)\n', e('print("hi")', 'print("hello")'), false)).toMatchObject({ ok: false, code: 'old_string_not_found' });
  });

  it('keeps CRLF endings around a tolerant match', () => {
    expect(edit('a\r\nprint(“hi”)\r\nb\r\n', e('print("hi")\nb', 'print("yo")\nb'))).toMatchObject({
      ok: true,
      text: 'a\r\nprint(“yo”)\r\nb\r\n',
    });
  });
});

describe('old_string not found', () => {
  it('points at the closest block for a one-character typo', () => {
    const text = 'func main() {\n\tfmt.Println(add(1, 2))\n}\n';
    const r = edit(text, e('\tfmt.Println(add(1, 2)\n', 'x\n'));
    expect(r).toMatchObject({ ok: false, code: 'old_string_not_found' });
    const message = r.ok === false ? r.message : '';
    expect(message).toMatch(/^old_string not found in file; the closest match is at line 2 \(\d+% similar\)/);
    expect(message).toContain('file line 2:');
    expect(message).toContain('first difference at column 23: the file has ")", old_string has the end of the line');
  });
});

describe('a re-sent edit', () => {
  const file = 'function load(path) {\n  const text = read(path);\n  return parse(text);\n}\n';
  const insert = e('  const text = read(path);', '  const text = read(path);\n  if (text === undefined) return null;');

  it('applies an insertion once, and the second time finds it already applied instead of adding the line twice', () => {
    const first = edit(file, insert);
    expect(first).toMatchObject({ ok: true, step: 'exact' });
    const second = edit((first as { text: string }).text, insert);
    expect(second).toMatchObject({ ok: false, code: 'already_applied' });
    expect((second as { message: string }).message).toContain('(line 2)');
    expect((second as { message: string }).message).toContain('already applied; no change made; do not resubmit');
  });

  it('still applies an insertion whose added line stands elsewhere in the file, not at old_string', () => {
    const elsewhere = `${file}  if (text === undefined) return null;\n`;
    expect(edit(elsewhere, insert)).toMatchObject({ ok: true, step: 'exact' });
  });

  it('finds a replacement already applied when old_string is gone and new_string is in the file once', () => {
    const r = edit('const port = 3000;\n', e('const port = 8080;', 'const port = 3000;'), false);
    expect(r).toMatchObject({ ok: false, code: 'already_applied' });
  });

  it('keeps reporting not found for a deletion whose old_string drifted: new_string, part of old_string, was there before', () => {
    const r = edit('  if (a)\n    return;\n', e('  if (a)\n      return;', '  if (a)'), false);
    expect(r).toMatchObject({ ok: false, code: 'old_string_not_found' });
  });

  it('keeps reporting not found when new_string is in the file more than once (no single place to point at)', () => {
    const r = edit('x = 1;\nx = 1;\n', e('x = 2;', 'x = 1;'), false);
    expect(r).toMatchObject({ ok: false, code: 'old_string_not_found' });
  });

  it('leaves replace_all alone: every occurrence is replaced, as asked', () => {
    expect(edit('foo2 foo\n', e('foo', 'foo2', true))).toMatchObject({ ok: true, text: 'foo22 foo2\n' });
  });
});

describe("a one-line old_string that matches inside a deeper line's indentation", () => {
  const py = 'class Loader:\n    def load(self, path):\n        text = read(path)\n        return parse(text)\n';

  it("indents the lines new_string adds at old_string's own level by what the file has more", () => {
    const r = edit(py, e('    text = read(path)', '    text = read(path)\n    log(path)'));
    expect(r).toMatchObject({ ok: true, step: 'exact', text: py.replace('read(path)\n', 'read(path)\n        log(path)\n') });
  });

  it('does the same with tabs in the file', () => {
    const tabs = 'def f():\n\tif x:\n\t\ty = 1\n';
    expect(edit(tabs, e('\ty = 1', '\ty = 1\n\tz = 2'))).toMatchObject({ ok: true, text: 'def f():\n\tif x:\n\t\ty = 1\n\t\tz = 2\n' });
  });

  it('refuses when the added lines sit at other levels: relative or absolute cannot be told', () => {
    const r = edit(py, e('    text = read(path)', '    text = read(path)\n    if text is None:\n        return None'));
    expect(r).toMatchObject({ ok: false, code: 'old_string_not_found' });
    expect((r as { message: string }).message).toContain('starts inside the indentation of line 3');
  });

  it('writes the added lines as they stand when old_string brings no indentation of its own', () => {
    const r = edit(py, e('text = read(path)', 'text = read(path)\n        log(path)'));
    expect(r).toMatchObject({ ok: true, text: py.replace('read(path)\n', 'read(path)\n        log(path)\n') });
  });

  it("leaves a replacement that adds no line alone (the file's indentation stays in front)", () => {
    expect(edit(py, e('    text = read(path)', '    text = load(path)'))).toMatchObject({
      ok: true,
      text: py.replace('read(path)\n', 'load(path)\n'),
    });
  });

  it('leaves a multi-line old_string alone: its later lines matched the file exactly', () => {
    const r = edit(
      py,
      e('    text = read(path)\n        return parse(text)', '    text = read(path)\n        log(path)\n        return parse(text)'),
    );
    expect(r).toMatchObject({ ok: true, text: py.replace('read(path)\n', 'read(path)\n        log(path)\n') });
  });
});

describe("a multi-line old_string whose first line matches only inside the file line's indentation", () => {
  // Found by the drift corpus (seed 77): "      return null;\n    }" halved from a block indented 12/8 occurs
  // literally once, two columns into a block indented 8/4, where the model's block was another.
  const js = 'function a(x) {\n    if (!x) {\n        return null;\n    }\n    return x;\n}\nfunction b() {\n    return null;\n}\n';

  it('is refused when indentation-blind matching finds the block elsewhere too, naming every place', () => {
    const r = planEntry(new FileView(js), e('  return null;\n}', '  return null;\n  log();\n}'), { tolerant: true });
    expect(r).toMatchObject({ ok: false, code: 'old_string_ambiguous', lines: [3, 8] });
    expect((r as { message: string }).message).toContain('matches line 8 exactly only from inside its indentation');
  });

  it('applies as before where the exact place is the only one with indentation ignored too', () => {
    const only = 'function b() {\n    return null;\n}\n';
    expect(edit(only, e('  return null;\n}', '  return 0;\n}'))).toMatchObject({
      ok: true,
      step: 'exact',
      text: only.replace('null', '0'),
    });
  });

  it('applies as before when old_string starts at the first visible character (no indentation of its own)', () => {
    expect(edit(js, e('return null;\n}', 'return 0;\n}'))).toMatchObject({ ok: true, text: js.replace('return null;\n}', 'return 0;\n}') });
  });
});

describe('applySplices rebuilds only the touched lines', () => {
  it('keeps the original line objects outside the edited region', () => {
    const view = new FileView('a\nb\nc\nd\n');
    const r = planEntry(view, e('b', 'B'), { tolerant: true });
    if (r.ok !== true) throw new Error(r.message);
    const lines = applySplices(view, r.splices);
    expect(lines.map((l) => l.orig)).toEqual([0, undefined, 2, 3]);
  });

  it('merges splices that share a line into one region', () => {
    const view = new FileView('ab ab\nc\n');
    const r = planEntry(view, e('ab', 'x', true), { tolerant: false });
    if (r.ok !== true) throw new Error(r.message);
    const lines = applySplices(view, r.splices);
    expect(joinLines(lines)).toBe('x x\nc\n');
    expect(lines).toHaveLength(2);
  });
});

describe('overlapping batch entries', () => {
  it.each([
    ['two entries on the same text', [e('abc', 'x'), e('bcd', 'y')], [[0, 1]]],
    ['one entry inside another', [e('abcdef', 'x'), e('cd', 'y')], [[0, 1]]],
  ])('are reported for %s', (_name, entries, pairs) => {
    const view = new FileView('abcdef\n');
    const splices = entries.flatMap((en, i) => {
      const r = planEntry(view, en, { tolerant: false, entry: i });
      return r.ok === true ? r.splices : [];
    });
    const found = overlaps(view, splices);
    expect(found.map((o) => o.entries)).toEqual(pairs);
    expect(found[0]!.message).toContain('edits[0] and edits[1] overlap at line 1');
  });

  it('are not reported for entries that only touch', () => {
    const view = new FileView('abcdef\n');
    const splices = [e('abc', 'x'), e('def', 'y')].flatMap((en, i) => {
      const r = planEntry(view, en, { tolerant: false, entry: i });
      return r.ok === true ? r.splices : [];
    });
    expect(overlaps(view, splices)).toEqual([]);
    expect(joinLines(applySplices(view, splices))).toBe('xy\n');
  });
});

describe('the tolerant search through line regions', () => {
  const piece = fc.constantFrom(
    'ab',
    'foo',
    'x1',
    '_',
    ' ',
    '  ',
    '\u00a0',
    ',',
    ':',
    '\uff1a',
    '\u201c',
    '\u201d',
    '"',
    '-',
    '\u2014',
    '(',
    ')',
    '\uff08',
    '\n',
    '\r\n',
    '\u0304',
  );
  const text = fc.array(piece, { maxLength: 40 }).map((a) => a.join(''));
  /** Spell a slice of the file the way a model might: straight punctuation, spaces moved. */
  const variant = (s: string, k: number) =>
    [
      (x: string) => x,
      (x: string) => x.replace(/[\u201c\u201d]/g, '"').replace(/\u2014/g, '-'),
      (x: string) => x.replace(/\uff1a/g, ': ').replace(/\uff08/g, '('),
      (x: string) => x.replace(/ /g, ''),
      (x: string) => x.replace(/([a-z])([a-z])/, '$1 $2'),
    ][k % 5]!(s);

  it('finds exactly the matches a whole-file normalisation finds', () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), fc.nat(), (t, i, j, k) => {
        const view = new FileView(t);
        if (view.lf.length === 0) return;
        const start = i % view.lf.length;
        const old = variant(view.lf.slice(start, start + 1 + (j % 24)), k);
        const on = normalizeForMatch(old);
        if (on.text.trim() === '') return;
        const all = normalizeForMatch(view.lf);
        const expected: number[] = [];
        for (let p = all.text.indexOf(on.text); p >= 0; p = all.text.indexOf(on.text, p + 1)) expected.push(all.map[p]!);
        expect(tolerantHits(view, old, on).map((h) => h.start)).toEqual(expected);
      }),
      { numRuns: 2000, seed: 4 },
    );
  });
});

describe('the presence test of the punctuation step', () => {
  it('finds a run in the squeezed text wherever the file spells it with single spaces between its letters', () => {
    const gap = '[ \\u00A0\\u2002-\\u200A\\u202F\\u205F\\u3000]?';
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\u00a0', '.', '\n'), maxLength: 200 }),
        fc.string({ unit: fc.constantFrom('a', 'b'), minLength: 1, maxLength: 12 }),
        (text, run) => {
          const spelled = new RegExp(Array.from(run).join(gap), 'u').test(text);
          if (spelled) expect(squeezeGaps(text).includes(run)).toBe(true);
          // Squeezing only ever takes characters out.
          expect(squeezeGaps(text).length).toBeLessThanOrEqual(text.length);
        },
      ),
      { seed: 17, numRuns: 1000 },
    );
  });
});
