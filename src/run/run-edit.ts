// The edit tool's runner: EditRequest -> snapshot -> plan -> commit -> outcome.
// Planning (edit/plan.ts) is pure; the commit is pipeline.finish(), the same path
// patches take: revalidation against the snapshot ("changed after planning"),
// atomic temp-file writes that keep the file's mode, rollback on failure.

import { resolve } from 'node:path';
import { parseEditJson, parseEditRequest } from '../input/edit.js';
import { errorOutcome, finish, locked, type RunOptions, snapshotBytes, snapshotOptions } from './pipeline.js';
import type { Guard } from '../commit/recover.js';
import { checkSessionState, trackMatchFailures } from '../session/store.js';
import { resolveRef, type Snapshot, takeSnapshot } from '../plan/snapshot.js';
import { nodeFs } from '../platform/node-fs.js';
import { prepareDecoding } from '../text/decode.js';
import type { EditRequest, Outcome } from '../types.js';
import { type EditPlan, planEdit } from '../edit/plan.js';

/** Apply (or check) an edit request. Never throws for bad input: the outcome says why. */
export async function runEdit(request: EditRequest, options: RunOptions = {}): Promise<Outcome> {
  return locked(options, 'edit', (guard) => runEditLocked(request, options, guard));
}

async function runEditLocked(request: EditRequest, options: RunOptions, guard: Guard | undefined): Promise<Outcome> {
  const fs = options.fs ?? nodeFs;
  const root = resolve(options.cwd ?? process.cwd());
  const dryRun = !!options.check;
  let planned: EditPlan;
  let snapshot: Snapshot;
  try {
    checkSessionState(options);
    const ref = resolveRef(root, request.path);
    await guard?.lockFiles?.([ref.abs]);
    snapshot = await takeSnapshot(fs, root, [ref], snapshotOptions(options));
    await prepareDecoding(snapshotBytes(snapshot), options);
    planned = planEdit(request, snapshot, options);
  } catch (e) {
    return errorOutcome(e, 'edit', dryRun);
  }
  const { plan, stats } = planned;
  let outcome = await finish(fs, plan, {
    snapshot,
    dryRun,
    tool: 'edit',
    notes: plan.notes,
    guard,
    confine: !options.allowOutside,
    diffs: options.diffs !== false,
  });
  if (stats && (outcome.status === 'applied' || outcome.status === 'checked')) outcome = { ...outcome, edit: stats };
  // A commit that failed as a whole (changed after planning, write error) says
  // nothing about whether the text matched, so it is not counted.
  if (planned.matched !== undefined && !outcome.error) {
    const abs = resolve(root, request.path);
    outcome = trackMatchFailures(outcome, [{ path: abs, matched: planned.matched }], options, () => request.path);
  }
  return outcome;
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
async function runParsed(parse: () => EditRequest, options: RunOptions): Promise<Outcome> {
  let request: EditRequest;
  try {
    request = parse();
  } catch (e) {
    return errorOutcome(e, 'edit', !!options.check);
  }
  return runEdit(request, options);
}
