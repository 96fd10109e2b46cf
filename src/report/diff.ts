// Unified-diff hunks built from the plan's own bookkeeping: edited content is
// runs over the file it came from (text/runs.ts), so the changed blocks are
// exactly the gaps between base runs, found in one walk over the runs. Whole
// files are never re-diffed, and unchanged lines are never visited.

import type { Run } from '../text/runs.js';
import { isBaseRun } from '../text/runs.js';
import type { LineTable } from '../text/table.js';
import type { DiffHunk, DiffLine } from '../types.js';

interface Block {
  /** [oldStart, oldEnd) removed, 0-based; `added` replaces it, starting at new line newStart. */
  oldStart: number;
  oldEnd: number;
  newStart: number;
  added: { text: string; eol: string }[];
}

function changeBlocks(old: LineTable, runs: readonly Run[]): Block[] {
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
    if (isBaseRun(r) && r.from >= o && r.to <= old.length) {
      if (r.from > o) openAt().oldEnd = r.from;
      close();
      o = r.to;
      n += r.to - r.from;
    } else if (isBaseRun(r)) {
      // Base lines out of order (not produced by a splice): shown as added.
      for (let i = r.from; i < r.to; i++, n++) openAt().added.push({ text: old.textAt(i), eol: old.eolAt(i) });
    } else {
      openAt().added.push(r);
      n++;
    }
  }
  if (o < old.length) openAt().oldEnd = old.length;
  close();
  return blocks;
}

/**
 * Old line k as a diff line. This runs once per line of every hunk shown, in
 * code too cold for the JIT: in a file with one ending, a line's ending is
 * that one (only the file's last line can lack it) without asking the table.
 */
function oldLines(old: LineTable): (type: ' ' | '-', k: number) => DiffLine {
  const uniform = old.uniformEol();
  const last = old.length - 1;
  return (type, k) => ({ type, text: old.textAt(k), eol: uniform !== undefined && k < last ? uniform : old.eolAt(k) });
}

/** Content without base runs (a new file; [] for a deleted one) diffs as all added / all removed. */
export function diffHunks(old: LineTable, runs: readonly Run[], context = 3): DiffHunk[] {
  const blocks = changeBlocks(old, runs);
  const oldLine = oldLines(old);
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
    let at = oldStart;
    for (let k = i; k <= j; k++) {
      const b = blocks[k]!;
      for (; at < b.oldStart; at++) lines.push(oldLine(' ', at));
      for (; at < b.oldEnd; at++) lines.push(oldLine('-', at));
      for (const a of b.added) lines.push({ type: '+', text: a.text, eol: a.eol });
    }
    for (; at < last.oldEnd + trail; at++) lines.push(oldLine(' ', at));
    const oldCount = last.oldEnd + trail - oldStart;
    const newCount = last.newStart + last.added.length + trail - newStart;
    hunks.push({
      // Unified diff numbers an empty range by the line before it.
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
