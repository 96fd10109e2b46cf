// Locks on the files a run will write, keyed by where they really are, so
// that any two runs touching one file exclude each other whatever root each
// was given (`-C ROOT` and `-C ROOT/sub`, a symlinked spelling of the tree).
// The root's own lock (lock.ts) serialises runs of one root and guards its
// journals; these are taken after it, before the snapshot, and held to the
// end of the run.
//
// A file's lock is its real parent directory's: the file itself is replaced
// by a new inode at every commit, while its directory keeps its device and
// inode. A path whose directory does not exist yet locks its nearest
// existing ancestor, and the keys are looked up again once held: a directory
// created meanwhile means taking the new key instead.
//
// Each lock is a symbolic link named `<dev>-<ino>` in the user's lock
// directory ($XDG_STATE_HOME/chord-patch/locks), whose target records its
// holder (liveness.ts): symlink(2) fails with EEXIST while it is held, the
// holder's details are there atomically, and a short link takes no data
// block, so it is made on a full disk too. Keys are taken in sorted order
// (no two runs wait on each other in a cycle). A lock that cannot be made
// at all (no state directory, a full inode table) degrades to a note.
//
// Those links are per user. So each directory is also flocked (platform/
// flock.ts), in the same order after its link: a kernel lock, which keeps
// out every user's runs and needs no liveness guess. Only the binary has
// it; under Node the links are all, and a file system without flock
// degrades to a note as well.
// Only the real file system is locked: another Fs's identities name no file.

import { lstatSync, readlinkSync, symlinkSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ChordPatchError } from '../errors.js';
import type { Fs, Note } from '../types.js';
import { closeDirectory, flockCalls, openDirectory, tryLock } from '../platform/flock.js';
import { journalKeyPath } from './journal-key.js';
import { type Holder, holderText, thisProcess, verdict } from './liveness.js';
import { backoff, GUARD_SLOTS, guardNames, uniqueId, waitedText } from './lock.js';
import { makeDirs } from '../platform/make-dirs.js';
import { errno } from '../platform/regular.js';

export interface FileLockOptions {
  /** Total wait for other runs' locks (default 30 s). */
  lockTimeoutMs?: number;
  isAlive?: (pid: number) => boolean;
}

export interface FileLocks {
  /** What could not be locked, said to the user. */
  notes: Note[];
  release(): void;
}

/** Lock links this process holds now, by key. */
const held = new Map<string, string>();

export function lockDir(): string {
  return join(journalKeyPath(), '..', 'locks');
}

/** A lock's directory: its key (dev-ino), its real path, and the path as the run spelled it (for messages). */
interface Place {
  key: string;
  real: string;
  shown: string;
}

/** The lock of a path: its nearest existing directory. */
async function placeOf(fs: Fs, abs: string): Promise<Place | undefined> {
  for (let d = dirname(abs); ; d = dirname(d)) {
    const s = await fs.lstat(d).catch(() => null);
    if (s?.kind === 'dir' || s?.kind === 'symlink') {
      const real = s.kind === 'dir' ? d : await fs.realpath(d).catch(() => undefined);
      const r = real === d ? s : real ? await fs.lstat(real) : null;
      if (r?.kind === 'dir' && real) return { key: r.identity.replace(':', '-'), real, shown: d };
    }
    if (dirname(d) === d) return undefined;
  }
}

/** The places of `paths`' directories, in key order (no two runs wait on each other in a cycle). */
async function placesOf(fs: Fs, paths: readonly string[]): Promise<Place[]> {
  const places = new Map<string, Place>();
  for (const dir of new Set(paths.map((p) => dirname(p)))) {
    const p = await placeOf(fs, join(dir, '_'));
    if (p && !places.has(p.key)) places.set(p.key, p);
  }
  return [...places.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

const encode = (h: Holder, id: string) => `cp1 ${h.boot || '-'} ${h.ns || '-'} ${h.pid} ${h.start || '-'} ${id} ${h.host}`;

function decode(text: string): { holder: Holder; id: string } | undefined {
  const [tag, boot, ns, pid, start, id, ...host] = text.split(' ');
  if (tag !== 'cp1' || !pid || !id) return undefined;
  const un = (v: string | undefined) => (v === '-' || v === undefined ? '' : v);
  return { holder: { boot: un(boot), ns: un(ns), pid: Number(pid), start: un(start), host: host.join(' ') }, id };
}

/** lockFiles on the real file system; nothing to lock on another Fs (its identities name no real directory). */
export async function lockFilesOn(fs: Fs, paths: readonly string[], options: FileLockOptions = {}): Promise<FileLocks> {
  if (!fs.realDisk) return { notes: [], release: () => {} };
  return lockFiles(fs, paths, options);
}

/**
 * Lock the directories of `paths` (absolute), waiting for other runs up to
 * the timeout; throws `locked` naming the holder that stayed.
 */
export async function lockFiles(fs: Fs, paths: readonly string[], options: FileLockOptions = {}): Promise<FileLocks> {
  const timeout = options.lockTimeoutMs ?? 30_000;
  const deadline = Date.now() + timeout;
  const notes: Note[] = [];
  const mine: string[] = [];
  const kernel: number[] = [];
  const release = () => {
    for (const k of mine.splice(0)) unlock(k);
    for (const fd of kernel.splice(0)) closeDirectory(fd);
  };
  if (paths.length === 0) return { notes, release };
  const dir = lockDir();
  let links = true;
  try {
    makeDirs(dir, 0o700);
  } catch (e) {
    notes.push(degraded(dir, e));
    links = false;
  }
  const tried = new Set<string>();
  let kernelNoted = false;
  try {
    for (let places = await placesOf(fs, paths), round = 0; round < 8; places = await placesOf(fs, paths), round++) {
      // A directory created while we waited moves a path's key: lock the new one too.
      const fresh = places.filter((p) => !tried.has(p.key));
      if (fresh.length === 0) break;
      for (const p of fresh) {
        tried.add(p.key);
        if (links) {
          const why = await take(dir, p.key, deadline, timeout, options.isAlive);
          if (!why) mine.push(p.key);
          else if (notes.length === 0) notes.push(why);
        }
        const k = await takeKernel(p, deadline, timeout);
        if (typeof k === 'number') kernel.push(k);
        else if (k && !kernelNoted) {
          notes.push(k);
          kernelNoted = true;
        }
      }
    }
  } catch (e) {
    release();
    throw e;
  }
  return { notes, release };
}

function degraded(where: string, e: unknown): Note {
  return {
    code: 'info',
    message:
      `no file lock in ${where} (${errno(e) ?? (e as Error).message}): ` +
      'a chord-patch run in another root that writes the same files is not kept out meanwhile',
  };
}

/** Take one key's lock; a note when it cannot be made at all. */
async function take(
  dir: string,
  key: string,
  deadline: number,
  timeout: number,
  isAlive?: (pid: number) => boolean,
): Promise<Note | undefined> {
  const path = join(dir, key);
  const id = uniqueId();
  const text = encode(thisProcess(), id);
  const pause = backoff();
  const dead = new Map<string, string>();
  for (;;) {
    try {
      symlinkSync(text, path);
      held.set(key, id);
      clearGuards(dead);
      return undefined;
    } catch (e) {
      if (errno(e) !== 'EEXIST') return degraded(dir, e);
    }
    const current = readLink(path);
    // Gone meanwhile, or broken by us: try again at once. Anything else waits, so the deadline always applies.
    if (current === null) continue;
    const h = current === undefined ? undefined : decode(current);
    const v = h ? verdict(h.holder, () => held.get(key) === h.id, isAlive) : current === undefined ? 'unknown' : 'dead';
    if (v === 'dead' && breakStale(path, current!, isAlive, dead)) continue;
    if (Date.now() >= deadline) {
      const who = h ? holderText(h.holder) : 'an unknown holder';
      const since = (() => {
        try {
          return ` since ${lstatSync(path).mtime.toISOString()}`;
        } catch {
          return '';
        }
      })();
      throw new ChordPatchError(
        'locked',
        `another chord-patch run is writing files in the same directory (${who}${since}); ` +
          `waited ${waitedText(timeout)} and wrote nothing. Retry when it has finished; ` +
          `if that process no longer runs, delete ${path}`,
      );
    }
    await pause();
  }
}

/** A link's target; null when it is gone, undefined when it cannot be read (not a link). */
function readLink(path: string): string | null | undefined {
  try {
    return readlinkSync(path);
  } catch (e) {
    return errno(e) === 'ENOENT' ? null : undefined;
  }
}

/**
 * Take the kernel lock of one place, polled until the deadline: the fd that
 * holds it; a note when it cannot be taken there; nothing where there is no
 * flock (Node), or when the path now names another directory (the keys are
 * looked up again, and the new one is locked then).
 */
async function takeKernel(p: Place, deadline: number, timeout: number): Promise<number | Note | undefined> {
  const calls = flockCalls();
  if (!calls) return undefined;
  let opened: { fd: number; identity: string };
  try {
    opened = openDirectory(p.real);
  } catch (e) {
    return errno(e) === 'ENOENT' || errno(e) === 'ENOTDIR' ? undefined : noKernelLock(p, errno(e) ?? (e as Error).message);
  }
  const { fd } = opened;
  if (opened.identity.replace(':', '-') !== p.key) {
    closeDirectory(fd);
    return undefined;
  }
  const pause = backoff();
  for (;;) {
    const a = tryLock(calls, fd);
    if (a === 'held') return fd;
    if (a !== 'busy') {
      closeDirectory(fd);
      return noKernelLock(p, a.error);
    }
    if (Date.now() >= deadline) {
      closeDirectory(fd);
      throw new ChordPatchError(
        'locked',
        `another process (possibly another user's chord-patch run) holds a lock on the directory ${p.shown}; ` +
          `waited ${waitedText(timeout)} and wrote nothing. Retry when it has finished`,
      );
    }
    await pause();
  }
}

function noKernelLock(p: Place, why: string): Note {
  return {
    code: 'info',
    message:
      `no kernel lock on ${p.shown} (${why}): ` +
      "another user's chord-patch run that writes the same files, from another root, is not kept out meanwhile",
  };
}

/**
 * Remove the dead holder's link `stale` from `path`, unless it changed
 * meanwhile: true when it is gone (whoever removed it), false when it stays
 * for now (a live breaker is at it, or it cannot be removed). Breakers take
 * numbered guards, `<key>.break-<h>-<n>` (h: the stale link's hash, so each
 * stale lock has its own), and only the one that makes a guard re-checks and
 * removes the lock. A guard whose breaker is dead is skipped, never removed:
 * removing it could remove a live breaker's guard made there meanwhile. The
 * dead guards seen are added to `dead`, for the lock's next holder to clear.
 */
export function breakStale(path: string, stale: string, isAlive?: (pid: number) => boolean, dead = new Map<string, string>()): boolean {
  const guardAt = guardNames(`${path}.break`, stale);
  const mine = encode(thisProcess(), uniqueId());
  // Why one breaker at a time: while `stale` is there a guard goes only with its maker, and a breaker passes guard n only
  // when n's maker is dead, so a live guard holds off every other breaker of `stale` from its re-check to its unlink.
  for (let n = 0; n < GUARD_SLOTS; n++) {
    const guard = guardAt(n);
    try {
      symlinkSync(mine, guard);
    } catch (e) {
      if (errno(e) !== 'EEXIST') return false;
      const g = readLink(guard);
      // Gone meanwhile (its breaker has finished) or unreadable: look again after a pause.
      if (g === null || g === undefined) return false;
      // Ours only if left over: this process makes and removes its guard with nothing in between.
      const d = decode(g);
      if (d && verdict(d.holder, () => false, isAlive) !== 'dead') return false;
      dead.set(guard, g);
      continue;
    }
    try {
      if (readlinkSync(path) === stale) unlinkSync(path);
      return true;
    } catch (e) {
      return errno(e) === 'ENOENT';
    } finally {
      try {
        unlinkSync(guard);
      } catch {}
    }
  }
  return false;
}

/**
 * Remove the dead guards seen while taking a key, now that we hold it: the
 * stale locks they were made for are gone for good (no lock's text is made
 * twice), so they guard nothing. One changed since it was seen is left.
 */
function clearGuards(dead: Map<string, string>): void {
  for (const [guard, text] of dead) {
    try {
      if (readlinkSync(guard) === text) unlinkSync(guard);
    } catch {}
  }
}

function unlock(key: string): void {
  const id = held.get(key);
  held.delete(key);
  const path = join(lockDir(), key);
  try {
    const h = decode(readlinkSync(path));
    if (h && h.id === id && h.holder.pid === process.pid) unlinkSync(path);
  } catch {}
}
