// The input a command reads (a patch, an edit request) is held in memory
// whole, so its size is capped: a producer that never stops (`yes |`, a
// runaway model, a hostile pipe) must end in a usage error naming the cap,
// not in the process taking every byte of memory the machine has. The cap is
// read before anything is, and nothing is written when it is passed.

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { UsageError } from './usage-error.js';

export const MAX_INPUT_ENV = 'CHORD_PATCH_MAX_INPUT_BYTES';
const MIB = 1024 * 1024;
/** Larger than any patch a model or a person sends; far below what would exhaust memory. */
export const DEFAULT_MAX_INPUT_BYTES = 64 * MIB;
/** The most the variable may raise it to: the input is decoded and split into lines, several copies of its size. */
export const CEILING_MAX_INPUT_BYTES = 256 * MIB;

/** Input over the cap: a usage error (exit 64), raised before anything is written. */
export class InputTooLarge extends UsageError {}

/** $CHORD_PATCH_MAX_INPUT_BYTES, else the default; anything but a whole number from 1 to the ceiling is a usage error. */
export function inputLimit(env: NodeJS.ProcessEnv = process.env): number {
  const text = env[MAX_INPUT_ENV];
  if (text === undefined || text === '') return DEFAULT_MAX_INPUT_BYTES;
  const n = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!(n <= CEILING_MAX_INPUT_BYTES)) {
    throw new UsageError(
      `${MAX_INPUT_ENV} expects a whole number of bytes from 1 to ${CEILING_MAX_INPUT_BYTES} (256 MiB), got ${JSON.stringify(text)}`,
    );
  }
  return n;
}

/** How a limit is named in a message: `64 MiB (67108864 bytes)`, or just the bytes when it is no whole MiB. */
export function limitText(limit: number): string {
  return limit % MIB === 0 ? `${limit / MIB} MiB (${limit} bytes)` : `${limit} bytes`;
}

export function tooLarge(what: string, limit: number): InputTooLarge {
  return new InputTooLarge(
    `${what} is larger than the input limit of ${limitText(limit)}; nothing was applied or written. ` +
      `Set ${MAX_INPUT_ENV} (at most ${CEILING_MAX_INPUT_BYTES}) to read more`,
  );
}

const CHUNK = 64 * 1024;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Every byte on `fd` up to `limit`; InputTooLarge as soon as one more
 * arrives (what was read is dropped, the producer is not waited for). A
 * non-blocking descriptor (a terminal or pipe left so by a parent) is waited
 * on, as a blocking read would.
 */
export function readFdBounded(fd: number, limit: number, what: string): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const buf = Buffer.allocUnsafe(Math.min(CHUNK, limit - total + 1));
    let n: number;
    try {
      n = readSync(fd, buf, 0, buf.length, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      Atomics.wait(pause, 0, 0, 20);
      continue;
    }
    if (n === 0) return Buffer.concat(chunks, total);
    total += n;
    if (total > limit) throw tooLarge(what, limit);
    chunks.push(n === buf.length ? buf : buf.subarray(0, n));
  }
}

/** The file at `path`, up to `limit` bytes: a regular file larger than that is refused from its size, unread. */
export function readFileBounded(path: string, limit: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const s = fstatSync(fd);
    if (s.isFile() && s.size > limit) throw tooLarge(path, limit);
    // Read to the end anyway: a file still growing, or a FIFO (`<(...)`) whose size says nothing.
    return readFdBounded(fd, limit, path);
  } finally {
    closeSync(fd);
  }
}
