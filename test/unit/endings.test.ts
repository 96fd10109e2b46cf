// Line endings (spec, "Line Endings"): hunks match without endings; untouched
// lines keep theirs byte for byte; added lines follow the file's convention,
// or in a mixed file the line they replace or sit next to; an updated file
// always ends with a line ending. Every case asserts the exact bytes.

import { describe, expect, it } from 'vitest';
import { endingFor } from '../../src/text/endings.js';
import { runPatchText } from '../../src/core/pipeline.js';
import { MemFs } from '../support/memfs.js';

const P = (...lines: string[]) => ['*** Begin Patch', '*** Update File: f.txt', ...lines, '*** End Patch'].join('\n');

async function applied(before: string, patch: string): Promise<string> {
  const fs = new MemFs({ 'f.txt': before });
  const o = await runPatchText(patch, { fs, cwd: '/work' });
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
