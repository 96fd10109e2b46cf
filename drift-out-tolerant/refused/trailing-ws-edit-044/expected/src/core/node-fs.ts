// The real file system behind the Fs interface. Only this file (and the CLI)
// touches node:fs; everything else is handed an Fs.

import { randomBytes } from 'node:crypto';
import { constants, promises as fsp } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Fs, Stat } from '../types.js';

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
      const s = await fsp.lstat(path, { bigint: false });
      return { kind: kindOf(s), mode: s.mode & 0o7777, identity: `${s.dev}:${s.ino}` };
    } catch (e) {
      if (code(e) === 'ENOENT' || code(e) === 'ENOTDIR') return null;
      throw e;
    }
  },

  async readFile(path) {
    return new Uint8Array(await fsp.readFile(path));
  },

  async realpath(path) {
    return fsp.realpath(path);
  },

  async writeAtomic(path, bytes, mode, exclusive) {
    const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.chord-patch.tmp`);
    const fh = await fsp.open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
    try {
      await fh.writeFile(bytes);
      await fh.chmod(mode ?? defaultMode());
      await fh.sync();
    } catch (e) {
      await fh.close().catch(() => {});
      await fsp.unlink(tmp).catch(() => {});
      throw e;
    }
    await fh.close();
    try {
      if (exclusive) {
        // link() fails with EEXIST instead of replacing: an Add never clobbers
        // a file that appeared after planning.
        await fsp.link(tmp, path);
        await fsp.unlink(tmp);
      } else {
        await fsp.rename(tmp, path);
      }
    } catch (e) {
      await fsp.unlink(tmp).catch(() => {});
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
      await fsp.mkdir(m);
      created.push(m);
    }
    return created;
  },

  async rmdir(dir) {
    await fsp.rmdir(dir);
  },
};
