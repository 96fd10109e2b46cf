// The real file system behind the Fs interface. Only this file (and the CLI)
// touches node:fs; everything else is handed an Fs.
//
// Callback APIs wrapped in promises rather than node:fs/promises, and no
// node:crypto: loading those two costs more at start-up (about 10 ms) than a
// small patch takes to apply, and the CLI starts once per model edit.

import * as fs from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Fs, Stat } from '../types.js';

const { constants } = fs;

/** Run a node:fs callback API as a promise. */
function call<T>(start: (done: (err: NodeJS.ErrnoException | null, value: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => start((err, value) => (err ? reject(err) : resolve(value))));
}

/**
 * A temp-file name unlikely to collide. It need not be unpredictable: the file
 * is created with O_EXCL, so a clash fails the write instead of touching
 * anything.
 */
let tmpCounter = 0;
function tmpSuffix(): string {
  return `${process.pid.toString(36)}${(tmpCounter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

function kindOf(s: import('node:fs').Stats): Stat['kind'] {
  if (s.isSymbolicLink()) return 'symlink';
  if (s.isFile()) return 'file';
  if (s.isDirectory()) return 'dir';
  return 'other';
}

function code(e: unknown): string | undefined {
  return (e as NodeJS.ErrnoException | undefined)?.code;
}

/** Mode a newly created file gets: what `open(..., 0o666)` would give under the umask. */
let newFileMode: number | undefined;
function defaultMode(): number {
  if (newFileMode === undefined) {
    const mask = process.umask();
    newFileMode = 0o666 & ~mask;
  }
  return newFileMode;
}

export const nodeFs: Fs = {
  async lstat(path) {
    try {
      const s = await call<fs.Stats>((cb) => fs.lstat(path, cb));
      return { kind: kindOf(s), mode: s.mode & 0o7777, identity: `${s.dev}:${s.ino}` };
    } catch (e) {
      if (code(e) === 'ENOENT' || code(e) === 'ENOTDIR') return null;
      throw e;
    }
  },

  async readFile(path) {
    // A Buffer is a Uint8Array already: no copy.
    return call<Buffer>((cb) => fs.readFile(path, cb));
  },

  async hasBytes(path, bytes) {
    // Compared a chunk at a time through one small buffer: revalidating a
    // 5 MB file no longer allocates (and faults in) another 5 MB.
    const fd = await call<number>((cb) => fs.open(path, constants.O_RDONLY, cb));
    try {
      const chunk = Buffer.allocUnsafe(Math.min(COMPARE_CHUNK, bytes.length + 1));
      let at = 0;
      for (;;) {
        const n = await call<number>((cb) => fs.read(fd, chunk, 0, chunk.length, null, cb));
        if (n === 0) return at === bytes.length;
        if (at + n > bytes.length || Buffer.compare(chunk.subarray(0, n), bytes.subarray(at, at + n)) !== 0) return false;
        at += n;
      }
    } finally {
      await call<void>((cb) => fs.close(fd, cb));
    }
  },

  async realpath(path) {
    return call<string>((cb) => fs.realpath.native(path, cb));
  },

  async writeAtomic(path, bytes, mode, exclusive) {
    const tmp = join(dirname(path), `.${basename(path)}.${tmpSuffix()}.chord-patch.tmp`);
    const fd = await call<number>((cb) => fs.open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600, cb));
    try {
      await call<void>((cb) => fs.writeFile(fd, bytes, cb));
      await call<void>((cb) => fs.fchmod(fd, mode ?? defaultMode(), cb));
      await call<void>((cb) => fs.fsync(fd, cb));
    } catch (e) {
      await call<void>((cb) => fs.close(fd, cb)).catch(() => {});
      await call<void>((cb) => fs.unlink(tmp, cb)).catch(() => {});
      throw e;
    }
    await call<void>((cb) => fs.close(fd, cb));
    try {
      if (exclusive) {
        // link() fails with EEXIST instead of replacing: an Add never clobbers
        // a file that appeared after planning.
        await call<void>((cb) => fs.link(tmp, path, cb));
        await call<void>((cb) => fs.unlink(tmp, cb));
      } else {
        await call<void>((cb) => fs.rename(tmp, path, cb));
      }
    } catch (e) {
      await call<void>((cb) => fs.unlink(tmp, cb)).catch(() => {});
      throw e;
    }
  },

  async unlink(path) {
    await call<void>((cb) => fs.unlink(path, cb));
  },

  async mkdirp(dir) {
    const created: string[] = [];
    let d = dir;
    const missing: string[] = [];
    for (;;) {
      const s = await this.lstat(d);
      if (s) break;
      missing.push(d);
      const parent = dirname(d);
      if (parent === d) break;
      d = parent;
    }
    for (const m of missing.reverse()) {
      await call<void>((cb) => fs.mkdir(m, (err) => cb(err, undefined)));
      created.push(m);
    }
    return created;
  },

  async rmdir(dir) {
    await call<void>((cb) => fs.rmdir(dir, cb));
  },
};
