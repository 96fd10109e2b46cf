// The edit tool's side of stale context: an old_string not found in the file
// now is looked for in the file's older states (stale/resolve.ts). Without
// --3way the failure becomes `stale_context`; with --3way the edit is made on
// that state and merged into the file, the whole request as one mutation
// (a conflict is `merge_conflict`, nothing written).

import type { EditPlan } from '../edit/plan.js';
import { planEdit } from '../edit/plan.js';
import type { PlanOptions } from '../plan/planner.js';
import { resolveRef, type Snapshot } from '../plan/snapshot.js';
import type { SessionOptions } from '../session/store.js';
import { encodeText } from '../text/decode.js';
import { joinLines } from '../text/lines.js';
import { runsFromLines } from '../text/runs.js';
import type { LineTable } from '../text/table.js';
import type { EditEntry, EditRequest, Entry, Note, OpFailure } from '../types.js';
import { mapRange, staleDetail, staleMessage } from './describe.js';
import { loadMerge } from './merge.js';
import { bytesOf } from './patch.js';
import { knownPreimages } from './preimages.js';
import { ambiguousFailure, conflictFailure, mergedNote } from './report.js';
import { type BaseMatch, resolveMerge, tableOf, textsOf } from './resolve.js';
import type { StaleOptions } from './types.js';

type EditOptions = PlanOptions & SessionOptions & StaleOptions & { authorizeEdit?: (path: string, real?: string) => string | undefined };

/** The edit plan again when its old_string matches an older state of the file; unchanged otherwise. */
export async function reviseStaleEdit(
  planned: EditPlan,
  request: EditRequest,
  snapshot: Snapshot,
  options: EditOptions,
): Promise<EditPlan> {
  if (planned.matched !== false || options.preimages === false) return planned;
  const group = planned.plan.failed[0];
  const failure = group?.failures.find((f) => f.code === 'old_string_not_found');
  const ref = resolveRef(snapshot.root, request.path);
  const entry = snapshot.entries.get(ref.abs);
  if (!group || !failure || entry?.kind !== 'file') return planned;
  const current = tableOf(entry.bytes, options, snapshot.lines);
  if (!current) return planned;
  await loadMerge();
  const known = await knownPreimages(ref.abs, entry.bytes, options);
  const troubleNotes: Note[] = known.trouble
    ? [{ code: 'info', message: `${ref.raw}: ${known.trouble.message}; no merge was tried from it` }]
    : [];
  const entries: EditEntry[] = request.mode === 'single' ? [request.edit] : request.edits;
  const old = entries[failure.entry ?? 0]?.old_string ?? '';
  const matches: (BaseMatch & { sub: EditPlan })[] = [];
  for (const p of known.preimages) {
    const base = tableOf(p.bytes, options, snapshot.lines);
    if (!base) continue;
    const sub = planEdit(request, { ...snapshot, entries: new Map(snapshot.entries).set(ref.abs, { ...entry, bytes: p.bytes }) }, options);
    const m = sub.plan.mutations[0];
    if (sub.plan.failed.length > 0 || !m?.after) continue;
    const changed = tableOf(bytesOf(m.after.bytes), options);
    if (!changed) continue;
    matches.push({ preimage: p, base: base.table, changed: changed.table, range: oldRange(base.table, old), sub });
  }
  const withTrouble = (e: EditPlan): EditPlan => ({ ...e, plan: { ...e.plan, notes: [...e.plan.notes, ...troubleNotes] } });
  if (matches.length === 0) return withTrouble(planned);
  const m = matches[0]!;
  const now = textsOf(current.table);
  const mapped = mapRange(textsOf(m.base), now, m.range);
  const replace = (f: OpFailure): EditPlan =>
    withTrouble({
      ...planned,
      plan: { ...planned.plan, failed: [{ ...group, failures: group.failures.map((x) => (x === failure ? f : x)) }] },
    });
  if (!options.threeWay) {
    const detail = staleDetail(m.preimage, m.range, mapped);
    const message = staleMessage('old_string', m.preimage, ref.raw, mapped, now);
    return replace({
      ...failure,
      code: 'stale_context',
      message: request.mode === 'batch' ? `edits[${failure.entry ?? 0}]: ${message}` : message,
      lines: detail.changed.length > 0 ? detail.changed : [detail.currentLines[0]],
      stale: detail,
    });
  }
  const r = resolveMerge(current.table, matches, options.threeWay, ref.raw);
  if (r.kind === 'ambiguous') return replace(ambiguousFailure({ ...failure, path: ref.raw }, r.matches));
  if (r.kind === 'conflict') return replace(conflictFailure({ ...failure, path: ref.raw }, r.match, r.conflicts, mapped));
  const bytes = encodeText(joinLines(r.lines), current.encoding);
  const content = {
    type: 'text' as const,
    runs: runsFromLines(r.lines, current.table),
    base: current.table,
    encoding: current.encoding,
    origin: ref.abs,
  };
  const sub = m.sub;
  const stats = sub.stats ? { ...sub.stats, bytesBefore: entry.bytes.length, bytesAfter: bytes.length } : undefined;
  return withTrouble({
    plan: {
      mutations: [{ abs: ref.abs, path: ref.raw, before: entry as Entry, after: { bytes, mode: entry.mode }, content }],
      changes: [{ kind: 'update', path: ref.raw }],
      failed: [],
      notes: [...sub.plan.notes, mergedNote(ref.raw, 'old_string', r.match, r.conflicts)],
    },
    ...(stats ? { stats } : {}),
    matched: true,
  });
}

/** The lines of the base old_string covers: where it stands exactly, else the first line. */
function oldRange(base: LineTable, old: string): { start: number; end: number } {
  const text = textsOf(base).join('\n');
  const at = old === '' ? -1 : text.indexOf(old.replace(/\r\n?/g, '\n'));
  if (at < 0) return { start: 0, end: 0 };
  const start = text.slice(0, at).split('\n').length - 1;
  const lines = old.replace(/\n$/, '').split('\n').length;
  return { start, end: start + lines };
}
