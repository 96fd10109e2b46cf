// The diff hunks of edited content (report/diff.ts) against the straightforward
// version they replaced, kept here as the reference: it reads every old line
// and its ending from the table one at a time. Random files with every kind of
// line ending (and none at the end), non-ASCII text, both table backings, and
// random edits as runs (kept stretches, removed lines, new lines).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffHunks } from '../../src/report/diff.js';
import { isBaseRun, type Run } from '../../src/text/runs.js';
import { LineTable } from '../../src/text/table.js';
import type { DiffHunk, DiffLine } from '../../src/types.js';

// ---------------------------------------------------------------- reference

interface Block {
  oldStart: number;
  oldEnd: number;
  newStart: number;
  added: { text: string; eol: string }[];
}

function referenceBlocks(old: LineTable, runs: readonly Run[]): Block[] {
  const blocks: Block[] = [];
  let o = 0;
  let n = 0;
  let open: Block | undefined;
  const openAt = () => (open ??= { oldStart: o, oldEnd: o, newStart: n, added: [] });
  const close = () => {
    if (open) blocks.push(open);
    open = undefined;
  };
  for (const r of runs) {
    if (isBaseRun(r)) {
      if (r.from > o) openAt().oldEnd = r.from;
      close();
      o = r.to;
      n += r.to - r.from;
    } else {
      openAt().added.push(r);
      n++;
    }
  }
  if (o < old.length) openAt().oldEnd = old.length;
  close();
  return blocks;
}

function referenceHunks(old: LineTable, runs: readonly Run[], context = 3): DiffHunk[] {
  const blocks = referenceBlocks(old, runs);
  const hunks: DiffHunk[] = [];
  let i = 0;
  while (i < blocks.length) {
    let j = i;
    while (j + 1 < blocks.length && blocks[j + 1]!.oldStart - blocks[j]!.oldEnd <= 2 * context) j++;
    const first = blocks[i]!;
    const last = blocks[j]!;
    const lead = Math.min(context, first.oldStart);
    const oldStart = first.oldStart - lead;
    const newStart = first.newStart - lead;
    const trail = Math.min(context, old.length - last.oldEnd);
    const lines: DiffLine[] = [];
    const ctx = (from: number, to: number) => {
      for (let k = from; k < to; k++) lines.push({ type: ' ', text: old.textAt(k), eol: old.eolAt(k) });
    };
    ctx(oldStart, first.oldStart);
    for (let k = i; k <= j; k++) {
      const b = blocks[k]!;
      if (k > i) ctx(blocks[k - 1]!.oldEnd, b.oldStart);
      for (let x = b.oldStart; x < b.oldEnd; x++) lines.push({ type: '-', text: old.textAt(x), eol: old.eolAt(x) });
      for (const a of b.added) lines.push({ type: '+', text: a.text, eol: a.eol });
    }
    ctx(last.oldEnd, last.oldEnd + trail);
    const oldCount = last.oldEnd + trail - oldStart;
    const newCount = last.newStart + last.added.length + trail - newStart;
    hunks.push({
      oldStart: oldCount === 0 ? oldStart : oldStart + 1,
      oldLines: oldCount,
      newStart: newCount === 0 ? newStart : newStart + 1,
      newLines: newCount,
      lines,
    });
    i = j + 1;
  }
  return hunks;
}

// ---------------------------------------------------------------- inputs

const PIECES = ['a', 'b', 'x y', '  z', 'é', '中文', '😀', '', '\t'];
const ENDINGS = ['\n', '\n', '\n', '\r\n', '\r'];
const lineArb = fc.tuple(fc.array(fc.constantFrom(...PIECES), { maxLength: 3 }), fc.constantFrom(...ENDINGS));
/** A file: its lines, the last one maybe without an ending, and whether the endings are all alike. */
const fileArb = fc.tuple(fc.array(lineArb, { minLength: 1, maxLength: 30 }), fc.boolean(), fc.boolean()).map(([lines, uniform, open]) => {
  const eol = lines[0]![1];
  const text = lines.map(([p, e], i) => `${p.join('')}${i === lines.length - 1 && open ? '' : uniform ? eol : e}`).join('');
  return text;
});
/** Per base line: keep it, remove it, or keep it and add lines after it. */
const stepArb = fc.tuple(
  fc.constantFrom('keep', 'keep', 'keep', 'remove', 'add'),
  fc.array(fc.constantFrom('new', 'n\u00e9w', ''), { maxLength: 2 }),
);

function runsOf(n: number, steps: readonly (readonly [string, readonly string[]])[]): Run[] {
  const runs: Run[] = [];
  for (let i = 0; i < n; i++) {
    const [what, added] = steps[i % steps.length]!;
    if (what !== 'remove') {
      const last = runs[runs.length - 1];
      if (last && isBaseRun(last) && last.to === i) last.to = i + 1;
      else runs.push({ from: i, to: i + 1 });
    }
    if (what === 'add') for (const text of added) runs.push({ text, eol: '\n' });
  }
  return runs;
}

describe('diff hunks', () => {
  it('are the hunks of reading each old line and its ending one at a time, for every backing and ending', () => {
    fc.assert(
      fc.property(fileArb, fc.array(stepArb, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 4 }), (text, steps, context) => {
        for (const table of [LineTable.fromText(text), LineTable.fromUtf8(Buffer.from(text, 'utf8'))]) {
          const runs = runsOf(table.length, steps);
          expect(diffHunks(table, runs, context)).toEqual(referenceHunks(table, runs, context));
        }
      }),
      { numRuns: 400 },
    );
  });
});
