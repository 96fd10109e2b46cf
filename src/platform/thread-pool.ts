// How many file-system calls can wait on the disk at once. Asynchronous
// node:fs calls run on a thread pool, one call per thread: libuv's pool has 4
// threads, and Bun's as many as the machine has cores (2 on the bench VM). A
// commit's fsyncs each wait for the disk, so with 2 threads only 2 are in
// flight however many the commit starts, and the disk never sees the batch.
//
// Both runtimes read UV_THREADPOOL_SIZE when the pool starts (its first
// asynchronous call), so the CLI sets it right before that. Node's process.env
// writes the C environment; Bun's does not, so under Bun it is set with
// setenv(3) through bun:ffi (paid only by a run that reaches the pool: a
// small patch stays within the synchronous budget and never does).
// A value the user set is kept. Where none of this works (no libc.so.6, the
// pool already started), the pool keeps its size: slower, never wrong
// (bench/house.md has the figures).

import { libc, type Signatures } from './libc.js';

const VARIABLE = 'UV_THREADPOOL_SIZE';

/** Threads the CLI asks for: as many as the commit keeps writes in flight (commit/commit.ts). */
export const CLI_POOL_THREADS = 32;

let widened = false;

/**
 * Ask for `threads` pool threads, once per process, before the pool's first
 * use. Returns whether the setting was made (false: the user's own value
 * stands, or the runtime offered no way).
 */
export function widenThreadPool(threads: number): boolean {
  if (widened) return false;
  widened = true;
  if (process.env[VARIABLE]) return false;
  const value = String(Math.max(1, Math.floor(threads)));
  if (!(process.versions as { bun?: string }).bun) {
    process.env[VARIABLE] = value;
    return true;
  }
  return bunSetenv(VARIABLE, value);
}

const SETENV: Signatures = { setenv: { args: ['cstring', 'cstring', 'i32'], returns: 'i32' } };

/** setenv(3) of the process's C environment, under Bun (libc.ts: none elsewhere). */
function bunSetenv(name: string, value: string): boolean {
  const setenv = libc(SETENV)?.setenv;
  if (!setenv) return false;
  try {
    return setenv(Buffer.from(`${name}\0`), Buffer.from(`${value}\0`), 1) === 0;
  } catch {
    return false;
  }
}
