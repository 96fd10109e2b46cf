// Reversing an envelope (-R): applying the result undoes the original patch.
// Operations are undone in reverse order; an update swaps its `-` and `+`
// lines (and a move its two paths); an added file is deleted only while it
// still holds exactly what was added. A deleted file cannot be restored: the
// envelope never carried its content, so such a patch is refused.

import { ChordPatchError } from '../errors.js';
import type { FileOp, HunkLine } from '../types.js';
import { removalsFirst } from './unified-ops.js';

const SWAP: Record<HunkLine['op'], HunkLine['op']> = { ' ': ' ', '-': '+', '+': '-' };

export function reverseOps(ops: readonly FileOp[]): FileOp[] {
  return [...ops].reverse().map((op): FileOp => {
    if (op.kind === 'add') return { kind: 'delete', path: op.path, patchLine: op.patchLine, expectLines: op.lines };
    if (op.kind === 'delete') {
      throw new ChordPatchError(
        'bad_input',
        `line ${op.patchLine}: cannot reverse "*** Delete File: ${op.path}": ` +
          "the patch does not carry the deleted file's content (restore it from version control)",
        op.patchLine,
      );
    }
    // A stated line number counts in the old file; reversed, it would point into the wrong one, so it is dropped.
    const hunks = op.hunks.map(({ hintLine: _, ...h }) => ({
      ...h,
      lines: removalsFirst(h.lines.map((l) => ({ op: SWAP[l.op], text: l.text }))),
    }));
    if (op.moveTo === undefined) return { kind: 'update', path: op.path, hunks, patchLine: op.patchLine };
    return { kind: 'update', path: op.moveTo, moveTo: op.path, hunks, patchLine: op.patchLine };
  });
}
