// Line endings (spec, "Line Endings"): hunks match without endings; untouched
// lines keep theirs byte for byte; added lines follow the file's convention,
// or in a mixed file the line they replace or sit next to; an updated file
// always ends with a line ending. Every case asserts the exact bytes.

import { describe, expect, it } from 'vitest';
import { endingFor, insertionEnding } from '../../src/text/endings.js';
import { runPatchText } from '../../src/run/pipeline.js';
import { edit } from '../../src/index.js';
import { MemFs } from '../support/memfs.js';

const P = (...lines: string[]) => ['*** Begin Patch', '*** Update File: f.txt', ...lines, '*** End Patch'].join('\n');

async function applied(before: string, patch: string): Promise<string> {
  const fs = new MemFs({ 'f.txt': before });
  const o = await runPatchText(patch, { fs, cwd: '/work' });
  expect(o.status, JSON.stringify(o.failed)).toBe('applied');
  return fs.text('/work/f.txt')!;
}

async function edited(before: string, old_string: string, new_string: string): Promise<string> {
  const fs = new MemFs({ 'f.txt': before });
  const o = await edit(JSON.stringify({ path: 'f.txt', old_string, new_string }), { fs, cwd: '/work' });
  expect(o.status, JSON.stringify(o.failed)).toBe('applied');
  return fs.text('/work/f.txt')!;
}

describe('line endings of an updated file', () => {
  it.each<[string, string, string, string]>([
    ['an LF file keeps LF', 'a\nb\nc\n', P(' a', '-b', '+B', ' c'), 'a\nB\nc\n'],
    ['a CRLF file gives the changed line CRLF', 'a\r\nb\r\nc\r\n', P(' a', '-b', '+B', ' c'), 'a\r\nB\r\nc\r\n'],
    ['a CR file gives the changed line CR', 'a\rb\rc\r', P(' a', '-b', '+B', ' c'), 'a\rB\rc\r'],
    ['a CRLF file gives lines appended at the end CRLF', 'a\r\nb\r\n', P('+c', '+d'), 'a\r\nb\r\nc\r\nd\r\n'],
    [
      'a CRLF file gives every line of a longer replacement CRLF',
      'a\r\nb\r\nc\r\n',
      P(' a', '-b', '+B1', '+B2', '+B3', ' c'),
      'a\r\nB1\r\nB2\r\nB3\r\nc\r\n',
    ],
    ['a mixed file: a replaced first line keeps its CRLF', 'a\r\nb\nc\rd\n', P('-a', '+A', ' b'), 'A\r\nb\nc\rd\n'],
    ['a mixed file: a replaced middle line keeps its LF', 'a\r\nb\nc\rd\r\n', P(' a', '-b', '+B', ' c'), 'a\r\nB\nc\rd\r\n'],
    ['a mixed file: a replaced CR line keeps its CR', 'a\r\nb\nc\rd\n', P(' b', '-c', '+C', ' d'), 'a\r\nb\nC\rd\n'],
    ['a mixed file: a replaced last line keeps its CRLF', 'a\nb\rc\r\n', P(' b', '-c', '+C'), 'a\nb\rC\r\n'],
    [
      'a mixed file: the k-th added line takes the k-th removed ending, extras the last',
      'a\nb\r\nc\rd\n',
      P('-a', '-b', '+1', '+2', '+3', ' c'),
      '1\n2\r\n3\r\nc\rd\n',
    ],
    ['a mixed file: a line inserted after a CRLF line takes CRLF', 'a\r\nb\nc\r', P(' a', '+new', ' b'), 'a\r\nnew\r\nb\nc\r'],
    ['a mixed file: a line inserted after an LF line takes LF', 'a\r\nb\nc\r', P(' b', '+new', ' c'), 'a\r\nb\nnew\nc\r'],
    ['a mixed file: a line inserted after a CR line takes CR', 'a\nb\rc\r\n', P(' b', '+new', ' c'), 'a\nb\rnew\rc\r\n'],
    ['a mixed file: a line inserted at the top takes the ending of the line below', 'a\r\nb\nc\n', P('+top', ' a'), 'top\r\na\r\nb\nc\n'],
    [
      'a mixed file: a line one hunk adds where the hunk before it deleted a line takes the deleted line its ending',
      'x\r\ny\nz\r\n',
      P('@@', ' x', '-y', '@@', '+new', ' z'),
      'x\r\nnew\nz\r\n',
    ],
    ['a mixed file: untouched lines keep their endings byte for byte', 'a\r\nb\nc\rd\r\ne\n', P(' c', '-d', '+D'), 'a\r\nb\nc\rD\r\ne\n'],
    ['an LF file without a final newline gets one', 'a\nb', P(' a', '-b', '+B'), 'a\nB\n'],
    ['a CRLF file without a final newline ends in CRLF after a change elsewhere', 'a\r\nb\r\nc', P('-a', '+A', ' b'), 'A\r\nb\r\nc\r\n'],
    ['a CR file without a final newline ends in CR', 'a\rb', P('+c'), 'a\rb\rc\r'],
    ['a mixed file without a final newline takes the ending of the line above', 'a\nb\r\nc', P('-a', '+A'), 'A\nb\r\nc\r\n'],
    ['a one-line file without any ending gets LF', 'only', P('-only', '+changed'), 'changed\n'],
    [
      'patch text sent with CRLF still writes LF into an LF file',
      'a\nb\nc\n',
      P(' a', '-b', '+B', ' c').replace(/\n/g, '\r\n'),
      'a\nB\nc\n',
    ],
    ['patch text sent with CRLF writes CR into a CR file', 'a\rb\r', P(' a', '-b', '+B').replace(/\n/g, '\r\n'), 'a\rB\r'],
  ])('%s', async (_, before, patch, after) => {
    expect(JSON.stringify(await applied(before, patch))).toBe(JSON.stringify(after));
  });
});

describe('the line-ending rule both tools write by', () => {
  it("takes the file's one ending, else the k-th replaced line's, else the last replaced, else a neighbour's", () => {
    const never = () => {
      throw new Error('asked for a neighbour with lines replaced');
    };
    expect(endingFor('\r\n', ['\n'], 0, never)).toBe('\r\n');
    expect(endingFor(undefined, ['\r\n', '\n'], 1, never)).toBe('\n');
    expect(endingFor(undefined, ['\r\n', '\n'], 4, never)).toBe('\n');
    expect(endingFor(undefined, [], 0, () => '\r')).toBe('\r');
  });
});

describe('a pure insertion in a mixed file: the same ending from both tools', () => {
  const MIXED = 'a\r\nb\nc\r\n';
  // Each row: one insertion, as the hunk that adds it and as edits that add it, and the one result.
  it.each<[string, string, string[], [string, string][], string]>([
    [
      'a line between a CRLF line and an LF line takes CRLF (the line above)',
      MIXED,
      [' a', '+x', ' b'],
      [
        ['b', 'x\nb'],
        ['a', 'a\nx'],
        ['a\nb', 'a\nx\nb'],
      ],
      'a\r\nx\r\nb\nc\r\n',
    ],
    [
      'a line between an LF line and a CRLF line takes LF (the line above)',
      MIXED,
      [' b', '+x', ' c'],
      [
        ['c', 'x\nc'],
        ['b', 'b\nx'],
      ],
      'a\r\nb\nx\nc\r\n',
    ],
    [
      'two lines at the top take the first line its ending (nothing above)',
      MIXED,
      ['+x', '+y', ' a'],
      [['a', 'x\ny\na']],
      'x\r\ny\r\na\r\nb\nc\r\n',
    ],
    ['a blank line above an LF line takes CRLF (the line above)', MIXED, [' a', '+', ' b'], [['a\nb', 'a\n\nb']], 'a\r\n\r\nb\nc\r\n'],
    ['a line after the last line takes its ending', 'a\nb\r\n', [' b', '+x'], [['b', 'b\nx']], 'a\nb\r\nx\r\n'],
  ])('%s', async (_, before, hunk, edits, after) => {
    expect(JSON.stringify(await applied(before, P(...hunk)))).toBe(JSON.stringify(after));
    for (const [old_string, new_string] of edits) {
      expect(JSON.stringify(await edited(before, old_string, new_string)), `${old_string} -> ${new_string}`).toBe(JSON.stringify(after));
    }
  });

  it('gives a line break that splits a line that line its ending (as when the edit replaces the line)', async () => {
    expect(JSON.stringify(await edited('a\r\nb c\nd\r\n', 'b c', 'b\nc'))).toBe(JSON.stringify('a\r\nb\nc\nd\r\n'));
    expect(JSON.stringify(await applied('a\r\nb c\nd\r\n', P(' a', '-b c', '+b', '+c', ' d')))).toBe(JSON.stringify('a\r\nb\nc\nd\r\n'));
  });
});

describe('what "next to it" means for a pure insertion', () => {
  const eols = ['\r\n', '', '\n', '\r'];
  const at = (i: number) => {
    const e = eols[i];
    if (e === undefined) throw new Error(`asked for line ${i} of ${eols.length}`);
    return e;
  };

  it('takes the nearest ending at or above the line the insertion follows', () => {
    expect(insertionEnding(at, 4, 0)).toBe('\r\n');
    expect(insertionEnding(at, 4, 2)).toBe('\n');
    expect(insertionEnding(at, 4, 1)).toBe('\r\n');
  });

  it('takes the nearest ending below at the top of the file, and none when no line has one', () => {
    expect(insertionEnding(at, 4, -1)).toBe('\r\n');
    expect(insertionEnding((i) => ['', '', '\r'][i]!, 3, -1)).toBe('\r');
    expect(insertionEnding(() => '', 2, 1)).toBe('');
    expect(insertionEnding(at, 0, -1)).toBe('');
  });
});
