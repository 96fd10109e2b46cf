// Planning: pure, synchronous, no I/O. Every operation is played in patch
// order against an in-memory view of the snapshot; failures are collected, not
// thrown, so one run reports all of them.
//
// Groups (core/groups.ts): a file group is every operation on one source
// path and commits as a whole or not at all; a failed operation fails its
// group, including operations that matched in memory (they are "carried
// along"), and every later operation that touched one of its paths (a move
// touches source and destination). Earlier groups those depended on still
// commit, and so do independent ones. Each path commits the state the last
// surviving operation on it left.

import { relative } from 'node:path';
import { type Bytes, sameBytes } from './bytes.js';
import type { OutOfOrder, Replacement } from '../match/hunks.js';
import { locateHunks } from '../match/hunks.js';
import { LineIndex } from '../match/seek.js';
import { type Decoded, decodeLines, type DecodeOptions, encodeText, type TextEncoding } from '../text/decode.js';
import { EMPTY_TABLE, isBaseRun, isWhole, rebase, type Run, tableOfRuns, textOfRuns, wholeRuns } from '../text/runs.js';
import { spliceRuns } from '../text/splice.js';
import type { LineTable } from '../text/table.js';
import { formatRemoved, mergeRemoved } from '../text/invisible.js';
import { checkEncodable, cleanAddedLines, cleanHunks, type Refusal } from '../text/written.js';
import type { ChangeSummary, Entry, FailedGroup, FailureCode, FileOp, HunkPlacement, Note, OpFailure } from '../types.js';
import { closeFailures } from './groups.js';
import { type PathRef, resolveRef, type Snapshot } from './snapshot.js';
import { deletedContentDiffers, withExecutable, withoutFinalEol } from './traits.js';
import { passWords } from '../match/passes.js';

/** Content of a file in the in-memory view. */
export type Content =
  | {
      type: 'text';
      /** The content: runs of `base` lines and new lines. */
      runs: Run[];
      /** The origin's lines as decoded from the snapshot (empty for new content): what base runs index. */
      base: LineTable;
      encoding: TextEncoding;
      /** Absolute path whose snapshot this content descends from (moves keep it); unset for an added file. */
      origin?: string;
    }
  | { type: 'bytes'; bytes: Uint8Array; origin?: string };

type TextContent = Extract<Content, { type: 'text' }>;

type VState = { kind: 'missing' } | { kind: 'file'; mode?: number; content: Content } | { kind: 'blocked'; entry: Entry };

export interface Mutation {
  abs: string;
  /** Path as the patch wrote it. */
  path: string;
  before: Entry;
  /** null: delete. */
  after: { bytes: Bytes; mode?: number } | null;
  /** Final content (for the diff), when the path ends up as a file. */
  content?: Content;
}

export interface Plan {
  /** Where each located hunk matched (patches only). */
  placements?: HunkPlacement[];
  mutations: Mutation[];
  changes: ChangeSummary[];
  failed: FailedGroup[];
  notes: Note[];
}

export interface PlanOptions extends DecodeOptions {
  /** Permission hook: a reason string denies the operation on that path. */
  authorize?: (op: FileOp, path: string, role: 'source' | 'target') => string | undefined;
}

class OpError extends Error {
  constructor(
    readonly code: FailureCode,
    message: string,
  ) {
    super(message);
  }
}

export function opLabel(op: FileOp): string {
  if (op.kind === 'add') return `Add File: ${op.path}`;
  if (op.kind === 'delete') return `Delete File: ${op.path}`;
  return op.moveTo !== undefined ? `Update File: ${op.path} (Move to: ${op.moveTo})` : `Update File: ${op.path}`;
}

export function opRefs(root: string, op: FileOp): PathRef[] {
  const refs = [resolveRef(root, op.path)];
  if (op.kind === 'update' && op.moveTo !== undefined) refs.push(resolveRef(root, op.moveTo));
  return refs;
}

export function planPatch(ops: readonly FileOp[], snapshot: Snapshot, options: PlanOptions = {}): Plan {
  const root = snapshot.root;
  const view = new Map<string, VState>();
  const refsOf = ops.map((op) => opRefs(root, op));
  /** The states each operation left on the paths it changed: what commits if it survives. */
  const post: Map<string, VState>[] = ops.map(() => new Map());
  const put = (i: number, abs: string, state: VState) => {
    view.set(abs, state);
    post[i]!.set(abs, state);
  };
  const display = new Map<string, string>();
  for (const refs of refsOf) for (const r of refs) if (!display.has(r.abs)) display.set(r.abs, r.raw);

  const stateOf = (abs: string): VState => {
    let s = view.get(abs);
    if (!s) {
      const e = snapshot.entries.get(abs);
      if (!e || (e.kind === 'missing' && e.blockedBy === undefined)) s = { kind: 'missing' };
      else if (e.kind === 'file') s = { kind: 'file', mode: e.mode, content: { type: 'bytes', bytes: e.bytes, origin: abs } };
      else s = { kind: 'blocked', entry: e };
      view.set(abs, s);
    }
    return s;
  };

  const failures: OpFailure[] = [];
  const placements: HunkPlacement[] = [];
  const passCounts = new Map<string, number>();
  /** What tolerant matches adapted (re-indented lines, removed lines that drifted), one note each. */
  const hunkNotes: string[] = [];
  /** Invisible characters cleaned from each operation's added lines (reported only if it commits). */
  const cleanedByOp = new Map<number, Map<number, number>>();
  /** Hunks placed before the preceding hunk, per operation (reported only if it commits). */
  const outOfOrderByOp = new Map<number, string>();
  const refusal = (ref: PathRef, r: Refusal) => new OpError(r.code, `${ref.raw}: ${r.message}`);

  const requireFile = (op: FileOp, ref: PathRef): Extract<VState, { kind: 'file' }> => {
    if (snapshot.outside.has(ref.abs)) {
      throw new OpError('outside_root', `${ref.raw}: path is outside the working directory (${root}); pass --allow-outside to permit it`);
    }
    const s = stateOf(ref.abs);
    if (s.kind === 'file') return s;
    if (s.kind === 'missing') {
      const verb = op.kind === 'delete' ? 'delete' : 'update';
      throw new OpError('file_missing', `${ref.raw}: cannot ${verb} a file that does not exist`);
    }
    throw blocked(root, ref, s.entry);
  };

  /** Content as text, or the decoder's refusal when its bytes are not text. */
  const decodeContent = (content: Content): TextContent | Extract<Decoded, { ok: false }> => {
    if (content.type === 'text') return content;
    const d = decodeLines(content.bytes, options);
    if (!d.ok) return d;
    const base = d.table;
    return { type: 'text', runs: wholeRuns(base), base, encoding: d.encoding, ...(content.origin ? { origin: content.origin } : {}) };
  };

  const checkTarget = (ref: PathRef): VState => {
    if (snapshot.outside.has(ref.abs)) {
      throw new OpError('outside_root', `${ref.raw}: path is outside the working directory (${root}); pass --allow-outside to permit it`);
    }
    return stateOf(ref.abs);
  };

  const authorize = (op: FileOp, ref: PathRef, role: 'source' | 'target') => {
    const reason = options.authorize?.(op, ref.raw, role);
    if (reason) throw new OpError('permission_denied', `${ref.raw}: ${reason}`);
  };

  ops.forEach((op, i) => {
    const refs = refsOf[i]!;
    const ref = refs[0]!;
    try {
      if (op.kind === 'add') {
        authorize(op, ref, 'target');
        const s = checkTarget(ref);
        if (s.kind === 'file')
          throw new OpError('file_exists', `${ref.raw}: cannot add file that already exists; use "*** Update File:" instead`);
        if (s.kind === 'blocked') throw blocked(root, ref, s.entry);
        const added = cleanAddedLines(op.lines, true);
        if (!added.ok) throw refusal(ref, added);
        cleanedByOp.set(i, added.removed);
        // A leading U+FEFF the model kept on purpose asks for a UTF-8 file with a BOM.
        const bom = added.lines[0]?.startsWith('\uFEFF') ?? false;
        if (bom) added.lines[0] = added.lines[0]!.slice(1);
        const encoding: TextEncoding = { name: 'utf-8', bom };
        const bad = checkEncodable(added.lines, encoding);
        if (bad) throw refusal(ref, bad);
        let runs: Run[] = added.lines.map((text) => ({ text, eol: '\n' }));
        if (op.noNewlineAtEnd) runs = withoutFinalEol(runs, EMPTY_TABLE);
        const mode = withExecutable(undefined, op.executable);
        put(i, ref.abs, {
          kind: 'file',
          ...(mode !== undefined ? { mode } : {}),
          content: { type: 'text', runs, base: EMPTY_TABLE, encoding },
        });
      } else if (op.kind === 'delete') {
        authorize(op, ref, 'source');
        const src = requireFile(op, ref);
        if (op.expectLines) {
          const text = decodeContent(src.content);
          const differs = 'type' in text ? deletedContentDiffers(tableOfRuns(text.runs, text.base), op.expectLines) : text.message;
          if (differs)
            throw new OpError('content_differs', `${ref.raw}: not deleted: ${differs}; deleting it would lose what the diff does not show`);
        }
        put(i, ref.abs, { kind: 'missing' });
      } else {
        authorize(op, ref, 'source');
        const src = requireFile(op, ref);
        const cleaned = cleanHunks(op.hunks);
        if (!cleaned.ok) throw refusal(ref, cleaned);
        cleanedByOp.set(i, cleaned.removed);
        const hunks = cleaned.hunks;
        // Context-only hunks change nothing: the content (even bytes that are
        // not text, for a pure rename of a binary file) moves as it is.
        const unchanged = hunks.every((h) => h.lines.every((l) => l.op === ' '));
        let next: Content;
        // No hunks (a mode change or rename from a diff): the content is not even decoded.
        const text = hunks.length === 0 ? undefined : decodeContent(src.content);
        if (text === undefined) {
          next = src.content;
        } else if (!('type' in text)) {
          if (!(unchanged && op.moveTo !== undefined)) throw new OpError(text.code, `${ref.raw}: ${text.message}`);
          next = src.content;
        } else {
          // A second operation on the same content matches against a table
          // rebuilt from its runs; the first one matches the decoded file itself.
          const table = isWhole(text.runs, text.base) ? text.base : tableOfRuns(text.runs, text.base);
          const located = locateHunks(new LineIndex(table), hunks);
          if (!located.ok) throw new OpError(located.code, `${ref.raw}: ${located.message}`);
          countPasses(passCounts, located.replacements);
          if (located.outOfOrder.length > 0) outOfOrderByOp.set(i, outOfOrderNote(ref.raw, located.outOfOrder, hunks.length));
          for (const r of located.replacements) if (r.note !== undefined) hunkNotes.push(`${ref.raw}: ${r.note}`);
          located.placed.forEach((r, k) => {
            placements.push({ path: ref.raw, op: i, hunk: k + 1, hunks: hunks.length, line: r.start + 1, pass: r.pass });
          });
          const bad = checkEncodable(
            hunks.flatMap((h) => h.lines.filter((l) => l.op === '+').map((l) => l.text)),
            text.encoding,
          );
          if (bad) throw refusal(ref, bad);
          next = unchanged ? text : { ...text, runs: rebase(spliceRuns(table, located.replacements), table) };
          if (op.noNewlineAtEnd) next = { ...text, runs: withoutFinalEol(next.runs, text.base) };
        }
        const mode = withExecutable(src.mode, op.executable);
        const dest = refs[1];
        if (dest) {
          authorize(op, dest, 'target');
          if (dest.abs === ref.abs)
            throw new OpError('same_path', `${ref.raw}: "*** Move to:" names the same path as the source; drop the Move to line`);
          const d = checkTarget(dest);
          if (d.kind === 'blocked') throw blocked(root, dest, d.entry);
          put(i, ref.abs, { kind: 'missing' });
          put(i, dest.abs, { kind: 'file', ...(mode !== undefined ? { mode } : {}), content: next });
        } else {
          put(i, ref.abs, { ...src, ...(mode !== undefined ? { mode } : {}), content: next });
        }
      }
    } catch (e) {
      if (!(e instanceof OpError)) throw e;
      failures.push({ op: i, code: e.code, message: e.message });
    }
  });

  const { discarded, chains } = closeFailures(
    refsOf.map((refs) => ({ group: refs[0]!.abs, paths: refs.map((r) => r.abs) })),
    failures.map((f) => f.op),
  );
  const failedOps = new Set(failures.map((f) => f.op));
  const failed: FailedGroup[] = chains.map((members) => {
    const inChain = new Set(members);
    return {
      paths: uniqueSpellings(members.flatMap((i) => refsOf[i]!)),
      failures: failures.filter((f) => inChain.has(f.op)),
      operations: members.map((i) => ({
        op: i,
        label: opLabel(ops[i]!),
        status: failedOps.has(i) ? ('failed' as const) : ('carried' as const),
      })),
    };
  });

  // Each path commits the state its last surviving operation left.
  const committed = new Map<string, VState>();
  ops.forEach((_, i) => {
    if (!discarded.has(i)) for (const [abs, state] of post[i]!) committed.set(abs, state);
  });
  const mutations: Mutation[] = [];
  for (const [abs, state] of committed) {
    const before = snapshot.entries.get(abs) ?? { kind: 'missing' };
    const path = display.get(abs) ?? relative(root, abs);
    if (state.kind === 'missing') {
      if (before.kind === 'file') mutations.push({ abs, path, before, after: null });
      continue;
    }
    if (state.kind !== 'file') continue;
    const bytes = state.content.type === 'text' ? textBytes(state.content, snapshot) : state.content.bytes;
    if (before.kind === 'file' && before.mode === state.mode && sameBytes(bytes, before.bytes)) continue;
    mutations.push({
      abs,
      path,
      before,
      after: { bytes, ...(state.mode !== undefined ? { mode: state.mode } : {}) },
      content: state.content,
    });
  }

  const changes: ChangeSummary[] = [];
  const seen = new Set<string>();
  ops.forEach((op, i) => {
    if (discarded.has(i)) return;
    const [src, dest] = refsOf[i]!;
    // Summaries name a path as the patch first spelled it (`a.txt` and `./a.txt` are one file).
    const name = (r: PathRef) => display.get(r.abs) ?? r.raw;
    const c: ChangeSummary =
      op.kind === 'add'
        ? { kind: 'add', path: name(src!) }
        : op.kind === 'delete'
          ? { kind: 'delete', path: name(src!) }
          : dest !== undefined
            ? { kind: 'move', path: name(src!), to: name(dest) }
            : { kind: 'update', path: name(src!) };
    const key = `${c.kind}\0${src!.abs}\0${dest?.abs ?? ''}`;
    if (!seen.has(key)) changes.push(c);
    seen.add(key);
  });

  const notes: Note[] = [];
  for (const [pass, n] of passCounts) {
    notes.push({ code: 'tolerance', message: `${n} hunk${n === 1 ? '' : 's'} matched ${passWords(pass)?.note ?? pass}` });
  }
  for (const [i, note] of outOfOrderByOp) if (!discarded.has(i)) notes.push({ code: 'tolerance', message: note });
  for (const message of hunkNotes) notes.push({ code: 'tolerance', message });
  const cleaned = new Map<number, number>();
  for (const [i, removed] of cleanedByOp) if (!discarded.has(i)) mergeRemoved(cleaned, removed);
  if (cleaned.size > 0) {
    notes.push({ code: 'invisible_cleaned', message: `removed invisible characters from added lines: ${formatRemoved(cleaned)}` });
  }
  return { mutations, changes, failed, notes, placements };
}

/**
 * The bytes of text content. Base runs are views of the snapshot's bytes and
 * only new lines are encoded: for 500 hunks in a 100,000-line file, about a
 * thousand pieces, written as they are (core/bytes.ts), instead of joining and
 * re-encoding 5 MB. Only for a base read straight from a UTF-8 file (whose
 * offsets are byte offsets); anything else is encoded whole.
 */
function textBytes(c: TextContent, snapshot: Snapshot): Bytes {
  const src = c.origin === undefined ? undefined : snapshot.entries.get(c.origin);
  const base = c.base;
  if (src?.kind !== 'file' || base.utf8Start(base.length) !== src.bytes.length) return encodeText(textOfRuns(c.runs, base), c.encoding);
  const bytes = src.bytes;
  const pieces: Uint8Array[] = [];
  let text = '';
  for (const r of c.runs) {
    if (isBaseRun(r)) {
      if (text !== '') pieces.push(Buffer.from(text, 'utf8'));
      text = '';
      pieces.push(bytes.subarray(base.utf8Start(r.from), base.utf8Start(r.to)));
    } else {
      text += r.text;
      text += r.eol;
    }
  }
  if (text !== '') pieces.push(Buffer.from(text, 'utf8'));
  return pieces;
}

/** The patch's spellings of these paths, one per file (the first), in order. */
function uniqueSpellings(refs: readonly PathRef[]): string[] {
  const byAbs = new Map<string, string>();
  for (const r of refs) if (!byAbs.has(r.abs)) byAbs.set(r.abs, r.raw);
  return [...byAbs.values()];
}

function countPasses(counts: Map<string, number>, replacements: readonly Replacement[]): void {
  for (const r of replacements) {
    if (r.pass === 'exact' || r.pass === 'append') continue;
    counts.set(r.pass, (counts.get(r.pass) ?? 0) + 1);
  }
}

function outOfOrderNote(path: string, moved: readonly OutOfOrder[], total: number): string {
  const which = moved.map((m) => `${m.hunk + 1}/${total} at line ${m.line + 1}`).join(', ');
  return `${path}: hunks were out of file order: hunk ${which} matched only before the preceding hunk, in exactly one place, and was applied there`;
}

function blocked(root: string, ref: PathRef, entry: Entry): OpError {
  if (entry.kind === 'missing' && entry.blockedBy !== undefined) {
    return new OpError(
      'not_a_file',
      `${ref.raw}: cannot be created: ${relative(root, entry.blockedBy) || entry.blockedBy} is not a directory`,
    );
  }
  if (entry.kind === 'dir') return new OpError('not_a_file', `${ref.raw}: is a directory, not a file`);
  if (entry.kind === 'symlink') return new OpError('symlink', `${ref.raw}: is a symbolic link; chord-patch does not edit through links`);
  return new OpError('not_a_file', `${ref.raw}: is not a regular file`);
}
