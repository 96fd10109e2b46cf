// Property: a patch generated from a random edit of a random file reproduces
// the intended file, and the unified diff chord-patch renders for it, applied
// by an independent implementation (jsdiff), turns the old text into the new.

import { applyPatch } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runPatchText } from '../../src/run/pipeline.js';
import { unifiedDiff } from '../../src/report/unified.js';
import { MemFs } from '../support/memfs.js';

interface Block {
  at: number;
  remove: number;
  insert: string[];
}

/** Disjoint change blocks in ascending order, with at least one untouched line between them. */
const editArb = (n: number) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: Math.max(1, Math.floor(n / 4)) })
    .chain((starts) => {
      const sorted = [...starts].sort((a, b) => a - b);
      return fc.tuple(
        ...sorted.map((at, i) => {
          const room = (i + 1 < sorted.length ? sorted[i + 1]! - 1 : n) - at;
          return fc.record({
            at: fc.constant(at),
            remove: fc.integer({ min: 0, max: Math.max(0, Math.min(3, room)) }),
            insert: fc.array(fc.string({ unit: fc.constantFrom('x', 'y', ' ', '=', '1'), minLength: 1, maxLength: 6 }), { maxLength: 3 }),
          });
        }),
      );
    })
    .map((blocks) => blocks.filter((b) => b.remove > 0 || b.insert.length > 0) as Block[]);

function buildPatch(lines: string[], blocks: Block[]): { patch: string; expected: string[] } | undefined {
  let locatable = true;
  const expected: string[] = [];
  const body: string[] = ['*** Begin Patch', '*** Update File: f.txt'];
  let cursor = 0;
  /** First line not yet claimed as context by an earlier hunk. */
  let free = 0;
  blocks.forEach((b, k) => {
    const next = blocks[k + 1];
    const afterEnd = b.at + b.remove;
    const before = Math.min(3, b.at - free);
    const gap = (next ? next.at : lines.length) - afterEnd;
    const after = Math.min(3, next ? Math.floor(gap / 2) : gap);
    expected.push(...lines.slice(cursor, b.at), ...b.insert.map((s, i) => `${s} #${k}.${i}`));
    // A hunk with no old side appends at the end of the file, so it cannot express this edit.
    if (before + b.remove + after === 0) locatable = false;
    body.push('@@');
    for (let i = b.at - before; i < b.at; i++) body.push(` ${lines[i]}`);
    for (let i = b.at; i < afterEnd; i++) body.push(`-${lines[i]}`);
    b.insert.forEach((s, i) => body.push(`+${s} #${k}.${i}`));
    for (let i = afterEnd; i < afterEnd + after; i++) body.push(` ${lines[i]}`);
    cursor = afterEnd;
    free = afterEnd + after;
  });
  expected.push(...lines.slice(cursor));
  body.push('*** End Patch');
  if (!locatable) return undefined;
  return { patch: body.join('\n'), expected };
}

describe('generated patches', () => {
  it('reproduce the intended file and render a diff jsdiff can apply', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40 }).chain((n) => fc.tuple(fc.constant(n), editArb(n))),
        async ([n, blocks]) => {
          const lines = Array.from({ length: n }, (_, i) => `line ${i} ${'abc'.repeat(i % 3)}`);
          const original = `${lines.join('\n')}\n`;
          const fs = new MemFs({ 'f.txt': original });
          const built = buildPatch(lines, blocks);
          fc.pre(built !== undefined && blocks.length > 0);
          const { patch, expected } = built!;
          const outcome = await runPatchText(patch, { fs, cwd: '/work' });
          const want = expected.length === 0 ? '' : `${expected.join('\n')}\n`;
          expect(outcome.failed).toEqual([]);
          expect(fs.text('/work/f.txt') ?? '').toBe(want);
          const diff = outcome.diffs.map((d) => unifiedDiff(d)).join('');
          if (want !== original) expect(applyPatch(original, diff)).toBe(want);
        },
      ),
      { numRuns: 300 },
    );
  });
});
