// Running the patches extracted from a model's reply (--extract): each one is
// read in its own format, and all of them run as one patch, in order, through
// the same snapshot, plan and commit (a later patch on a file patches what the
// earlier one made of it). The report says what was extracted, from where.

import { ChordPatchError } from '../errors.js';
import { patchFormat } from '../input/detect.js';
import { parsePatch } from '../input/envelope.js';
import { extractPatches } from '../input/extract.js';
import { reverseOps } from '../input/reverse.js';
import type { FileOp, Note, Outcome } from '../types.js';
import { errorOutcome, type RunOptions, runOps } from './pipeline.js';
import { unifiedOps } from './run-diff.js';

export async function runExtracted(reply: string, options: RunOptions = {}): Promise<Outcome> {
  const found = extractPatches(reply);
  const notes: Note[] = [];
  const ops: FileOp[] = [];
  try {
    if (found.length === 0) {
      throw new ChordPatchError(
        'empty_patch',
        'no patch found in the reply: expected a fenced ```diff or ```patch block, or a "*** Begin Patch" envelope',
      );
    }
    const parts: FileOp[][] = [];
    for (const p of found) {
      try {
        if (patchFormat(p.text) === 'unified') parts.push(await unifiedOps(p.text, options));
        else {
          const parsed = parsePatch(p.text);
          parts.push(options.reverse ? reverseOps(parsed.ops) : parsed.ops);
          notes.push(...parsed.repairs.map((r) => ({ code: 'repair' as const, message: `patch at line ${p.line}: ${r}` })));
        }
      } catch (e) {
        if (e instanceof ChordPatchError)
          throw new ChordPatchError(
            e.code,
            `the ${p.label} at line ${p.line} of the reply: ${e.message}`,
            e.line === undefined ? p.line : p.line + e.line - 1,
          );
        throw e;
      }
    }
    // Undoing several patches undoes the last one first.
    for (const part of options.reverse ? parts.reverse() : parts) ops.push(...part);
  } catch (e) {
    return errorOutcome(e, 'apply_patch', !!options.check);
  }
  const list = found.map((p) => `${p.label} at line ${p.line}`).join(', ');
  notes.unshift({ code: 'info', message: `extracted ${found.length} patch${found.length === 1 ? '' : 'es'} from the reply: ${list}` });
  return runOps(ops, options, notes);
}
