// Interrupted commits: a commit killed halfway leaves its journal in the
// root's state directory. Every writing run takes the root's lock and then
// rolls such commits back (or, past their commit point, finishes them) before
// it plans anything; `chord-patch recover` does only that.

import { join } from 'node:path';
import type { Fs, Note } from '../types.js';
import { finishCommitted, parseJournal, settleSingle, undo } from './journal.js';
import { shownPath } from '../text/paths.js';
import { ChordPatchError, isChordPatchError } from '../errors.js';
import { acquireLock, type Lock, type LockOptions, processAlive, STATE_DIR } from './lock.js';

export interface Recovered {
  /** Journal files handled. */
  commits: number;
  /** Targets rolled back to their pre-commit content. */
  restored: string[];
  /** Targets that could not be restored (their journal is kept). */
  notRestored: string[];
  /** The commits' own files removed or left. */
  removed: number;
  leftovers: string[];
  /** Targets another program changed after the interruption: left as they are, the pre-image kept beside them. */
  kept: string[];
  /**
   * Commits found past their commit point (a done mark, or a single-file
   * commit past its switch, journal.ts): finished, not rolled back.
   */
  finishedCommits: number;
  /** Their targets, which keep the commit's change (a deleted one is marked " (deleted)"). */
  finished: string[];
}

/** A result that recovered nothing (also what the library says for options it refuses). */
export const nothingRecovered = (): Recovered => ({
  commits: 0,
  restored: [],
  notRestored: [],
  removed: 0,
  leftovers: [],
  kept: [],
  finishedCommits: 0,
  finished: [],
});

/** Roll back (or finish) every interrupted commit recorded in `stateDir`. The caller holds the lock. */
export async function recoverJournals(
  fs: Fs,
  root: string,
  stateDir: string,
  isAlive: (pid: number) => boolean = processAlive,
): Promise<Recovered> {
  const out = nothingRecovered();
  let names: string[];
  try {
    names = await fs.readDir(stateDir);
  } catch {
    return out;
  }
  for (const name of names.sort()) {
    const path = join(stateDir, name);
    if (/^lock\..+|^break$/.test(name)) {
      // A waiter or breaker that died before removing its private file.
      const pid = await fs
        .readFile(path)
        .then((b) => (JSON.parse(Buffer.from(b).toString('utf8')) as { pid?: number }).pid)
        .catch(() => undefined);
      if (pid === undefined || !isAlive(pid)) await fs.unlink(path).catch(() => {});
      continue;
    }
    const done = name.startsWith('done-');
    if (!done && !name.startsWith('journal-')) continue;
    const journal = parseJournal(await fs.readFile(path).catch(() => new Uint8Array()));
    out.commits++;
    // An unreadable journal was cut short while being written, before the
    // commit touched anything (it is fsynced before the first change).
    if (!journal) {
      await fs.unlink(path).catch(() => {});
      continue;
    }
    const same = (p: string) => p;
    if (!done && journal.single && journal.entries.length === 1) {
      const s = await settleSingle(fs, journal, same);
      if (s.switched) {
        out.finishedCommits++;
        out.finished.push(journal.entries[0]!.target);
      }
      out.leftovers.push(...s.leftovers);
    } else if (done) {
      const left = await finishCommitted(fs, journal, same);
      out.finishedCommits++;
      out.finished.push(...journal.entries.map((e) => (e.op === 'delete' ? `${e.target} (deleted)` : e.target)));
      out.leftovers.push(...left);
    } else {
      const r = await undo(fs, journal, same);
      out.restored.push(...r.restored);
      out.notRestored.push(...r.notRestored);
      out.leftovers.push(...r.leftovers);
      out.kept.push(...r.kept.map((k) => k.split(`${root}/`).join('')));
      if (r.notRestored.length > 0) continue;
    }
    await fs.unlink(path).catch(() => {});
  }
  out.restored = out.restored.map((p) => shownPath(root, p));
  out.notRestored = out.notRestored.map((p) => shownPath(root, p));
  out.leftovers = out.leftovers.map((p) => shownPath(root, p));
  out.finished = out.finished.map((p) => shownPath(root, p));
  return out;
}

export function recoveryText(r: Recovered): string | undefined {
  if (r.commits === 0) return undefined;
  const parts: string[] = [];
  const rolled = r.commits - r.finishedCommits;
  if (rolled > 0) {
    parts.push(`rolled back ${rolled} interrupted chord-patch commit${rolled === 1 ? '' : 's'}`);
    parts.push(r.restored.length > 0 ? `restored ${r.restored.join(', ')}` : 'no file had been changed yet');
  }
  const f = r.finishedCommits;
  if (f > 0) {
    const one = r.finished.length === 1;
    parts.push(
      `finished ${f} interrupted chord-patch commit${f === 1 ? '' : 's'} found past ${f === 1 ? 'its' : 'their'} commit point: ` +
        `${r.finished.join(', ')} ${one ? 'holds its' : 'hold their'} new content, left as it is`,
    );
  }
  if (r.kept.length > 0) parts.push(`NOT restored, to keep another program's later change: ${r.kept.join('; ')}`);
  if (r.notRestored.length > 0)
    parts.push(`COULD NOT RESTORE ${r.notRestored.join(', ')} (journal kept; run \`chord-patch recover\` again)`);
  if (r.leftovers.length > 0) parts.push(`could not remove ${r.leftovers.join(', ')}`);
  return `${parts.join('; ')}.`;
}

export interface Guard {
  /** Where the commit's journal goes; absent when the root cannot hold one. */
  journalDir?: string;
  notes: Note[];
}

/**
 * Take the root's commit lock and recover interrupted commits, run `body`,
 * release. A root that cannot hold the state directory at all (read-only,
 * missing) runs unlocked and unjournaled, and the outcome says so.
 */
export async function withCommitLock<T extends { notes: Note[] }>(
  fs: Fs,
  root: string,
  options: LockOptions,
  body: (g: Guard) => Promise<T>,
): Promise<T> {
  let lock: Lock;
  try {
    lock = await acquireLock(fs, root, options);
  } catch (e) {
    if (isChordPatchError(e)) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EROFS' && code !== 'EPERM' && code !== 'ENOENT' && code !== 'ENOTDIR') {
      throw new ChordPatchError(
        'write_failed',
        `cannot take the commit lock in ${join(root, STATE_DIR)}: ${(e as Error).message}; nothing was written`,
      );
    }
    const message =
      `no commit lock or journal: cannot create ${join(root, STATE_DIR)} (${code}); ` +
      'concurrent chord-patch runs are not serialised and a crash mid-commit could leave it half-applied';
    return body({ notes: [{ code: 'info', message }] });
  }
  let result: T;
  try {
    const recovered = await recoverJournals(fs, root, lock.dir, options.isAlive);
    const text = recoveryText(recovered);
    result = await body({ journalDir: lock.dir, notes: text ? [{ code: 'info', message: text }] : [] });
  } catch (e) {
    await lock.release();
    throw e;
  }
  if (await lock.release()) return result;
  // The report must say what differs on disk, down to an empty directory.
  const message =
    `could not remove chord-patch's empty state directory ${join(root, STATE_DIR)} ` +
    '(the working directory lets entries be added but not removed: append-only?); it holds nothing and can be deleted';
  return { ...result, notes: [...result.notes, { code: 'info', message }] };
}

export interface RecoverOptions extends LockOptions {
  cwd?: string;
  fs?: Fs;
}

export interface RecoverResult extends Recovered {
  /** One line for a person: what was rolled back, or that there was nothing to do. */
  message: string;
  /** false when a target could not be restored, or the lock could not be taken. */
  ok: boolean;
}

/** `chord-patch recover`: take the root's lock, roll back interrupted commits, say what happened. */
export async function recoverRoot(root: string, fs: Fs, options: LockOptions = {}): Promise<RecoverResult> {
  let lock: Lock;
  try {
    lock = await acquireLock(fs, root, options);
  } catch (e) {
    return { ...nothingRecovered(), ok: false, message: `cannot recover ${root}: ${(e as Error).message}` };
  }
  try {
    const r = await recoverJournals(fs, root, lock.dir, options.isAlive);
    const message = recoveryText(r) ?? `nothing to recover in ${root}: no interrupted chord-patch commit`;
    return { ...r, ok: r.notRestored.length === 0, message };
  } finally {
    await lock.release();
  }
}
