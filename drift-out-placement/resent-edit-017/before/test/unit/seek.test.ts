import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/match/seek.js';

const file = ['def f():', '    x = 1   ', '    return x', '', 'def g():', '\tpass', 'def f():', '    x = 1', '    return x'];

describe('seeking a block of lines', () => {
  it.each([
    ['an exact block', ['def f():', '    x = 1   '], 0, false, { index: 0, pass: 'exact' }],
    ['the first exact occurrence at or after start', ['def f():'], 1, false, { index: 6, pass: 'exact' }],
    ['the exact block even when a whitespace-drifted one comes first', ['    x = 1', '    return x'], 0, false, { index: 7, pass: 'exact' }],
    ['trailing whitespace only before start', ['def f():', '    x = 1', '    return x'], 0, false, { index: 6, pass: 'exact' }],
    ['a block that differs only in trailing whitespace', ['def f():', '    x = 1', '    return x', ''], 0, false, { index: 0, pass: 'trim-end' }],
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
});
