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
import { mapRange, staleDetail, staleMessage } from './describe.js';
import { loadMerge, loadedDiff3 } from './merge.js';
import { knownPreimages } from './preimages.js';
import { type BaseMatch, resolveMerge, tableOf, textsOf } from './resolve.js';
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
  if (stale.length === 0) return plan;
  await loadMerge();
  const replaced = new Map<number, OpFailure>();
  const merged = new Map<number, Line[]>();
  const notes: Note[] = [];
  for (const f of stale) {
    const r = await reviseOne(f, run);
    if (r.failure) replaced.set(f.op, r.failure);
    if (r.lines) merged.set(f.op, r.lines);
    notes.push(...r.notes);
  }
  const next = merged.size > 0 ? planPatch(run.ops, run.snapshot, { ...run.options, merged }, run.refsOf) : plan;
  return {
    ...next,
    failed: next.failed.map((g) => ({
      ...g,
      failures: g.failures.map((f) => (f.code === 'hunk_not_found' ? (replaced.get(f.op) ?? f) : f)),
    })),
    notes: [...next.notes, ...notes],
  };
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
  const current = tableOf(entry.bytes, options);
  if (!current) return { notes: [] };
  const known = await knownPreimages(abs, entry.bytes, options);
  const notes: Note[] = known.trouble ? [{ code: 'info', message: `${f.path}: ${known.trouble.message}; no merge was tried from it` }] : [];
  const matches = baseMatches(f, run, entry, known.preimages);
  if (matches.length === 0) return { notes };
  const m = matches[0]!;
  const baseTexts = textsOf(m.base);
  const now = textsOf(current.table);
  const what = `hunk ${f.hunk ?? 1}`;
  const mapped = mapRange(loadedDiff3(), baseTexts, now, m.range);
  if (!options.threeWay) {
    const failure: OpFailure = {
      ...f,
      code: 'stale_context',
      message: `${f.path}: ${staleMessage(what, m.preimage, f.path, mapped, now, false)}`,
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
    const base = tableOf(p.bytes, options);
    if (!base) continue;
    const entries = new Map(snapshot.entries);
    entries.set(refs[0]!.abs, { ...entry, bytes: p.bytes });
    const sub = planPatch([op], { ...snapshot, entries }, { ...options, merged: undefined }, [refs]);
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
