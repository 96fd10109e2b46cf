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

export async function runExtracted(reply: string, options: RunOptions = {}): Promise<Outcome> {
  const blocks: Block[] = [];
  const notes: Note[] = [];
  const outcome = await runInput('apply_patch', options, async () => {
    const found = once(extractPatches(reply), (repeat, first) =>
      notes.push({
        code: 'info',
        message: `the ${repeat.label} at line ${repeat.line} repeats the one at line ${first.line}: applied once`,
      }),
    );
    if (found.length === 0) {
      throw new ChordPatchError(
        'empty_patch',
        'no patch found in the reply: expected a fenced ```diff or ```patch block, or a "*** Begin Patch" envelope',
      );
    }
    const list = found.map((p) => `${p.label} at line ${p.line}`).join(', ');
    notes.unshift({ code: 'info', message: `extracted ${found.length} patch${found.length === 1 ? '' : 'es'} from the reply: ${list}` });
    for (const p of found) blocks.push({ patch: p, ops: await extractedOps(p, options, notes) });
    // Undoing several patches undoes the last one first.
    if (options.reverse) blocks.reverse();
    return patchJob(
      blocks.flatMap((b) => b.ops),
      options,
      notes,
      false,
    );
  });
  return outcome.failed.length > 0 && blocks.length > 1 ? withAlternatives(outcome, blocks, options) : outcome;
}

/**
 * The patches, each text once: a reply that shows a patch and then repeats it
 * ("the full diff again:") means one change, and applying it twice would fail
 * the second copy as already applied and write neither.
 */
function once(found: readonly Extracted[], repeated: (repeat: Extracted, first: Extracted) => void): Extracted[] {
  const seen = new Map<string, Extracted>();
  return found.filter((p) => {
    const first = seen.get(p.text);
    if (first) repeated(p, first);
    else seen.set(p.text, p);
    return !first;
  });
}

interface Block {
  patch: Extracted;
  ops: FileOp[];
}

/**
 * A patch of the reply that fails on a file an earlier one changed, yet fits
 * the files as they are on its own: the reply's patches may be alternatives
 * ("or, if you prefer: ..."), or each written against the original files.
 * The failure reads as if the file had drifted; this note says what happened.
 */
async function withAlternatives(outcome: Outcome, blocks: readonly Block[], options: RunOptions): Promise<Outcome> {
  const failedOps = new Set(outcome.failed.flatMap((g) => g.failures.map((f) => f.op)));
  // A dry run outside the session: this look must not count as the session's patch.
  const { session: _, ...rest } = options;
  const check = { ...rest, check: true };
  const notes: Note[] = [];
  let first = 0;
  for (const [k, block] of blocks.entries()) {
    const at = first;
    first += block.ops.length;
    if (!block.ops.some((_, i) => failedOps.has(at + i))) continue;
    const paths = new Set(block.ops.map((op) => op.path));
    const earlier = blocks
      .slice(0, k)
      .find((b) => b.ops.some((op) => paths.has(op.path) || (op.kind === 'update' && paths.has(op.moveTo ?? ''))));
    if (!earlier) continue;
    const alone = await runInput('apply_patch', check, () => patchJob(block.ops, check, [], false));
    if (alone.status !== 'checked') continue;
    const name = (b: Block) => `the ${b.patch.label} at line ${b.patch.line}`;
    notes.push({
      code: 'info',
      message:
        `${name(block)} fits the files as they are on its own, but not after ${name(earlier)}: ` +
        "the reply's patches may be alternatives, or each written against the original files; apply the one meant",
    });
  }
  return notes.length > 0 ? { ...outcome, notes: [...outcome.notes, ...notes] } : outcome;
}

/** One extracted patch's operations, read in its own format; its errors name where in the reply it was. */
async function extractedOps(p: Extracted, options: RunOptions, notes: Note[]): Promise<FileOp[]> {
  try {
    if (patchFormat(p.text) === 'unified') return inReply(await unifiedOps(p.text, options), p.line);
    const parsed = parsePatch(p.text);
    notes.push(...parsed.repairs.map((r): Note => ({ code: 'repair', message: `patch at line ${p.line}: ${r}` })));
    return inReply(options.reverse ? reverseOps(parsed.ops) : parsed.ops, p.line);
  } catch (e) {
    if (!(e instanceof ChordPatchError)) throw e;
    throw new ChordPatchError(
      e.code,
      `the ${p.label} at line ${p.line} of the reply: ${e.message}`,
      e.line === undefined ? p.line : p.line + e.line - 1,
    );
  }
}

/** Operations whose patch lines count in the reply, where the patch starts at line `start`: a report points into the file read. */
function inReply(ops: FileOp[], start: number): FileOp[] {
  const shift = (n: number) => n + start - 1;
  return ops.map((op) =>
    op.kind === 'update'
      ? { ...op, patchLine: shift(op.patchLine), hunks: op.hunks.map((h) => ({ ...h, patchLine: shift(h.patchLine) })) }
      : { ...op, patchLine: shift(op.patchLine) },
  );
}
