// The patch side of stale context: after planning, each update whose hunk
// was not found is tried against the file's older states (stale/resolve.ts).
// Without --3way its failure becomes `stale_context`, naming the state it
// matched and showing the lines now there; with --3way a clean merge is
// planned again with the other operations (one transaction), and a conflict
// is `merge_conflict` with both sides' lines.

import { planPatch, type Plan, type PlanOptions } from '../plan/planner.js';
import type { PathRef, Snapshot } from '../plan/snapshot.js';
import type { SessionOptions } from '../session/store.js';
import type { Line } from '../text/lines.js';
import type { Entry, FileOp, Note, OpFailure } from '../types.js';
import type { Bytes } from '../platform/contents.js';
import { mapRange, preimageName, staleDetail, staleMessage } from './describe.js';
import { loadMerge } from './merge.js';
import { knownPreimages } from './preimages.js';
import { sessionPreimages } from './store.js';
import { OpError } from '../plan/failure.js';
import { sameBytes } from '../platform/contents.js';
import { type BaseMatch, mergeConflicts, resolveMerge, tableOf, textsOf } from './resolve.js';
import { conflictFailure, mergedNote, ambiguousFailure } from './report.js';
import type { Preimage, StaleOptions } from './types.js';

export interface StalePatchRun {
  ops: readonly FileOp[];
  snapshot: Snapshot;
  refsOf: readonly PathRef[][];
  options: PlanOptions & SessionOptions & StaleOptions;
}

/** Plan `run` again where stale hunks can be explained or merged; the plan unchanged when none can. */
export async function reviseStalePatch(plan: Plan, run: StalePatchRun): Promise<Plan> {
  if (run.options.preimages === false) return plan;
  const stale = plan.failed.flatMap((g) => g.failures).filter((f) => f.code === 'hunk_not_found' && firstOnPath(run, f.op));
  const sessionFiles = run.options.session ? appliedOps(plan, run) : [];
  if (stale.length === 0 && sessionFiles.length === 0) return plan;
  await loadMerge();
  const replaced = new Map<number, OpFailure>();
  const verdicts = new Map<number, Line[] | OpError>();
  const notes: Note[] = [];
  for (const f of stale) {
    const r = await reviseOne(f, run);
    if (r.failure) replaced.set(f.op, r.failure);
    if (r.lines) verdicts.set(f.op, r.lines);
    notes.push(...r.notes);
  }
  for (const i of sessionFiles) {
    const refusal = overlapsOwnEdit(i, run);
    if (!refusal) continue;
    replaced.set(i, refusal);
    verdicts.set(i, new OpError(refusal.code, refusal.message, { ...(refusal.hunk !== undefined ? { hunk: refusal.hunk } : {}) }));
  }
  const next = verdicts.size > 0 ? planPatch(run.ops, run.snapshot, { ...run.options, stale: verdicts }, run.refsOf) : plan;
  const own = (f: OpFailure) => f.code === 'hunk_not_found' || f.code === 'stale_context';
  return {
    ...next,
    failed: next.failed.map((g) => ({ ...g, failures: g.failures.map((f) => (own(f) ? (replaced.get(f.op) ?? f) : f)) })),
    notes: [...next.notes, ...notes],
  };
}

/** Files longer than this are not checked for a change that also fits the state before the session's edit. */
const OVERLAP_CHECK_LINES = 20_000;

/** Updates that planned, first on their file, whose file has pre-images in the session: the ones to check for an overlap. */
function appliedOps(plan: Plan, run: StalePatchRun): number[] {
  const failed = new Set(plan.failed.flatMap((g) => g.operations.map((o) => o.op)));
  return run.ops.flatMap((op, i) => (op.kind === 'update' && op.hunks.length > 0 && !failed.has(i) && firstOnPath(run, i) ? [i] : []));
}

/**
 * A change that fits the file now and also the state before this session's
 * edit of it, where, applied to that state, it rewrites the lines the edit
 * changed (a three-way conflict): two readings. Written against the file now
 * it adds to the edit; written against the older state it undoes or repeats
 * it. Neither is chosen.
 */
function overlapsOwnEdit(i: number, run: StalePatchRun): OpFailure | undefined {
  const { snapshot, options } = run;
  const refs = run.refsOf[i]!;
  const abs = refs[0]!.abs;
  const entry = snapshot.entries.get(abs);
  if (entry?.kind !== 'file' || !options.session) return undefined;
  const current = tableOf(entry.bytes, options, snapshot.lines);
  // A very large file is not checked: the three-way diff of every run would cost more than the check is worth.
  if (!current || current.table.length > OVERLAP_CHECK_LINES) return undefined;
  const own = sessionPreimages({ ...options, session: options.session }, abs).preimages.filter((p) => !sameBytes(p.bytes, entry.bytes));
  const path = refs[0]!.raw;
  const f: OpFailure = { op: i, code: 'stale_context', path, message: '' };
  for (const m of baseMatches({ ...f, hunk: 1 }, run, entry, own)) {
    const conflicts = mergeConflicts(current.table, m);
    if (conflicts.length === 0) continue;
    const mapped = mapRange(textsOf(m.base), textsOf(current.table), m.range);
    const c = conflicts[0]!;
    return {
      ...f,
      patchLine: run.ops[i]!.patchLine,
      message:
        `${path}: the change fits the file now, and also ${preimageName(m.preimage, path)}, where it rewrites ` +
        `lines that edit changed (now line ${c.oursStart + 1}): written from before that edit it would undo or repeat it, ` +
        'so nothing was written. Read the file around that line, and resend the change with a context line from the file as it is now',
      lines: [c.oursStart + 1],
      stale: {
        ...staleDetail(m.preimage, m.range, mapped),
        conflicts: conflicts.map((x) => ({ line: x.oursStart + 1, ours: x.ours, theirs: x.theirs })),
      },
    };
  }
  return undefined;
}

/** Only an operation that is the first on its file reads the file as the snapshot holds it. */
function firstOnPath(run: StalePatchRun, i: number): boolean {
  const op = run.ops[i];
  if (op?.kind !== 'update') return false;
  const abs = run.refsOf[i]![0]!.abs;
  return !run.refsOf.slice(0, i).some((refs) => refs.some((r) => r.abs === abs));
}

type FileEntry = Extract<Entry, { kind: 'file' }>;

interface Revised {
  failure?: OpFailure;
  lines?: Line[];
  notes: Note[];
}

async function reviseOne(f: OpFailure, run: StalePatchRun): Promise<Revised> {
  const { snapshot, options } = run;
  const refs = run.refsOf[f.op]!;
  const abs = refs[0]!.abs;
  const entry = snapshot.entries.get(abs);
  if (entry?.kind !== 'file') return { notes: [] };
  const current = tableOf(entry.bytes, options, snapshot.lines);
  if (!current) return { notes: [] };
  const known = await knownPreimages(abs, entry.bytes, options);
  const notes: Note[] = known.trouble ? [{ code: 'info', message: `${f.path}: ${known.trouble.message}; no merge was tried from it` }] : [];
  const matches = baseMatches(f, run, entry, known.preimages);
  if (matches.length === 0) return { notes };
  const m = matches[0]!;
  const baseTexts = textsOf(m.base);
  const now = textsOf(current.table);
  const what = `hunk ${f.hunk ?? 1}`;
  const mapped = mapRange(baseTexts, now, m.range);
  if (!options.threeWay) {
    const failure: OpFailure = {
      ...f,
      code: 'stale_context',
      message: `${f.path}: ${staleMessage(what, m.preimage, f.path, mapped, now)}`,
      lines: mapped.changed.length > 0 ? mapped.changed.map((n) => n + 1) : [mapped.now.start + 1],
      stale: staleDetail(m.preimage, m.range, mapped),
    };
    return { failure, notes };
  }
  const r = resolveMerge(current.table, matches, options.threeWay, f.path);
  if (r.kind === 'ambiguous') return { failure: ambiguousFailure(f, r.matches), notes };
  if (r.kind === 'conflict') return { failure: conflictFailure(f, r.match, r.conflicts, mapped), notes };
  return { lines: r.lines, notes: [...notes, mergedNote(f.path, what, r.match, r.conflicts)] };
}

/** The pre-images the whole operation applies to, each with the failing hunk's place in it. */
function baseMatches(f: OpFailure, run: StalePatchRun, entry: FileEntry, preimages: readonly Preimage[]): BaseMatch[] {
  const { snapshot, options } = run;
  const op = run.ops[f.op]!;
  const refs = run.refsOf[f.op]!;
  const out: BaseMatch[] = [];
  for (const p of preimages) {
    const base = tableOf(p.bytes, options, snapshot.lines);
    if (!base) continue;
    const entries = new Map(snapshot.entries);
    entries.set(refs[0]!.abs, { ...entry, bytes: p.bytes });
    const sub = planPatch([op], { ...snapshot, entries }, { ...options, stale: undefined }, [refs]);
    if (sub.failed.length > 0) continue;
    const dest = refs[refs.length - 1]!.abs;
    const written = sub.mutations.find((m) => m.abs === dest && m.after !== null);
    const changed = written ? tableOf(bytesOf(written.after!.bytes), options) : { table: base.table };
    if (!changed) continue;
    const placed = sub.placements?.find((pl) => pl.hunk === (f.hunk ?? 1));
    const hunk = op.kind === 'update' ? op.hunks[(f.hunk ?? 1) - 1] : undefined;
    const oldLen = hunk ? hunk.lines.filter((l) => l.op !== '+').length : 0;
    const start = placed ? placed.line - 1 : 0;
    out.push({ preimage: p, base: base.table, changed: changed.table, range: { start, end: start + oldLen } });
  }
  return out;
}

export function bytesOf(b: Bytes): Uint8Array {
  return b instanceof Uint8Array ? b : Buffer.concat(b as Uint8Array[]);
}
