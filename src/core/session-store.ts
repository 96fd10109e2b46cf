// Reading and writing per-session state (the I/O half of core/session.ts).
// The state lives under $XDG_STATE_HOME/chord-patch/sessions/, never in the
// project tree: it is about the agent's conversation, not the code. Writes go
// through a temp file and a rename so a concurrent reader never sees half a
// file; a state file that cannot be read or written only costs the advice,
// never the edit, so errors here are swallowed.

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { FailedGroup, FailureCode, FileOp, Note, Outcome } from '../types.js';
import { opRefs } from './plan.js';
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
} from './session.js';
import type { Snapshot } from './snapshot.js';

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

export function loadSessionState(path: string): SessionState {
  try {
    return parseSessionState(readFileSync(path, 'utf8'));
  } catch {
    return emptySession();
  }
}

export function saveSessionState(path: string, state: SessionState): void {
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
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
export function trackMatchFailures(outcome: Outcome, events: readonly MatchEvent[], opts: SessionOptions, display: (abs: string) => string = (p) => p): Outcome {
  if (!opts.session || events.length === 0) return outcome;
  const path = statePathFor({ ...opts, session: opts.session });
  const { state, repeated } = recordMatchEvents(loadSessionState(path), events);
  saveSessionState(path, state);
  const note: Note | undefined = repeatedFailureNote(
    repeated.map((r) => ({ ...r, path: display(r.path) })),
    outcome.tool,
  );
  return note ? { ...outcome, notes: [...outcome.notes, note] } : outcome;
}

/** Failure codes after which the same patch against the same files would fail the same way. */
const MATCH_FAILURES: ReadonlySet<FailureCode> = new Set<FailureCode>(['hunk_not_found', 'hunk_ambiguous', 'old_string_not_found', 'old_string_ambiguous']);

export interface PatchSession {
  /** Set when this exact patch already failed against these exact files: return it instead of running. */
  refused?: Outcome;
  /** Record the run's result in the session and add the repeated-failure note when due. */
  end(outcome: Outcome, failed: readonly FailedGroup[]): Outcome;
}

/**
 * The session side of one apply_patch run, between snapshot and plan. Returns
 * undefined without a session id. The state is read once here and written
 * once in `end`.
 */
export function beginPatchSession(ops: readonly FileOp[], snapshot: Snapshot, opts: SessionOptions, dryRun: boolean): PatchSession | undefined {
  if (!opts.session) return undefined;
  const path = statePathFor({ ...opts, session: opts.session });
  const root = snapshot.root;
  const files: Record<string, string> = {};
  for (const op of ops) for (const ref of opRefs(root, op)) files[ref.abs] = fileFingerprint(snapshot.entries.get(ref.abs));
  const key = patchKey(ops);
  const loaded = loadSessionState(path);
  const refusal = refuseIdenticalPatch(loaded, key, files);
  const display = new Map<string, string>();
  for (const op of ops) for (const ref of opRefs(root, op)) if (!display.has(ref.abs)) display.set(ref.abs, ref.raw);
  return {
    ...(refusal ? { refused: { status: 'rejected' as const, dryRun, tool: 'apply_patch' as const, changes: [], diffs: [], failed: [], notes: [], error: { code: 'repeated_failure', message: refusal } } } : {}),
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
        counted.repeated.map((r) => ({ ...r, path: display.get(r.path) ?? r.path })),
        outcome.tool,
      );
      return note ? { ...outcome, notes: [...outcome.notes, note] } : outcome;
    },
  };
}
