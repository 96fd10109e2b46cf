// One planner per kind of patch operation (add, delete, update with or without
// a move), each playing its operation against the in-memory view (tree-view.ts).
// A planner either leaves the operation's new states in the view or throws an
// OpError for it; planPatch (planner.ts) collects those and decides what commits.

import { locateHunks, type LocateResult } from '../match/hunks.js';
import { newSide, oldSide } from '../match/hunk-lines.js';
import { stripHunk, strippedNote } from '../match/line-numbers.js';
import { LineIndex } from '../match/seek.js';
import type { LineTable } from '../text/table.js';
import type { OutOfOrder } from '../match/hunks.js';
import type { TextEncoding } from '../text/decode.js';
import type { Line } from '../text/lines.js';
import { emptyTable, isWhole, rebase, type Run, runsFromLines, tableOfRuns } from '../text/runs.js';
import { spliceRuns } from '../text/splice.js';
import { placeholderForDropped, placeholderMessage } from '../text/placeholder.js';
import { checkEncodable, cleanAddedLines, cleanHunks, type Refusal } from '../text/written.js';
import type { FileOp, Hunk } from '../types.js';
import { OpError } from './failure.js';
import { binaryResult, patchedContent } from './plan-binary.js';
import type { PathRef } from './snapshot.js';
import { crAsEnding, deletedContentDiffers, diffEndOfFile, withExecutable, withoutFinalEol } from './traits.js';
import type { Content, FileState, PlanView, TextContent } from './tree-view.js';

type Op<K extends FileOp['kind']> = Extract<FileOp, { kind: K }>;

const refused = (r: Refusal): OpError => new OpError(r.code, r.message);

/**
 * `*** Add File:` — a new file with the added lines, UTF-8 (with a BOM when the first line asks for one).
 * A whole-file write (`replace`) may also stand over an existing file: it keeps that file's mode, its
 * encoding and BOM, and its uniform line ending (unless the written text carried its own).
 */
export function planAdd(view: PlanView, i: number, op: Op<'add'>, ref: PathRef): void {
  view.authorize(op, ref, 'target');
  const s = view.target(ref);
  if (!op.replace) view.requireAbsent(ref, s, op.simultaneous, 'cannot add file that already exists; use "*** Update File:" instead');
  view.requireCreatable(ref, s, op.simultaneous);
  if (op.binary) {
    const mode = withExecutable(undefined, op.executable);
    view.put(i, ref.abs, {
      kind: 'file',
      ...(mode !== undefined ? { mode } : {}),
      content: { type: 'bytes', bytes: binaryResult(op.binary, undefined) },
    });
    return;
  }
  const added = cleanAddedLines(op.lines, true);
  if (!added.ok) throw refused(added);
  view.reports[i]!.cleaned = added.removed;
  const old = s.kind === 'file' ? view.decode(s.content) : undefined;
  const kept = old && 'type' in old ? old : undefined;
  // A leading U+FEFF the model kept on purpose asks for a UTF-8 file with a BOM.
  const bom = added.lines[0]?.startsWith('\uFEFF') ?? false;
  if (bom) added.lines[0] = added.lines[0]!.slice(1);
  const encoding: TextEncoding = kept && !bom ? kept.encoding : { name: 'utf-8', bom };
  const bad = checkEncodable(added.lines, encoding);
  if (bad) throw refused(bad);
  const eol = op.eol ?? kept?.base.uniformEol() ?? '\n';
  let runs: Run[] = added.lines.map((text) => ({ text, eol }));
  if (op.noNewlineAtEnd) runs = withoutFinalEol(runs, emptyTable());
  const mode = withExecutable(s.kind === 'file' ? s.mode : undefined, op.executable);
  view.put(i, ref.abs, {
    kind: 'file',
    ...(mode !== undefined ? { mode } : {}),
    content: { type: 'text', runs, base: emptyTable(), encoding },
  });
}

/** `*** Delete File:` — only an existing file, and (for diffs) only when it holds what the diff says it deletes. */
export function planDelete(view: PlanView, i: number, op: Op<'delete'>, ref: PathRef): void {
  view.authorize(op, ref, 'source');
  const src = view.requireFile(op, ref, op.simultaneous);
  if (op.binary) binaryResult(op.binary, src.content);
  if (op.expectLines) {
    const text = view.decode(src.content);
    const differs = 'type' in text ? deletedContentDiffers(tableOfRuns(text.runs, text.base), op.expectLines) : text.message;
    if (differs) throw new OpError('content_differs', `not deleted: ${differs}; deleting it would lose what the diff does not show`);
  }
  view.vacate(i, ref.abs, op.simultaneous);
}

/** `*** Update File:` — the hunks laid over the file, then the mode, then the move (when there is one). */
export function planUpdate(view: PlanView, i: number, op: Op<'update'>, refs: readonly PathRef[]): void {
  const ref = refs[0]!;
  const dest = refs[1];
  view.authorize(op, ref, 'source');
  // A git rename or copy reads its source as the snapshot holds it (a swap reads both files before either is written).
  const src = view.requireFile(op, ref, op.simultaneous && dest !== undefined);
  const next = updatedContent(view, i, op, ref, src);
  const mode = withExecutable(src.mode, op.executable);
  if (!dest) {
    view.put(i, ref.abs, { ...src, ...(mode !== undefined ? { mode } : {}), content: next });
    return;
  }
  view.authorize(op, dest, 'target');
  if (dest.abs === ref.abs) {
    throw new OpError('same_path', '"*** Move to:" names the same path as the source; drop the Move to line');
  }
  const target = view.target(dest);
  // An envelope's Move to keeps Codex's rule (it replaces the file) while the shared conformance scenarios expect it.
  if (op.simultaneous) view.requireAbsent(dest, target, true, movedOnto(op));
  else if (target.kind === 'file') view.hunkNotes.push(replacedByMove(op));
  view.requireCreatable(dest, target);
  if (!op.copy) view.vacate(i, ref.abs, op.simultaneous);
  const content: Content = op.copy ? { ...next, copied: true } : next;
  view.put(i, dest.abs, { kind: 'file', ...(mode !== undefined ? { mode } : {}), content });
}

function movedOnto(op: Op<'update'>): string {
  const verb = op.copy ? 'copy' : op.simultaneous ? 'rename' : 'move';
  return (
    `cannot ${verb} ${op.path} onto ${op.moveTo}: a file already exists there and would be lost; ` +
    (op.simultaneous ? 'the diff must delete or rename it too' : 'delete or move it first, in the same patch')
  );
}

/** Said whenever an envelope's move replaces a file, so that no report shows it as a plain rename. */
function replacedByMove(op: Op<'update'>): string {
  return (
    `${op.moveTo} already existed and was replaced by the moved ${op.path} (*** Move to: overwrites, as in Codex); ` +
    'its previous content is not kept: to keep it, move or delete it first in the same patch'
  );
}

/** The content an update leaves: the source's, with its hunks applied. */
function updatedContent(view: PlanView, i: number, op: Op<'update'>, ref: PathRef, src: FileState): Content {
  if (op.binary) return patchedContent(op.binary, src.content);
  const stale = view.options.stale?.get(i);
  if (stale instanceof OpError) throw stale;
  if (stale) return mergedContent(view, src, stale);
  const cleaned = cleanHunks(op.hunks);
  if (!cleaned.ok) throw refused(cleaned);
  for (const h of cleaned.hunks) {
    const found = placeholderForDropped(oldSide(h.lines), newSide(h.lines));
    if (found) throw new OpError('placeholder', placeholderMessage(found), { patchLine: h.patchLine });
  }
  view.reports[i]!.cleaned = cleaned.removed;
  let hunks: readonly Hunk[] = cleaned.hunks;
  // No hunks (a mode change or rename from a diff): the content is not even decoded.
  if (hunks.length === 0) return src.content;
  // Context-only hunks change nothing: the content (even bytes that are
  // not text, for a pure rename of a binary file) moves as it is.
  const unchanged = onlyContext(hunks);
  const text = view.decode(src.content);
  if (!('type' in text)) {
    if (!(unchanged && op.moveTo !== undefined)) throw new OpError(text.code, text.message);
    return src.content;
  }
  // A second operation on the same content matches against a table
  // rebuilt from its runs; the first one matches the decoded file itself.
  const table = isWhole(text.runs, text.base) ? text.base : tableOfRuns(text.runs, text.base);
  if (op.simultaneous) {
    const laid = crAsEnding(table, hunks, op.eof);
    if (typeof laid === 'string') throw new OpError('content_differs', laid);
    hunks = laid;
  }
  let located = locateHunks(new LineIndex(table), hunks);
  if (!located.ok && located.code === 'hunk_not_found') {
    const retry = withoutLineNumbers(ref, hunks, table);
    const again = retry && locateHunks(new LineIndex(table), retry.hunks);
    if (again?.ok) {
      located = again;
      hunks = retry!.hunks;
      view.hunkNotes.push(...retry!.notes);
    }
  }
  if (!located.ok) throw hunkFailure(located, hunks);
  record(view, i, ref, hunks, located);
  // The added lines as cleaning collected them: a second walk over every hunk line cost about 1 ms for 500 hunks.
  const bad = checkEncodable(cleaned.added, text.encoding);
  if (bad) throw refused(bad);
  const next: TextContent = unchanged ? text : { ...text, runs: rebase(spliceRuns(table, located.replacements, op.eol), table) };
  if (op.eof) {
    const rule = diffEndOfFile(table, located.replacements, op.eof);
    if (typeof rule === 'string') throw new OpError('content_differs', rule, { hunk: hunks.length, patchLine: hunks.at(-1)!.patchLine });
    return rule ? next : { ...text, runs: withoutFinalEol(next.runs, text.base) };
  }
  if (op.keepFinalEol && table.length > 0 && table.eolAt(table.length - 1) === '')
    return { ...text, runs: withoutFinalEol(next.runs, text.base) };
  return op.noNewlineAtEnd ? { ...text, runs: withoutFinalEol(next.runs, text.base) } : next;
}

/** A three-way merge's lines (stale/patch.ts) as the content, over the file as read. */
function mergedContent(view: PlanView, src: FileState, merged: readonly Line[]): Content {
  const text = view.decode(src.content);
  if (!('type' in text)) throw new OpError(text.code, text.message);
  if (!isWhole(text.runs, text.base))
    throw new OpError('stale_context', 'the merge was made for the file as read, not as this patch left it');
  return { ...text, runs: runsFromLines(merged, text.base) };
}

/** The hunks with read-tool line numbers removed where they prove to be a copy (match/line-numbers.ts), if any were. */
function withoutLineNumbers(ref: PathRef, hunks: readonly Hunk[], table: LineTable): { hunks: Hunk[]; notes: string[] } | undefined {
  const lineText = (n: number) => (n >= 1 && n <= table.length ? table.textAt(n - 1) : undefined);
  const notes: string[] = [];
  const out = hunks.map((h, k) => {
    const s = stripHunk(h, lineText);
    if (!s) return h;
    notes.push(strippedNote(`${ref.raw}: hunk ${k + 1}`, s.stripped));
    return s.hunk;
  });
  return notes.length > 0 ? { hunks: out, notes } : undefined;
}

/** Are all the hunks' lines context? */
function onlyContext(hunks: readonly Hunk[]): boolean {
  return hunks.every((h) => h.lines.every((l) => l.op === ' '));
}

/** A hunk that could not be placed: its number, its line in the patch, and the file lines the report points at. */
function hunkFailure(located: Extract<LocateResult, { ok: false }>, hunks: readonly Hunk[]): OpError {
  return new OpError(located.code, located.message, {
    hunk: located.hunk + 1,
    patchLine: hunks[located.hunk]!.patchLine,
    lines: located.lines.map((l) => l + 1),
  });
}

/** What the placed hunks report: passes used, notes, placements, hunks out of file order. */
function record(view: PlanView, i: number, ref: PathRef, hunks: readonly Hunk[], located: Extract<LocateResult, { ok: true }>): void {
  view.countPasses(located.replacements);
  if (located.outOfOrder.length > 0) view.reports[i]!.outOfOrder = outOfOrderNote(ref.raw, located.outOfOrder, hunks.length);
  for (const r of located.replacements) if (r.note !== undefined) view.hunkNotes.push(`${ref.raw}: ${r.note}`);
  located.placed.forEach((r, k) => {
    view.placements.push({ path: ref.raw, op: i, hunk: k + 1, hunks: hunks.length, line: r.start + 1, pass: r.pass });
  });
}

function outOfOrderNote(path: string, moved: readonly OutOfOrder[], total: number): string {
  const list = (ms: readonly OutOfOrder[]) => ms.map((m) => `${m.hunk + 1}/${total} at line ${m.line + 1}`).join(', ');
  const [stated, only] = [moved.filter((m) => m.stated), moved.filter((m) => !m.stated)];
  const why = [
    only.length > 0 ? `hunk ${list(only)} matched only before the preceding hunk, in exactly one place, and was applied there` : '',
    stated.length > 0 ? `hunk ${list(stated)} matched before and after the preceding hunk, and was applied at its stated line` : '',
  ];
  return `${path}: hunks were out of file order: ${why.filter(Boolean).join('; ')}`;
}
