// The one runner: parse -> snapshot -> plan -> (commit) -> outcome. Every
// envelope-wide error becomes a `rejected` outcome; nothing here prints.

import { resolve } from 'node:path';
import { ChordPatchError, isChordPatchError } from '../errors.js';
import { parsePatch } from '../input/envelope.js';
import { reverseOps } from '../input/reverse.js';
import { fileDiffs } from './file-diffs.js';
import type { FileOp, Fs, Note, Outcome, ParsedPatch } from '../types.js';
import { commitPlan } from '../commit/commit.js';
import { pruneEmptyDirs } from '../commit/prune.js';
import type { LockOptions } from '../commit/lock.js';
import { type Guard, withCommitLock } from '../commit/recover.js';
import { nodeFs } from '../platform/node-fs.js';
import { opRefs, planPatch, type Plan, type PlanOptions } from '../plan/planner.js';
import { type PathRef, type Snapshot, type SnapshotOptions, takeSnapshot } from '../plan/snapshot.js';
import { displayPath, spellings } from '../text/paths.js';
import { beginPatchSession, type PatchSession, type PatchTargets, type SessionOptions } from '../session/store.js';
import { prepareDecoding } from '../text/decode.js';

export interface RunOptions extends PlanOptions, SessionOptions, LockOptions {
  /** Directory relative paths resolve against (default: process.cwd()). */
  cwd?: string;
  /** File system to use (default: the real one). */
  fs?: Fs;
  /** Plan everything, write nothing. */
  check?: boolean;
  /** Permit paths that resolve outside `cwd`. */
  allowOutside?: boolean;
  /** Permit paths inside `.git/`, `.hg/` and `.svn/` (refused by default, as `git apply` does: see config/reserved.ts). */
  allowVcsDirs?: boolean;
  /** The config file in use (absolute): no operation may write it, nor `.chord-patch.yaml` at the root. */
  configFile?: string;
  /**
   * Permission hook for the edit tool (the `edit` rules): a reason string
   * denies editing `path` (`real`: as for `authorize`). Without it, edits
   * fall back to `authorize`.
   */
  authorizeEdit?: (path: string, real?: string) => string | undefined;
  /** Apply the patch or diff backwards (undo it). */
  reverse?: boolean;
  /** Take the patches out of a model's markdown or prose reply and apply them in order. */
  extract?: boolean;
  /** Write nothing when any file group would fail (git apply's default). */
  allOrNothing?: boolean;
  /** Unified diffs: leading path components to strip (`-p N`); default: see input/unified-ops.ts. */
  strip?: number;
  /**
   * Compute the diff of every change (Outcome.diffs, the default). false
   * leaves diffs empty: for callers that never show them, since building them
   * re-reads every changed line (the CLI when stdout is /dev/null, or its
   * output has no diff in it).
   */
  diffs?: boolean;
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
    if (options.reverse) parsed = { ...parsed, ops: reverseOps(parsed.ops) };
  } catch (e) {
    return errorOutcome(e, 'apply_patch', !!options.check);
  }
  return runOps(
    parsed.ops,
    options,
    parsed.repairs.map((r) => ({ code: 'repair' as const, message: r })),
  );
}

/** `fromDiff`: the operations came from a unified diff, whose deletions leave no empty directory (commit/prune.ts). */
export async function runOps(ops: readonly FileOp[], options: RunOptions, notes: Note[] = [], fromDiff = false): Promise<Outcome> {
  return locked(options, 'apply_patch', (guard) => runOpsLocked(ops, options, notes, guard, fromDiff));
}

/**
 * Run `body` under the root's commit lock (after recovering interrupted
 * commits); a dry run takes no lock. Shared by patches and edits.
 */
export async function locked(
  options: RunOptions,
  tool: Outcome['tool'],
  body: (guard: Guard | undefined) => Promise<Outcome>,
): Promise<Outcome> {
  if (options.check) return body(undefined);
  const fs = options.fs ?? nodeFs;
  const root = resolve(options.cwd ?? process.cwd());
  try {
    return await withCommitLock(fs, root, options, async (guard) => {
      const o = await body(guard);
      return guard.notes.length > 0 ? { ...o, notes: [...guard.notes, ...o.notes] } : o;
    });
  } catch (e) {
    return errorOutcome(e, tool, false);
  }
}

async function runOpsLocked(
  ops: readonly FileOp[],
  options: RunOptions,
  notes: Note[],
  guard: Guard | undefined,
  fromDiff: boolean,
): Promise<Outcome> {
  const fs = options.fs ?? nodeFs;
  const root = resolve(options.cwd ?? process.cwd());
  const dryRun = !!options.check;
  // Each path resolved once, for the snapshot and the plan alike. A loop, not
  // flatMap: the first flatMap of a process costs 0.14 ms in the binary (2026-11-30).
  const refsOf = ops.map((op) => opRefs(root, op));
  const refs: PathRef[] = [];
  for (const r of refsOf) refs.push(...r);
  let plan: Plan;
  let snapshot: Snapshot;
  let session: PatchSession | undefined;
  try {
    await guard?.lockFiles?.(refs.map((r) => r.abs));
    snapshot = await takeSnapshot(fs, root, refs, snapshotOptions(options));
    refuseOutside(snapshot, refs);
    refuseReserved(snapshot, refs);
    // Session state (--session): refuse an identical resubmit before planning.
    // Without --session there is none, and its targets (a map of every path's spelling) are not built.
    session = options.session ? beginPatchSession(ops, sessionTargets(snapshot, refs), options, dryRun) : undefined;
    if (session?.refused) return session.refused;
    await prepareDecoding(snapshotBytes(snapshot), options);
    plan = planPatch(ops, snapshot, options, refsOf);
  } catch (e) {
    return errorOutcome(e, 'apply_patch', dryRun);
  }
  const outcome = await finish(fs, plan, {
    snapshot,
    dryRun,
    tool: 'apply_patch',
    notes: [...notes, ...plan.notes],
    guard,
    confine: !options.allowOutside,
    allOrNothing: !!options.allOrNothing,
    pruneDirs: options.reverse ? 'undo' : fromDiff ? 'diff' : undefined,
    diffs: options.diffs !== false,
  });
  return session ? session.end(outcome, plan.failed) : outcome;
}

/** What the session memory needs of this run: the named files as read, and how the patch spelled them. */
function sessionTargets(snapshot: Snapshot, refs: readonly PathRef[]): PatchTargets {
  const spelled = spellings(refs);
  return {
    root: snapshot.root,
    paths: refs.map((r) => r.abs),
    entry: (abs) => snapshot.entries.get(abs),
    display: (abs) => spelled.get(abs) ?? abs,
  };
}

/**
 * A patch naming any path outside the root is refused whole, like
 * overlapping paths: committing the inside groups would act on a patch that
 * was not meant for this directory.
 */
function refuseOutside(snapshot: Snapshot, refs: readonly { raw: string; abs: string }[]): void {
  const outside = [...new Set(refs.filter((r) => snapshot.outside.has(r.abs)).map((r) => r.raw))];
  if (outside.length === 0) return;
  throw new ChordPatchError(
    'outside_root',
    `${outside.join(', ')}: path${outside.length === 1 ? ' is' : 's are'} outside the working directory (${snapshot.root}); ` +
      'the whole patch is refused and nothing was written; pass --allow-outside to permit it',
  );
}

/** What the snapshot is told of the run's options. */
export function snapshotOptions(options: RunOptions): SnapshotOptions {
  return {
    allowOutside: !!options.allowOutside,
    allowVcs: !!options.allowVcsDirs,
    ...(options.configFile !== undefined ? { configFiles: [resolve(options.configFile)] } : {}),
  };
}

/**
 * A patch naming a reserved path (a version-control directory, the config
 * file) is refused whole, as git apply refuses one: its other groups came
 * with a part that was never this tool's to write.
 */
function refuseReserved(snapshot: Snapshot, refs: readonly PathRef[]): void {
  const named = new Map<string, string>();
  for (const r of refs) {
    const why = snapshot.reserved.get(r.abs);
    if (why !== undefined && !named.has(r.raw)) named.set(r.raw, why);
  }
  if (named.size === 0) return;
  const list = [...named].map(([raw, why]) => `${raw} ${why}`).join('; ');
  throw new ChordPatchError('protected_path', `${list}; the whole patch is refused and nothing was written`);
}

/** The bytes of every file in a snapshot, for deciding whether planning needs the legacy codecs. */
export function* snapshotBytes(snapshot: Snapshot): Generator<Uint8Array> {
  for (const e of snapshot.entries.values()) if (e.kind === 'file') yield e.bytes;
}

export interface FinishOptions {
  snapshot: Snapshot;
  dryRun: boolean;
  tool: Outcome['tool'];
  notes: Note[];
  /** The commit lock held (absent for a dry run, or a root that cannot hold one). */
  guard: Guard | undefined;
  /** Re-check at commit time that directories are still the planned ones inside the root. */
  confine: boolean;
  /** Write nothing when any file group failed (--all-or-nothing). */
  allOrNothing?: boolean;
  /** Remove the directories the deletions leave empty (-R: undoing a patch removes the directories it created). */
  /** Remove the directories the commit's deletions leave empty, and which kind of run left them (a note says). */
  pruneDirs?: 'undo' | 'diff' | undefined;
  /** Compute Outcome.diffs (default true; see RunOptions.diffs). */
  diffs?: boolean;
}

/** Commit a plan (unless dry run) and describe what happened. Shared by patches and edits. */
export async function finish(fs: Fs, plan: Plan, f: FinishOptions): Promise<Outcome> {
  const { snapshot, dryRun, tool } = f;
  const root = snapshot.root;
  let notes = f.notes;
  const anyFailed = plan.failed.length > 0;
  if (f.allOrNothing && anyFailed && plan.changes.length > 0) return allOrNothingRefusal(plan, dryRun, tool, notes);
  if (!dryRun && plan.mutations.length > 0) {
    const ctx = { root, dirs: snapshot.dirs, confine: f.confine, ...(f.guard?.journal ? { journal: f.guard.journal } : {}) };
    const result = await commitPlan(fs, plan.mutations, ctx);
    if (!result.ok) {
      const error = { code: result.code, message: result.message };
      const o: Outcome = { ...rejected(tool, dryRun, error, notes), failed: plan.failed };
      if (!result.disk) return o;
      // Files hold new content: say so with the exit code for "some written".
      return { ...o, status: result.disk.newContent.length > 0 ? 'partial' : 'rejected', disk: result.disk };
    }
    notes = [...notes, ...result.notes];
    if (f.pruneDirs) {
      const deleted = plan.mutations.filter((m) => m.after === null).map((m) => m.abs);
      notes = [...notes, ...(await pruneEmptyDirs(fs, root, deleted, f.pruneDirs))];
    }
  }
  const committedSomething = plan.changes.length > 0;
  const status: Outcome['status'] = !anyFailed ? (dryRun ? 'checked' : 'applied') : committedSomething ? 'partial' : 'rejected';
  return {
    status,
    dryRun,
    tool,
    changes: plan.changes,
    diffs: f.diffs === false ? [] : diffsOf(plan, root),
    failed: plan.failed,
    notes,
    ...(plan.placements?.length ? { placements: plan.placements } : {}),
  };
}

/** The diff of every mutation, each path spelled as the patch first spelled it. */
function diffsOf(plan: Plan, root: string): Outcome['diffs'] {
  const display = spellings(plan.mutations.map((m) => ({ abs: m.abs, raw: m.path })));
  return fileDiffs(plan.mutations, (abs) => displayPath(display, root, abs));
}

/** --all-or-nothing with a failing group: nothing is written, and the groups that would have applied are named. */
function allOrNothingRefusal(plan: Plan, dryRun: boolean, tool: Outcome['tool'], notes: Note[]): Outcome {
  const n = plan.changes.length;
  const paths = plan.changes.map((c) => (c.to !== undefined ? `${c.path} -> ${c.to}` : c.path)).join(', ');
  const note: Note = {
    code: 'info',
    message:
      `--all-or-nothing: nothing was written; ${n} change${n === 1 ? '' : 's'} that would have applied (${paths}) ` +
      `wait for the failed group${plan.failed.length === 1 ? '' : 's'} to be fixed`,
  };
  return { ...rejected(tool, dryRun, undefined, [...notes, note]), failed: plan.failed };
}

export { ChordPatchError };
