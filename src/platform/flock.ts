// A kernel lock on a directory: flock(2) on a descriptor opened on it. The
// kernel drops it when the process ends however it ends (kill -9 too), and it
// holds between users and PID namespaces with no holder to judge alive. Only
// the binary on Linux can take one (libc.ts): Node has no flock.

import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { type Calls, coreCalls, errnoAfter } from './libc.js';

const LOCK_EX = 2;
const LOCK_NB = 4;
/** What flock answers on a file system that has no such locks: the lock degrades to a note. */
const UNSUPPORTED: Record<number, string> = { 22: 'EINVAL', 37: 'ENOLCK', 95: 'EOPNOTSUPP' };

export type Attempt = 'held' | 'busy' | { error: string };

/** The flock call, or null where there is none (Node, another system): bound on the first lock taken. */
export function flockCalls(): Calls | null {
  return coreCalls();
}

/** A descriptor on the directory at `path` (close-on-exec, as every descriptor Node and Bun open) and its dev:ino. */
export function openDirectory(path: string): { fd: number; identity: string } {
  const fd = openSync(path, constants.O_RDONLY | constants.O_DIRECTORY);
  try {
    const s = fstatSync(fd);
    return { fd, identity: `${s.dev}:${s.ino}` };
  } catch (e) {
    closeDirectory(fd);
    throw e;
  }
}

/**
 * One try at an exclusive lock on `fd`, never waiting: 'busy' while another
 * descriptor holds it. Only an errno saying this file system has no flock,
 * twice over, gives up: any other (a busy lock, an errno the runtime
 * overwrote before it was read) is tried again, so a live lock is never
 * taken for a missing one.
 */
export function tryLock(calls: Calls, fd: number): Attempt {
  let unsupported: string | undefined;
  for (let i = 0; i < 2; i++) {
    if (calls.flock!(fd, LOCK_EX | LOCK_NB) === 0) return 'held';
    unsupported = UNSUPPORTED[errnoAfter(calls)];
    if (unsupported === undefined) return 'busy';
  }
  return { error: unsupported! };
}

/** Closing the descriptor is what releases its lock. */
export function closeDirectory(fd: number): void {
  try {
    closeSync(fd);
  } catch {}
}
