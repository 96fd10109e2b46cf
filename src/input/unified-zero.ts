// --unidiff-zero: a hunk without context (`git diff -U0`) goes where its line
// numbers say. It is given the file's own lines around that place as context
// (up to three before it, else after it, never reaching into a neighbouring
// hunk), so the matcher checks its removed lines there like any other hunk's
// and a file that changed around them is refused, not patched elsewhere.

import type { FileOp, Hunk, HunkLine } from '../types.js';

const CONTEXT = 3;

/** Is this hunk without any context line? */
export const contextFree = (h: Hunk): boolean => !h.lines.some((l) => l.op === ' ');

/** `op` with context from `fileLines` (the file's lines, no endings) added to its context-free hunks. */
export function withFileContext(op: FileOp & { kind: 'update' }, fileLines: readonly string[]): FileOp {
  const spans = op.hunks.map((h) => {
    const old = h.lines.filter((l) => l.op !== '+').length;
    const stated = h.hintLine ?? 0;
    // `@@ -N,0` inserts after line N; `@@ -N,K` removes from line N on.
    const start = old === 0 ? stated : Math.max(stated - 1, 0);
    return { start, end: start + old };
  });
  const hunks = op.hunks.map((h, k): Hunk => {
    if (!contextFree(h)) return h;
    const { start, end } = spans[k]!;
    const prevEnd = k > 0 ? spans[k - 1]!.end : 0;
    const nextStart = k + 1 < spans.length ? spans[k + 1]!.start : fileLines.length;
    const before = fileLines.slice(Math.max(prevEnd, start - CONTEXT), start);
    const after = before.length > 0 ? [] : fileLines.slice(end, Math.max(end, Math.min(nextStart, end + CONTEXT)));
    const ctx = (t: string): HunkLine => ({ op: ' ', text: t });
    return { ...h, lines: [...before.map(ctx), ...h.lines, ...after.map(ctx)], hintLine: start + 1 - before.length };
  });
  return { ...op, hunks };
}
