// Planning: pure, synchronous, no I/O. Every operation is played in patch
// order against an in-memory view of the snapshot; failures are collected, not
// thrown, so one run reports all of them.
//
// Groups: operations are bound into dependency groups by the paths they touch
// (a move binds source and destination). A group commits as a whole or not at
// all; a failed operation fails its whole group, including operations that
// matched in memory (they are "carried along"). Groups touch disjoint paths,
// so independent groups still commit.

import { relative } from 'node:path';
import type { Replacement } from '../match/hunks.js';
import { locateHunks } from '../match/hunks.js';
import { LineIndex } from '../match/seek.js';
import { decodeBytes, type DecodeOptions, encodeText, type TextEncoding } from '../text/decode.js';
import { joinLines, type Line, splitLines } from '../text/lines.js';
import { spliceLines } from '../text/splice.js';
import { formatRemoved, mergeRemoved } from '../text/invisible.js';
import { checkEncodable, cleanAddedLines, cleanHunks, type Refusal } from '../text/written.js';
import type { ChangeSummary, Entry, FailedGroup, FailureCode, FileOp, Note, OpFailure } from '../types.js';
import { type PathRef, resolveRef, type Snapshot } from './snapshot.js';

/** Content of a file in the in-memory view. */
export type Content =
  | {
      type: 'text';
      lines: Line[];
      encoding: TextEncoding;
      /** Absolute path whose snapshot this content descends from (moves keep it). */
      origin?: string;
      /** The origin's lines as decoded from the snapshot: what `Line.orig` indexes. */
      base?: Line[];
    }
  | { type: 'bytes'; bytes: Uint8Array; origin?: string };

type VState = { kind: 'missing' } | { kind: 'file'; mode?: number; content: Content } | { kind: 'blocked'; entry: Entry };

export interface Mutation {
  abs: string;
  /** Path as the patch wrote it. */
  path: string;
  before: Entry;
  /** null: delete. */
  after: { bytes: Uint8Array; mode?: number } | null;
  /** Final content (for the diff), when the path ends up as a file. */
  content?: Content;
}

export interface Plan {
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

/** Union-find over absolute paths. */
class Groups {
  private parent = new Map<string, string>();
  find(p: string): string {
    let r = p;
    while (this.parent.has(r) && this.parent.get(r) !== r) r = this.parent.get(r)!;
    this.parent.set(p, r);
    return r;
  }
  union(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(rb, ra);
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

const PASS_WORDS: Record<string, string> = {
  'trim-end': 'ignoring trailing whitespace',
  trim: 'ignoring surrounding whitespace',
  punctuation: 'with punctuation tolerance (quotes/dashes/CJK punctuation/spacing); the file keeps its own punctuation on unchanged text',
  'punctuation-wide':
    'with the wide punctuation fallback (Chinese/ASCII punctuation, surrounding whitespace ignored); the file keeps its own punctuation on unchanged text',
};

export function planPatch(ops: readonly FileOp[], snapshot: Snapshot, options: PlanOptions = {}): Plan {
  const root = snapshot.root;
  const view = new Map<string, VState>();
  const groups = new Groups();
  const refsOf = ops.map((op) => opRefs(root, op));
  for (const refs of refsOf) {
    groups.find(refs[0]!.abs);
    for (const r of refs.slice(1)) groups.union(refs[0]!.abs, r.abs);
  }
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
  const passCounts = new Map<string, number>();
  /** Invisible characters cleaned from each operation's added lines (reported only if it commits). */
  const cleanedByOp = new Map<number, Map<number, number>>();
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

  const textOf = (ref: PathRef, content: Content): Extract<Content, { type: 'text' }> => {
    if (content.type === 'text') return content;
    const d = decodeBytes(content.bytes, options);
    if (!d.ok) throw new OpError(d.code, `${ref.raw}: ${d.message}`);
    const lines = splitLines(d.text);
    return { type: 'text', lines, base: lines, encoding: d.encoding, ...(content.origin ? { origin: content.origin } : {}) };
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
        if (s.kind === 'file') throw new OpError('file_exists', `${ref.raw}: cannot add file that already exists; use "*** Update File:" instead`);
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
        const lines: Line[] = added.lines.map((text) => ({ text, eol: '\n' }));
        view.set(ref.abs, { kind: 'file', content: { type: 'text', lines, encoding } });
      } else if (op.kind === 'delete') {
        authorize(op, ref, 'source');
        requireFile(op, ref);
        view.set(ref.abs, { kind: 'missing' });
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
        if (unchanged && op.moveTo !== undefined && src.content.type === 'bytes' && !decodeBytes(src.content.bytes, options).ok) {
          next = src.content;
        } else {
          const text = textOf(ref, src.content);
          const located = locateHunks(new LineIndex(text.lines.map((l) => l.text)), hunks);
          if (!located.ok) throw new OpError(located.code, `${ref.raw}: ${located.message}`);
          countPasses(passCounts, located.replacements);
          const bad = checkEncodable(
            hunks.flatMap((h) => h.lines.filter((l) => l.op === '+').map((l) => l.text)),
            text.encoding,
          );
          if (bad) throw refusal(ref, bad);
          next = unchanged ? text : { ...text, lines: spliceLines(text.lines, located.replacements) };
        }
        const dest = refs[1];
        if (dest) {
          authorize(op, dest, 'target');
          if (dest.abs === ref.abs) throw new OpError('same_path', `${ref.raw}: "*** Move to:" names the same path as the source; drop the Move to line`);
          const d = checkTarget(dest);
          if (d.kind === 'blocked') throw blocked(root, dest, d.entry);
          view.set(ref.abs, { kind: 'missing' });
          view.set(dest.abs, { kind: 'file', ...(src.mode !== undefined ? { mode: src.mode } : {}), content: next });
        } else {
          view.set(ref.abs, { ...src, content: next });
        }
      }
    } catch (e) {
      if (!(e instanceof OpError)) throw e;
      failures.push({ op: i, code: e.code, message: e.message });
    }
  });

  // Close failures over groups.
  const failedRoots = new Set(failures.map((f) => groups.find(refsOf[f.op]![0]!.abs)));
  const groupOf = (i: number) => groups.find(refsOf[i]![0]!.abs);
  const failed: FailedGroup[] = [...failedRoots].map((rootPath) => {
    const members = ops.map((_, i) => i).filter((i) => groupOf(i) === rootPath);
    const paths = [...new Set(members.flatMap((i) => refsOf[i]!.map((r) => r.raw)))];
    return {
      paths,
      failures: failures.filter((f) => members.includes(f.op)),
      operations: members.map((i) => ({
        op: i,
        label: opLabel(ops[i]!),
        status: failures.some((f) => f.op === i) ? ('failed' as const) : ('carried' as const),
      })),
    };
  });

  const mutations: Mutation[] = [];
  for (const [abs, state] of view) {
    if (failedRoots.has(groups.find(abs))) continue;
    const before = snapshot.entries.get(abs) ?? { kind: 'missing' };
    const path = display.get(abs) ?? relative(root, abs);
    if (state.kind === 'missing') {
      if (before.kind === 'file') mutations.push({ abs, path, before, after: null });
      continue;
    }
    if (state.kind !== 'file') continue;
    const bytes = state.content.type === 'text' ? encodeText(joinLines(state.content.lines), state.content.encoding) : state.content.bytes;
    if (before.kind === 'file' && before.mode === state.mode && Buffer.compare(before.bytes, bytes) === 0) continue;
    mutations.push({ abs, path, before, after: { bytes, ...(state.mode !== undefined ? { mode: state.mode } : {}) }, content: state.content });
  }

  const changes: ChangeSummary[] = [];
  const seen = new Set<string>();
  ops.forEach((op, i) => {
    if (failedRoots.has(groupOf(i))) return;
    const c: ChangeSummary =
      op.kind === 'add'
        ? { kind: 'add', path: op.path }
        : op.kind === 'delete'
          ? { kind: 'delete', path: op.path }
          : op.moveTo !== undefined
            ? { kind: 'move', path: op.path, to: op.moveTo }
            : { kind: 'update', path: op.path };
    const key = `${c.kind}\0${c.path}\0${c.to ?? ''}`;
    if (!seen.has(key)) changes.push(c);
    seen.add(key);
  });

  const notes: Note[] = [];
  for (const [pass, n] of passCounts) {
    notes.push({ code: 'tolerance', message: `${n} hunk${n === 1 ? '' : 's'} matched ${PASS_WORDS[pass] ?? pass}` });
  }
  const cleaned = new Map<number, number>();
  for (const [i, removed] of cleanedByOp) if (!failedRoots.has(groupOf(i))) mergeRemoved(cleaned, removed);
  if (cleaned.size > 0) {
    notes.push({ code: 'invisible_cleaned', message: `removed invisible characters from added lines: ${formatRemoved(cleaned)}` });
  }
  return { mutations, changes, failed, notes };
}

function countPasses(counts: Map<string, number>, replacements: readonly Replacement[]): void {
  for (const r of replacements) {
    if (r.pass === 'exact' || r.pass === 'append') continue;
    counts.set(r.pass, (counts.get(r.pass) ?? 0) + 1);
  }
}

function blocked(root: string, ref: PathRef, entry: Entry): OpError {
  if (entry.kind === 'missing' && entry.blockedBy !== undefined) {
    return new OpError('not_a_file', `${ref.raw}: cannot be created: ${relative(root, entry.blockedBy) || entry.blockedBy} is not a directory`);
  }
  if (entry.kind === 'dir') return new OpError('not_a_file', `${ref.raw}: is a directory, not a file`);
  if (entry.kind === 'symlink') return new OpError('symlink', `${ref.raw}: is a symbolic link; chord-patch does not edit through links`);
  return new OpError('not_a_file', `${ref.raw}: is not a regular file`);
}
