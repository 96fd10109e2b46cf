// The one runner: parse -> snapshot -> plan -> (commit) -> outcome. Every
// envelope-wide error becomes a `rejected` outcome; nothing here prints.

import { relative, resolve } from 'node:path';
import { ChordPatchError, isChordPatchError } from '../errors.js';
import { parsePatch } from '../input/envelope.js';
import { fileDiffs } from '../report/file-diffs.js';
import type { FileOp, Fs, Note, Outcome, ParsedPatch } from '../types.js';
import { commitPlan } from './commit.js';
import { nodeFs } from './node-fs.js';
import { opRefs, planPatch, type Plan, type PlanOptions } from './plan.js';
import { type Snapshot, takeSnapshot } from './snapshot.js';
import { beginPatchSession, type PatchSession, type SessionOptions } from './session-store.js';
import { prepareDecoding } from '../text/decode.js';

export interface RunOptions extends PlanOptions, SessionOptions {
  /** Directory relative paths resolve against (default: process.cwd()). */
  cwd?: string;
  /** File system to use (default: the real one). */
  fs?: Fs;
  /** Plan everything, write nothing. */
  check?: boolean;
  /** Permit paths that resolve outside `cwd`. */
  allowOutside?: boolean;
  /**
   * Permission hook for the edit tool (the `edit` rules): a reason string
   * denies editing `path`. Without it, edits fall back to `authorize`.
   */
  authorizeEdit?: (path: string) => string | undefined;
}

export function rejected(tool: Outcome['tool'], dryRun: boolean, error: Outcome['error'], notes: Note[] = []): Outcome {
  return { status: 'rejected', dryRun, tool, changes: [], diffs: [], failed: [], notes, ...(error ? { error } : {}) };
}

export function errorOutcome(e: unknown, tool: Outcome['tool'], dryRun: boolean): Outcome {
  if (!isChordPatchError(e)) throw e;
  return rejected(tool, dryRun, { code: e.code, message: e.message, ...(e.line !== undefined ? { line: e.line } : {}) });
}

/** Apply (or check) patch text. Never throws for bad input: the outcome says why. */
export async function runPatchText(text: string, options: RunOptions = {}): Promise<Outcome> {
  let parsed: ParsedPatch;
  try {
    parsed = parsePatch(text);
  } catch (e) {
    return errorOutcome(e, 'apply_patch', !!options.check);
  }
  return runOps(parsed.ops, options, parsed.repairs.map((r) => ({ code: 'repair' as const, message: r })));
}

export async function runOps(ops: readonly FileOp[], options: RunOptions, notes: Note[] = []): Promise<Outcome> {
  const fs = options.fs ?? nodeFs;
  const root = resolve(options.cwd ?? process.cwd());
  const dryRun = !!options.check;
  const refs = ops.flatMap((op) => opRefs(root, op));
  let plan: Plan;
  let session: PatchSession | undefined;
  try {
    const snapshot = await takeSnapshot(fs, root, refs, !!options.allowOutside);
    // Session state (--session): refuse an identical resubmit before planning.
    session = beginPatchSession(ops, snapshot, options, dryRun);
    if (session?.refused) return session.refused;
    await prepareDecoding(snapshotBytes(snapshot), options);
    plan = planPatch(ops, snapshot, options);
  } catch (e) {
    return errorOutcome(e, 'apply_patch', dryRun);
  }
  const outcome = await finish(fs, plan, root, dryRun, 'apply_patch', [...notes, ...plan.notes]);
  return session ? session.end(outcome, plan.failed) : outcome;
}

/** The bytes of every file in a snapshot, for deciding whether planning needs the legacy codecs. */
export function* snapshotBytes(snapshot: Snapshot): Generator<Uint8Array> {
  for (const e of snapshot.entries.values()) if (e.kind === 'file') yield e.bytes;
}

/** Commit a plan (unless dry run) and describe what happened. Shared by patches and edits. */
export async function finish(fs: Fs, plan: Plan, root: string, dryRun: boolean, tool: Outcome['tool'], notes: Note[]): Promise<Outcome> {
  const display = new Map(plan.mutations.map((m) => [m.abs, m.path]));
  const displayOf = (abs: string) => display.get(abs) ?? relative(root, abs);
  const anyFailed = plan.failed.length > 0;
  if (!dryRun && plan.mutations.length > 0) {
    const result = await commitPlan(fs, plan.mutations);
    if (!result.ok) {
      const error = { code: result.code, message: result.message };
      return { ...rejected(tool, dryRun, error, notes), failed: plan.failed };
    }
  }
  const committedSomething = plan.changes.length > 0;
  const status: Outcome['status'] = !anyFailed
    ? dryRun
      ? 'checked'
      : 'applied'
    : committedSomething
      ? 'partial'
      : 'rejected';
  return {
    status,
    dryRun,
    tool,
    changes: plan.changes,
    diffs: fileDiffs(plan.mutations, displayOf),
    failed: plan.failed,
    notes,
  };
}

export { ChordPatchError };
