// Planning: pure, synchronous, no I/O. Every operation is played in patch
// order against an in-memory view of the snapshot; failures are collected, not
// thrown, so one run reports all of them.
//
// Groups (plan/groups.ts): a file group is every operation on one source
// path and commits as a whole or not at all; a failed operation fails its
// group, including operations that matched in memory (they are "carried
// along"), and every later operation that touched one of its paths (a move
// touches source and destination). Earlier groups those depended on still
// commit, and so do independent ones. Each path commits the state the last
// surviving operation on it left.

import { type Bytes, sameBytes } from '../platform/contents.js';
import { encodeText } from '../text/decode.js';
import { isBaseRun, textOfRuns } from '../text/runs.js';
import { formatRemoved, mergeRemoved } from '../text/invisible.js';
import type { ChangeSummary, Entry, FailedGroup, FileOp, HunkPlacement, Note, OpFailure } from '../types.js';
import { failureOf, OpError } from './failure.js';
import { passWords } from '../match/passes.js';
import { closeFailures, type OpPaths } from './groups.js';
import { planAdd, planDelete, planUpdate } from './plan-ops.js';
import { planLinkAdd, planLinkDelete, planLinkUpdate, refuseThroughLinks } from './plan-links.js';
import { type PathRef, resolveRef, type Snapshot } from './snapshot.js';
import { displayPath, spellings } from '../text/paths.js';
import { type Content, PlanView, type TextContent, type ViewOptions, type VState } from './tree-view.js';

export type { Content } from './tree-view.js';

export interface Mutation {
  abs: string;
  /** Path as the patch wrote it. */
  path: string;
  before: Entry;
  /** null: delete. `link`: a symbolic link to that target (`bytes` are its UTF-8, for the journal's post-image). */
  after: { bytes: Bytes; mode?: number; link?: string } | null;
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

export type PlanOptions = ViewOptions;

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

/** Play one operation against the view; a failure is returned, never thrown. */
function planOp(view: PlanView, i: number, op: FileOp, refs: readonly PathRef[], links: boolean): OpFailure | undefined {
  try {
    if (links) refuseThroughLinks(view, refs);
    if (op.symlink) planLinkOp(view, i, op, refs[0]!);
    else if (op.kind === 'add') planAdd(view, i, op, refs[0]!);
    else if (op.kind === 'delete') planDelete(view, i, op, refs[0]!);
    else planUpdate(view, i, op, refs);
    return undefined;
  } catch (e) {
    if (!(e instanceof OpError)) throw e;
    return failureOf(i, refs[0]!.raw, e, op.patchLine);
  }
}

function planLinkOp(view: PlanView, i: number, op: FileOp, ref: PathRef): void {
  if (op.kind === 'add') planLinkAdd(view, i, op, ref);
  else if (op.kind === 'delete') planLinkDelete(view, i, op, ref);
  else planLinkUpdate(view, i, op, ref);
}

/** `refsOf`: each operation's paths (opRefs), when the caller has them already (the pipeline resolved them for the snapshot). */
export function planPatch(
  ops: readonly FileOp[],
  snapshot: Snapshot,
  options: PlanOptions = {},
  refsOf: readonly PathRef[][] = ops.map((op) => opRefs(snapshot.root, op)),
): Plan {
  const view = new PlanView(snapshot, options, ops.length);
  ops.forEach((op, i) => {
    if (op.kind === 'delete' ? op.simultaneous : op.kind === 'update' && op.simultaneous && op.moveTo !== undefined && !op.copy) {
      view.vacated.add(refsOf[i]![0]!.abs);
    }
  });
  const failures: OpFailure[] = [];
  const links = ops.some((op) => op.symlink);
  ops.forEach((op, i) => {
    const failure = planOp(view, i, op, refsOf[i]!, links);
    if (failure) failures.push(failure);
  });
  const { discarded, chains } = closeFailures(
    groupsOf(ops, refsOf),
    failures.map((f) => f.op),
  );
  const display = spellings(refsOf.flat());
  const mutations = mutationsOf(view, ops.length, discarded, display);
  const written = new Set(mutations.map((m) => m.abs));
  const { changes, unchanged } = changesOf(ops, refsOf, discarded, display, {
    existed: (abs) => snapshot.entries.get(abs)?.kind === 'file',
    written: (abs) => written.has(abs),
  });
  return {
    mutations,
    changes,
    failed: failedGroups(ops, refsOf, chains, failures),
    notes: [
      ...notesOf(view, discarded),
      ...unchanged.map((path): Note => ({ code: 'info', message: `${path}: its hunks change nothing; left as it was` })),
    ],
    placements: view.placements,
  };
}

/**
 * Each operation's file group and paths. Simultaneous operations (a unified
 * diff's) read the snapshot, so a rename depends on the operation that
 * vacates its destination whichever comes first: every path they link is one
 * group, committed whole or not at all.
 */
function groupsOf(ops: readonly FileOp[], refsOf: readonly PathRef[][]): OpPaths[] {
  const links = new Map<string, string>();
  const find = (p: string): string => {
    let r = p;
    while (links.has(r)) r = links.get(r)!;
    return r;
  };
  ops.forEach((op, i) => {
    if (!op.simultaneous) return;
    const [first, ...rest] = refsOf[i]!.map((r) => find(r.abs));
    for (const r of rest) if (r !== first) links.set(r, first!);
  });
  return refsOf.map((refs, i) => ({
    group: ops[i]!.simultaneous ? find(refs[0]!.abs) : refs[0]!.abs,
    paths: refs.map((r) => r.abs),
  }));
}

/** The failure chains as the report lists them: paths, own failures, and every operation with its status. */
function failedGroups(ops: readonly FileOp[], refsOf: readonly PathRef[][], chains: number[][], failures: OpFailure[]): FailedGroup[] {
  const failedOps = new Set(failures.map((f) => f.op));
  return chains.map((members) => {
    const inChain = new Set(members);
    return {
      paths: [...spellings(members.flatMap((i) => refsOf[i]!)).values()],
      failures: failures.filter((f) => inChain.has(f.op)),
      operations: members.map((i) => ({
        op: i,
        label: opLabel(ops[i]!),
        status: failedOps.has(i) ? ('failed' as const) : ('carried' as const),
      })),
    };
  });
}

/** Each path commits the state its last surviving operation left; unchanged files are no mutation. */
function mutationsOf(view: PlanView, count: number, discarded: ReadonlySet<number>, display: ReadonlyMap<string, string>): Mutation[] {
  const { snapshot, root } = view;
  const committed = new Map<string, VState>();
  for (let i = 0; i < count; i++) if (!discarded.has(i)) for (const [abs, state] of view.post[i]!) committed.set(abs, state);
  const mutations: Mutation[] = [];
  for (const [abs, state] of committed) {
    const before = snapshot.entries.get(abs) ?? { kind: 'missing' };
    const path = displayPath(display, root, abs);
    if (state.kind === 'missing') {
      if (before.kind === 'file' || before.kind === 'symlink') mutations.push({ abs, path, before, after: null });
      continue;
    }
    if (state.kind === 'link') {
      if (before.kind === 'symlink' && before.target === state.target) continue;
      mutations.push({ abs, path, before, after: { bytes: Buffer.from(state.target, 'utf8'), link: state.target } });
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
  return mutations;
}

/** The A/M/D/R summary of the surviving operations, each change once. */
function changesOf(
  ops: readonly FileOp[],
  refsOf: readonly PathRef[][],
  discarded: ReadonlySet<number>,
  display: ReadonlyMap<string, string>,
  { existed, written }: { existed: (abs: string) => boolean; written: (abs: string) => boolean },
): { changes: ChangeSummary[]; unchanged: string[] } {
  const changes: ChangeSummary[] = [];
  const unchanged = new Set<string>();
  const seen = new Set<string>();
  ops.forEach((op, i) => {
    if (discarded.has(i)) return;
    const [src, dest] = refsOf[i]!;
    // Summaries name a path as the patch first spelled it (`a.txt` and `./a.txt` are one file).
    const name = (r: PathRef) => display.get(r.abs) ?? r.raw;
    const c: ChangeSummary =
      op.kind === 'add'
        ? { kind: op.replace && existed(src!.abs) ? 'update' : 'add', path: name(src!) }
        : op.kind === 'delete'
          ? { kind: 'delete', path: name(src!) }
          : dest !== undefined
            ? { kind: op.kind === 'update' && op.copy ? 'copy' : 'move', path: name(src!), to: name(dest) }
            : { kind: 'update', path: name(src!) };
    // An update whose hunks change nothing (context only, or undone by a later one) leaves the file as it was: no change.
    if (c.kind === 'update' && !written(src!.abs)) {
      unchanged.add(c.path);
      return;
    }
    if (op.symlink) c.link = linkOf(op);
    const key = `${c.kind}\0${src!.abs}\0${dest?.abs ?? ''}`;
    if (!seen.has(key)) changes.push(c);
    seen.add(key);
  });
  return { changes, unchanged: [...unchanged] };
}

/** The target a link operation gives (add, update) or takes away (delete). */
function linkOf(op: FileOp): string {
  if (op.kind === 'add') return op.lines[0] ?? '';
  if (op.kind === 'delete') return op.expectLines?.[0] ?? '';
  return op.hunks.flatMap((h) => h.lines).find((l) => l.op === '+')?.text ?? '';
}

/** Tolerance used, hunks out of order and invisible characters cleaned (the last two only for what commits). */
function notesOf(view: PlanView, discarded: ReadonlySet<number>): Note[] {
  const notes: Note[] = [];
  for (const [pass, n] of view.passCounts) {
    notes.push({ code: 'tolerance', message: `${n} hunk${n === 1 ? '' : 's'} matched ${passWords(pass)?.note ?? pass}` });
  }
  view.reports.forEach((r, i) => {
    if (r.outOfOrder !== undefined && !discarded.has(i)) notes.push({ code: 'tolerance', message: r.outOfOrder });
  });
  for (const message of view.hunkNotes) notes.push({ code: 'tolerance', message });
  const cleaned = new Map<number, number>();
  view.reports.forEach((r, i) => {
    if (r.cleaned && !discarded.has(i)) mergeRemoved(cleaned, r.cleaned);
  });
  if (cleaned.size > 0) {
    notes.push({ code: 'invisible_cleaned', message: `removed invisible characters from added lines: ${formatRemoved(cleaned)}` });
  }
  return notes;
}

/**
 * The bytes of text content. Base runs are views of the snapshot's bytes and
 * only new lines are encoded: for 500 hunks in a 100,000-line file, about a
 * thousand pieces, written as they are (platform/contents.ts), instead of joining and
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
