// The one runner: input -> snapshot -> plan -> (commit) -> outcome, as a Job
// every input is read into (runJob), and the envelope's job. Every
// envelope-wide error becomes a `rejected` outcome; nothing here prints.

import { resolve } from 'node:path';
import { ChordPatchError, isChordPatchError } from '../errors.js';
import { parsePatch } from '../input/envelope.js';
import { reverseOps } from '../input/reverse.js';
import { asUndo } from './undo-words.js';
import { fileDiffs } from './file-diffs.js';
import type { Entry, FileOp, Fs, Note, Outcome } from '../types.js';
import { commitPlan } from '../commit/commit.js';
import { pruneEmptyDirs } from '../commit/prune.js';
import type { LockOptions } from '../commit/lock.js';
import { type Guard, withCommitLock } from '../commit/recover.js';
import { nodeFs } from '../platform/node-fs.js';
import { opRefs, planPatch, type Plan, type PlanOptions } from '../plan/planner.js';
import { linkTargetProbes } from '../plan/plan-links.js';
import { type PathRef, resolveRef, type Snapshot, type SnapshotOptions, takeSnapshot } from '../plan/snapshot.js';
import { displayPath, namesDirectory, spellings } from '../text/paths.js';
import { beginPatchSession, type PatchSession, type PatchTargets, type SessionOptions } from '../session/store.js';
import { prepareDecoding } from '../text/decode.js';
import { keepCommitted } from '../stale/keep.js';
import { reviseStalePatch } from '../stale/patch.js';
import type { StaleOptions } from '../stale/types.js';
import type { UnifiedOptions } from '../input/unified-options.js';

export interface RunOptions extends PlanOptions, SessionOptions, LockOptions, StaleOptions, UnifiedOptions {
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
  /**
   * Stops the run when aborted before its commit begins: nothing is written,
   * and the outcome is rejected with code `interrupted`. A commit already
   * begun is finished (or rolled back), and the outcome says what is on disk.
   */
  signal?: AbortSignal;
}

export function rejected(tool: Outcome['tool'], dryRun: boolean, error: Outcome['error'], notes: Note[] = []): Outcome {
  return { status: 'rejected', dryRun, tool, changes: [], diffs: [], failed: [], notes, ...(error ? { error } : {}) };
}

/** A ChordPatchError as the error of a report (anything else is a bug, and is thrown on). */
export function errorOf(e: unknown): NonNullable<Outcome['error']> {
  if (!isChordPatchError(e)) throw e;
  return { code: e.code, message: e.message, ...(e.line !== undefined ? { line: e.line } : {}) };
}

export function errorOutcome(e: unknown, tool: Outcome['tool'], dryRun: boolean): Outcome {
  return rejected(tool, dryRun, errorOf(e));
}

/** The file system and the root a run works in. */
export const fsOf = (options: RunOptions): Fs => options.fs ?? nodeFs;
export const rootOf = (options: RunOptions): string => resolve(options.cwd ?? process.cwd());

/**
 * One run as the skeleton sees it: every input (an envelope, a diff, an edit
 * request, a call, an MCP tool call) is read into a Job, and runJob takes it
 * through the same stages in the same order: lock, snapshot, admit, decoders,
 * plan, commit, settle. A stage that throws a ChordPatchError ends the run
 * with that error as the outcome, before anything is written.
 */
export interface Job<P extends { plan: Plan } = { plan: Plan }> {
  tool: Outcome['tool'];
  /** The paths the snapshot reads, resolved against the root. */
  refs: readonly PathRef[];
  /** Paths only looked at, never read or written: those link targets pass through (plan/plan-links.ts). */
  probes?: readonly string[];
  /** Notes from reading the input (repairs, what was extracted), ahead of the plan's. */
  notes?: Note[];
  /** After the snapshot, before planning: throw to refuse the run, or return the outcome that answers it instead. */
  admit?: (snapshot: Snapshot) => Outcome | undefined;
  /** The pure planning step, on what the snapshot read. */
  plan: (snapshot: Snapshot) => P | Promise<P>;
  /** What the commit does beyond the default (write what planned, confined to the root unless --allow-outside). */
  commit?: Pick<FinishOptions, 'allOrNothing' | 'pruneDirs'>;
  /** After the commit: what the outcome adds (the session's memory, the edit's statistics). */
  settle?: (outcome: Outcome, planned: P) => Outcome;
}

/** The input stage: `read` turns the input into a job, and a ChordPatchError it throws is the outcome. */
export async function runInput<P extends { plan: Plan }>(
  tool: Outcome['tool'],
  options: RunOptions,
  read: () => Job<P> | Promise<Job<P>>,
): Promise<Outcome> {
  let job: Job<P>;
  try {
    job = await read();
  } catch (e) {
    return errorOutcome(e, tool, !!options.check);
  }
  return runJob(job, options);
}

/** Run a job through every stage after its input was read, under the root's commit lock. */
export function runJob<P extends { plan: Plan }>(job: Job<P>, options: RunOptions): Promise<Outcome> {
  return locked(options, job.tool, (guard) => runStages(job, options, guard));
}

async function runStages<P extends { plan: Plan }>(job: Job<P>, options: RunOptions, guard: Guard | undefined): Promise<Outcome> {
  const fs = fsOf(options);
  const dryRun = !!options.check;
  let snapshot: Snapshot;
  let planned: P;
  try {
    // The files' own locks, against runs from other roots, before anything is read (commit/file-locks.ts).
    await guard?.lockFiles?.(job.refs.map((r) => r.abs));
    snapshot = await takeSnapshot(fs, rootOf(options), job.refs, snapshotOptions(options), job.probes);
    const answer = job.admit?.(snapshot);
    if (answer) return answer;
    await prepareDecoding(snapshotBytes(snapshot), options);
    planned = await job.plan(snapshot);
  } catch (e) {
    return errorOutcome(e, job.tool, dryRun);
  }
  const outcome = await finish(fs, planned.plan, {
    snapshot,
    dryRun,
    tool: job.tool,
    notes: [...(job.notes ?? []), ...planned.plan.notes],
    guard,
    confine: !options.allowOutside,
    diffs: options.diffs !== false,
    signal: options.signal,
    ...job.commit,
  });
  return job.settle ? job.settle(outcome, planned) : outcome;
}

/** Apply (or check) patch text. Never throws for bad input: the outcome says why. */
export function runPatchText(text: string, options: RunOptions = {}): Promise<Outcome> {
  return runInput('apply_patch', options, () => {
    let parsed = parsePatch(text);
    if (options.reverse) parsed = { ...parsed, ops: reverseOps(parsed.ops) };
    const repairs = parsed.repairs.map((r): Note => ({ code: 'repair', message: r }));
    return patchJob(parsed.ops, options, repairs, false);
  });
}

/** `fromDiff`: the operations came from a unified diff, whose deletions leave no empty directory (commit/prune.ts). */
export function runOps(ops: readonly FileOp[], options: RunOptions, notes: Note[] = [], fromDiff = false): Promise<Outcome> {
  return runInput('apply_patch', options, () => patchJob(ops, options, notes, fromDiff));
}

/**
 * Run `body` under the root's commit lock (after recovering interrupted
 * commits); a dry run takes no lock.
 */
export async function locked(
  options: RunOptions,
  tool: Outcome['tool'],
  body: (guard: Guard | undefined) => Promise<Outcome>,
): Promise<Outcome> {
  if (options.check) return body(undefined);
  try {
    return await withCommitLock(fsOf(options), rootOf(options), options, async (guard) => {
      const o = await body(guard);
      return guard.notes.length > 0 ? { ...o, notes: [...guard.notes, ...o.notes] } : o;
    });
  } catch (e) {
    return errorOutcome(e, tool, false);
  }
}

/**
 * File operations as a job: the whole patch is refused when it names a path
 * outside the root or a reserved one, or repeats a failed patch of this
 * session; the session counts what matched once the commit is done.
 */
export function patchJob(ops: readonly FileOp[], options: RunOptions, notes: Note[], fromDiff: boolean): Job {
  const root = rootOf(options);
  // Each path resolved once, for the snapshot and the plan alike.
  const refsOf = ops.map((op) => opRefs(root, op));
  const refs = refsOf.flat();
  let session: PatchSession | undefined;
  return {
    tool: 'apply_patch',
    refs,
    probes: linkTargetProbes(ops, refsOf),
    notes,
    admit: (snapshot) => {
      refuseOutside(snapshot, refs);
      refuseReserved(snapshot, refs);
      // Without --session there is no session, and its targets (a map of every path's spelling) are not built.
      session = options.session ? beginPatchSession(ops, sessionTargets(snapshot, refs), options, !!options.check) : undefined;
      return session?.refused;
    },
    plan: async (snapshot) => {
      const plan = planPatch(ops, snapshot, options, refsOf);
      // Stale context (stale/): a hunk that matches an older state of its file is named, or merged with --3way.
      return { plan: plan.failed.length > 0 || options.session ? await reviseStalePatch(plan, { ops, snapshot, refsOf, options }) : plan };
    },
    commit: { allOrNothing: !!options.allOrNothing, pruneDirs: options.reverse ? 'undo' : fromDiff ? 'diff' : undefined },
    settle: (outcome, { plan }) => {
      const kept = keepCommitted(plan, outcome, options);
      const ended = session ? session.end(kept, plan.failed) : kept;
      return options.reverse ? asUndo(ended) : ended;
    },
  };
}

/** The largest file a read-only tool (MCP's read) loads: it answers with 2,000 lines, not with gigabytes in memory. */
const READ_TOOL_BYTES = 256 * 1024 * 1024;

/**
 * The snapshot stage alone, for the read tools (a text-editor view, MCP's
 * read): what one path inside the root holds, read as a run would read it.
 * A path outside the root is refused (outside_root), never read.
 */
export async function readInRoot(path: string, options: RunOptions, readOnly = false): Promise<Entry> {
  const root = rootOf(options);
  if (namesDirectory(path)) throw new ChordPatchError('bad_input', `${path}: names a directory, not a file; nothing was read`);
  const ref = resolveRef(root, path);
  const bound = readOnly ? { maxFileBytes: READ_TOOL_BYTES } : {};
  const snapshot = await takeSnapshot(fsOf(options), root, [ref], { ...snapshotOptions(options), readOnly, ...bound });
  if (snapshot.outside.has(ref.abs))
    throw new ChordPatchError('outside_root', `${path}: path is outside the working directory (${root}); nothing was read`);
  const withheld = snapshot.reserved.get(ref.abs);
  if (withheld !== undefined) throw new ChordPatchError('bad_input', `${path}: ${withheld}; nothing was read`);
  return snapshot.entries.get(ref.abs) ?? { kind: 'missing' };
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
  /** Remove the directories the commit's deletions leave empty, and which kind of run left them (a note says). */
  pruneDirs?: 'undo' | 'diff' | undefined;
  /** Compute Outcome.diffs (default true; see RunOptions.diffs). */
  diffs?: boolean;
  /** RunOptions.signal: checked once, right before the commit. */
  signal?: AbortSignal | undefined;
}

/** The commit stage: write the plan (unless dry run) and describe what happened. */
export async function finish(fs: Fs, plan: Plan, f: FinishOptions): Promise<Outcome> {
  const { snapshot, dryRun, tool } = f;
  const root = snapshot.root;
  let notes = f.notes;
  const anyFailed = plan.failed.length > 0;
  if (f.allOrNothing && anyFailed && plan.changes.length > 0) return allOrNothingRefusal(plan, dryRun, tool, notes);
  if (!dryRun && plan.mutations.length > 0) {
    // One turn of the event loop first: a cancellation already sent (an MCP client's) is read before it is too late.
    if (f.signal) await new Promise((turn) => setImmediate(turn));
    if (f.signal?.aborted) {
      const message = 'the run was cancelled before its commit began; nothing was written';
      return { ...rejected(tool, dryRun, { code: 'interrupted', message }, notes), failed: plan.failed };
    }
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
