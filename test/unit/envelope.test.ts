import { describe, expect, it } from 'vitest';
import { parsePatch } from '../../src/input/envelope.js';
import { reverseOps } from '../../src/input/reverse.js';
import { ChordPatchError } from '../../src/errors.js';

const P = (...lines: string[]) => lines.join('\n');

describe('parsing a patch envelope', () => {
  it('reads add, delete, update and move operations in order', () => {
    const { ops, repairs } = parsePatch(
      P(
        '*** Begin Patch',
        '*** Add File: a.txt',
        '+one',
        '+two',
        '*** Delete File: b.txt',
        '*** Update File: c.txt',
        '*** Move to: d.txt',
        '@@ def f():',
        ' ctx',
        '-old',
        '+new',
        '*** End Patch',
      ),
    );
    expect(repairs).toEqual([]);
    expect(ops).toEqual([
      { kind: 'add', path: 'a.txt', lines: ['one', 'two'], patchLine: 2 },
      { kind: 'delete', path: 'b.txt', patchLine: 5 },
      {
        kind: 'update',
        path: 'c.txt',
        moveTo: 'd.txt',
        patchLine: 6,
        hunks: [
          {
            header: 'def f():',
            endOfFile: false,
            patchLine: 8,
            lines: [
              { op: ' ', text: 'ctx' },
              { op: '-', text: 'old' },
              { op: '+', text: 'new' },
            ],
          },
        ],
      },
    ]);
  });

  it.each([
    ['a missing Begin marker', P('*** Update File: f', '@@', '-a', '+b', '*** End Patch'), ['added missing "*** Begin Patch"']],
    ['a missing End marker', P('*** Begin Patch', '*** Update File: f', '@@', '-a', '+b'), ['added missing "*** End Patch"']],
    ['both markers missing', P('*** Update File: f', '-a', '+b'), ['added missing "*** Begin Patch"', 'added missing "*** End Patch"']],
    [
      'a heredoc wrapper',
      P("<<'EOF'", '*** Begin Patch', '*** Update File: f', '-a', '+b', '*** End Patch', 'EOF'),
      ['unwrapped a heredoc wrapper'],
    ],
    [
      'an apply_patch heredoc',
      P('apply_patch <<"PATCH"', '*** Begin Patch', '*** Update File: f', '-a', '+b', '*** End Patch', 'PATCH'),
      ['unwrapped a heredoc wrapper'],
    ],
    ['CRLF patch text', '*** Begin Patch\r\n*** Update File: f\r\n-a\r\n+b\r\n*** End Patch\r\n', []],
    ['padded markers', P('  *** Begin Patch ', '  *** Update File: f  ', '@@', '-a', '+b', ' *** End Patch'), []],
    ['an Environment ID line', P('*** Begin Patch', '*** Environment ID: abc', '*** Update File: f', '-a', '+b', '*** End Patch'), []],
  ])('repairs or accepts %s', (_name, text, repairs) => {
    const parsed = parsePatch(text);
    expect(parsed.repairs).toEqual(repairs);
    expect(parsed.ops).toHaveLength(1);
    const op = parsed.ops[0]!;
    expect(op.kind === 'update' && op.hunks[0]!.lines).toEqual([
      { op: '-', text: 'a' },
      { op: '+', text: 'b' },
    ]);
  });

  it.each([
    ['a bare @@', '@@', undefined],
    ['a header anchor', '@@ class Foo:', 'class Foo:'],
    ['a unified range', '@@ -12,3 +12,4 @@', undefined],
    ['a unified range with a name', '@@ -12,3 +12,4 @@ fn main() {', 'fn main() {'],
  ])('reads %s as the hunk header', (_name, header, expected) => {
    const { ops } = parsePatch(P('*** Begin Patch', '*** Update File: f', header, ' x', '*** End Patch'));
    const op = ops[0]!;
    expect(op.kind === 'update' && op.hunks[0]!.header).toBe(expected);
  });

  it.each([
    ['a unified range', '@@ -12,3 +12,4 @@', 12],
    ['a range at line 0 (an empty file)', '@@ -0,0 +1 @@', undefined],
    ['a header with no range', '@@ class Foo:', undefined],
  ])("keeps the old-side line of %s as the hunk's line hint", (_name, header, expected) => {
    const { ops } = parsePatch(P('*** Begin Patch', '*** Update File: f', header, ' x', '*** End Patch'));
    const op = ops[0]!;
    expect(op.kind === 'update' && op.hunks[0]!.hintLine).toBe(expected);
  });

  it('drops the line hints when reversing an envelope, since they count in the other file', () => {
    const { ops } = parsePatch(P('*** Begin Patch', '*** Update File: f', '@@ -12,1 +12,1 @@', '-a', '+b', '*** End Patch'));
    const op = reverseOps(ops)[0]!;
    expect(op.kind === 'update' && op.hunks[0]).toEqual({
      lines: [
        { op: '-', text: 'b' },
        { op: '+', text: 'a' },
      ],
      endOfFile: false,
      patchLine: 3,
    });
  });

  it('reads consecutive @@ lines as outer anchors of one hunk', () => {
    const { ops } = parsePatch(
      P(
        '*** Begin Patch',
        '*** Update File: f',
        '@@ class B:',
        '@@',
        '@@     def run(self):',
        '-        return 1',
        '+        return 2',
        '*** End Patch',
      ),
    );
    const op = ops[0]!;
    expect(op.kind === 'update' && op.hunks).toEqual([
      {
        header: 'def run(self):',
        anchors: ['class B:'],
        endOfFile: false,
        patchLine: 3,
        lines: [
          { op: '-', text: '        return 1' },
          { op: '+', text: '        return 2' },
        ],
      },
    ]);
  });

  it('keeps a space-prefixed "*** " line inside a hunk as context', () => {
    const { ops } = parsePatch(
      P('*** Begin Patch', '*** Update File: f', '@@', ' *** Add File: not-a-marker', '-a', '+b', '*** End Patch'),
    );
    expect(ops).toHaveLength(1);
    const op = ops[0]!;
    expect(op.kind === 'update' && op.hunks[0]!.lines[0]).toEqual({ op: ' ', text: '*** Add File: not-a-marker' });
  });

  it('reads a bare empty line inside a hunk as empty context, and blank lines before a marker as separators', () => {
    const { ops } = parsePatch(
      P('*** Begin Patch', '*** Update File: f', '@@', ' a', '', ' b', '-c', '', '', '*** Delete File: g', '*** End Patch'),
    );
    const op = ops[0]!;
    expect(op.kind === 'update' && op.hunks[0]!.lines).toEqual([
      { op: ' ', text: 'a' },
      { op: ' ', text: '' },
      { op: ' ', text: 'b' },
      { op: '-', text: 'c' },
    ]);
    expect(ops[1]).toMatchObject({ kind: 'delete', path: 'g' });
  });

  it('marks a hunk followed by End of File and splits several hunks', () => {
    const { ops } = parsePatch(
      P('*** Begin Patch', '*** Update File: f', '@@', '-a', '+b', '@@', ' c', '+d', '*** End of File', '*** End Patch'),
    );
    const op = ops[0]!;
    expect(op.kind === 'update' && op.hunks.map((h) => h.endOfFile)).toEqual([false, true]);
  });

  it.each([
    ['an empty patch', '*** Begin Patch\n*** End Patch', 'empty_patch', undefined, 'no file operations'],
    ['whitespace only', '   \n  ', 'empty_patch', undefined, 'patch is empty'],
    [
      'an unknown operation',
      P('*** Begin Patch', '*** Frobnicate File: foo', '*** End Patch'),
      'parse_error',
      2,
      'expected "*** Add File: <path>"',
    ],
    ['an update without hunks', P('*** Begin Patch', '*** Update File: foo', '*** End Patch'), 'parse_error', 2, 'has no hunk'],
    ['an add without content', P('*** Begin Patch', '*** Add File: foo', '*** End Patch'), 'parse_error', 2, 'has no content'],
    [
      'an add line without +',
      P('*** Begin Patch', '*** Add File: foo', '+a', 'b', '*** End Patch'),
      'parse_error',
      4,
      'must start with "+"',
    ],
    ['a delete with a body', P('*** Begin Patch', '*** Delete File: foo', '-a', '*** End Patch'), 'parse_error', 3, 'takes no body'],
    [
      'a hunk line without prefix',
      P('*** Begin Patch', '*** Update File: foo', '@@', 'oops', '*** End Patch'),
      'parse_error',
      4,
      'unexpected line in the hunk',
    ],
    [
      'an empty hunk',
      P('*** Begin Patch', '*** Update File: foo', '@@ a', '*** Delete File: g', '*** End Patch'),
      'parse_error',
      3,
      'has no lines',
    ],
    [
      'a misplaced Move to',
      P('*** Begin Patch', '*** Update File: foo', '@@', ' a', '*** Move to: bar', '*** End Patch'),
      'parse_error',
      5,
      'must come directly after',
    ],
    [
      'prose before the patch',
      P('Here is the patch:', '*** Begin Patch', '*** Delete File: a', '*** End Patch'),
      'prose_before_patch',
      1,
      'text before',
    ],
    [
      'text after End Patch',
      P('*** Begin Patch', '*** Delete File: a', '*** End Patch', 'thanks'),
      'parse_error',
      4,
      'after "*** End Patch"',
    ],
    [
      'text after blank lines after End Patch (the first such line is named)',
      P('*** Begin Patch', '*** Delete File: a', '*** End Patch', '', '  ', 'thanks', 'more'),
      'parse_error',
      6,
      'after "*** End Patch": "thanks"',
    ],
    [
      'a heredoc without its terminator',
      P("<<'EOF'", '*** Begin Patch', '*** Delete File: a', '*** End Patch'),
      'parse_error',
      1,
      'heredoc',
    ],
    [
      'an End of File without a hunk',
      P('*** Begin Patch', '*** Update File: foo', '*** End of File', '*** End Patch'),
      'parse_error',
      3,
      'must follow',
    ],
    [
      'lines after End of File',
      P('*** Begin Patch', '*** Update File: foo', ' a', '*** End of File', ' b', '*** End Patch'),
      'parse_error',
      5,
      'after "*** End of File"',
    ],
    ['a path-less marker', P('*** Begin Patch', '*** Delete File:   ', '*** End Patch'), 'parse_error', 2, 'needs a path'],
    [
      'a directory path with a trailing slash',
      P('*** Begin Patch', '*** Add File: docs/', '+x', '*** End Patch'),
      'parse_error',
      2,
      'names a directory, not a file',
    ],
    [
      'a dot path',
      P('*** Begin Patch', '*** Update File: src/..', ' x', '*** End Patch'),
      'parse_error',
      2,
      'names a directory, not a file',
    ],
  ])('rejects %s with the line and what was expected', (_name, text, code, line, fragment) => {
    let error: unknown;
    try {
      parsePatch(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ChordPatchError);
    const e = error as ChordPatchError;
    expect(e.code).toBe(code);
    expect(e.line).toBe(line);
    expect(e.message).toContain(fragment);
  });

  it('counts patch lines from the original text, including leading blank lines', () => {
    expect(() => parsePatch('\n\n*** Begin Patch\n*** Bogus\n*** End Patch')).toThrow(/line 4:/);
  });
});
