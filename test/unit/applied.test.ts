import { describe, expect, it } from 'vitest';
import { locateHunks } from '../../src/match/hunks.js';
import { LineIndex } from '../../src/match/seek.js';
import { linesOfRuns } from '../../src/text/runs.js';
import { spliceRuns } from '../../src/text/splice.js';
import { LineTable } from '../../src/text/table.js';
import type { Hunk, HunkLine } from '../../src/types.js';

function hunk(body: string[], extra: Partial<Hunk> = {}): Hunk {
  const lines: HunkLine[] = body.map((l) => ({ op: l[0] as HunkLine['op'], text: l.slice(1) }));
  return { lines, endOfFile: false, patchLine: 1, ...extra };
}

/** Apply hunks to lines the way the planner does; the located result when they do not apply. */
function apply(file: readonly string[], hunks: Hunk[]) {
  const table = LineTable.fromTexts(file);
  const r = locateHunks(new LineIndex(table), hunks);
  if (!r.ok) return r;
  return { ok: true as const, lines: linesOfRuns(spliceRuns(table, r.replacements), table).map((l) => l.text) };
}

/** Apply once, then send the same hunks again to the result. */
function twice(file: readonly string[], hunks: Hunk[]) {
  const first = apply(file, hunks);
  if (!first.ok) throw new Error(first.message);
  return { first: first.lines, second: apply(first.lines, hunks) };
}

describe('a section sent a second time', () => {
  it.each([
    ['context before the added lines', ['a', 'b'], [hunk([' a', '+x', '+y'])]],
    ['context after the added lines', ['a', 'b'], [hunk(['+x', ' b'])]],
    ['a replacement that keeps its line and adds one', ['foo', 'end'], [hunk(['-foo', '+foo', '+bar'])]],
    ['a replacement that adds a line before the one it keeps', ['a', 'end'], [hunk(['-a', '+new', '+a'])]],
    ['added lines on both sides of the context', ['m', 'z'], [hunk(['+before', ' m', '+after'])]],
    ['a pure addition at the end of the file', ['a'], [hunk(['+tail line'])]],
    ['a pure insertion under a header', ['def f():', '    pass'], [hunk(['+    """Doc."""'], { header: 'def f():' })]],
    ['a replacement whose old line is gone', ['x = 1', 'y'], [hunk(['-x = 1', '+x = 2'])]],
    ['context on both sides', ['a', 'b'], [hunk([' a', '+new line', ' b'])]],
    ['several hunks, each kind', ['a', 'b', 'c', 'd'], [hunk([' a', '+x']), hunk(['-c', '+C']), hunk(['+tail'])]],
  ])('is refused as already applied, leaving the first result as it is: %s', (_name, file, hunks) => {
    const { second } = twice(file, hunks);
    expect(second).toMatchObject({ ok: false, code: 'already_applied' });
    expect(!second.ok && second.message).toContain('already applied; no change made; do not resubmit');
  });

  it('applies a first sending whose old side is still in the file next to the lines it adds', () => {
    expect(apply(['foo', 'end'], [hunk(['-foo', '+foo', '+bar'])])).toEqual({ ok: true, lines: ['foo', 'bar', 'end'] });
    expect(apply(['a', 'b'], [hunk([' a', '+x'])])).toEqual({ ok: true, lines: ['a', 'x', 'b'] });
  });

  it('treats a hunk whose - and + sides are identical as a no-op, not as already applied', () => {
    expect(apply(['a', 'b', 'c'], [hunk([' a', '-b', '+b', ' c'])])).toEqual({ ok: true, lines: ['a', 'b', 'c'] });
  });

  it('refuses a section where one hunk already stands and another does not, naming which to resubmit', () => {
    const r = apply(['import os', 'import sys', 'y = 1'], [hunk([' import os', '+import sys']), hunk(['-y = 1', '+y = 2'])]);
    expect(r).toMatchObject({ ok: false, code: 'partly_applied', hunk: 1 });
    expect(!r.ok && r.message).toContain('hunk 1/2 already stands in the file (line 1) and hunk 2/2 does not: resubmit only hunk 2/2');
  });

  it('does not call a section applied when its new lines are only blank or punctuation found elsewhere', () => {
    const r = apply(['a', '}', 'b'], [hunk(['-c', '+}'])]);
    expect(r).toMatchObject({ ok: false, code: 'hunk_not_found' });
  });

  it('does not call a section applied when one of its new sides is missing', () => {
    const r = apply(['x = 2', 'y = 1'], [hunk(['-x = 1', '+x = 2']), hunk(['-y = 0', '+y = 3'])]);
    expect(r).toMatchObject({ ok: false, code: 'hunk_not_found' });
  });
});
