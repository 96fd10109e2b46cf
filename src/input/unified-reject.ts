// The text of a `.rej` file, as git apply --reject writes it: one line
// naming the file, then each rejected hunk as the diff wrote it.

import type { UnifiedHunk } from './unified.js';

const NO_EOL = '\\ No newline at end of file';

/** `diff a/NAME b/NAME\t(rejected hunks)` (git names the file by its new name twice), then the hunks, one line each. */
export function rejectLines(name: string, hunks: readonly UnifiedHunk[]): string[] {
  return [`diff a/${name} b/${name}\t(rejected hunks)`, ...hunks.flatMap(hunkText)];
}

/** A hunk's lines: as written, or rebuilt from its parts (a reversed hunk). */
function hunkText(h: UnifiedHunk): string[] {
  if (h.raw) return h.raw;
  const out = [`@@ -${h.oldStart},${h.oldCount} +${h.newStart},${h.newCount} @@`];
  const lastOld = h.lines.findLastIndex((l) => l.op !== '+');
  const lastNew = h.lines.findLastIndex((l) => l.op !== '-');
  h.lines.forEach((l, i) => {
    out.push(`${l.op}${l.text}`);
    if ((i === lastOld && h.oldNoEol) || (i === lastNew && h.newNoEol)) out.push(NO_EOL);
  });
  return out;
}
