import { describe, expect, it } from 'vitest';
import { reindentLines } from '../support/reindent.js';
import { describeMapping, inferMapping, mapLine } from '../../src/match/reindent.js';

describe('reading the mapping off the quoted lines', () => {
  it('finds 4 spaces to one tab', () => {
    const m = inferMapping([
      ['def f():', 'def f():'],
      ['    x = 1', '\tx = 1'],
      ['        y = 2', '\t\ty = 2'],
    ]);
    expect(m).toEqual({ kind: 'map', from: ' ', to: '\t', num: 1, den: 4, shift: 0, step: 4 });
    expect(m.kind === 'map' && describeMapping(m)).toBe('4 spaces → 1 tab');
  });

  it('finds one tab to 4 spaces', () => {
    expect(inferMapping([['\tx', '    x']])).toEqual({ kind: 'map', from: '\t', to: ' ', num: 4, den: 1, shift: 0, step: 1 });
  });

  it('finds 2-space levels to 4-space levels', () => {
    const m = inferMapping([
      ['  a', '    a'],
      ['    b', '        b'],
      ['c', 'c'],
    ]);
    expect(m).toEqual({ kind: 'map', from: ' ', to: ' ', num: 2, den: 1, shift: 0, step: 2 });
    expect(m.kind === 'map' && describeMapping(m)).toBe('2 spaces → 4 spaces');
  });

  it('finds a constant shift when the model dropped an outer level', () => {
    expect(
      inferMapping([
        ['x', '    x'],
        ['  y', '      y'],
      ]),
    ).toMatchObject({ kind: 'map', num: 1, den: 1, shift: 4 });
  });

  it('says identity when every quoted line is indented as the file is', () => {
    expect(
      inferMapping([
        ['  a', '  a'],
        ['b', 'b'],
      ]),
    ).toEqual({ kind: 'identity' });
  });

  it('skips blank lines, and knows nothing from blank lines alone', () => {
    expect(
      inferMapping([
        ['', '\t'],
        ['    ', ''],
      ]),
    ).toEqual({ kind: 'unknown' });
    expect(
      inferMapping([
        ['', '\t'],
        ['    a', '\ta'],
      ]),
    ).toMatchObject({ kind: 'map', from: ' ', to: '\t' });
  });

  it('reports no mapping when the removed lines agree with the file but the context does not', () => {
    const m = inferMapping([
      ['    ctx', '\tctx'],
      ['\told', '\told'],
    ]);
    expect(m.kind).toBe('inconsistent');
  });

  it('reports no mapping when levels do not scale by one ratio or shift by one amount', () => {
    expect(
      inferMapping([
        ['  a', '\ta'],
        ['    b', '\t\t\tb'],
      ]).kind,
    ).toBe('inconsistent');
  });

  it('reports no mapping for indentation that mixes tabs and spaces', () => {
    expect(inferMapping([['\t  a', '    a']]).kind).toBe('inconsistent');
  });

  it('reports no mapping when one quoted line is a space off beside indented lines quoted exactly (diff-ws)', () => {
    const m = inferMapping([
      ['function h(a) {', 'function h(a) {'],
      ['   if (a) {', '  if (a) {'],
      ['    return 1;', '    return 1;'],
      ['  }', '  }'],
    ]);
    expect(m).toEqual({
      kind: 'inconsistent',
      examples: [
        ['   ', '  '],
        ['    ', '    '],
      ],
    });
  });
});

describe('re-indenting added lines', () => {
  const pairs = [
    ['def f():', 'def f():'],
    ['    x = 1', '\tx = 1'],
  ] as const;

  it('re-indents spaces to tabs and says so', () => {
    const r = reindentLines(pairs, ['    y = 2', '        if y:', '', 'z = 3']);
    expect(r.lines).toEqual(['\ty = 2', '\t\tif y:', '', 'z = 3']);
    expect(r.note).toContain('re-indented');
    expect(r.note).toContain('4 spaces → 1 tab');
  });

  it('re-indents 2-space levels to 4-space levels', () => {
    const r = reindentLines(
      [
        ['  a', '    a'],
        ['    b', '        b'],
      ],
      ['  x', '    y'],
    );
    expect(r.lines).toEqual(['    x', '        y']);
  });

  it('keeps an added line already indented as the file is and unlike any quoted line of the model', () => {
    const r = reindentLines([['  a', '    a']], ['    c']);
    expect(r.lines).toEqual(['    c']);
  });

  it("maps added lines at the one width every quoted line shows, 6 spaces for the file's 12 (three 2-space levels of 4-space code)", () => {
    const quoted = [
      ['      | Int8Array<T>', '            | Int8Array<T>'],
      ['      | Int16Array<T>', '            | Int16Array<T>'],
      ['      | Int32Array<T>', '            | Int32Array<T>'],
    ] as const;
    const r = reindentLines(quoted, ['      | nextInt16Array<T>']);
    expect(r.lines).toEqual(['            | nextInt16Array<T>']);
    expect(r.note).toContain('6 spaces → 12 spaces');
  });

  it('refuses, naming it, an added line at another width when the quoted lines showed only one width and it is off the file grid', () => {
    const quoted = [
      ['      a', '            a'],
      ['      b', '            b'],
    ] as const;
    const r = reindentLines(quoted, ['      c', '        d']);
    expect(r.lines).toEqual(['      c', '        d']);
    expect(r.ambiguous).toContain('does not fit');
  });

  it('maps nothing from one-space levels (a space typed after the diff marker)', () => {
    expect(
      inferMapping([
        [' y = 1', '    y = 1'],
        [' z = 2', '    z = 2'],
      ]),
    ).toEqual({ kind: 'unknown' });
  });

  it('keeps the added lines and names the mismatch when no mapping fits', () => {
    const r = reindentLines(
      [
        ['    ctx', '\tctx'],
        ['\told', '\told'],
      ],
      ['\tnew'],
    );
    expect(r.lines).toEqual(['\tnew']);
    expect(r.note).toContain('does not map consistently');
    expect(r.note).toContain('···· where the file has \\t, but \\t where the file has \\t');
  });

  it('refuses and names the line when one of them fits neither the mapping nor the file', () => {
    const r = reindentLines(pairs, ['      odd = 1']);
    expect(r.lines).toEqual(['      odd = 1']);
    expect(r.ambiguous).toContain('odd = 1');
  });

  it('changes nothing and says nothing when the indentation already agrees', () => {
    expect(reindentLines([['\ta', '\ta']], ['\tb'])).toEqual({ lines: ['\tb'] });
  });

  it('leaves whitespace-only lines as typed', () => {
    expect(mapLine('   ', { kind: 'map', from: ' ', to: '\t', num: 1, den: 4, shift: 0, step: 4 })).toBe('   ');
  });
});
