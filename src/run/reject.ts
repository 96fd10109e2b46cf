// `--reject` for unified diffs, as git apply --reject: the hunks that fit are
// written, each hunk that does not goes to `<file>.rej` (git's format), and a
// file that cannot be patched at all (missing, refused) is reported and left
// alone. The hunks are tried on a dry run first; a failing hunk is taken out
// and the rest tried again, so what is written is exactly what a run of the
// remaining hunks writes, and the `.rej` files are written in the same commit.

import { rejectLines } from '../input/unified-reject.js';
import type { UnifiedFile, UnifiedHunk } from '../input/unified.js';
import type { FailedGroup, FileOp, Note, OpFailure, Outcome } from '../types.js';
import { type RunOptions, runOps } from './pipeline.js';

interface Rejected {
  /** 0-based index of the hunk in its file's diff. */
  hunk: number;
  failure: OpFailure;
}

/** Run `ops` (from `sources`) with --reject semantics; `extra`: failures of entries refused before planning. */
export async function runWithRejects(
  ops: readonly FileOp[],
  sources: readonly UnifiedFile[],
  options: RunOptions,
  notes: Note[],
  extra: FailedGroup[],
): Promise<Outcome> {
  const kept = ops.map((op) => (op.kind === 'update' ? op.hunks.map((_, k) => k) : []));
  const rejected = ops.map((): Rejected[] => []);
  const current: (FileOp | undefined)[] = [...ops];
  const live = () => current.map((_, i) => i).filter((i) => current[i] !== undefined);
  const total = kept.reduce((n, k) => n + k.length, 0);
  for (let round = 0; round <= total; round++) {
    const idx = live();
    const trial = await runOps(
      idx.map((i) => current[i]!),
      { ...options, check: true, allOrNothing: false, diffs: false },
      [],
      true,
    );
    if (trial.error) return trial;
    const hunkFailures = firstHunkFailures(trial);
    if (hunkFailures.length === 0) break;
    for (const f of hunkFailures) {
      const i = idx[f.op]!;
      const [orig] = kept[i]!.splice(f.hunk! - 1, 1);
      rejected[i]!.push({
        hunk: orig!,
        failure: { ...f, op: i, hunk: orig! + 1, message: rejectedMessage(f.message, orig! + 1, ops[i]!) },
      });
      current[i] = withHunks(ops[i]!, kept[i]!);
    }
  }
  const rejOps: FileOp[] = [];
  const rejNotes: { rej: string; text: string }[] = [];
  const groups: FailedGroup[] = [];
  rejected.forEach((list, i) => {
    if (list.length === 0) return;
    const op = ops[i]!;
    const name = op.kind === 'update' && op.moveTo !== undefined ? op.moveTo : op.path;
    const hunks = diffHunks(
      op,
      sources[i]!.hunks,
      list.map((r) => r.hunk),
    );
    const lines = rejectLines(
      name,
      hunks.map((k) => sources[i]!.hunks[k]!),
    );
    rejOps.push({ kind: 'add', path: `${name}.rej`, lines, patchLine: op.patchLine, replace: true, eol: '\n' });
    rejNotes.push({
      rej: `${name}.rej`,
      text: `${name}.rej (${hunks.length === 1 ? 'hunk' : 'hunks'} ${hunks.map((k) => k + 1).join(', ')} of ${name})`,
    });
    groups.push({
      paths: [name],
      failures: list.map((r) => r.failure),
      operations: [{ op: i, label: `hunks of ${name} written to ${name}.rej`, status: 'failed' }],
    });
  });
  const finalOps = [...live().map((i) => current[i]!), ...rejOps];
  const outcome = await runOps(finalOps, { ...options, allOrNothing: false }, notes, true);
  if (outcome.error) return outcome;
  // Only a .rej file the commit wrote is named (one refused, a link at its name, holds nothing).
  const written = new Set(outcome.changes.map((c) => c.path));
  const named = rejNotes.filter((r) => written.has(r.rej)).map((r) => r.text);
  const note: Note[] =
    named.length > 0 ? [{ code: 'info', message: `--reject: the hunks that did not apply are in ${named.join('; ')}` }] : [];
  const failed = [...extra, ...groups, ...outcome.failed];
  const status = failed.length === 0 ? outcome.status : outcome.changes.length > 0 ? 'partial' : 'rejected';
  return { ...outcome, status, failed, notes: [...outcome.notes, ...note] };
}

/** The trial's sentence with the hunk's number in its file's diff, less its advice to resend the earlier hunks (--reject writes them). */
function rejectedMessage(message: string, hunk: number, op: FileOp): string {
  const of = op.kind === 'update' ? op.hunks.length : 1;
  return message
    .replace(/\((\d+)\/(\d+)\)/, `(${hunk}/${of})`)
    .replace(/; hunks? [\d.]+ of this file matched in memory but (?:was|were) not written: resubmit them together with this one/, '');
}

/**
 * The diff's hunks (0-based) behind the operation's hunks `rejected`: the
 * same ones, unless --unidiff-zero joined some (each operation hunk starts
 * at its first diff hunk's line).
 */
function diffHunks(op: FileOp, diff: readonly UnifiedHunk[], rejected: readonly number[]): number[] {
  if (op.kind !== 'update') return [];
  const starts = op.hunks.map((h) => h.patchLine);
  const out = diff
    .map((h, k) => ({ k, owner: starts.findLastIndex((line) => line <= h.patchLine) }))
    .filter((x) => rejected.includes(x.owner))
    .map((x) => x.k);
  return out;
}

/** Per operation, its first failing hunk (one each: a later hunk's failure may depend on the earlier one). */
function firstHunkFailures(o: Outcome): OpFailure[] {
  const byOp = new Map<number, OpFailure>();
  for (const g of o.failed) for (const f of g.failures) if (f.hunk !== undefined && !byOp.has(f.op)) byOp.set(f.op, f);
  return [...byOp.values()];
}

/** `op` with only the hunks at `keep`; undefined when nothing is left for it to do. */
function withHunks(op: FileOp, keep: readonly number[]): FileOp | undefined {
  if (op.kind !== 'update') return op;
  const hunks = keep.map((k) => op.hunks[k]!);
  const moreThanHunks = op.moveTo !== undefined || op.executable !== undefined;
  if (hunks.length === 0 && !moreThanHunks) return undefined;
  const next = { ...op, hunks };
  // The end-of-file markers belong to the file's last hunk: without it, the final newline stays as it is.
  if (keep[keep.length - 1] !== op.hunks.length - 1) delete next.eof;
  return next;
}
