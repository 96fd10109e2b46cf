// Unified-diff hunks built from the plan's own bookkeeping: every line that is
// still byte-identical to the file it came from carries `orig`, so one linear
// walk finds what was removed and added. Whole files are never re-diffed.

import type { Line } from '../text/lines.js';
import type { DiffHunk, DiffLine } from '../types.js';

interface Block {
  /** [oldStart, oldEnd) removed and [newStart, newEnd) added, 0-based. */
  oldStart: number;
  oldEnd: number;
  newStart: number;
  newEnd: number;
}

function changeBlocks(oldLines: readonly Line[], newLines: readonly Line[]): Block[] {
  const blocks: Block[] = [];
  let o = 0;
  let open: Block | undefined;
  const close = () => {
    if (open) blocks.push(open);
    open = undefined;
  };
  for (let n = 0; n < newLines.length; n++) {
    const orig = newLines[n]!.orig;
    if (orig !== undefined && orig >= o && orig < oldLines.length) {
      if (orig > o) {
        open ??= { oldStart: o, oldEnd: o, newStart: n, newEnd: n };
        open.oldEnd = orig;
      }
      close();
      o = orig + 1;
    } else {
      open ??= { oldStart: o, oldEnd: o, newStart: n, newEnd: n };
      open.newEnd = n + 1;
    }
  }
  if (o < oldLines.length) {
    open ??= { oldStart: o, oldEnd: o, newStart: newLines.length, newEnd: newLines.length };
    open.oldEnd = oldLines.length;
  }
  close();
  return blocks;
}

/** Lines without `orig` information (a new file, a deleted file) diff as all added / all removed. */
export function diffHunks(oldLines: readonly Line[], newLines: readonly Line[], context = 3): DiffHunk[] {
  const blocks = changeBlocks(oldLines, newLines);
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
    const trail = Math.min(context, oldLines.length - last.oldEnd);
    const lines: DiffLine[] = [];
    const ctx = (from: number, to: number) => {
      for (let k = from; k < to; k++) lines.push({ type: ' ', text: oldLines[k]!.text, eol: oldLines[k]!.eol });
    };
    ctx(oldStart, first.oldStart);
    for (let k = i; k <= j; k++) {
      const b = blocks[k]!;
      if (k > i) ctx(blocks[k - 1]!.oldEnd, b.oldStart);
      for (let x = b.oldStart; x < b.oldEnd; x++) lines.push({ type: '-', text: oldLines[x]!.text, eol: oldLines[x]!.eol });
      for (let x = b.newStart; x < b.newEnd; x++) lines.push({ type: '+', text: newLines[x]!.text, eol: newLines[x]!.eol });
    }
    ctx(last.oldEnd, last.oldEnd + trail);
    const oldCount = last.oldEnd + trail - oldStart;
    const newCount = last.newEnd + trail - newStart;
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
