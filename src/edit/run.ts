// The edit tool's runner: EditRequest -> snapshot -> plan -> commit -> outcome.
// Planning (planEdit) is pure; the commit is pipeline.finish(), the same path
// patches take: revalidation against the snapshot ("changed after planning"),
// atomic temp-file writes that keep the file's mode, rollback on failure.

import { resolve } from 'node:path';
import { parseEditJson, parseEditRequest } from '../input/edit.js';
import { errorOutcome, finish, locked, type RunOptions, snapshotBytes } from '../core/pipeline.js';
import type { Guard } from '../core/recover.js';
import type { Plan } from '../core/plan.js';
import { checkSessionState, trackMatchFailures } from '../core/session-store.js';
import { resolveRef, type Snapshot, takeSnapshot } from '../core/snapshot.js';
import { nodeFs } from '../core/node-fs.js';
import { decodeBytes, encodeText, prepareDecoding, type TextEncoding, unencodable } from '../text/decode.js';
import { formatRemoved, mergeRemoved } from '../text/invisible.js';
import type { EditEntry, EditRequest, EditStats, FailedGroup, FailureCode, Note, OpFailure, Outcome } from '../types.js';
import { runsFromLines } from '../text/runs.js';
import { describeIndent, exactNeedles, overlaps, planEntry, STEP_WORDS } from './replace.js';
import { FileView, type LfSplice } from './view.js';
import { applySplices, spliceText } from './write.js';

export interface EditPlan {
  plan: Plan;
  /** Set when the edit applies (or would). */
  stats?: EditStats;
  /** false when old_string was not found (the session counts those), true when the text matched. */
  matched?: boolean;
}

/** C0 and C1 controls and DEL, except tab, LF, FF and CR (the same rule as patch-added lines). */
const CONTROL = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F]/;

/** A Buffer view of the same memory (Buffer.from(Uint8Array) would copy a large file). */
const asBuffer = (b: Uint8Array): Buffer => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

const codePoint = (ch: string): string => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * What new_string adds must be writable: no control characters (other than
 * tab, LF, CR, FF) and nothing the file's encoding cannot represent.
 */
function refuseWritten(added: string, encoding: TextEncoding): { code: FailureCode; message: string } | undefined {
  if (added === '') return undefined;
  const control = CONTROL.exec(added);
  if (control) {
    return {
      code: 'control_chars',
      message: `refusing to write control character ${codePoint(control[0])} from new_string; only tab, LF, CR and FF may be written (spell it as an escape sequence if the code needs it)`,
    };
  }
  const bad = unencodable(added, encoding);
  if (bad === undefined) return undefined;
  return {
    code: 'unencodable',
    message: `the file is ${encoding.name}${encoding.bom ? ' with BOM' : ''}, which cannot represent ${JSON.stringify(bad)} (${codePoint(bad)}) from new_string; not edited`,
  };
}

/** Plan one edit request against a snapshot holding its path. Pure. */
export function planEdit(
  request: EditRequest,
  snapshot: Snapshot,
  options: Pick<RunOptions, 'authorize' | 'authorizeEdit' | 'encoding'> = {},
): EditPlan {
  const ref = resolveRef(snapshot.root, request.path);
  const entries: EditEntry[] = request.mode === 'single' ? [request.edit] : request.edits;
  const label = (i: number) => (request.mode === 'single' ? `edit ${ref.raw}` : `edits[${i}]`);
  const empty = (failed: FailedGroup[], notes: Note[] = []): Plan => ({ mutations: [], changes: [], failed, notes });
  const fileFailure = (code: FailureCode, message: string): EditPlan => ({
    plan: empty([
      {
        paths: [ref.raw],
        failures: [{ op: 0, code, message: `${ref.raw}: ${message}` }],
        operations: [{ op: 0, label: `edit ${ref.raw}`, status: 'failed' }],
      },
    ]),
  });

  if (snapshot.outside.has(ref.abs)) {
    return fileFailure('outside_root', `path is outside the working directory (${snapshot.root}); pass --allow-outside to permit it`);
  }
  // The edit rules alone decide when given: an allow from them must not fall
  // through to apply_patch's rules (`edit: allow` + `apply_patch: deny` allows edits).
  const denied = options.authorizeEdit
    ? options.authorizeEdit(ref.raw)
    : options.authorize?.({ kind: 'update', path: ref.raw, hunks: [], patchLine: 0 }, ref.raw, 'source');
  if (denied) return fileFailure('permission_denied', denied);
  const before = snapshot.entries.get(ref.abs) ?? { kind: 'missing' as const };
  if (before.kind === 'missing') {
    return fileFailure(
      'file_missing',
      'file not found: the edit tool changes one existing file (create files with write, or apply_patch "*** Add File:")',
    );
  }
  if (before.kind === 'dir') return fileFailure('not_a_file', 'is a directory, not a file');
  if (before.kind === 'symlink')
    return fileFailure('symlink', 'is a symbolic link; chord-patch does not edit through links (edit the file it points to)');
  if (before.kind !== 'file')
    return fileFailure(
      before.kind === 'unreadable' ? 'unreadable' : 'not_a_file',
      before.kind === 'unreadable' ? before.error : 'is not a regular file',
    );
  const decoded = decodeBytes(before.bytes, options);
  if (!decoded.ok) return fileFailure(decoded.code, decoded.message);

  const view = new FileView(decoded.text);
  const failures: OpFailure[] = [];
  const skipped: { entry: number; reason: string }[] = [];
  const splices: LfSplice[] = [];
  const notes: Note[] = [];
  const cleaned = new Map<number, number>();
  const oldCleaned = new Map<number, number>();
  let notFound = false;
  const prefix = (i: number) => (request.mode === 'batch' ? `edits[${i}]: ` : '');
  if (request.mode === 'batch') view.prefetch(exactNeedles(entries));

  entries.forEach((e, i) => {
    const r = planEntry(view, e, { tolerant: request.mode === 'single', entry: i });
    if (r.ok === true) {
      const refusal = refuseWritten(r.added, decoded.encoding);
      if (refusal) {
        failures.push({ op: i, code: refusal.code, message: `${prefix(i)}${refusal.message}` });
        return;
      }
      // One at a time: spreading a replace_all's 150,000 splices as call arguments overflows the stack.
      for (const s of r.splices) splices.push(s);
      mergeRemoved(cleaned, r.cleaned);
      if (r.oldCleaned) mergeRemoved(oldCleaned, r.oldCleaned);
      if (r.reindented) {
        notes.push({
          code: 'tolerance',
          message: `${prefix(i)}old_string started inside the indentation of line ${r.reindented.line}; the lines new_string adds were indented by ${describeIndent(r.reindented.by)} more, to that line's level`,
        });
      }
      // What the match adapted (indentation, whitespace drift), whatever the step.
      for (const message of r.notes ?? []) notes.push({ code: 'tolerance', message: `${prefix(i)}${message}` });
      if (r.step === 'punctuation') {
        notes.push({
          code: 'tolerance',
          message: `${prefix(i)}old_string matched ${STEP_WORDS.punctuation} (${r.folds?.join(', ') || 'punctuation'}); the file's own punctuation was kept for unchanged text`,
        });
      } else if (r.step === 'trailing-newline') {
        notes.push({ code: 'tolerance', message: `${prefix(i)}old_string matched ${STEP_WORDS['trailing-newline']}` });
      }
      return;
    }
    // A batch entry that asks for no change is skipped, not an error (spec).
    if (request.mode === 'batch' && (r.code === 'identical_strings' || r.code === 'invisible_only')) {
      skipped.push({
        entry: i,
        reason: r.code === 'identical_strings' ? 'old_string and new_string are identical' : r.message.replace(/: nothing to change$/, ''),
      });
      return;
    }
    if (r.code === 'old_string_not_found') notFound = true;
    failures.push({ op: i, code: r.code, message: `${prefix(i)}${r.message}` });
  });

  if (request.mode === 'batch') {
    for (const o of overlaps(view, splices)) failures.push({ op: o.entries[1], code: 'edits_overlap', message: o.message });
  }
  if (failures.length > 0) {
    failures.sort((a, b) => a.op - b.op);
    const failedOps = new Set(failures.map((f) => f.op));
    const group: FailedGroup = {
      paths: [ref.raw],
      failures,
      operations: entries.map((_, i) => ({
        op: i,
        label: label(i),
        status: failedOps.has(i) ? ('failed' as const) : ('carried' as const),
      })),
    };
    return { plan: empty([group]), ...(notFound ? { matched: false } : {}) };
  }

  for (const s of skipped) notes.push({ code: 'info', message: `skipped edits[${s.entry}]: ${s.reason}` });
  if (oldCleaned.size > 0) {
    notes.push({
      code: 'tolerance',
      message: `old_string held invisible characters the file does not have (${formatRemoved(oldCleaned)}); matched without them`,
    });
  }
  if (cleaned.size > 0)
    notes.push({ code: 'invisible_cleaned', message: `cleaned invisible characters from new_string: ${formatRemoved(cleaned)}` });

  const bytesBefore = before.bytes.length;
  const stats = (bytesAfter: number, replacements: number): EditStats => ({
    path: ref.raw,
    mode: request.mode,
    replacements,
    skipped,
    bytesBefore,
    bytesAfter,
  });
  if (splices.length === 0) {
    notes.push({ code: 'no_changes', message: 'every entry requests no change' });
    return { plan: empty([], notes), stats: stats(bytesBefore, 0), matched: true };
  }

  const lines = applySplices(view, splices);
  const bytes = encodeText(spliceText(view, splices), decoded.encoding);
  if (Buffer.compare(asBuffer(bytes), asBuffer(before.bytes)) === 0) {
    notes.push({ code: 'no_changes', message: 'the file already reads that way' });
    return { plan: empty([], notes), stats: stats(bytesBefore, 0), matched: true };
  }
  const plan: Plan = {
    mutations: [
      {
        abs: ref.abs,
        path: ref.raw,
        before,
        after: { bytes, mode: before.mode },
        content: { type: 'text', runs: runsFromLines(lines, view.table), base: view.table, encoding: decoded.encoding, origin: ref.abs },
      },
    ],
    changes: [{ kind: 'update', path: ref.raw }],
    failed: [],
    notes,
  };
  return { plan, stats: stats(bytes.length, splices.length), matched: true };
}

/** Apply (or check) an edit request. Never throws for bad input: the outcome says why. */
export async function runEdit(request: EditRequest, options: RunOptions = {}): Promise<Outcome> {
  return locked(options, 'edit', (guard) => runEditLocked(request, options, guard));
}

async function runEditLocked(request: EditRequest, options: RunOptions, guard: Guard | undefined): Promise<Outcome> {
  const fs = options.fs ?? nodeFs;
  const root = resolve(options.cwd ?? process.cwd());
  const dryRun = !!options.check;
  let planned: EditPlan;
  let snapshot: Snapshot;
  try {
    checkSessionState(options);
    const ref = resolveRef(root, request.path);
    snapshot = await takeSnapshot(fs, root, [ref], !!options.allowOutside);
    await prepareDecoding(snapshotBytes(snapshot), options);
    planned = planEdit(request, snapshot, options);
  } catch (e) {
    return errorOutcome(e, 'edit', dryRun);
  }
  const { plan, stats } = planned;
  let outcome = await finish(fs, plan, { snapshot, dryRun, tool: 'edit', notes: plan.notes, guard, confine: !options.allowOutside });
  if (stats && (outcome.status === 'applied' || outcome.status === 'checked')) outcome = { ...outcome, edit: stats };
  // A commit that failed as a whole (changed after planning, write error) says
  // nothing about whether the text matched, so it is not counted.
  if (planned.matched !== undefined && !outcome.error) {
    const abs = resolve(root, request.path);
    outcome = trackMatchFailures(outcome, [{ path: abs, matched: planned.matched }], options, () => request.path);
  }
  return outcome;
}

/** Validate a parsed JSON object as an edit request and run it. */
export async function runEditObject(json: Record<string, unknown>, options: RunOptions = {}): Promise<Outcome> {
  let request: EditRequest;
  try {
    request = parseEditRequest(json);
  } catch (e) {
    return errorOutcome(e, 'edit', !!options.check);
  }
  return runEdit(request, options);
}

/** Parse edit JSON text (the `edit` command's input) and run it. */
export async function runEditText(text: string, options: RunOptions = {}): Promise<Outcome> {
  let request: EditRequest;
  try {
    request = parseEditJson(text);
  } catch (e) {
    return errorOutcome(e, 'edit', !!options.check);
  }
  return runEdit(request, options);
}
