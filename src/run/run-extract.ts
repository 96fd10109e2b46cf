// Running the patches extracted from a model's reply (--extract): each one is
// read in its own format, and all of them run as one patch, in order, through
// the same snapshot, plan and commit (a later patch on a file patches what the
// earlier one made of it). The report says what was extracted, from where.

import { ChordPatchError } from '../errors.js';
import { patchFormat } from '../input/detect.js';
import { parsePatch } from '../input/envelope.js';
import { type Extracted, extractPatches } from '../input/extract.js';
import { reverseOps } from '../input/reverse.js';
import type { FileOp, Note, Outcome } from '../types.js';
import { patchJob, type RunOptions, runInput } from './pipeline.js';
import { unifiedOps } from './run-diff.js';

export function runExtracted(reply: string, options: RunOptions = {}): Promise<Outcome> {
  return runInput('apply_patch', options, async () => {
    const found = extractPatches(reply);
    if (found.length === 0) {
      throw new ChordPatchError(
        'empty_patch',
        'no patch found in the reply: expected a fenced ```diff or ```patch block, or a "*** Begin Patch" envelope',
      );
    }
    const list = found.map((p) => `${p.label} at line ${p.line}`).join(', ');
    const notes: Note[] = [
      { code: 'info', message: `extracted ${found.length} patch${found.length === 1 ? '' : 'es'} from the reply: ${list}` },
    ];
    const parts: FileOp[][] = [];
    for (const p of found) parts.push(await extractedOps(p, options, notes));
    // Undoing several patches undoes the last one first.
    return patchJob((options.reverse ? parts.reverse() : parts).flat(), options, notes, false);
  });
}

/** One extracted patch's operations, read in its own format; its errors name where in the reply it was. */
async function extractedOps(p: Extracted, options: RunOptions, notes: Note[]): Promise<FileOp[]> {
  try {
    if (patchFormat(p.text) === 'unified') return await unifiedOps(p.text, options);
    const parsed = parsePatch(p.text);
    notes.push(...parsed.repairs.map((r): Note => ({ code: 'repair', message: `patch at line ${p.line}: ${r}` })));
    return options.reverse ? reverseOps(parsed.ops) : parsed.ops;
  } catch (e) {
    if (!(e instanceof ChordPatchError)) throw e;
    throw new ChordPatchError(
      e.code,
      `the ${p.label} at line ${p.line} of the reply: ${e.message}`,
      e.line === undefined ? p.line : p.line + e.line - 1,
    );
  }
}
