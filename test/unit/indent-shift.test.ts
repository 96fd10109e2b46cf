// A hunk whose quoted lines show one width on each side (8 spaces where the
// file has 4) fits a ratio (8-space levels for 4-space ones) and a constant
// shift (one level too many) alike: the file's grid around the match picks
// the reading of the nested added lines, and a tie writes nothing. Found by
// the aider editblock audit (ws_overindented_replace_with_nested and three
// like it), which wrote the nested line at 6 spaces (or 16) with exit 0.

import { describe, expect, it } from 'vitest';
import { reindentSeq, type SeqLine } from '../../src/match/indent-evidence.js';

const seq = (removed: [string, string], added: string[]): SeqLine[] => [
  { op: '-', text: removed[0], file: removed[1] },
  ...added.map((text) => ({ op: '+' as const, text })),
];

describe('a ratio or a shift from one quoted width', () => {
  it('shifts when a ratio would put a block body part of a level in', () => {
    const r = reindentSeq(
      seq(['        return x', '    return x'], ['        if x:', '            return x[0]']),
      '    x = list(x)',
      undefined,
      ['def f(x):', '    x = list(x)'],
    );
    expect(r).toMatchObject({ ok: true, added: ['    if x:', '        return x[0]'] });
  });

  it('shifts when the lines around the match show the file’s level is narrower than the quoted width', () => {
    const around = ['class A:', '    def f(self, x):', '        x = list(x)'];
    const r = reindentSeq(
      seq(['    return x', '        return x'], ['    if x:', '        return x[0]']),
      '        x = list(x)',
      undefined,
      around,
    );
    expect(r).toMatchObject({ ok: true, added: ['        if x:', '            return x[0]'] });
  });

  it('scales when the model’s levels are wider than the file’s and the shift would leave the grid', () => {
    const around = ['root:', '  a:', '    b: 1'];
    const r = reindentSeq(seq(['        c: 1', '    c: 1'], ['        c:', '            d: 1']), '    b: 1', undefined, around);
    expect(r).toMatchObject({ ok: true, added: ['    c:', '      d: 1'] });
  });

  it('refuses, naming both, when both readings keep every rule', () => {
    // 8 spaces for the file's 4 in a 2-space file: the dedented line may go to 2 (8-space levels) or 0 (one level too deep).
    const around = ['a:', '  b:', '    c: 1'];
    const r = reindentSeq(seq(['        c: 1', '    c: 1'], ['        c: 2', '    e: 3']), '  b:', undefined, around);
    expect(r.ok).toBe(false);
    expect(r.ok || r.message).toMatch(/ambiguous: the quoted lines are indented 8 spaces → 4 spaces or 4 spaces less indentation/);
    expect(r.ok || r.message).toContain('"··e: 3" or "e: 3"');
  });
});

// The unified-diff real-commit differential (jsdiff dcea56fc applied to its
// grandparent's 2-space diff.js, -U1): a new function quoted at 4 spaces was
// written at 4 between two lines at 2, with a note that it followed the file.
// Two misreadings made "as typed" score clean: the closed one-line comment
// above it (`/*jshint maxparams: 5*/`) counted as a line going on, and the
// licence header's ` * ` lines (one space in) hid the file's 2-space grid.
describe('a one-line comment and a comment block beside the match', () => {
  const hunk: SeqLine[] = [
    { op: ' ', text: '    /*jshint maxparams: 5*/', file: '  /*jshint maxparams: 5*/' },
    { op: '+', text: '    function map(arr) {' },
    { op: '+', text: '      return arr;' },
    { op: '+', text: '    }' },
    { op: ' ', text: '    function clonePath(path) {', file: '  function clonePath(path) {' },
  ];
  const around = ['/*!', ' * jsdiff', ' * http://example.com', ' */', 'var JsDiff = (function() {', '    return path;', '  }'];

  it('a closed /* … */ line is followed at its own level, so the added function takes the file’s', () => {
    const r = reindentSeq(hunk, 'var JsDiff = (function() {', '    return path;', around);
    expect(r).toMatchObject({ ok: true, added: ['  function map(arr) {', '    return arr;', '  }'] });
  });
});

// The aider editblock audit (ws_overindented_relative_dedent_lost): a SEARCH
// quoted 2 spaces deeper than the file at a width that is no level (6 where
// the file has 4), and a REPLACE line one level out of it. Shifted, it lands
// under `a` (aider's reading); as typed, under `b`. It was written as typed.
describe('a quoted width that is no level size', () => {
  it('fits the shift too, and a tie writes nothing', () => {
    const r = reindentSeq(
      [
        { op: ' ', text: '      c: 1', file: '    c: 1' },
        { op: '+', text: '    e: 3' },
      ],
      '  b:',
      'd: 2',
      ['a:', '  b:', 'd: 2'],
    );
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.message).toContain('may be written "····e: 3" or "··e: 3"');
  });
});
