// --unidiff-zero: a hunk without context (`git diff -U0`) goes where its line
// numbers say. It is given the file's own lines around that place as context
// (up to three before it, else after it), so the matcher checks its removed
// lines there like any other hunk's and a file that changed around them is
// refused, not patched elsewhere. Context-free hunks closer together than
// twice that are joined into one, with the file's lines between them as
// context: context taken for two of them would overlap, and a hunk left
// without any would be placed by nothing at all.

import { ChordPatchError } from '../errors.js';
import type { FileOp, Hunk, HunkLine } from '../types.js';

const CONTEXT = 3;

/** Is this hunk without any context line? */
export const contextFree = (h: Hunk): boolean => !h.lines.some((l) => l.op === ' ');

interface Group {
  hunk: Hunk;
  start: number;
  end: number;
  free: boolean;
}

const ctx = (t: string): HunkLine => ({ op: ' ', text: t, fromFile: true });

/** `op` with context from `fileLines` (the file's lines, no endings) added to its context-free hunks. */
export function withFileContext(op: FileOp & { kind: 'update' }, fileLines: readonly string[]): FileOp {
  const groups: Group[] = [];
  for (const h of op.hunks) {
    const old = h.lines.filter((l) => l.op !== '+').length;
    const stated = h.hintLine ?? 0;
    // `@@ -N,0` inserts after line N; `@@ -N,K` removes from line N on.
    const start = old === 0 ? stated : Math.max(stated - 1, 0);
    const free = contextFree(h);
    const last = groups[groups.length - 1];
    if (free && last?.free && start >= last.end && start - last.end <= 2 * CONTEXT) {
      const gap = fileLines.slice(last.end, start).map(ctx);
      last.hunk = { ...last.hunk, lines: [...last.hunk.lines, ...gap, ...h.lines], endOfFile: h.endOfFile };
      last.end = start + old;
    } else groups.push({ hunk: h, start, end: start + old, free });
  }
  const hunks = groups.map((g, k): Hunk => {
    if (!g.free) return g.hunk;
    const prevEnd = k > 0 ? groups[k - 1]!.end : 0;
    const nextStart = k + 1 < groups.length ? groups[k + 1]!.start : fileLines.length;
    const before = fileLines.slice(Math.max(prevEnd, g.start - CONTEXT), g.start);
    const after = before.length > 0 ? [] : fileLines.slice(g.end, Math.max(g.end, Math.min(nextStart, g.end + CONTEXT)));
    if (before.length + after.length === 0 && fileLines.length > 0 && !g.hunk.lines.some((l) => l.op !== '+')) {
      throw new ChordPatchError('parse_error', `line ${g.hunk.patchLine}: the -U0 hunk has no place in ${op.path} its lines can show`);
    }
    return { ...g.hunk, lines: [...before.map(ctx), ...g.hunk.lines, ...after.map(ctx)], hintLine: g.start + 1 - before.length };
  });
  return { ...op, hunks };
}
