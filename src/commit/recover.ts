// Interrupted commits: a commit killed halfway leaves its journal in the
// root's state directory. Every writing run takes the root's lock and then
// rolls such commits back (or, past their commit point, finishes them) before
// it plans anything; `chord-patch recover` does only that.

import { join } from 'node:path';
import type { Fs, Note } from '../types.js';
import { doneName, finishCommitted, type Journal, keepDisplaced, partWriter, remove, singleSwitched, undo } from './journal.js';
import { type JournalSetup, misplaced, type RootIdentity, readJournalBytes, unusableText } from './journal-file.js';
import { journalKey } from './journal-key.js';
import { type FileLocks, lockFilesOn } from './file-locks.js';
import { shownPath } from '../text/paths.js';
import { ChordPatchError, isChordPatchError } from '../errors.js';
import { acquireLock, liveHolder, type Lock, type LockOptions, processAlive, STATE_DIR, tidyLeftover } from './lock.js';
import { openStateDir, readStateFile } from './state-dir.js';

/** Far larger than the journal of any envelope (a few hundred bytes a file): a larger file is not read, and is left unusable. */
const MAX_JOURNAL_BYTES = 256 * 1024 * 1024;

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
  /**
   * Journals left in place and not acted on, each with why and what to do by
   * hand: not signed by this user's chord-patch, unreadable, of another
   * version, written for another tree (moved or copied), or naming a path
   * outside the root (commit/journal-file.ts).
   */
  unusable: string[];
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
  unusable: [],
});

/**
 * Roll back (or finish) each interrupted commit in `stateDir` whose journal
 * verifies and belongs here. The caller holds the lock, unless `locked` is
 * false (a full disk): then breakers' guards are left, since one may guard
 * a stale lock being broken now.
 */
export async function recoverJournals(
  fs: Fs,
  here: RootIdentity,
  stateDir: string,
  key: Uint8Array | undefined,
  options: LockOptions = {},
  locked = true,
): Promise<Recovered> {
  const isAlive = options.isAlive ?? processAlive;
  const out = nothingRecovered();
  let names: string[];
  try {
    names = await fs.readDir(stateDir);
  } catch {
    return out;
  }
  const root = here.root;
  const shown = (p: string) => shownPath(root, p);
  for (const name of names.sort()) {
    const path = join(stateDir, name);
    // A waiter or breaker that died before removing its private file or its guard.
    if (await tidyLeftover(fs, stateDir, name, locked, options.isAlive)) continue;
    const writer = partWriter(name);
    if (writer !== undefined) {
      if (!isAlive(writer)) await fs.unlink(path).catch(() => {});
      continue;
    }
    const done = name.startsWith('done-');
    if (!done && !name.startsWith('journal-')) continue;
    let bytes: Uint8Array;
    try {
      // Never through a link a repository planted at a journal's name, nor waiting on a FIFO there.
      bytes = (await readStateFile(fs, path, MAX_JOURNAL_BYTES)).bytes;
    } catch (e) {
      out.unusable.push(unusableText(shown(path), `it cannot be read (${(e as Error).message})`, undefined));
      continue;
    }
    const checked = readJournalBytes(bytes, key);
    const why = checked.ok ? await misplaced(fs, checked.journal, here) : checked.why;
    if (!checked.ok || why !== undefined) {
      // Commands to restore by hand come only from a journal chord-patch signed: an unsigned one may be anyone's words.
      out.unusable.push(unusableText(shown(path), why!, checked.ok ? checked.journal : undefined));
      continue;
    }
    // Under the locks of its files: a run from another root may be writing them now.
    const j = checked.journal;
    let files: FileLocks;
    try {
      files = await lockFilesOn(fs, [...j.entries.map((e) => e.target), ...j.dirs], options);
    } catch (e) {
      out.unusable.push(`journal ${shown(path)} left in place for now: ${(e as Error).message}`);
      continue;
    }
    out.commits++;
    try {
      const settled = await replay(fs, j, done ? undefined : { dir: stateDir, path }, out);
      const journal = settled === 'here' ? path : settled;
      if (journal) await remove(fs, journal, out.leftovers, journal);
    } finally {
      files.release();
    }
  }
  out.restored = out.restored.map(shown);
  out.notRestored = out.notRestored.map(shown);
  out.leftovers = out.leftovers.map(shown);
  out.finished = out.finished.map(shown);
  return out;
}

/** Recovery names every path as the journal does: the paths themselves, no pinned directory between. */
const same = (p: string) => p;

/**
 * Act on one verified journal (`undone`: where it lies, unless it is marked
 * done). Returns the journal file to remove once acted on ('here': where it
 * was read), or undefined to keep it for another try.
 */
async function replay(
  fs: Fs,
  journal: Journal,
  undone: { dir: string; path: string } | undefined,
  out: Recovered,
): Promise<string | undefined> {
  if (undone && journal.single && journal.entries.length === 1) {
    if (!(await singleSwitched(fs, journal, same))) {
      // Not switched: the backup goes first, so that an interrupted cleanup still reads as not switched.
      const e = journal.entries[0]!;
      const displaced = await keepDisplaced(fs, e, same);
      if (displaced !== undefined) out.kept.push(displaced.split(`${journal.root}/`).join(''));
      for (const side of [e.backup, e.tmp]) if (side) await remove(fs, side, out.leftovers, side);
      return 'here';
    }
    // Switched: marked done before its side files, the only evidence of the switch, are removed.
    const donePath = join(undone.dir, doneName(journal.id));
    try {
      await fs.rename(undone.path, donePath);
    } catch {
      out.leftovers.push(undone.path);
      return undefined;
    }
    await finished(fs, journal, out);
    return donePath;
  }
  if (!undone) {
    await finished(fs, journal, out);
    return 'here';
  }
  const r = await undo(fs, journal, same);
  out.restored.push(...r.restored);
  out.notRestored.push(...r.notRestored);
  out.leftovers.push(...r.leftovers);
  out.kept.push(...r.kept.map((k) => k.split(`${journal.root}/`).join('')));
  return r.notRestored.length > 0 ? undefined : 'here';
}

/** A commit past its commit point: its leftover side files removed, nothing undone. */
async function finished(fs: Fs, journal: Journal, out: Recovered): Promise<void> {
  out.leftovers.push(...(await finishCommitted(fs, journal, same)));
  out.finishedCommits++;
  out.finished.push(...journal.entries.map((e) => (e.op === 'delete' ? `${e.target} (deleted)` : e.target)));
}

export function recoveryText(r: Recovered): string | undefined {
  if (r.commits === 0 && r.unusable.length === 0) return undefined;
  const parts: string[] = [];
  const rolled = r.commits - r.finishedCommits;
  if (rolled > 0) {
    parts.push(`rolled back ${rolled} interrupted chord-patch commit${rolled === 1 ? '' : 's'}`);
    if (r.restored.length > 0) parts.push(`restored ${r.restored.join(', ')}`);
    else if (r.kept.length === 0) parts.push('no file had been changed yet');
  }
  const f = r.finishedCommits;
  if (f > 0) {
    const one = r.finished.length === 1;
    // A fact about the commit, not about the files now: another program may have changed them since.
    const them = `${f === 1 ? 'its' : 'their'} change${one ? '' : 's'}`;
    parts.push(
      `finished ${f} interrupted chord-patch commit${f === 1 ? '' : 's'} found past ${f === 1 ? 'its' : 'their'} commit point: ` +
        `${them} to ${r.finished.join(', ')} ${one ? 'was' : 'were'} made in full; nothing undone, ` +
        `${one ? 'the file left as it is' : 'the files left as they are'}`,
    );
  }
  if (r.kept.length > 0) parts.push(`NOT restored, to keep another program's later change: ${r.kept.join('; ')}`);
  if (r.notRestored.length > 0)
    parts.push(`COULD NOT RESTORE ${r.notRestored.join(', ')} (journal kept; run \`chord-patch recover\` again)`);
  if (r.leftovers.length > 0) parts.push(`could not remove ${r.leftovers.join(', ')}`);
  const text = parts.length > 0 ? `${parts.join('; ')}.` : '';
  return r.unusable.length === 0 ? text : [text, ...r.unusable.map((u) => `NOT RECOVERED: ${u}.`)].filter(Boolean).join(' ');
}

export interface Guard {
  /** Where and how the commit writes its journal; absent when the root cannot hold one, or the signing key cannot be had. */
  journal?: JournalSetup;
  notes: Note[];
  /**
   * Lock the files the run will write (absolute paths) against runs from
   * other roots, before the snapshot; held until the run ends. Throws
   * `locked` naming the holder that stayed (commit/file-locks.ts).
   */
  lockFiles?(paths: readonly string[]): Promise<void>;
}

/**
 * Take the root's commit lock and recover interrupted commits, run `body`,
 * release. A root that cannot hold the state directory at all (read-only,
 * missing) runs without the root's lock and unjournaled, and the outcome
 * says so; its files are locked all the same.
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
      'runs of this root are not serialised and a crash mid-commit could leave it half-applied';
    const notes: Note[] = [{ code: 'info', message }];
    // The files' own locks live in the user's state directory, not the root's: they still keep out any run writing them.
    return await withFileLocks(fs, options, notes, (lockFiles) => body({ notes, lockFiles }));
  }
  let result: T;
  try {
    const key = journalKey();
    const recovered = await recoverJournals(fs, lock.root, lock.dir, 'key' in key ? key.key : undefined, options);
    const text = recoveryText(recovered);
    const notes: Note[] = text ? [{ code: 'info', message: text }] : [];
    if ('error' in key) notes.push({ code: 'info', message: noKeyText(key.error) });
    const journal = 'key' in key ? { dir: lock.dir, key: key.key, root: lock.root } : undefined;
    result = await withFileLocks(fs, options, notes, (lockFiles) => body({ ...(journal ? { journal } : {}), notes, lockFiles }));
  } catch (e) {
    await lock.release();
    throw e;
  }
  // The report must say what differs on disk, down to an empty directory.
  const stayed = await lock.release();
  return stayed ? { ...result, notes: [...result.notes, { code: 'info', message: stayed }] } : result;
}

/**
 * Run `body` with Guard.lockFiles: each set of file locks it takes adds its
 * notes to `notes`, and every one is released when `body` ends, before the
 * caller releases the root's lock.
 */
async function withFileLocks<T>(
  fs: Fs,
  options: LockOptions,
  notes: Note[],
  body: (lockFiles: NonNullable<Guard['lockFiles']>) => Promise<T>,
): Promise<T> {
  const files: FileLocks[] = [];
  try {
    return await body(async (paths) => {
      const held = await lockFilesOn(fs, paths, options);
      files.push(held);
      notes.push(...held.notes);
    });
  } finally {
    for (const f of files) f.release();
  }
}

/** Why a commit runs without a journal when the signing key cannot be had. */
const noKeyText = (error: string) =>
  `no commit journal: the key that signs journals cannot be used (${error}); ` +
  'a crash mid-commit could leave the tree half-applied with nothing to roll it back';

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
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return recoverUnlocked(fs, root, options);
    return { ...nothingRecovered(), ok: false, message: `cannot recover ${root}: ${(e as Error).message}` };
  }
  let r: Recovered;
  try {
    const key = journalKey();
    r = await recoverJournals(fs, lock.root, lock.dir, 'key' in key ? key.key : undefined, options);
  } catch (e) {
    await lock.release();
    throw e;
  }
  const stayed = await lock.release();
  const said = recoveryText(r) ?? `nothing to recover in ${root}: no interrupted chord-patch commit`;
  return { ...r, ok: r.notRestored.length === 0 && r.unusable.length === 0, message: stayed ? `${said} ${stayed}.` : said };
}

/**
 * Recovery on a full disk, where the lock file cannot be written: undoing
 * renames backups back and needs no space, so it goes ahead without the
 * lock unless a live run holds it (then it refuses, naming that run).
 */
async function recoverUnlocked(fs: Fs, root: string, options: LockOptions): Promise<RecoverResult> {
  let state: Awaited<ReturnType<typeof openStateDir>>;
  try {
    state = await openStateDir(fs, root);
  } catch (e) {
    const nothing = (e as NodeJS.ErrnoException).code === 'ENOSPC';
    if (nothing) return { ...nothingRecovered(), ok: true, message: `nothing to recover in ${root}: no interrupted chord-patch commit` };
    return { ...nothingRecovered(), ok: false, message: `cannot recover ${root}: ${(e as Error).message}` };
  }
  const holder = await liveHolder(fs, state.dir, options.isAlive);
  if (holder) return { ...nothingRecovered(), ok: false, message: `cannot recover ${root} now: ${holder}; retry when it has finished` };
  const key = journalKey();
  const r = await recoverJournals(fs, state.root, state.dir, 'key' in key ? key.key : undefined, options, false);
  // Emptied (or just made by openStateDir), the directory goes as a lock's release removes it.
  await fs.rmdir(state.dir).catch(() => {});
  const said = recoveryText(r) ?? `nothing to recover in ${root}: no interrupted chord-patch commit`;
  const message = `${said} (the disk is full: recovered without writing the commit lock, which no live run held)`;
  return { ...r, ok: r.notRestored.length === 0 && r.unusable.length === 0, message };
}
