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
//   another host is never broken. Only the process that creates `break` (O_EXCL)
//   may remove a stale lock, after reading it again, so two waiters never
//   both remove it and one of them the other's fresh lock.
// - Waiting is bounded; then the error names the holder and the lock file.
// - The lock's file is not fsynced (a small patch's cost saved): a lock
//   only means something while its holder runs, and a power cut ends every
//   holder. What a power cut can leave is a `lock` whose content never
//   reached the disk; since a live holder's lock is complete before it is
//   linked into place, an unreadable lock is always such a leftover and is
//   broken like the lock of a dead holder.
// A mkdir lock was the alternative; it cannot carry the holder's details
// atomically, and the error must name the holder.

import { join } from 'node:path';
import { ChordPatchError } from '../errors.js';
import type { Fs } from '../types.js';
import type { RootIdentity } from './journal-file.js';
import { holderText, processAlive, thisProcess, type Verdict, verdict } from './liveness.js';
import { openStateDir, STATE_DIR } from './state-dir.js';

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

const asHolder = (h: LockHolder) => ({ pid: h.pid, host: h.host, boot: h.boot ?? '', ns: h.ns ?? '', start: h.start ?? '' });

function liveness(h: LockHolder, isAlive: ((pid: number) => boolean) | undefined): Verdict {
  return verdict(asHolder(h), () => held.has(h.id), isAlive);
}

export interface LockOptions {
  /** How long to wait for another commit in the same root (default 30 s). */
  lockTimeoutMs?: number;
  /** Is process `pid` on this host alive? (Tests replace it.) */
  isAlive?: (pid: number) => boolean;
}

export interface Lock {
  dir: string;
  /** The root's identity, checked with its state directory when the lock was taken. */
  root: RootIdentity;
  id: string;
  /** Unlock and remove the state directory when empty; false when it had to stay although empty (an append-only root). */
  release(): Promise<boolean>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

function errno(e: unknown): string | undefined {
  return (e as NodeJS.ErrnoException | undefined)?.code;
}

export { processAlive };

let counter = 0;
/** Unique among live processes: pid, a counter, the time and a little randomness. */
export function uniqueId(): string {
  const time = Date.now().toString(36).slice(-5);
  return `${process.pid.toString(36)}${(counter++).toString(36)}${time}${Math.random().toString(36).slice(2, 6)}`;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

async function readHolder(fs: Fs, path: string): Promise<LockHolder | null | 'unreadable'> {
  try {
    const h = JSON.parse(Buffer.from(await fs.readFile(path)).toString('utf8')) as LockHolder;
    return typeof h.pid === 'number' && typeof h.host === 'string' ? h : 'unreadable';
  } catch (e) {
    return errno(e) === 'ENOENT' ? null : 'unreadable';
  }
}

/**
 * Take `root`'s commit lock, waiting up to the timeout. Throws `locked` naming
 * the holder when it stays taken; throws the I/O error when the root cannot
 * hold a lock at all (read-only, missing), which the caller reports.
 */
export async function acquireLock(fs: Fs, root: string, options: LockOptions = {}): Promise<Lock> {
  const dir = join(root, STATE_DIR);
  const lockPath = join(dir, 'lock');
  const id = uniqueId();
  const mine = join(dir, `lock.${id}`);
  const me = thisProcess();
  const holder: LockHolder = { pid: me.pid, host: me.host, since: new Date().toISOString(), id, boot: me.boot, ns: me.ns, start: me.start };
  const isAlive = options.isAlive;
  const deadline = Date.now() + (options.lockTimeoutMs ?? DEFAULT_TIMEOUT_MS);
  const pause = backoff();
  for (;;) {
    // The directory can vanish between tries: the last holder removes it. A
    // root where it cannot be made at all (missing, read-only) is the caller's.
    const state = await openStateDir(fs, root);
    try {
      await fs.writeTemp(mine, Buffer.from(JSON.stringify(holder)), 0o644, undefined, false).catch((e) => {
        if (errno(e) !== 'EEXIST') throw e;
      });
      await fs.link(mine, lockPath);
      held.add(id);
      await fs.unlink(mine).catch(() => {});
      return { dir, root: state.root, id, release: () => releaseLock(fs, dir, lockPath, id) };
    } catch (e) {
      if (errno(e) === 'ENOENT') continue;
      if (errno(e) !== 'EEXIST') {
        await fs.unlink(mine).catch(() => {});
        throw e;
      }
    }
    const current = await readHolder(fs, lockPath);
    if (current === 'unreadable' || (current && liveness(current, isAlive) === 'dead')) {
      await breakStale(fs, dir, lockPath, current, isAlive);
      continue;
    }
    if (Date.now() >= deadline) {
      await fs.unlink(mine).catch(() => {});
      throw lockedError(root, lockPath, current, options.lockTimeoutMs ?? DEFAULT_TIMEOUT_MS);
    }
    await pause();
  }
}

/**
 * The root's lock without taking it, for recovery on a full disk (where the
 * lock file cannot be written): a message naming a live holder, or undefined
 * when the lock is free or its holder is dead.
 */
export async function liveHolder(fs: Fs, dir: string, isAlive?: (pid: number) => boolean): Promise<string | undefined> {
  const current = await readHolder(fs, join(dir, 'lock'));
  if (current === null || current === 'unreadable' || liveness(current, isAlive) === 'dead') return undefined;
  return `${holderText(asHolder(current))} holds the commit lock`;
}

/** Remove a stale lock: a dead holder's, or one left unreadable by a power cut (its content never reached the disk). */
async function breakStale(
  fs: Fs,
  dir: string,
  lockPath: string,
  stale: LockHolder | 'unreadable',
  isAlive: ((pid: number) => boolean) | undefined,
): Promise<void> {
  const guard = join(dir, 'break');
  const me = thisProcess();
  try {
    const breaker: LockHolder = {
      pid: me.pid,
      host: me.host,
      since: '',
      id: `break-${uniqueId()}`,
      boot: me.boot,
      ns: me.ns,
      start: me.start,
    };
    await fs.writeTemp(guard, Buffer.from(JSON.stringify(breaker)), 0o644);
  } catch (e) {
    if (errno(e) !== 'EEXIST') return;
    // A breaker that died while breaking leaves its guard: remove it too.
    const g = await readHolder(fs, guard);
    if (g && g !== 'unreadable' && liveness(g, isAlive) === 'dead') await fs.unlink(guard).catch(() => {});
    await sleep(2);
    return;
  }
  try {
    const again = await readHolder(fs, lockPath);
    const same = again === 'unreadable' ? stale === 'unreadable' : again !== null && stale !== 'unreadable' && again.id === stale.id;
    if (same) await fs.unlink(lockPath).catch(() => {});
  } finally {
    await fs.unlink(guard).catch(() => {});
  }
}

async function releaseLock(fs: Fs, dir: string, lockPath: string, id: string): Promise<boolean> {
  held.delete(id);
  const current = await readHolder(fs, lockPath);
  if (current && current !== 'unreadable' && current.id === id) await fs.unlink(lockPath).catch(() => {});
  // No litter in normal runs: the directory goes when nothing else is in it.
  try {
    await fs.rmdir(dir);
    return true;
  } catch (e) {
    // Not empty (another run's lock) or already gone is fine; refused (an append-only root: entries can be added, never removed) is not.
    return errno(e) !== 'EPERM' && errno(e) !== 'EACCES';
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
