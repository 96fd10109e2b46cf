// After a commit: the states it replaced become the session's pre-images
// (stale/store.ts). Only what was committed is kept, so nothing the
// permission rules deny (those operations never commit) and nothing of a dry
// run. A move's destination keeps its source's state too, so a hunk written
// against the file under its old name still finds its base.

import type { Plan } from '../plan/planner.js';
import type { SessionOptions } from '../session/store.js';
import type { Note, Outcome } from '../types.js';
import { type KeptState, keepPreimages } from './store.js';

export function keptStates(plan: Plan): KeptState[] {
  const before = new Map(plan.mutations.map((m) => [m.abs, m.before]));
  const states: KeptState[] = [];
  for (const m of plan.mutations) {
    if (m.after === null) continue;
    if (m.before.kind === 'file') states.push({ path: m.abs, bytes: m.before.bytes });
    const origin = m.content?.origin;
    const was = origin !== undefined && origin !== m.abs ? before.get(origin) : undefined;
    if (was?.kind === 'file') states.push({ path: m.abs, bytes: was.bytes, from: origin! });
  }
  return states;
}

/** Keep the pre-images of a committed plan under the session; a note when they could not be kept. */
export function keepCommitted(plan: Plan, outcome: Outcome, options: SessionOptions & { check?: boolean }): Outcome {
  if (!options.session || options.check || outcome.error || plan.mutations.length === 0) return outcome;
  if (outcome.status !== 'applied' && outcome.status !== 'partial') return outcome;
  const trouble = keepPreimages({ ...options, session: options.session }, keptStates(plan));
  if (trouble === undefined) return outcome;
  const note: Note = { code: 'info', message: trouble };
  return { ...outcome, notes: [...outcome.notes, note] };
}
