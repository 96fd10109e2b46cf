// The root's lock: one chord-patch run at a time per root, guarding its
// state directory and journals. Runs of other roots on the same files are
// kept out by the file locks (file-locks.ts), taken after this one.
//
// Node has no flock(2), and a lock file that an exiting process fails to
// delete must not block the root forever. The scheme:
// - The holder's details (pid, host, start time) are written to a private
//   file first, which is then hard-linked to `lock`: link(2) fails with EEXIST
//   when the lock is held, and the lock never exists half-written (O_EXCL on
//   `lock` itself would expose an empty file to readers for a moment).
// - A lock whose holder no longer runs is stale: judged by boot id, PID
//   namespace and start time (liveness.ts), so a pid reused in a container
//   is not taken for the holder, and a holder in another namespace or on
//   another host is never broken. Only a waiter that makes a guard for it
//   (`break-<h>-<n>`, linked whole from its private file as the lock is) may
//   remove a stale lock, after reading it again, so two waiters never both
//   remove it and one of them the other's fresh lock (breakStale says how).
// - A lock whose recorded time no live holder could have written is stale
//   too, whoever it names (liveness.ts recordedTimeStale): a repository that
//   commits `.chord-patch/lock` must not block every run in its checkouts.
//   So a waiter records the time afresh just before it links its lock.
// - Every file here is read as a regular file only (state-dir.ts
//   readStateFile): a link, a FIFO or a huge file planted at a lock's name is
//   no lock chord-patch wrote, and is broken like an unreadable one.
// - Waiting is bounded; then the error names the holder and the lock file.
// - The lock's file is not fsynced (a small patch's cost saved): a lock
//   only means something while its holder runs, and a power cut ends every
//   holder. What a power cut can leave is a `lock` whose content never
//   reached the disk; since a live holder's lock is complete before it is
//   linked into place, an unreadable lock is always such a leftover and is
//   broken like the lock of a dead holder.
// A mkdir lock was the alternative; it cannot carry the holder's details
// atomically, and the error must name the holder.

import { dirname, join } from 'node:path';
import { ChordPatchError } from '../errors.js';
import { errno } from '../platform/regular.js';
import { sha256Hex } from '../platform/sha256.js';
import type { Fs } from '../types.js';
import type { RootIdentity } from './journal-file.js';
import { holderText, processAlive, recordedTimeStale, thisProcess, type Verdict, verdict } from './liveness.js';
import { notOurs, openStateDir, readStateFile, STATE_DIR } from './state-dir.js';

export { STATE_DIR };

export interface LockHolder {
  pid: number;
  host: string;
  /** ISO time the holder took the lock. */
  since: string;
  id: string;
  /** Boot id, PID namespace and start time (commit/liveness.ts); absent in a lock of an older chord-patch. */
  boot?: string;
  ns?: string;
  start?: string;
}

/** Lock ids this process holds now: a lock with our pid and start time that is not among them was left by nobody alive. */
const held = new Set<string>();
/** Ids of this process's waiters now: their private files and guards (which carry their record) are live. */
const waiting = new Set<string>();

const asHolder = (h: LockHolder) => ({ pid: h.pid, host: h.host, boot: h.boot ?? '', ns: h.ns ?? '', start: h.start ?? '' });

function liveness(h: LockHolder, isAlive: ((pid: number) => boolean) | undefined): Verdict {
  return verdict(asHolder(h), () => held.has(h.id) || waiting.has(h.id), isAlive);
}

export interface LockOptions {
  /** How long to wait for another commit in the same root (default 30 s). */
  lockTimeoutMs?: number;
  /** Is process `pid` on this host alive? (Tests replace it.) */
  isAlive?: (pid: number) => boolean;
  /** The clock a lock's recorded time is read from and judged by (tests replace it). */
  now?: () => number;
}

export interface Lock {
  dir: string;
  /** The root's identity, checked with its state directory when the lock was taken. */
  root: RootIdentity;
  id: string;
  /** Unlock and remove the state directory when empty; what of this run's state had to stay, for the report, if any. */
  release(): Promise<string | undefined>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export { processAlive };

let counter = 0;
/** Unique among live processes: pid, a counter, the time and a little randomness. */
export function uniqueId(): string {
  const time = Date.now().toString(36).slice(-5);
  return `${process.pid.toString(36)}${(counter++).toString(36)}${time}${Math.random().toString(36).slice(2, 6)}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 50;

/**
 * The pause between two tries at a held lock: jittered, doubling up to
 * LONGEST_PAUSE_MS, so waiters neither spin nor all wake together.
 */
export function backoff(): () => Promise<unknown> {
  let wait = FIRST_PAUSE_MS;
  return () => {
    const pause = sleep(wait + Math.random() * wait);
    wait = Math.min(wait * 2, LONGEST_PAUSE_MS);
    return pause;
  };
}

/** A lock file as read: its bytes, its holder, and its mtime where the Fs tells it. */
interface LockRead {
  bytes: Uint8Array;
  holder: LockHolder | 'unreadable';
  mtimeMs?: number;
  /** Not a regular file (a link, a FIFO) or too large: planted, since chord-patch writes none such. */
  planted?: true;
}

/** Larger than any lock chord-patch writes (a few hundred bytes); a larger file at a lock's name is none. */
const MAX_LOCK_BYTES = 64 * 1024;

/** A lock file (or a waiter's or breaker's) as read; null when it is gone, undefined when it cannot be read. */
async function readLock(fs: Fs, path: string): Promise<LockRead | null | undefined> {
  let file: Awaited<ReturnType<typeof readStateFile>>;
  try {
    file = await readStateFile(fs, path, MAX_LOCK_BYTES);
  } catch (e) {
    if (errno(e) === 'ENOENT') return null;
    // A link, a FIFO, a huge file: its bytes are never read, so it is known by what it is (breakStale compares them).
    if (!notOurs(errno(e))) return undefined;
    return { bytes: Buffer.from(`not a regular file (${errno(e)})`), holder: 'unreadable', planted: true };
  }
  const { bytes, mtimeMs } = file;
  try {
    const h = JSON.parse(Buffer.from(bytes).toString('utf8')) as LockHolder;
    const shaped = h !== null && typeof h === 'object' && typeof h.pid === 'number' && typeof h.host === 'string';
    return { bytes, holder: shaped ? h : 'unreadable', ...(mtimeMs !== undefined ? { mtimeMs } : {}) };
  } catch {
    return { bytes, holder: 'unreadable' };
  }
}

/**
 * Whether a lock (or a waiter's file, a guard) as read was left by nobody
 * alive: unreadable, naming a holder that is dead, or naming one that cannot
 * be seen from here and recording a time no live holder wrote (liveness.ts
 * recordedTimeStale). A holder seen alive is never judged by clocks: a clock
 * stepped back while it holds its lock must not break it.
 */
async function isStale(fs: Fs, path: string, r: LockRead, options: LockOptions): Promise<boolean> {
  if (r.holder === 'unreadable') return true;
  const seen = liveness(r.holder, options.isAlive);
  if (seen !== 'unknown') return seen === 'dead';
  const now = (options.now ?? Date.now)();
  const local = async () => (await fs.localDisk?.(dirname(path))) === true;
  return recordedTimeStale(r.holder.since, r.mtimeMs, now, local);
}

/** The holder of a lock as read, for a message: a file that cannot be read is named as one whose content cannot. */
const holderOf = (r: Awaited<ReturnType<typeof readLock>>) => (r === undefined ? 'unreadable' : (r?.holder ?? null));

/**
 * Take `root`'s commit lock, waiting up to the timeout. Throws `locked` naming
 * the holder when it stays taken; throws the I/O error when the root cannot
 * hold a lock at all (read-only, missing), which the caller reports.
 */
export async function acquireLock(fs: Fs, root: string, options: LockOptions = {}): Promise<Lock> {
  const dir = join(root, STATE_DIR);
  const lockPath = join(dir, 'lock');
  const id = uniqueId();
  // The pid in the name: recovery can tell whose it is before it is written.
  const mine = join(dir, `lock.${process.pid}-${id}`);
  const me = thisProcess();
  const clock = options.now ?? Date.now;
  const holder: LockHolder = { pid: me.pid, host: me.host, since: '', id, boot: me.boot, ns: me.ns, start: me.start };
  /** When `mine` last recorded the time (-Infinity: not yet written). */
  let recorded = Number.NEGATIVE_INFINITY;
  const deadline = Date.now() + (options.lockTimeoutMs ?? DEFAULT_TIMEOUT_MS);
  const pause = backoff();
  waiting.add(id);
  try {
    for (;;) {
      // The directory can vanish between tries: the last holder removes it. A
      // root where it cannot be made at all (missing, read-only) is the caller's.
      const state = await openStateDir(fs, root);
      try {
        recorded = await record(fs, mine, holder, recorded, clock);
        await fs.link(mine, lockPath);
        held.add(id);
        // Tried again at release, and named in the report if it stays.
        const stray = await fs.unlink(mine).then(
          () => undefined,
          () => mine,
        );
        return { dir, root: state.root, id, release: () => releaseLock(fs, dir, lockPath, id, stray) };
      } catch (e) {
        if (errno(e) === 'ENOENT') continue;
        if (errno(e) !== 'EEXIST') {
          await fs.unlink(mine).catch(() => {});
          // The state directory this run just made (a full disk has room for it, not for the lock) is no litter to leave.
          await fs.rmdir(dir).catch(() => {});
          throw e;
        }
      }
      const current = await readLock(fs, lockPath);
      const stale = current && (await isStale(fs, lockPath, current, options));
      // Broken (by us or anyone): try again at once. A lock that stays waits, so the deadline always applies.
      if (stale && (await breakStale(fs, dir, lockPath, mine, current.bytes, options))) continue;
      if (Date.now() >= deadline) {
        await fs.unlink(mine).catch(() => {});
        throw lockedError(root, lockPath, holderOf(current), options.lockTimeoutMs ?? DEFAULT_TIMEOUT_MS);
      }
      await pause();
    }
  } finally {
    waiting.delete(id);
  }
}

/** Rewrite the waiter's file `mine` when its recorded time is older than this: it is linked as the lock soon after. */
const RERECORD_MS = 1000;

/**
 * Write the waiter's file `mine` (unless it was written less than RERECORD_MS
 * ago, `recorded`), with the time now: a waiter that takes the lock after a
 * long wait must not link a lock whose recorded time is that of its first try,
 * or a lock it has just taken could read as one nobody alive holds. Returns
 * when it now records.
 */
async function record(fs: Fs, mine: string, holder: LockHolder, recorded: number, clock: () => number): Promise<number> {
  const now = clock();
  const fresh = now - recorded <= RERECORD_MS;
  if (!fresh) {
    if (recorded !== Number.NEGATIVE_INFINITY) await fs.unlink(mine).catch(() => {});
    holder.pid = process.pid;
    holder.since = new Date(now).toISOString();
  }
  // Fresh, it may still be gone: the state directory went with the last holder and was made again.
  await fs.writeTemp(mine, Buffer.from(JSON.stringify(holder)), 0o644, undefined, false).catch((e) => {
    if (errno(e) !== 'EEXIST') throw e;
  });
  return fresh ? recorded : now;
}

/**
 * The root's lock without taking it, for recovery on a full disk (where the
 * lock file cannot be written): a message naming a live holder, or undefined
 * when the lock is free or its holder is dead.
 */
export async function liveHolder(fs: Fs, dir: string, isAlive?: (pid: number) => boolean): Promise<string | undefined> {
  const path = join(dir, 'lock');
  const current = await readLock(fs, path);
  if (!current || current.holder === 'unreadable' || (await isStale(fs, path, current, { ...(isAlive ? { isAlive } : {}) })))
    return undefined;
  return `${holderText(asHolder(current.holder))} holds the commit lock`;
}

/** Guards tried for one stale lock before a waiter waits instead: each taken one was left by a waiter that died breaking it. */
export const GUARD_SLOTS = 64;

/**
 * The names of the guards for breaking the lock whose content is `stale`, by
 * slot: `<base>-<h>-<n>`, h the content's hash, so each stale lock has its
 * own (GUARD_FILE below reads the root's back). The root's lock and the
 * files' locks (file-locks.ts) name theirs alike.
 */
export function guardNames(base: string, stale: Uint8Array | string): (n: number) => string {
  const stem = `${base}-${sha256Hex(stale).slice(0, 16)}`;
  return (n) => `${stem}-${n}`;
}

/**
 * Remove a stale lock whose content is `stale` (a dead holder's, or one left
 * unreadable by a power cut: its content never reached the disk), unless it
 * changed meanwhile: true when it is gone (whoever removed it), false when it
 * stays for now (a live waiter is breaking it, or it cannot be removed).
 * Waiters take numbered guards, `break-<h>-<n>` (h: the stale content's hash,
 * so each stale lock has its own), by linking their private file `mine` there
 * (a guard is never seen half-written), and only the one that makes a guard
 * re-checks and removes the lock. A guard whose waiter is dead is skipped,
 * never removed here: removing it could remove a live waiter's guard made
 * there meanwhile. Recovery clears them under the lock (tidyLeftover).
 */
async function breakStale(fs: Fs, dir: string, lockPath: string, mine: string, stale: Uint8Array, options: LockOptions): Promise<boolean> {
  const guardAt = guardNames(join(dir, 'break'), stale);
  // Why one waiter at a time: while `stale` is there a guard goes only with its maker, and a waiter passes guard n only
  // when n's maker is dead, so a live guard holds off every other breaker of `stale` from its re-check to its unlink.
  for (let n = 0; n < GUARD_SLOTS; n++) {
    const guard = guardAt(n);
    try {
      await fs.link(mine, guard);
    } catch (e) {
      if (errno(e) !== 'EEXIST') return false;
      const g = await readLock(fs, guard);
      // Gone meanwhile (its waiter has finished) or unreadable: look again after a pause.
      if (!g) return false;
      // Linked whole, a guard is unreadable only after a power cut, which ended its waiter; planted, it is stale too.
      if (!(await isStale(fs, guard, g, options))) return false;
      continue;
    }
    try {
      const again = await readLock(fs, lockPath);
      if (again === undefined) return false;
      if (again !== null && Buffer.from(again.bytes).equals(stale)) await fs.unlink(lockPath);
      return true;
    } catch (e) {
      return errno(e) === 'ENOENT';
    } finally {
      await fs.unlink(guard).catch(() => {});
    }
  }
  return false;
}

/** A waiter's private file, `lock.<pid>-<id>` (`lock.<id>` from an older chord-patch). */
const PRIVATE_FILE = /^lock\.(?:(\d+)-)?./;
/** A breaker's guard, `break-<h>-<n>` (`break` from an older chord-patch). */
const GUARD_FILE = /^break(?:-[0-9a-f]{16}-\d+)?$/;

/**
 * Remove `name` from the state directory `dir` if it is what a waiter left
 * there and nobody alive needs: a private file whose waiter is dead, and a
 * dead waiter's guard, but a guard only under the root's lock (`locked`):
 * held, the stale lock it guarded is gone for good (no lock's content is
 * made twice), so it guards nothing. A file whose waiter cannot be told (its
 * name has no pid and it cannot be read) stays. False when `name` is neither.
 */
export async function tidyLeftover(
  fs: Fs,
  dir: string,
  name: string,
  locked: boolean,
  isAlive: ((pid: number) => boolean) | undefined,
): Promise<boolean> {
  const waiter = PRIVATE_FILE.exec(name);
  const guard = GUARD_FILE.test(name);
  if (!waiter && !guard) return false;
  if (guard && !locked) return true;
  const path = join(dir, name);
  const read = await readLock(fs, path);
  if (!read) return true;
  const h = read.holder;
  // Unreadable: a new guard only after a power cut; a private file is half-written while its waiter writes it.
  const pid = waiter?.[1];
  const dead =
    read.planted ||
    (h !== 'unreadable'
      ? await isStale(fs, path, read, { ...(isAlive ? { isAlive } : {}) })
      : guard
        ? name !== 'break'
        : pid !== undefined && !(isAlive ?? processAlive)(Number(pid)));
  if (dead) await fs.unlink(path).catch(() => {});
  return true;
}

async function releaseLock(fs: Fs, dir: string, lockPath: string, id: string, stray?: string): Promise<string | undefined> {
  held.delete(id);
  const current = (await readLock(fs, lockPath))?.holder;
  if (current && current !== 'unreadable' && current.id === id) await fs.unlink(lockPath).catch(() => {});
  if (stray) {
    const code = await fs.unlink(stray).then(() => undefined, errno);
    if (code !== undefined && code !== 'ENOENT') return `could not remove chord-patch's lock file ${stray} (${code}); it can be deleted`;
  }
  // No litter in normal runs: the directory goes when nothing else is in it.
  try {
    await fs.rmdir(dir);
    return undefined;
  } catch (e) {
    // Not empty (another run's lock) or already gone is fine; anything else leaves an empty directory the report names.
    const code = errno(e);
    if (code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOENT') return undefined;
    const why = code === 'EPERM' || code === 'EACCES' ? 'the working directory lets entries be added but not removed: append-only?' : code;
    return `could not remove chord-patch's empty state directory ${dir} (${why}); it holds nothing and can be deleted`;
  }
}

/** A wait in seconds as a message gives it: `30 s`, `1.5 s`. */
export function waitedText(ms: number): string {
  return `${ms < 10_000 ? (ms / 1000).toFixed(1).replace(/\.0$/, '') : Math.round(ms / 1000)} s`;
}

function lockedError(root: string, lockPath: string, h: LockHolder | null | 'unreadable', waitedMs: number): ChordPatchError {
  const who =
    h && h !== 'unreadable' ? `${holderText(asHolder(h))}, holding it since ${h.since}` : 'a holder whose lock file cannot be read';
  return new ChordPatchError(
    'locked',
    `another chord-patch commit holds the lock for ${root} (${who}); waited ${waitedText(waitedMs)} and wrote nothing. ` +
      `Retry when it has finished; if that process no longer runs, delete ${lockPath} and run \`chord-patch recover\``,
  );
}
