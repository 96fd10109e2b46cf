// Wrong writes and needless refusals the round-2 drift corpus found
// (scripts/drift/round2.mjs), each as the smallest case that shows it.

import { describe, expect, it } from 'vitest';
import { planEntry } from '../../src/edit/replace.js';
import { FileView } from '../../src/edit/view.js';
import { spliceText } from '../../src/edit/write.js';
import { locateHunks } from '../../src/match/hunks.js';
import { LineIndex } from '../../src/match/seek.js';
import { joinLines, splitLines } from '../../src/text/lines.js';
import { linesOfRuns } from '../../src/text/runs.js';
import { spliceRuns } from '../../src/text/splice.js';
import { LineTable } from '../../src/text/table.js';
import type { HunkLine } from '../../src/types.js';

function edit(file: string, old_string: string, new_string: string) {
  const view = new FileView(file);
  const r = planEntry(view, { old_string, new_string }, { tolerant: true });
  return { r, out: r.ok ? spliceText(view, r.splices) : undefined };
}

function patch(file: string, lines: HunkLine[]) {
  const split = splitLines(file);
  const r = locateHunks(new LineIndex(split.map((l) => l.text)), [{ lines, endOfFile: false, patchLine: 1 }]);
  if (!r.ok) return { r, out: undefined };
  const table = LineTable.fromLines(split);
  return { r, out: joinLines(linesOfRuns(spliceRuns(table, r.replacements), table)) };
}

describe('an edit sent twice after a loose match is applied once', () => {
  it('old_string with a trailing space the file lacks (punctuation tolerance): the second send is already applied', () => {
    const file = 'interface F {\n    (...args: string[]): F;\n}\n';
    const old = '    (...args: string[]): F; ';
    const neu = '    (...args: string[]): F; \n    new (): F;';
    const first = edit(file, old, neu);
    expect(first.r.ok).toBe(true);
    const second = edit(first.out!, old, neu);
    expect(second.r.ok).toBe(false);
    if (second.r.ok) return;
    expect(second.r.code).toBe('already_applied');
  });
});

describe("an edit's added lines typed with the other indentation character", () => {
  it('take the file spaces when one width reads them (tabs typed into a 4-space file)', () => {
    const file = 'function f() {\n    const a = 1;\n    return a;\n}\n';
    const { r, out } = edit(file, '    const a = 1;', '    const a = 1;\n\tconst b = 2;');
    expect(r.ok).toBe(true);
    expect(out).toBe('function f() {\n    const a = 1;\n    const b = 2;\n    return a;\n}\n');
    expect(r.ok && r.notes?.join()).toMatch(/tabs where the file indents with spaces/);
  });

  it('take the file tabs (spaces typed into a tab-indented Python file)', () => {
    const file = 'class A:\n\tdef f(self):\n\t\treturn 1\n';
    const { out } = edit(file, '\t\treturn 1', '        y = 0\n\t\treturn 1');
    expect(out).toBe('class A:\n\tdef f(self):\n\t\ty = 0\n\t\treturn 1\n');
  });
});

describe('the file level width is read past block-comment continuation lines', () => {
  it('a tab-typed field among 2-space members under a JSDoc block takes 2 spaces', () => {
    const file = [
      'export interface FileLines {',
      '  /**',
      '   * The lines, one at a time.',
      '   */',
      '  readonly length: number;',
      '  at(i: number): string | undefined;',
      '}',
      '',
    ].join('\n');
    const { out } = patch(file, [
      { op: ' ', text: '  readonly length: number;' },
      { op: ' ', text: '  at(i: number): string | undefined;' },
      { op: '+', text: '\treadonly starts?: number[];' },
      { op: ' ', text: '}' },
    ]);
    expect(out).toBe(file.replace('undefined;\n}', 'undefined;\n  readonly starts?: number[];\n}'));
  });
});

describe('where the two readings tie, the one that sets each added line beside a sibling decides', () => {
  it('a one-line insertion among spaced lines typed with 12 spaces in a tab file goes at the siblings level', () => {
    const file = 'function f() {\n\tif (a) {\n\t\t\t// one\n\t\t\t// two\n\t}\n}\n';
    const { out } = patch(file, [
      { op: ' ', text: '\t\t\t// one' },
      { op: '+', text: '            // inserted' },
      { op: ' ', text: '\t\t\t// two' },
    ]);
    expect(out).toBe('function f() {\n\tif (a) {\n\t\t\t// one\n\t\t\t// inserted\n\t\t\t// two\n\t}\n}\n');
  });

  it('context re-typed at 8-space levels, the added line at the file 4 spaces between siblings: written as given', () => {
    const file = 'def f():\n    a = 1\n    b = 2\n    return a\n';
    const { r, out } = patch(file, [
      { op: ' ', text: '        a = 1' },
      { op: '+', text: '    c = 3' },
      { op: ' ', text: '        b = 2' },
    ]);
    expect(r.ok).toBe(true);
    expect(out).toBe('def f():\n    a = 1\n    c = 3\n    b = 2\n    return a\n');
  });

  it('still refuses when the sibling above opens a block (the line may belong inside it)', () => {
    const file = 'def f():\n    x = [\n    ]\n    return x\n';
    const { r } = patch(file, [
      { op: ' ', text: '  x = [' },
      { op: '+', text: '    1,' },
      { op: ' ', text: '  ]' },
    ]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toContain('indentation of the added lines is ambiguous');
  });
});
