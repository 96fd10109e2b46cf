// Repeated-failure tracking across calls of one agent session: the decisions,
// as pure functions. The state lives outside the project tree (see
// session/store.ts for where and how it is read and written).
//
// Spec: "When the same target file repeatedly fails approximate matching on
// edit/apply_patch, the agent appends a note to the model-visible result (from
// the second failure on) telling it to read the target range fresh, or switch
// to write for a whole-block replacement, instead of retyping the same old text
// from memory. ... any successful result ... resets the count."
// Beyond the spec: an identical patch that already failed to match, against files
// that have not changed since, is refused before it runs.

import { sha256Hex } from '../platform/sha256.js';
import type { Entry, FailureCode, FileOp, Note, Outcome } from '../types.js';

export const SESSION_STATE_VERSION = 1;
/** Most paths / failed patches remembered; oldest dropped first. */
const MAX_PATHS = 200;
const MAX_PATCHES = 20;

export interface FailedPatch {
  /** patchKey() of the operations. */
  key: string;
  /** fileFingerprint() of every path the patch touched, when it failed. */
  files: Record<string, string>;
}

export interface SessionState {
  version: typeof SESSION_STATE_VERSION;
  /** Approximate-match failures per absolute path since the last success on it. */
  misses: Record<string, number>;
  failedPatches: FailedPatch[];
}

/** Failure codes that mean "the text you sent is not what the file says". */
export const APPROXIMATE_MATCH_FAILURES: ReadonlySet<FailureCode> = new Set<FailureCode>(['hunk_not_found', 'old_string_not_found']);

export function emptySession(): SessionState {
  return { version: SESSION_STATE_VERSION, misses: {}, failedPatches: [] };
}

/** Parse stored state; anything unreadable or from another version starts afresh (it is only advice). */
export function parseSessionState(text: string): SessionState {
  try {
    const v = JSON.parse(text) as Partial<SessionState>;
    if (v.version !== SESSION_STATE_VERSION || typeof v.misses !== 'object' || v.misses === null || !Array.isArray(v.failedPatches)) {
      return emptySession();
    }
    const misses: Record<string, number> = Object.create(null);
    for (const [k, n] of Object.entries(v.misses)) if (typeof n === 'number' && n > 0) misses[k] = n;
    const failedPatches = v.failedPatches.filter(
      (p): p is FailedPatch => typeof p?.key === 'string' && typeof p.files === 'object' && p.files !== null,
    );
    return { version: SESSION_STATE_VERSION, misses, failedPatches };
  } catch {
    return emptySession();
  }
}

export function serializeSessionState(state: SessionState): string {
  return `${JSON.stringify(state)}\n`;
}

/**
 * A file-name-safe form of a session id. Ids that had to change get a short
 * hash so two ids differing only in unsafe characters do not share state.
 */
export function sanitizeSessionId(id: string): string {
  const safe = id
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 80);
  if (safe === id && safe !== '') return safe;
  return `${safe || 'session'}-${sha256Hex(id).slice(0, 12)}`;
}

/** $XDG_STATE_HOME/chord-patch/sessions/<id>.json, falling back to ~/.local/state. */
export function sessionStatePath(
  id: string,
  env: Readonly<Record<string, string | undefined>>,
  home: string,
  join: (...p: string[]) => string,
): string {
  const xdg = env.XDG_STATE_HOME;
  // XDG: a relative value is invalid and must be ignored.
  const base = xdg?.startsWith('/') ? xdg : join(home, '.local', 'state');
  return join(base, 'chord-patch', 'sessions', `${sanitizeSessionId(id)}.json`);
}

// ------------------------------------------------------------ repeated misses

export interface MatchEvent {
  /** Absolute path of the target file. */
  path: string;
  /** true: the text matched (the file's count resets); false: an approximate-match failure. */
  matched: boolean;
}

/**
 * Count this run's match results. Returns the new state and the paths that
 * have now failed twice or more in a row (those get the note).
 */
export function recordMatchEvents(
  state: SessionState,
  events: readonly MatchEvent[],
): { state: SessionState; repeated: { path: string; count: number }[] } {
  // No prototype: a file named "constructor" or "__proto__" is a key like any other.
  const misses: Record<string, number> = Object.assign(Object.create(null), state.misses);
  const failedNow = new Set<string>();
  for (const e of events) {
    if (e.matched) {
      delete misses[e.path];
    } else if (!failedNow.has(e.path)) {
      // Several failures on one file in one call are one retry, not several.
      failedNow.add(e.path);
      const before = misses[e.path] ?? 0;
      delete misses[e.path]; // re-insert last: insertion order is recency
      misses[e.path] = before + 1;
    }
  }
  const keys = Object.keys(misses);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_PATHS))) delete misses[k];
  const repeated = [...failedNow].filter((p) => (misses[p] ?? 0) >= 2).map((p) => ({ path: p, count: misses[p]! }));
  return { state: { ...state, misses }, repeated };
}

/** The model-facing note for files that failed approximate matching again. */
export function repeatedFailureNote(repeated: readonly { path: string; count: number }[], tool: Outcome['tool']): Note | undefined {
  if (repeated.length === 0) return undefined;
  const list = repeated.map((r) => `${r.path} (${ordinal(r.count)} failure this session)`).join(', ');
  const switchTo =
    tool === 'edit'
      ? 'replace the whole block (write the file, or one edit whose old_string you copy from that fresh read)'
      : 'replace the whole block (one hunk whose "-" lines you copy from that fresh read, or delete and re-add the file)';
  return {
    code: 'repeated_failure',
    message:
      `repeated match failures on ${list}: read the target range fresh and copy the old text from that read, ` +
      `or ${switchTo}, instead of retyping the old text from memory`,
  };
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
}

/**
 * Match events of a patch run: an update whose own failure is an approximate
 * match failure counts against its source file; an update whose group was
 * applied (or would apply, under check) resets its files.
 */
export function patchMatchEvents(
  ops: readonly FileOp[],
  failures: readonly { op: number; code: FailureCode }[],
  failedOps: ReadonlySet<number>,
  abs: (path: string) => string,
): MatchEvent[] {
  const events: MatchEvent[] = [];
  ops.forEach((op, i) => {
    if (op.kind !== 'update') return;
    const own = failures.filter((f) => f.op === i);
    if (own.some((f) => APPROXIMATE_MATCH_FAILURES.has(f.code))) events.push({ path: abs(op.path), matched: false });
    else if (!failedOps.has(i)) {
      events.push({ path: abs(op.path), matched: true });
      if (op.moveTo !== undefined) events.push({ path: abs(op.moveTo), matched: true });
    }
  });
  return events;
}

// ------------------------------------------------------- identical resubmits

/**
 * A stable key for what a patch asks for: every field of its operations that
 * can change the outcome (a corrected `@@ -N` line, a file's mode or final
 * newline, a move), with only where they stood in the patch text left out.
 */
export function patchKey(ops: readonly FileOp[]): string {
  const canonical = JSON.stringify(ops, (k, v) => (k === 'patchLine' ? undefined : v));
  return sha256Hex(canonical);
}

/** What a snapshot entry looked like, compactly: a content hash for files. */
export function fileFingerprint(entry: Entry | undefined): string {
  if (!entry || entry.kind === 'missing') return 'missing';
  if (entry.kind === 'file') return `file:${entry.mode}:${sha256Hex(entry.bytes)}`;
  if (entry.kind === 'unreadable') return 'unreadable';
  return entry.kind;
}

/** The refusal message when this exact patch already failed against these exact files, else undefined. */
export function refuseIdenticalPatch(state: SessionState, key: string, files: Readonly<Record<string, string>>): string | undefined {
  const prior = state.failedPatches.find((p) => p.key === key);
  if (!prior) return undefined;
  const paths = Object.keys(files);
  const same = paths.length === Object.keys(prior.files).length && paths.every((p) => prior.files[p] === files[p]);
  if (!same) return undefined;
  return (
    'this exact patch already failed to match in this session, ' +
    'and the files it touches have not changed since, so it would fail the same way; ' +
    'it was not run. Read the target ranges fresh and rebuild the failing hunks from that read instead of resubmitting the same patch'
  );
}

/** Remember (or forget, on success) a patch's result against the files it touched. */
export function recordPatchResult(
  state: SessionState,
  key: string,
  files: Readonly<Record<string, string>>,
  matchFailed: boolean,
): SessionState {
  const rest = state.failedPatches.filter((p) => p.key !== key);
  const failedPatches = matchFailed ? [...rest, { key, files: { ...files } }].slice(-MAX_PATCHES) : rest;
  return { ...state, failedPatches };
}
