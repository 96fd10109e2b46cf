// Committing a plan: revalidate, write, and undo on failure.
//
// 1. Re-read every path about to change and compare kind, bytes and mode with
//    the snapshot. Any difference: "changed after planning", nothing written.
// 2. Write: files first (atomic temp + fsync + rename; exclusive when the path
//    was missing, so a file that appeared meanwhile is never clobbered; a few
//    at a time), then deletions, so a move never loses its content halfway.
// 3. On any error, restore every path already written from the snapshot
//    bytes and mode, and remove directories this commit created.

import type { Entry, Fs } from '../types.js';
import type { Mutation } from './plan.js';
import { readEntry } from './snapshot.js';
import { dirname } from 'node:path';

export type CommitResult =
  | { ok: true }
  | { ok: false; code: 'changed_after_planning' | 'write_failed'; message: string; paths: string[] };

function sameEntry(a: Entry, b: Entry): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'file' && b.kind === 'file') return a.mode === b.mode && Buffer.compare(a.bytes, b.bytes) === 0;
  if (a.kind === 'missing') return true;
  return 'mode' in a && 'mode' in b && a.mode === b.mode;
}

export async function revalidate(fs: Fs, mutations: readonly Mutation[]): Promise<string[]> {
  const now = await Promise.all(mutations.map((m) => readEntry(fs, m.abs)));
  return mutations.filter((m, i) => !sameEntry(m.before, now[i]!)).map((m) => m.path);
}

/** Writes in flight at once during a commit. */
const WRITE_CONCURRENCY = 8;

export async function commitPlan(fs: Fs, mutations: readonly Mutation[]): Promise<CommitResult> {
  const changed = await revalidate(fs, mutations);
  if (changed.length > 0) {
    return {
      ok: false,
      code: 'changed_after_planning',
      paths: changed,
      message: `changed after planning: ${changed.join(', ')} changed on disk between reading and writing; nothing was written; retry against the current content`,
    };
  }

  const writes = mutations.filter((m) => m.after);
  const deletes = mutations.filter((m) => !m.after);
  const done: Mutation[] = [];
  const createdDirs: string[] = [];
  let failure: { m: Mutation; e: unknown } | undefined;
  const apply = async (m: Mutation) => {
    try {
      if (m.after) await fs.writeAtomic(m.abs, m.after.bytes, m.after.mode, m.before.kind === 'missing');
      else await fs.unlink(m.abs);
      done.push(m);
    } catch (e) {
      failure ??= { m, e };
    }
  };
  // Directories first ,each once and one at a time: two concurrent `mkdir -p`
  // of a shared new parent would race.
  const dirs = new Set<string>();
  for (const m of writes) {
    const dir = dirname(m.abs);
    if (dirs.has(dir)) continue;
    dirs.add(dir);
    try {
      createdDirs.push(...(await fs.mkdirp(dir)));
    } catch (e) {
      failure = { m, e };
      break;
    }
  }
  // Files a few at a time: every write ends in an fsync, and one after another
  // a 1,000-file envelope spent seconds waiting on the disk (issue 7); with a
  // few in flight the disk flushes them together. Bounded, so a large envelope
  // never runs out of file descriptors.
  let next = 0;
  const worker = async () => {
    while (!failure && next < writes.length) await apply(writes[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(WRITE_CONCURRENCY, writes.length) }, worker));
  // Deletions only after every write, so a move never loses its content halfway.
  for (const m of deletes) {
    if (failure) break;
    await apply(m);
  }
  if (failure) {
    const { m, e } = failure;
    const unrestored = await rollback(fs, done, createdDirs);
    const why = (e as NodeJS.ErrnoException).code === 'EEXIST' ? 'a file appeared at that path after planning' : (e as Error).message;
    let message = `write failed for ${m.path}: ${why}; `;
    message +=
      unrestored.length === 0
        ? done.length > 0
          ? `the ${done.length} file${done.length === 1 ? '' : 's'} already written in this commit ${done.length === 1 ? 'was' : 'were'} restored; nothing was changed`
          : 'nothing was changed'
        : `COULD NOT RESTORE: ${unrestored.join(', ')}`;
    return { ok: false, code: 'write_failed', message, paths: [m.path] };
  }
  return { ok: true };
}

/** Undo `done` in reverse order; returns the paths that could not be restored. */
async function rollback(fs: Fs, done: readonly Mutation[], createdDirs: readonly string[]): Promise<string[]> {
  const failed: string[] = [];
  for (const m of [...done].reverse()) {
    try {
      if (m.before.kind === 'file') await fs.writeAtomic(m.abs, m.before.bytes, m.before.mode, false);
      else await fs.unlink(m.abs);
    } catch {
      failed.push(m.path);
    }
  }
  for (const d of [...createdDirs].reverse()) await fs.rmdir(d).catch(() => {});
  return failed;
}
