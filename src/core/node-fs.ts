// The real file system behind the Fs interface. Only this file (and the CLI)
// touches node:fs; everything else is handed an Fs.
//
// Callback APIs wrapped in promises rather than node:fs/promises, and no
// node:crypto: loading those two costs more at start-up (about 10 ms) than a
// small patch takes to apply, and the CLI starts once per model edit.

// Named imports: `import * as fs` made the bundle copy all of node:fs's 105
// exports into a namespace object at start-up.
import {
  close,
  closeSync,
  constants,
  existsSync,
  fchmod,
  fchmodSync,
  fchown,
  fchownSync,
  fstat,
  fstatSync,
  fsync,
  fsyncSync,
  link,
  linkSync,
  lstat,
  lstatSync,
  mkdir,
  mkdirSync,
  open,
  openSync,
  read,
  readFile,
  readFileSync,
  readSync,
  readdir,
  readdirSync,
  readlink,
  readlinkSync,
  realpath,
  realpathSync,
  rename,
  renameSync,
  rmdir,
  rmdirSync,
  type Stats,
  unlink,
  unlinkSync,
  writeFile,
  writeFileSync,
  writev,
  writevSync,
} from 'node:fs';
import type { DirPin, Fs, Stat } from '../types.js';

/**
 * Calls left to make with node:fs's synchronous twins instead of the callback
 * API. 0 (the default) for library users, whose event loop must not block; the
 * CLI, which has nothing else to do meanwhile, sets a budget (preferSyncCalls).
 * A small patch makes about twenty calls, and through libuv's thread pool each
 * is a round trip to a pool thread, the first one starting the pool's four
 * threads: about 4 ms of a run that takes 20 ms more than `node -e 0`. Past
 * the budget, large envelopes get overlapping reads and fsyncs back.
 */
let syncCalls = 0;

/** Let the next `n` file-system calls run synchronously (see syncCalls). */
export function preferSyncCalls(n: number): void {
  syncCalls = n;
}

/** Run a node:fs call: its synchronous twin while the budget lasts, else the callback API as a promise. */
function call<T>(start: (done: (err: NodeJS.ErrnoException | null, value: T) => void) => void, sync: () => T): Promise<T> {
  if (syncCalls > 0) {
    syncCalls--;
    try {
      return Promise.resolve(sync());
    } catch (e) {
      return Promise.reject(e);
    }
  }
  return new Promise<T>((resolve, reject) => start((err, value) => (err ? reject(err) : resolve(value))));
}

function kindOf(s: Stats): Stat['kind'] {
  if (s.isSymbolicLink()) return 'symlink';
  if (s.isFile()) return 'file';
  if (s.isDirectory()) return 'dir';
  return 'other';
}

function code(e: unknown): string | undefined {
  return (e as NodeJS.ErrnoException | undefined)?.code;
}

/** Read size when comparing a file with bytes in memory (hasBytes). */
const COMPARE_CHUNK = 256 * 1024;

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
      const s = await call<Stats>(
        (cb) => lstat(path, cb),
        () => lstatSync(path),
      );
      return { kind: kindOf(s), mode: s.mode & 0o7777, identity: `${s.dev}:${s.ino}`, links: s.nlink, uid: s.uid, gid: s.gid };
    } catch (e) {
      if (code(e) === 'ENOENT' || code(e) === 'ENOTDIR') return null;
      throw e;
    }
  },

  async readFile(path) {
    // A Buffer is a Uint8Array already: no copy.
    return call<Buffer>(
      (cb) => readFile(path, cb),
      () => readFileSync(path),
    );
  },

  async hasBytes(path, bytes) {
    // Compared a chunk at a time through one small buffer: revalidating a
    // 5 MB file no longer allocates (and faults in) another 5 MB.
    const fd = await call<number>(
      (cb) => open(path, constants.O_RDONLY, cb),
      () => openSync(path, constants.O_RDONLY),
    );
    try {
      const chunk = Buffer.allocUnsafe(Math.min(COMPARE_CHUNK, bytes.length + 1));
      let at = 0;
      for (;;) {
        // Ask for one byte more than is left to compare: a regular file's read
        // comes back short only at its end, so the last read also proves the
        // file ends where `bytes` does (no extra read just to see EOF).
        const want = Math.min(chunk.length, bytes.length - at + 1);
        const n = await call<number>(
          (cb) => read(fd, chunk, 0, want, null, cb),
          () => readSync(fd, chunk, 0, want, null),
        );
        if (at + n > bytes.length || Buffer.compare(chunk.subarray(0, n), bytes.subarray(at, at + n)) !== 0) return false;
        at += n;
        if (n < want) return at === bytes.length;
      }
    } finally {
      await call<void>(
        (cb) => close(fd, cb),
        () => closeSync(fd),
      );
    }
  },

  async realpath(path) {
    return call<string>(
      (cb) => realpath.native(path, cb),
      () => realpathSync.native(path),
    );
  },

  async readDir(dir) {
    return call<string[]>(
      (cb) => readdir(dir, cb),
      () => readdirSync(dir),
    );
  },

  async pinDir(dir, noFollow) {
    const flags = constants.O_RDONLY | constants.O_DIRECTORY | (noFollow ? constants.O_NOFOLLOW : 0);
    const fd = await call<number>(
      (cb) => open(dir, flags, cb),
      () => openSync(dir, flags),
    );
    try {
      const s = await call<Stats>(
        (cb) => fstat(fd, cb),
        () => fstatSync(fd),
      );
      const byFd = procFd(fd);
      // /proc/self/fd/N names the directory opened, wherever its path now
      // points: the same guarantee as openat(2), which Node does not offer.
      const real = byFd
        ? await call<string>(
            (cb) => readlink(byFd, cb),
            () => readlinkSync(byFd),
          )
        : await this.realpath(dir);
      return {
        path: byFd ?? dir,
        identity: `${s.dev}:${s.ino}`,
        real,
        sync: () =>
          call<void>(
            (cb) => fsync(fd, cb),
            () => fsyncSync(fd),
          ),
        close: () =>
          call<void>(
            (cb) => close(fd, cb),
            () => closeSync(fd),
          ),
      } satisfies DirPin;
    } catch (e) {
      await call<void>(
        (cb) => close(fd, cb),
        () => closeSync(fd),
      ).catch(() => {});
      throw e;
    }
  },

  async writeTemp(path, bytes, mode, owner) {
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;
    const fd = await call<number>(
      (cb) => open(path, flags, 0o600, cb),
      () => openSync(path, flags, 0o600),
    );
    try {
      if (bytes instanceof Uint8Array)
        await call<void>(
          (cb) => writeFile(fd, bytes, cb),
          () => writeFileSync(fd, bytes),
        );
      // libuv's writev writes every piece (looping on short writes and the
      // iovec limit) before it calls back.
      else if (bytes.length > 0)
        await call<number>(
          (cb) => writev(fd, bytes as Uint8Array[], cb),
          () => writevSync(fd, bytes as Uint8Array[]),
        );
      // Owner before mode: chown clears set-uid/set-gid bits.
      if (owner && mayChown(owner))
        await call<void>(
          (cb) => fchown(fd, owner.uid, owner.gid, cb),
          () => fchownSync(fd, owner.uid, owner.gid),
        );
      await call<void>(
        (cb) => fchmod(fd, mode ?? defaultMode(), cb),
        () => fchmodSync(fd, mode ?? defaultMode()),
      );
      await call<void>(
        (cb) => fsync(fd, cb),
        () => fsyncSync(fd),
      );
    } catch (e) {
      await call<void>(
        (cb) => close(fd, cb),
        () => closeSync(fd),
      ).catch(() => {});
      await call<void>(
        (cb) => unlink(path, cb),
        () => unlinkSync(path),
      ).catch(() => {});
      throw e;
    }
    await call<void>(
      (cb) => close(fd, cb),
      () => closeSync(fd),
    );
  },

  async rename(from, to) {
    await call<void>(
      (cb) => rename(from, to, cb),
      () => renameSync(from, to),
    );
  },

  async link(from, to) {
    await call<void>(
      (cb) => link(from, to, cb),
      () => linkSync(from, to),
    );
  },

  async unlink(path) {
    await call<void>(
      (cb) => unlink(path, cb),
      () => unlinkSync(path),
    );
  },

  async mkdir(dir) {
    await call<void>(
      (cb) => mkdir(dir, (err) => cb(err, undefined)),
      () => void mkdirSync(dir),
    );
  },

  async rmdir(dir) {
    await call<void>(
      (cb) => rmdir(dir, cb),
      () => rmdirSync(dir),
    );
  },
};

/** Whether /proc/self/fd names open descriptors here (Linux); checked once. */
let hasProcFd: boolean | undefined;
function procFd(fd: number): string | undefined {
  hasProcFd ??= existsSync('/proc/self/fd');
  return hasProcFd ? `/proc/self/fd/${fd}` : undefined;
}

/**
 * Only root can give a file to another user; anyone else keeps today's
 * behaviour (the new file is theirs) rather than failing the edit on EPERM.
 */
function mayChown(owner: { uid: number; gid: number }): boolean {
  const uid = process.geteuid?.();
  return uid === 0 && (owner.uid !== 0 || owner.gid !== (process.getegid?.() ?? 0));
}
