// Symbolic links of a git diff (mode 120000): created, deleted or given a new
// target, never followed. The old side must be the link's readlink byte for
// byte (no tolerance: a target is a name, not text); a link's target is held
// to the rules a patched path is (inside the root, never into .git/,
// .chord-patch/ or the config file), unless --allow-outside lifts them.

import { dirname, isAbsolute, join, resolve } from 'node:path';
import { reservedReason } from '../config/reserved.js';
import type { FileOp } from '../types.js';
import { notAFile, OpError } from './failure.js';
import { below, isInside, type PathRef, realSpelling } from './snapshot.js';
import type { PlanView } from './tree-view.js';

type Op<K extends FileOp['kind']> = Extract<FileOp, { kind: K }>;

/** The old and new targets of a link's one hunk (`-OLD` / `+NEW`). */
export function linkTargets(op: Op<'update'>): { old: string; new: string } {
  const lines = op.hunks.flatMap((h) => h.lines);
  const side = (skip: string) => lines.filter((l) => l.op !== skip).map((l) => l.text);
  const [old, neu] = [side('+'), side('-')];
  if (op.hunks.length !== 1 || old.length !== 1 || neu.length !== 1) {
    throw new OpError('content_differs', 'the diff changes a symbolic link but its hunk is not one old target and one new one');
  }
  return { old: old[0]!, new: neu[0]! };
}

/**
 * The paths a link at `abs` with this target passes through on its way, below the leading `..`s (whose directories
 * the link's own place fixes): the snapshot looks at each (takeSnapshot's `probes`), since one that is itself a link
 * would take the target wherever that link points.
 */
export function linkTargetSteps(abs: string, target: string): string[] {
  let at = dirname(abs);
  const steps: string[] = [];
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') at = dirname(at);
    else steps.push((at = join(at, part)));
  }
  return steps;
}

/** Every path the link targets of `ops` pass through (linkTargetSteps), for the snapshot to look at. */
export function linkTargetProbes(ops: readonly FileOp[], refsOf: readonly PathRef[][]): string[] {
  return ops.flatMap((op, i) => {
    const abs = refsOf[i]![0]?.abs;
    if (abs === undefined || !op.symlink) return [];
    const target = op.kind === 'add' ? op.lines[0] : op.kind === 'update' ? op.hunks[0]?.lines.find((l) => l.op === '+')?.text : undefined;
    return target === undefined || isAbsolute(target) ? [] : linkTargetSteps(abs, target);
  });
}

/** Why a link at `abs` may not point at `target` (undefined: it may). */
export function linkTargetRefusal(view: PlanView, abs: string, target: string): string | undefined {
  const options = view.snapshot.options ?? {};
  if (options.allowOutside) return undefined;
  const allow = 'pass --allow-outside to permit it';
  if (target === '') return 'has an empty target';
  if (isAbsolute(target)) return `would point at the absolute path ${JSON.stringify(target)}; ${allow}`;
  const to = resolve(dirname(abs), target);
  if (!isInside(view.root, to)) return `would point outside the working directory (${JSON.stringify(target)}); ${allow}`;
  const why = reservedReason(below(view.root, to), to, options);
  if (why !== undefined) return `would point at ${JSON.stringify(target)}, which ${why}`;
  // `up/..` climbs from wherever `up` leads, not from its directory, when `up` is a link (this diff may make it one).
  const parts = target.split('/').filter((p) => p !== '' && p !== '.');
  const climb = parts.findIndex((p, k) => p === '..' && parts.slice(0, k).some((q) => q !== '..'));
  if (climb >= 0) return `would point at ${JSON.stringify(target)}, which climbs (..) after descending: write it without the detour`;
  const through = linkTargetSteps(abs, target).find((p) => view.snapshot.probed?.get(p) === 'symlink');
  if (through !== undefined) {
    const link = JSON.stringify(below(view.root, through));
    return `would point through the symbolic link ${link}, which chord-patch does not follow; ${allow}`;
  }
  return undefined;
}

function checkTarget(view: PlanView, ref: PathRef, target: string): void {
  const why = linkTargetRefusal(view, ref.abs, target);
  if (why !== undefined) throw new OpError('outside_root', `symbolic link ${why}`, {}, ref.raw);
}

/** The link the snapshot holds at `ref` with exactly the target `old`, else the failure naming what is there. */
function requireLink(view: PlanView, ref: PathRef, old: string, verb: string): void {
  const e = view.snapshot.entries.get(ref.abs);
  if (view.snapshot.outside.has(ref.abs)) throw new OpError('outside_root', 'path is outside the working directory', {}, ref.raw);
  if (e?.kind === 'symlink') {
    if (e.target === undefined) throw new OpError('symlink', 'is a symbolic link this file system cannot read', {}, ref.raw);
    if (e.target !== old) {
      const msg = `cannot ${verb} the symbolic link: it points at ${JSON.stringify(e.target)}, the diff says ${JSON.stringify(old)}`;
      throw new OpError('content_differs', msg, {}, ref.raw);
    }
    return;
  }
  const what =
    e?.kind === 'file' ? 'a regular file' : e?.kind === 'dir' ? 'a directory' : e?.kind === 'missing' || !e ? 'missing' : 'not a link';
  throw new OpError(e?.kind === 'file' ? 'not_a_file' : 'file_missing', `cannot ${verb} a symbolic link: the path is ${what}`, {}, ref.raw);
}

/** A new link (`new file mode 120000`): nothing may stand at the path unless the diff vacates it (a type change). */
export function planLinkAdd(view: PlanView, i: number, op: Op<'add'>, ref: PathRef): void {
  view.authorize(op, ref, 'target');
  const s = view.target(ref);
  const vacated = view.vacated.has(ref.abs) && !view.wrote(ref.abs);
  if ((s.kind === 'file' || s.kind === 'link') && !vacated) {
    throw new OpError('file_exists', 'cannot create the symbolic link: a file already exists at that path', {}, ref.raw);
  }
  if (s.kind === 'blocked' && !(vacated && s.entry.kind === 'symlink'))
    throw notAFile(view.root, s.entry, () => 'cannot be created').at(ref.raw);
  if (op.lines.length !== 1) throw new OpError('content_differs', 'the diff creates a symbolic link but its hunk is not one target line');
  checkTarget(view, ref, op.lines[0]!);
  view.put(i, ref.abs, { kind: 'link', target: op.lines[0]! });
}

/** `deleted file mode 120000`: only a link whose target is the diff's old side. */
export function planLinkDelete(view: PlanView, i: number, op: Op<'delete'>, ref: PathRef): void {
  view.authorize(op, ref, 'source');
  requireLink(view, ref, op.expectLines?.[0] ?? '', 'delete');
  view.vacate(i, ref.abs, op.simultaneous);
}

/** `index … 120000` with `-OLD` / `+NEW`: the link gets its new target. */
export function planLinkUpdate(view: PlanView, i: number, op: Op<'update'>, ref: PathRef): void {
  view.authorize(op, ref, 'source');
  const { old, new: target } = linkTargets(op);
  requireLink(view, ref, old, 'change');
  checkTarget(view, ref, target);
  view.put(i, ref.abs, { kind: 'link', target });
}

/** In a run with link entries, a path with a symbolic link among its directories is refused: it would be written through it. */
export function refuseThroughLinks(view: PlanView, refs: readonly PathRef[]): void {
  for (const r of refs) {
    if (realSpelling(view.snapshot, r.abs) === undefined) continue;
    const msg =
      'is beyond a symbolic link (a directory on its way is one): chord-patch never writes through a link in a diff with link entries';
    throw new OpError('symlink', msg, {}, r.raw);
  }
}
