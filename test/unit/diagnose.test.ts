import { describe, expect, it } from 'vitest';
import { describeMiss } from '../../src/match/describe.js';
import { firstDifference } from '../../src/match/closest-line.js';
import { diagnoseHunk } from '../../src/match/diagnose.js';
import { similarity } from '../../src/match/distance.js';
import { locateHunks } from '../../src/match/hunks.js';
import { LineIndex } from '../../src/match/seek.js';
import type { Hunk, HunkLine } from '../../src/types.js';

function hunk(body: string[], extra: Partial<Hunk> = {}): Hunk {
  const lines: HunkLine[] = body.map((l) => ({ op: l[0] as HunkLine['op'], text: l.slice(1) }));
  return { lines, endOfFile: false, patchLine: 1, ...extra };
}

const FILE = [
  'import os',
  '',
  'def load(path):',
  '    with open(path) as f:',
  '        data = f.read()',
  '    return data',
  '',
  'def save(path, data):',
  '    with open(path, "w") as f:',
  '        f.write(data)',
  '    log("saved", path)',
  '',
  'def main():',
  '    print("hello world")',
];

const diagnose = (body: string[], cursor = 0, extra: Partial<Hunk> = {}) => diagnoseHunk(FILE, hunk(body, extra), cursor);

describe('diagnoseHunk picks the single most useful hint', () => {
  it('says the hunk appears to be already applied when its + side is in the file', () => {
    const d = diagnose([' def main():', '-    print("hi")', '+    print("hello world")']);
    expect(d).toMatchObject({ hint: 'already_applied', line: 12 });
    expect(d.text).toContain('appears to be already applied');
    expect(d.text).toContain('line 13');
  });

  it('says the context exists but not at the end of the file for an End of File hunk', () => {
    const d = diagnose([' def load(path):', '-    with open(path) as f:', '+    with open(path, "rb") as f:'], 0, { endOfFile: true });
    expect(d).toMatchObject({ hint: 'eof', line: 2 });
    expect(d.text).toContain('*** End of File');
  });

  it('says the context exists earlier than the preceding hunk', () => {
    const d = diagnose([' def load(path):', '-    with open(path) as f:', '+    with open(path, "rb") as f:'], 9);
    expect(d).toMatchObject({ hint: 'earlier', line: 2 });
    expect(d.text).toContain('before the preceding hunk: hunks must follow file order');
  });

  it('points at an ellipsis line as an omission placeholder', () => {
    const d = diagnose([' def save(path, data):', ' ...', '-    log("saved", path)', '+    log("stored", path)']);
    expect(d.hint).toBe('placeholder');
    expect(d.text).toContain('hunk line 2 "..." looks like an omission placeholder');
  });

  it('points at a whitespace-only context line that stands in for omitted code', () => {
    const d = diagnose([' def save(path, data):', '    ', '-    log("saved", path)', '+    log("stored", path)']);
    expect(d.hint).toBe('placeholder');
    expect(d.text).toContain('hunk line 2 is blank where the file has 2 lines of code (lines 9-10)');
  });

  it('says how many lines match and where the next one differs, with the first differing column', () => {
    const d = diagnose([' def save(path, data):', '     with open(path, "wb") as f:', '-        f.write(data)']);
    expect(d.hint).toBe('partial_block');
    expect(d.text).toContain('the first line matches at line 8 but hunk line 2 differs');
    expect(d.text).toContain('expected "    with open(path, \\"wb\\") as f:", found "    with open(path, \\"w\\") as f:" at line 9');
    expect(d.text).toContain('first difference at column 23: expected "b", found "\\""');
  });

  it('names the line-count difference when the file has extra lines', () => {
    const d = diagnose([' def load(path):', '     with open(path) as f:', '-    return data', '+    return data.strip()']);
    expect(d.hint).toBe('partial_block');
    expect(d.text).toContain('line-count difference: the file has 1 extra line before it (the expected line is at line 6)');
  });

  it('names a blank line the file has and the hunk lacks', () => {
    const d = diagnose(['     return data', ' def save(path, data):', '-    with open(path, "w") as f:']);
    expect(d.text).toContain('the file has a blank line here that the hunk lacks');
  });

  it('names lines the hunk has and the file lacks', () => {
    const d = diagnose([' def load(path):', '     path = str(path)', '     with open(path) as f:', '-        data = f.read()']);
    expect(d.text).toContain('the hunk has 1 line the file lacks here');
  });

  it('says the expected text is only part of a file line', () => {
    const d = diagnose(['-open(path, "w")', '+open(path, "a")']);
    expect(d).toMatchObject({ hint: 'part_of_line', line: 8 });
    expect(d.text).toContain('is only part of line 9');
    expect(d.text).toContain('include the whole line');
  });

  it('names the closest file line and how similar it is', () => {
    const d = diagnose(['-    log("saves", path)', '+    log("x", path)']);
    expect(d).toMatchObject({ hint: 'closest_line', line: 10 });
    expect(d.text).toMatch(/closest file line is 11 \(9\d% similar\)/);
  });

  it('says the line does not exist when nothing is close', () => {
    const d = diagnose(['-class Unrelated(Base):', '+class Other:']);
    expect(d.hint).toBe('missing_line');
    expect(d.text).toContain('does not exist in the file');
  });

  it('says every line exists but not together when no line is distinctive enough to anchor on', () => {
    const d = diagnoseHunk(['{', '}', '{', ')'], hunk(['-{', '-{']), 0);
    expect(d.hint).toBe('not_together');
  });

  it('says a hunk of blank lines has none to stand on, not that every line exists', () => {
    // From the git t4124 port: an empty file and a hunk of blank context were told "every line of the hunk exists".
    expect(diagnoseHunk([], hunk(['-', '-']), 0)).toMatchObject({
      hint: 'not_together',
      text: "the hunk's old side is only blank lines and the file is empty: add a context line that has text",
    });
    expect(diagnoseHunk(['a', '', 'b'], hunk(['-', '-']), 0).text).toContain('the file has no 2 blank lines together');
  });

  it('prefers the matching run over separate lines that exist elsewhere', () => {
    const d = diagnose(['-import os', '-def main():']);
    expect(d.hint).toBe('partial_block');
    expect(d.text).toContain('the first line matches at line 1 but hunk line 2 differs');
  });

  it('accepts a LineIndex or plain lines alike', () => {
    const body = ['-class Unrelated(Base):'];
    expect(diagnoseHunk(new LineIndex(FILE), hunk(body), 0)).toEqual(diagnoseHunk(FILE, hunk(body), 0));
  });
});

describe('describeMiss and locateHunks messages', () => {
  it('starts with hunk not found (N/M) and quotes the first expected complete line', () => {
    const hunks = [hunk([' import os']), hunk(['-class Unrelated(Base):'])];
    const m = describeMiss(new LineIndex(FILE), hunks, 1, 1).message;
    expect(m.startsWith('hunk not found (2/2): expected line "class Unrelated(Base):"')).toBe(true);
  });

  it('labels a long first line as a prefix', () => {
    const long = `x = "${'a'.repeat(200)}"`;
    const m = describeMiss(new LineIndex(FILE), [hunk([`-${long}`])], 0, 0).message;
    expect(m).toContain(`expected line starting ${JSON.stringify(long.slice(0, 120))} (prefix)`);
  });

  it('says earlier hunks matched in memory but were not written', () => {
    const hunks = [hunk([' import os']), hunk([' def load(path):']), hunk(['-nope nope nope'])];
    const r = locateHunks(new LineIndex(FILE), hunks);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain('hunk not found (3/3)');
    expect(!r.ok && r.message).toContain(
      'hunks 1..2 of this file matched in memory but were not written: resubmit them together with this one',
    );
  });
});

describe('diagnostics on a 100,000-line file', () => {
  const big = Array.from({ length: 100_000 }, (_, i) => (i % 10 === 0 ? '}' : `    let value_${i} = compute(${i}, "item");`));

  it('finds the closest line among lines that share a token', () => {
    const d = diagnoseHunk(big, hunk(['-    let value_77777 = compute(77777, "itemz");']), 0);
    expect(d).toMatchObject({ hint: 'closest_line', line: 77777 });
  });

  it('finds a partial block far into the file', () => {
    const d = diagnoseHunk(
      big,
      hunk([' }', '     let value_90001 = compute(90001, "item");', '     let value_90002 = compute(90002, "other");']),
      0,
    );
    expect(d).toMatchObject({ hint: 'partial_block', line: 90002 });
  });
});

describe('helpers', () => {
  it.each([
    ['abc', 'abc', 1],
    ['abc', 'abd', 2 / 3],
    ['', 'x', 0],
    ['kitten', 'sitting', 1 - 3 / 7],
  ])('similarity(%j, %j) is %d', (a, b, s) => {
    expect(similarity(a, b)).toBeCloseTo(s, 5);
  });

  it.each([
    ['say("a")', 'say(\u201ca\u201d)', 'first difference at column 5: expected "\\"", found "\u201c" (U+201C)'],
    ['a b', 'a\tb', 'first difference at column 2: expected a space, found a tab'],
    ['abc', 'ab', 'first difference at column 3: expected "c", found end of line'],
  ])('firstDifference(%j, %j)', (a, b, text) => {
    expect(firstDifference(a, b)).toBe(text);
  });
});
