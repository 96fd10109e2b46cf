// The edit tool's runner: an EditRequest as a job of the one runner
// (pipeline.ts). Planning (edit/plan.ts) is pure; the commit is the one
// patches take: revalidation against the snapshot ("changed after planning"),
// atomic temp-file writes that keep the file's mode, rollback on failure.

import { parseEditJson, parseEditRequest } from '../input/edit.js';
import { type Job, type RunOptions, rootOf, runInput } from './pipeline.js';
import { checkSessionState, trackMatchFailures } from '../session/store.js';
import { resolveRef } from '../plan/snapshot.js';
import type { EditRequest, Outcome } from '../types.js';
import { type EditPlan, planEdit } from '../edit/plan.js';
import { keepCommitted } from '../stale/keep.js';
import { reviseStaleEdit } from '../stale/edit.js';

/** Apply (or check) an edit request. Never throws for bad input: the outcome says why. */
export function runEdit(request: EditRequest, options: RunOptions = {}): Promise<Outcome> {
  return runInput('edit', options, () => editJob(request, options));
}

/** An edit request as a job: one file read and planned; the session counts whether old_string matched. */
function editJob(request: EditRequest, options: RunOptions): Job<EditPlan> {
  const ref = resolveRef(rootOf(options), request.path);
  return {
    tool: 'edit',
    refs: [ref],
    admit: () => {
      checkSessionState(options);
      return undefined;
    },
    plan: async (snapshot) => {
      const planned = planEdit(request, snapshot, options);
      // Stale context (stale/): an old_string that matches an older state of the file is named, or merged with --3way.
      return planned.matched === false ? await reviseStaleEdit(planned, request, snapshot, options) : planned;
    },
    settle: (outcome, { plan, stats, matched }) => {
      const withStats = stats && (outcome.status === 'applied' || outcome.status === 'checked') ? { ...outcome, edit: stats } : outcome;
      const o = keepCommitted(plan, withStats, options);
      // A commit that failed as a whole (changed after planning, write error)
      // says nothing about whether the text matched, so it is not counted.
      if (matched === undefined || o.error) return o;
      return trackMatchFailures(o, [{ path: ref.abs, matched }], options, () => request.path);
    },
  };
}

/** Validate a parsed JSON object as an edit request and run it. */
export function runEditObject(json: Record<string, unknown>, options: RunOptions = {}): Promise<Outcome> {
  return runParsed(() => parseEditRequest(json), options);
}

/** Parse edit JSON text (the `edit` command's input) and run it. */
export function runEditText(text: string, options: RunOptions = {}): Promise<Outcome> {
  return runParsed(() => parseEditJson(text), options);
}

/** Run the request `parse` returns; a request it refuses is the outcome, never a throw. */
function runParsed(parse: () => EditRequest, options: RunOptions): Promise<Outcome> {
  return runInput('edit', options, () => editJob(parse(), options));
}
