// Planning one edit request (pure): the file must pass the same checks a
// patch's target does (plan/failure.ts), every entry is located in the file
// as it was read (edit/replace.ts), what new_string adds passes the same
// checks a patch's added lines do (text/written.ts), and the splices become
// one mutation. Any failing entry rejects the whole request.

import type { Plan, PlanOptions } from '../plan/planner.js';
import { entryFailure, notAFile, OpError, outsideRoot, pathFailure, spelledAsDirectory } from '../plan/failure.js';
import { namesDirectory } from '../text/paths.js';
import { type PathRef, realSpelling, resolveRef, type Snapshot } from '../plan/snapshot.js';
import { decodeBytes, encodeText, type TextEncoding } from '../text/decode.js';
import { formatRemoved, mergeRemoved } from '../text/invisible.js';
import { runsFromLines } from '../text/runs.js';
import { checkEncodable, refuseControl } from '../text/written.js';
import type { EditEntry, EditRequest, EditStats, Entry, FailedGroup, Note, OpFailure } from '../types.js';
import { describeIndent } from './inside-indentation.js';
import { type Stripped, stripNumbered, strippedNote } from '../match/line-numbers.js';
import { type EntryResult, exactNeedles, planEntry, STEP_WORDS } from './replace.js';
import { overlaps } from './overlaps.js';
import { FileView, type LfSplice } from './view.js';
import { applySplices, spliceText } from './write.js';

export interface EditPlan {
  plan: Plan;
  /** Set when the edit applies (or would). */
  stats?: EditStats;
  /** false when old_string was not found (the session counts those), true when the text matched. */
  matched?: boolean;
}

type EditOptions = Pick<PlanOptions, 'authorize' | 'encoding'> & {
  /**
   * The `edit` permission rules: a reason string denies editing `path` (`real`:
   * where it really is, as for `authorize`); else `authorize` decides.
   */
  authorizeEdit?: (path: string, real?: string) => string | undefined;
};
type FileEntry = Extract<Entry, { kind: 'file' }>;
type Located = Extract<EntryResult, { ok: true }>;

/** A Buffer view of the same memory (Buffer.from(Uint8Array) would copy a large file). */
const asBuffer = (b: Uint8Array): Buffer => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

const emptyPlan = (failed: FailedGroup[], notes: Note[] = []): Plan => ({ mutations: [], changes: [], failed, notes });

/** The entries that ask for no change: a batch skips them, a single edit fails with them. */
const NO_CHANGE = new Set(['identical_strings', 'invisible_only']);

/** What the entries of a request came to: where to splice, what to say, what failed. */
interface Entries {
  failures: OpFailure[];
  skipped: { entry: number; reason: string }[];
  splices: LfSplice[];
  notes: Note[];
  cleaned: Map<number, number>;
  oldCleaned: Map<number, number>;
  notFound: boolean;
}

/** Plan one edit request against a snapshot holding its path. Pure. */
export function planEdit(request: EditRequest, snapshot: Snapshot, options: EditOptions = {}): EditPlan {
  const ref = resolveRef(snapshot.root, request.path);
  const entries: EditEntry[] = request.mode === 'single' ? [request.edit] : request.edits;
  let before: FileEntry;
  try {
    before = editableFile(ref, snapshot, options);
  } catch (e) {
    if (!(e instanceof OpError)) throw e;
    return { plan: emptyPlan([failedGroup(request, ref, [pathFailure(0, e.code, ref.raw, e.reason)])]) };
  }
  const decoded = decodeBytes(before.bytes, options);
  if (!decoded.ok) return { plan: emptyPlan([failedGroup(request, ref, [pathFailure(0, decoded.code, ref.raw, decoded.message)])]) };
  const view = new FileView(decoded.text);
  const planned = planEntries(request, ref, view, decoded.encoding, entries);
  if (planned.failures.length > 0) {
    planned.failures.sort((a, b) => a.op - b.op);
    const plan = emptyPlan([failedGroup(request, ref, planned.failures, entries.length)]);
    return { plan, ...(planned.notFound ? { matched: false } : {}) };
  }
  return spliced(request, ref, before, view, decoded.encoding, planned);
}

/** The request's file, when it may be edited: inside the working directory, allowed, an existing regular file. */
function editableFile(ref: PathRef, snapshot: Snapshot, options: EditOptions): FileEntry {
  if (snapshot.outside.has(ref.abs)) throw outsideRoot(snapshot.root);
  if (namesDirectory(ref.raw)) throw spelledAsDirectory();
  const reserved = snapshot.reserved.get(ref.abs);
  if (reserved !== undefined) throw new OpError('protected_path', reserved);
  // The edit rules alone decide when given: an allow from them must not fall
  // through to apply_patch's rules (`edit: allow` + `apply_patch: deny` allows edits).
  const real = realSpelling(snapshot, ref.abs);
  const denied = options.authorizeEdit
    ? options.authorizeEdit(ref.raw, real)
    : options.authorize?.({ kind: 'update', path: ref.raw, hunks: [], patchLine: 0 }, ref.raw, 'source', real);
  if (denied) throw new OpError('permission_denied', denied);
  const before = snapshot.entries.get(ref.abs) ?? { kind: 'missing' as const };
  if (before.kind === 'file') return before;
  // A missing parent is still "not found" for the edit tool: it creates nothing.
  const entry = before.kind === 'missing' ? { kind: 'missing' as const } : before;
  throw notAFile(
    snapshot.root,
    entry,
    () => 'file not found: the edit tool changes one existing file (create files with write, or apply_patch "*** Add File:")',
  );
}

/**
 * The one failed group of a rejected request: the file, its failures, and
 * every entry with its status (`entries`; without it the file itself failed,
 * and the group holds the one edit of the file).
 */
function failedGroup(request: EditRequest, ref: PathRef, failures: OpFailure[], entries?: number): FailedGroup {
  const failedOps = new Set(failures.map((f) => f.op));
  const batch = request.mode === 'batch' && entries !== undefined;
  return {
    paths: [ref.raw],
    failures,
    operations: Array.from({ length: entries ?? 1 }, (_, i) => ({
      op: i,
      label: batch ? `edits[${i}]` : `edit ${ref.raw}`,
      status: failedOps.has(i) ? ('failed' as const) : ('carried' as const),
    })),
    edit: request.mode,
  };
}

/** Locate every entry in the file as read; collect splices, notes, skips and failures. */
function planEntries(request: EditRequest, ref: PathRef, view: FileView, encoding: TextEncoding, entries: readonly EditEntry[]): Entries {
  const batch = request.mode === 'batch';
  const out: Entries = { failures: [], skipped: [], splices: [], notes: [], cleaned: new Map(), oldCleaned: new Map(), notFound: false };
  const fail = (i: number, r: { code: OpFailure['code']; message: string; lines?: number[] }) =>
    out.failures.push(entryFailure(i, batch, r.code, ref.raw, r.message, r.lines));
  // A batch finds every entry's old_string in one pass over the file.
  if (batch) view.prefetch(exactNeedles(entries));
  entries.forEach((e, i) => {
    // Every caller refuses it first; here, so that no input can make the engine list a match at every offset.
    if (e.old_string === '' && e.new_string !== '') {
      fail(i, { code: 'old_string_ambiguous', message: 'old_string is empty, so it occurs everywhere: name text the file holds' });
      return;
    }
    const r = planEntry(view, e, { tolerant: !batch, entry: i });
    if (r.ok === true) {
      const refusal = refuseWritten(r.added, encoding);
      if (refusal) fail(i, refusal);
      else located(out, r, batch ? `edits[${i}]: ` : '');
      return;
    }
    if (NO_CHANGE.has(r.code)) {
      // A batch entry that asks for no change is skipped, not an error (spec).
      if (batch) out.skipped.push({ entry: i, reason: r.message });
      else fail(i, { ...r, message: `${r.message}: nothing to change` });
      return;
    }
    if (r.code === 'old_string_not_found') {
      const copy = withoutLineNumbers(view, e);
      const again = copy && planEntry(view, copy.entry, { tolerant: !batch, entry: i });
      if (again?.ok === true && !refuseWritten(again.added, encoding)) {
        located(out, again, batch ? `edits[${i}]: ` : '');
        out.notes.push({ code: 'tolerance', message: strippedNote(batch ? `edits[${i}]` : ref.raw, copy!.stripped) });
        return;
      }
      // A proven copy that still fails (found twice, already applied) fails for that reason.
      if (again && again.ok !== true && !NO_CHANGE.has(again.code) && again.code !== 'old_string_not_found') {
        fail(i, again);
        return;
      }
      // Not a stale picture of the file: the entries were chained.
      const k = batch ? entries.slice(0, i).findIndex((p) => p.new_string.includes(e.old_string)) : -1;
      if (k >= 0) {
        fail(i, { ...r, message: builtOnEarlier(k) });
        return;
      }
      out.notFound = true;
    }
    fail(i, r);
  });
  if (batch) {
    for (const o of overlaps(view, out.splices)) {
      out.failures.push({ op: o.entries[1], code: 'edits_overlap', path: ref.raw, message: o.message, entry: o.entries[1] });
    }
  }
  return out;
}

/**
 * A batch entry whose old_string is not in the file but in what an earlier
 * entry writes: the model chained them (as MultiEdit-style tools apply edits
 * one after another), while every entry here matches the file as read.
 */
function builtOnEarlier(k: number): string {
  return (
    `old_string is not in the file, but edits[${k}]'s new_string writes it: every entry of a batch matches the file ` +
    'as it was before any of them, not the text earlier entries write; fold the two into one entry, or send this one in a later call'
  );
}

/** The entry with read-tool line numbers removed from old_string (and new_string, when every line has one), if they prove a copy. */
function withoutLineNumbers(view: FileView, e: EditEntry): { entry: EditEntry; stripped: Stripped } | undefined {
  const split = (t: string) => {
    if (t === '') return { lines: [] as string[], end: '' };
    const lines = t.split('\n');
    const end = lines[lines.length - 1] === '' ? lines.pop() : undefined;
    return { lines, end: end === undefined ? '' : '\n' };
  };
  const from = split(e.old_string);
  const to = split(e.new_string);
  const table = view.table;
  const s = stripNumbered(from.lines, to.lines, (n) => (n >= 1 && n <= table.length ? table.textAt(n - 1) : undefined));
  if (!s) return undefined;
  return { entry: { ...e, old_string: s.old.join('\n') + from.end, new_string: s.added.join('\n') + to.end }, stripped: s };
}

/**
 * What new_string adds must be writable: no control characters (other than
 * tab, LF, CR, FF) and nothing the file's encoding cannot represent.
 */
function refuseWritten(added: string, encoding: TextEncoding) {
  if (added === '') return undefined;
  return refuseControl(added, 'from new_string') ?? checkEncodable([added], encoding, 'new_string');
}

/** Take a located entry's splices, and say what its match adapted. */
function located(out: Entries, r: Located, prefix: string): void {
  // One at a time: spreading a replace_all's 150,000 splices as call arguments overflows the stack.
  for (const s of r.splices) out.splices.push(s);
  mergeRemoved(out.cleaned, r.cleaned);
  if (r.oldCleaned) mergeRemoved(out.oldCleaned, r.oldCleaned);
  const note = (message: string) => out.notes.push({ code: 'tolerance', message: `${prefix}${message}` });
  if (r.reindented) {
    note(
      `old_string started inside the indentation of line ${r.reindented.line}; ` +
        `the lines new_string adds were indented by ${describeIndent(r.reindented.by)} more, to that line's level`,
    );
  }
  // What the match adapted (indentation, whitespace drift), whatever the step.
  for (const message of r.notes ?? []) note(message);
  if (r.step === 'punctuation') {
    note(
      `old_string matched ${STEP_WORDS.punctuation} (${r.folds?.join(', ') || 'punctuation'}); ` +
        "the file's own punctuation was kept for unchanged text",
    );
  } else if (r.step === 'trailing-newline') {
    note(`old_string matched ${STEP_WORDS['trailing-newline']}`);
  } else if (r.step === 'canonical') {
    note(
      `old_string matched ${STEP_WORDS.canonical}: the file's text there is in ${r.form} form, ` +
        "and new_string was written in that form (the file's own form kept for unchanged text)",
    );
  }
}

/** Every entry located: the notes, and the one mutation (or none, when nothing changes). */
function spliced(
  request: EditRequest,
  ref: PathRef,
  before: FileEntry,
  view: FileView,
  encoding: TextEncoding,
  planned: Entries,
): EditPlan {
  const { notes, skipped, splices } = planned;
  for (const s of skipped) notes.push({ code: 'info', message: `skipped edits[${s.entry}]: ${s.reason}` });
  if (planned.oldCleaned.size > 0) {
    notes.push({
      code: 'tolerance',
      message: `old_string held invisible characters the file does not have (${formatRemoved(planned.oldCleaned)}); matched without them`,
    });
  }
  if (planned.cleaned.size > 0) {
    notes.push({ code: 'invisible_cleaned', message: `cleaned invisible characters from new_string: ${formatRemoved(planned.cleaned)}` });
  }
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
    return { plan: emptyPlan([], notes), stats: stats(bytesBefore, 0), matched: true };
  }
  const lines = applySplices(view, splices);
  const bytes = encodeText(spliceText(view, splices), encoding);
  if (Buffer.compare(asBuffer(bytes), asBuffer(before.bytes)) === 0) {
    notes.push({ code: 'no_changes', message: 'the file already reads that way' });
    return { plan: emptyPlan([], notes), stats: stats(bytesBefore, 0), matched: true };
  }
  const content = { type: 'text' as const, runs: runsFromLines(lines, view.table), base: view.table, encoding, origin: ref.abs };
  const plan: Plan = {
    mutations: [{ abs: ref.abs, path: ref.raw, before, after: { bytes, mode: before.mode }, content }],
    changes: [{ kind: 'update', path: ref.raw }],
    failed: [],
    notes,
  };
  return { plan, stats: stats(bytes.length, splices.length), matched: true };
}
