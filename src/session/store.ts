// Reading and writing per-session state (the I/O half of session/state.ts).
// The state lives under $XDG_STATE_HOME/chord-patch/sessions/, never in the
// project tree: it is about the agent's conversation, not the code. Writes go
// through a temp file and a rename so a concurrent reader never sees half a
// file; a state file that is missing, corrupt or cannot be written only costs
// the advice, never the edit, so those errors are swallowed. One thing is not
// swallowed: a state path that is not a regular file (a FIFO would block the
// read forever, a link to /dev/zero would never end) or is larger than any
// state chord-patch writes. That is refused before anything is planned, since
// something other than chord-patch put it there.
//
// The session folder sits below run/, plan/ and edit/: the runners hand it what it
// needs of their snapshot as plain data (PatchTargets), so it imports neither.

import { closeSync, constants, fstatSync, lstatSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ChordPatchError } from '../errors.js';
import type { Entry, FailedGroup, FailureCode, FileOp, Note, Outcome } from '../types.js';
import {
  emptySession,
  fileFingerprint,
  type MatchEvent,
  parseSessionState,
  patchKey,
  patchMatchEvents,
  recordMatchEvents,
  recordPatchResult,
  refuseIdenticalPatch,
  repeatedFailureNote,
  serializeSessionState,
  type SessionState,
  sessionStatePath,
} from './state.js';
import { makeDirs } from '../platform/make-dirs.js';
import { kindText, readFullSync } from '../platform/regular.js';

export interface SessionOptions {
  /** Session id (`--session`, CHORD_PATCH_SESSION). No id: no state at all. */
  session?: string;
  /** Base state directory, overriding $XDG_STATE_HOME (tests). */
  stateDir?: string;
}

export function statePathFor(opts: SessionOptions & { session: string }): string {
  const env = opts.stateDir !== undefined ? { XDG_STATE_HOME: opts.stateDir } : process.env;
  return sessionStatePath(opts.session, env, homedir(), join);
}

/** The session's pre-images (stale/store.ts): beside its state file, `<id>.preimages/` for `<id>.json`. */
export function preimageDirFor(opts: SessionOptions & { session: string }): string {
  return statePathFor(opts).replace(/\.json$/, '.preimages');
}

/** End a session: its state file and its pre-images are removed (`chord-patch end-session ID`). */
export function endSession(opts: SessionOptions & { session: string }): void {
  rmSync(statePathFor(opts), { force: true });
  rmSync(preimageDirFor(opts), { recursive: true, force: true });
}

/** Far above what the capped state (200 paths, 20 failed patches) takes; a bound on the read. */
export const MAX_SESSION_STATE_BYTES = 16 * 1024 * 1024;

const unusable = (path: string, what: string): ChordPatchError =>
  new ChordPatchError(
    'session_state',
    `session state ${path} ${what}; chord-patch only keeps a small regular file there: remove it or use another session id`,
  );

/**
 * The bytes of the state file, or undefined when there is none. Throws a
 * ChordPatchError (`session_state`) when the path is not a regular file or is
 * too large. Opened without following a link and without blocking, and
 * checked again on the open descriptor, so a FIFO swapped in after the lstat
 * cannot stall the read.
 */
function readStateBytes(path: string): Buffer | undefined {
  let st: ReturnType<typeof lstatSync>;
  try {
    st = lstatSync(path);
  } catch {
    return undefined;
  }
  if (!st.isFile()) throw unusable(path, `is ${kindText(st)}, not a regular file`);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw unusable(path, 'is a symbolic link, not a regular file');
    return undefined;
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile()) throw unusable(path, `is ${kindText(opened)}, not a regular file`);
    if (opened.size > MAX_SESSION_STATE_BYTES)
      throw unusable(path, `holds ${opened.size} bytes, more than the ${MAX_SESSION_STATE_BYTES} bytes a session state may`);
    // Read at most one byte past the bound: a file growing under the read still ends.
    const buf = Buffer.alloc(Math.min(opened.size, MAX_SESSION_STATE_BYTES) + 1);
    const n = readFullSync(fd, buf);
    if (n > MAX_SESSION_STATE_BYTES) throw unusable(path, `holds more than the ${MAX_SESSION_STATE_BYTES} bytes a session state may`);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/**
 * The session's state: empty when there is none or it is corrupt (it is only
 * advice). Throws ChordPatchError `session_state` for a path that is not a
 * regular file or is oversized; callers refuse the run before planning.
 */
export function loadSessionState(path: string): SessionState {
  let bytes: Buffer | undefined;
  try {
    bytes = readStateBytes(path);
  } catch (e) {
    if (e instanceof ChordPatchError) throw e;
    return emptySession();
  }
  return bytes === undefined ? emptySession() : parseSessionState(bytes.toString('utf8'));
}

/**
 * Refuse a run whose session state cannot be used, before anything is
 * planned or written (the edit tool records its result only after the commit).
 */
export function checkSessionState(opts: SessionOptions): void {
  if (opts.session) loadSessionState(statePathFor({ ...opts, session: opts.session }));
}

export function saveSessionState(path: string, state: SessionState): void {
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    makeDirs(dirname(path), 0o700);
    writeFileSync(tmp, serializeSessionState(state), { mode: 0o600 });
    renameSync(tmp, path);
  } catch {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // Nothing left to clean up.
    }
  }
}

/**
 * Count one run's match results in the session and, from the second
 * approximate-match failure on a file, add the `repeated_failure` note to the
 * outcome. For the edit tool: pass `{ path: absolutePath, matched }` where
 * `matched` is false for `old_string not found` and true for a success.
 * Without a session id the outcome comes back unchanged.
 */
export function trackMatchFailures(
  outcome: Outcome,
  events: readonly MatchEvent[],
  opts: SessionOptions,
  display: (abs: string) => string = (p) => p,
): Outcome {
  if (!opts.session || events.length === 0) return outcome;
  const path = statePathFor({ ...opts, session: opts.session });
  let loaded: SessionState;
  try {
    loaded = loadSessionState(path);
  } catch {
    // Became unusable after checkSessionState passed: leave it alone, skip the advice.
    return outcome;
  }
  const { state, repeated } = recordMatchEvents(loaded, events);
  saveSessionState(path, state);
  const note: Note | undefined = repeatedFailureNote(
    repeated.map((r) => ({ ...r, path: display(r.path) })),
    outcome.tool,
  );
  return note ? { ...outcome, notes: [...outcome.notes, note] } : outcome;
}

/** Failure codes after which the same patch against the same files would fail the same way. */
const MATCH_FAILURES: ReadonlySet<FailureCode> = new Set<FailureCode>([
  'hunk_not_found',
  'hunk_ambiguous',
  'old_string_not_found',
  'old_string_ambiguous',
]);

export interface PatchSession {
  /** Set when this exact patch already failed against these exact files: return it instead of running. */
  refused?: Outcome;
  /** Record the run's result in the session and add the repeated-failure note when due. */
  end(outcome: Outcome, failed: readonly FailedGroup[]): Outcome;
}

/** What the session needs of one apply_patch run's snapshot, handed over by the runner. */
export interface PatchTargets {
  /** The directory the operations' paths resolve against. */
  root: string;
  /** The absolute path of every file the operations name (move targets included), in operation order. */
  paths: readonly string[];
  /** What the snapshot read at an absolute path. */
  entry(abs: string): Entry | undefined;
  /** How the note names an absolute path (as the patch spelled it). */
  display(abs: string): string;
}

/**
 * The session side of one apply_patch run, between snapshot and plan. Returns
 * undefined without a session id. The state is read once here and written
 * once in `end`.
 */
export function beginPatchSession(
  ops: readonly FileOp[],
  targets: PatchTargets,
  opts: SessionOptions,
  dryRun: boolean,
): PatchSession | undefined {
  if (!opts.session) return undefined;
  const path = statePathFor({ ...opts, session: opts.session });
  const root = targets.root;
  const files: Record<string, string> = {};
  for (const abs of targets.paths) files[abs] = fileFingerprint(targets.entry(abs));
  const key = patchKey(ops);
  const loaded = loadSessionState(path);
  const refusal = refuseIdenticalPatch(loaded, key, files);
  return {
    ...(refusal
      ? {
          refused: {
            status: 'rejected' as const,
            dryRun,
            tool: 'apply_patch' as const,
            changes: [],
            diffs: [],
            failed: [],
            notes: [],
            error: { code: 'repeated_failure', message: refusal },
          },
        }
      : {}),
    end(outcome, failed) {
      const failures = failed.flatMap((g) => g.failures);
      const failedOps = new Set(failed.flatMap((g) => g.operations.map((o) => o.op)));
      // A commit that failed as a whole (changed after planning, write error)
      // says nothing about whether the text matched.
      const events = outcome.error ? [] : patchMatchEvents(ops, failures, failedOps, (p) => resolve(root, p));
      const counted = recordMatchEvents(loaded, events);
      const matchFailed = failures.some((f) => MATCH_FAILURES.has(f.code));
      saveSessionState(path, recordPatchResult(counted.state, key, files, matchFailed));
      const note = repeatedFailureNote(
        counted.repeated.map((r) => ({ ...r, path: targets.display(r.path) })),
        outcome.tool,
      );
      return note ? { ...outcome, notes: [...outcome.notes, note] } : outcome;
    },
  };
}
