// The real file system behind the Fs interface. Only this file (with
// regular.ts, its reader of state files) touches the files a patch or an edit
// reads and writes; everything else is handed an Fs. The other users of
// node:fs are the CLI (cli/) and the loaders of chord-patch's own files: the
// config file (config/config.ts) and the session state (session/store.ts).

import { constants as bufferConstants } from 'node:buffer';
import {
  close as closeFd,
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
  statfs,
  statfsSync,
  symlink,
  symlinkSync,
  unlink,
  unlinkSync,
  writeFile,
  writeFileSync,
  writev,
  writevSync,
} from 'node:fs';
import type { DirPin, Fs, OpenTemp, Stat } from '../types.js';
import { errno, type Io, localDiskType, readRegularFile } from './regular.js';
import { widenThreadPool } from './thread-pool.js';
import { copyXattrs } from './xattrs.js';
import { exchangeNames } from './exchange.js';

function kindOf(s: Stats): Stat['kind'] {
  if (s.isSymbolicLink()) return 'symlink';
  if (s.isFile()) return 'file';
  if (s.isDirectory()) return 'dir';
  return 'other';
}

/** Read size when comparing a file with bytes in memory (hasBytes). */
const COMPARE_CHUNK = 256 * 1024;

/** A read's calls (regular.ts) made synchronously: a read counts as one call of the synchronous budget. */
const SYNC_IO: Io = {
  open: async (path, flags) => openSync(path, flags),
  fstat: async (fd) => fstatSync(fd),
  read: async (fd, buf, at, length) => readSync(fd, buf, at, length, null),
  close: async (fd) => closeSync(fd),
};

/** The largest file read whole: what one Buffer holds. */
const MAX_FILE_BYTES = bufferConstants.MAX_LENGTH - 1;

/** Mode a newly created file gets: what `open(..., 0o666)` would give under the umask. */
let newFileMode: number | undefined;
function defaultMode(): number {
  if (newFileMode === undefined) {
    const mask = process.umask();
    newFileMode = 0o666 & ~mask;
  }
  return newFileMode;
}

/**
 * The real file system. `syncCalls`: how many calls to make with node:fs's
 * synchronous twins before using the callback API. 0 (the default, and
 * `nodeFs`) for library users, whose event loop must not block; the CLI,
 * which has nothing else to do meanwhile, passes a budget (see
 * cli/index.ts). The budget belongs to the instance: nothing
 * is shared between two of them. Methods are own properties (arrow
 * functions), so an Fs can be made by copying them (test/support/faults.ts).
 */
export interface NodeFsOptions {
  /** Calls made with the synchronous twins before any goes through the thread pool (default 0). */
  syncCalls?: number;
  /**
   * Past the budget, only fsync goes through the thread pool, where the
   * commit's bounded concurrency overlaps the disk waits; every other call
   * stays synchronous (a thread-pool round trip costs more than most of
   * them). For a caller with nothing else to do meanwhile: the CLI.
   */
  fsyncOnlyInPool?: boolean;
  /**
   * Pool threads to ask for right before the first call that goes to the
   * pool (platform/thread-pool.ts): a process-wide setting, so only for a caller
   * that owns the process (the CLI). Default: the runtime's pool as it is.
   */
  poolThreads?: number;
}

export class NodeFs implements Fs {
  readonly realDisk = true;
  #syncCalls: number;
  readonly #fsyncOnlyInPool: boolean;
  #poolThreads: number;

  constructor(options: NodeFsOptions = {}) {
    this.#syncCalls = options.syncCalls ?? 0;
    this.#fsyncOnlyInPool = options.fsyncOnlyInPool ?? false;
    this.#poolThreads = options.poolThreads ?? 0;
  }

  /**
   * Whether the next call runs as its synchronous twin: while the budget
   * lasts (spending it), and past it every call but fsync when
   * `fsyncOnlyInPool`. A method asks this first and makes the synchronous
   * call right there, inside its own async body: no closure per call, no
   * promise of its own, no extra await.
   */
  private inline(isFsync = false): boolean {
    if (this.#syncCalls > 0) {
      this.#syncCalls--;
      return true;
    }
    return this.#fsyncOnlyInPool && !isFsync;
  }

  /** A node:fs callback call as a promise: through the thread pool, widened first when asked (poolThreads). */
  private pooled<T>(start: (done: (err: NodeJS.ErrnoException | null, value: T) => void) => void): Promise<T> {
    if (this.#poolThreads > 0) {
      widenThreadPool(this.#poolThreads);
      this.#poolThreads = 0;
    }
    return new Promise<T>((resolve, reject) => start((err, value) => (err ? reject(err) : resolve(value))));
  }

  readonly lstat: Fs['lstat'] = async (path) => {
    try {
      const s = this.inline() ? lstatSync(path) : await this.pooled<Stats>((cb) => lstat(path, cb));
      return {
        kind: kindOf(s),
        mode: s.mode & 0o7777,
        identity: `${s.dev}:${s.ino}`,
        links: s.nlink,
        uid: s.uid,
        gid: s.gid,
        size: s.size,
      };
    } catch (e) {
      if (errno(e) === 'ENOENT' || errno(e) === 'ENOTDIR') return null;
      throw e;
    }
  };

  // As a state file is read (regular.ts): a FIFO or a link swapped in at the path is refused, never waited on or
  // followed, and the file read must be the one looked at (`identity`).
  readonly readFile: Fs['readFile'] = async (path, identity) => {
    const file = await readRegularFile(this.#readIo(), path, MAX_FILE_BYTES);
    if (identity !== undefined && file.identity !== identity)
      throw Object.assign(new Error(`ECHANGED: ${path} was replaced while it was being read`), { code: 'ECHANGED' });
    return file.bytes;
  };

  /** A read's calls through the thread pool. */
  readonly #pooledIo: Io = {
    open: (path, flags) => this.pooled<number>((cb) => open(path, flags, cb)),
    fstat: (fd) => this.pooled<Stats>((cb) => fstat(fd, cb)),
    read: (fd, buf, at, length) => this.pooled<number>((cb) => read(fd, buf, at, length, null, cb)),
    close: (fd) => this.pooled<void>((cb) => closeFd(fd, cb)),
  };

  /** How the next read is made: synchronously while the budget lasts (one call a read), else through the pool. */
  #readIo(): Io {
    return this.inline() ? SYNC_IO : this.#pooledIo;
  }

  readonly readRegular: NonNullable<Fs['readRegular']> = (path, maxBytes) => readRegularFile(this.#readIo(), path, maxBytes);

  readonly localDisk: NonNullable<Fs['localDisk']> = async (path) => {
    try {
      const s = this.inline() ? statfsSync(path) : await this.pooled<{ type: number }>((cb) => statfs(path, cb));
      return localDiskType(s.type);
    } catch {
      return false;
    }
  };

  readonly hasBytes: NonNullable<Fs['hasBytes']> = async (path, bytes) => {
    // Compared a chunk at a time through one small buffer: revalidating a
    // 5 MB file no longer allocates (and faults in) another 5 MB.
    // Never through a link, nor waiting on a FIFO put at the name since (it then compares unequal).
    const flags = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
    const fd = this.inline() ? openSync(path, flags) : await this.pooled<number>((cb) => open(path, flags, cb));
    try {
      const chunk = Buffer.allocUnsafe(Math.min(COMPARE_CHUNK, bytes.length + 1));
      let at = 0;
      for (;;) {
        // Ask for one byte more than is left to compare: a regular file's read
        // comes back short only at its end, so the last read also proves the
        // file ends where `bytes` does (no extra read just to see EOF).
        const want = Math.min(chunk.length, bytes.length - at + 1);
        const n = this.inline()
          ? readSync(fd, chunk, 0, want, null)
          : await this.pooled<number>((cb) => read(fd, chunk, 0, want, null, cb));
        if (at + n > bytes.length || Buffer.compare(chunk.subarray(0, n), bytes.subarray(at, at + n)) !== 0) return false;
        at += n;
        if (n < want) return at === bytes.length;
      }
    } finally {
      if (this.inline()) closeSync(fd);
      else await this.pooled<void>((cb) => closeFd(fd, cb));
    }
  };

  readonly realpath: Fs['realpath'] = async (path) =>
    this.inline() ? realpathSync.native(path) : this.pooled<string>((cb) => realpath.native(path, cb));

  readonly readDir: Fs['readDir'] = async (dir) => (this.inline() ? readdirSync(dir) : this.pooled<string[]>((cb) => readdir(dir, cb)));

  readonly pinDir: Fs['pinDir'] = async (dir, noFollow) => {
    const flags = constants.O_RDONLY | constants.O_DIRECTORY | (noFollow ? constants.O_NOFOLLOW : 0);
    const fd = this.inline() ? openSync(dir, flags) : await this.pooled<number>((cb) => open(dir, flags, cb));
    try {
      const s = await this.statDescriptor(fd);
      const byFd = procFd(fd);
      // /proc/self/fd/N names the directory opened, wherever its path now
      // points: the same guarantee as openat(2), which Node does not offer.
      const real = byFd ? await this.readLink(byFd) : await this.realpath(dir);
      return {
        path: byFd ?? dir,
        identity: `${s.dev}:${s.ino}`,
        real,
        sync: () => this.syncDescriptor(fd),
        // The link names the directory as it is now: one system call, where
        // realpath(3) of the same name took three (open, readlink, close).
        ...(byFd ? { where: () => this.readlinkDir(byFd) } : {}),
        close: () => this.closeDescriptor(fd),
      } satisfies DirPin;
    } catch (e) {
      await this.closeDescriptor(fd).catch(() => {});
      throw e;
    }
  };

  private async readLink(path: string): Promise<string> {
    return this.inline() ? readlinkSync(path) : this.pooled<string>((cb) => readlink(path, cb));
  }

  private async closeDescriptor(fd: number): Promise<void> {
    return this.inline() ? closeSync(fd) : this.pooled<void>((cb) => closeFd(fd, cb));
  }

  private async syncDescriptor(fd: number): Promise<void> {
    return this.inline(true) ? fsyncSync(fd) : this.pooled<void>((cb) => fsync(fd, cb));
  }

  /** Where an open directory is now; a removed one (its link ends in " (deleted)") is ENOENT. */
  private async readlinkDir(byFd: string): Promise<string> {
    const now = this.inline() ? readlinkSync(byFd) : await this.pooled<string>((cb) => readlink(byFd, cb));
    if (now.endsWith(' (deleted)') && !(await this.lstat(now).catch(() => null))) {
      throw Object.assign(new Error(`ENOENT: the directory was removed (${now})`), { code: 'ENOENT' });
    }
    return now;
  }

  readonly createTemp: NonNullable<Fs['createTemp']> = async (path, bytes, mode, owner) => {
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;
    const fd = this.inline() ? openSync(path, flags, 0o600) : await this.pooled<number>((cb) => open(path, flags, 0o600, cb));
    try {
      await this.writeDescriptor(fd, bytes);
      // Owner before mode: chown clears set-uid/set-gid bits.
      const to = owner && chownTo(owner);
      if (to) {
        if (this.inline()) fchownSync(fd, to.uid, to.gid);
        else await this.pooled<void>((cb) => fchown(fd, to.uid, to.gid, cb));
      }
      await this.chmodDescriptor(fd, mode ?? defaultMode());
    } catch (e) {
      await this.closeDescriptor(fd).catch(() => {});
      await this.unlink(path).catch(() => {});
      throw e;
    }
    return {
      // Through the descriptor that wrote the data, so that a write-back error is reported here.
      sync: () => this.syncDescriptor(fd),
      close: () => this.closeDescriptor(fd),
    } satisfies OpenTemp;
  };

  private async statDescriptor(fd: number): Promise<Stats> {
    return this.inline() ? fstatSync(fd) : this.pooled<Stats>((cb) => fstat(fd, cb));
  }

  private async chmodDescriptor(fd: number, mode: number): Promise<void> {
    return this.inline() ? fchmodSync(fd, mode) : this.pooled<void>((cb) => fchmod(fd, mode, cb));
  }

  /** Every byte from the descriptor's offset on: libuv's writev loops on short writes and the iovec limit before it calls back. */
  private async writeDescriptor(fd: number, bytes: Uint8Array | readonly Uint8Array[]): Promise<void> {
    if (bytes instanceof Uint8Array) {
      if (this.inline()) writeFileSync(fd, bytes);
      else await this.pooled<void>((cb) => writeFile(fd, bytes, cb));
    } else if (bytes.length > 0) {
      if (this.inline()) writevSync(fd, bytes as Uint8Array[]);
      else await this.pooled<number>((cb) => writev(fd, bytes as Uint8Array[], cb));
    }
  }

  readonly copyXattrs: NonNullable<Fs['copyXattrs']> = async (from, to) => copyXattrs(from, to);

  readonly writeTemp: Fs['writeTemp'] = async (path, bytes, mode, owner, durable = true) => {
    const file = await this.createTemp(path, bytes, mode, owner);
    try {
      if (durable) await file.sync();
    } catch (e) {
      await file.close().catch(() => {});
      await this.unlink(path).catch(() => {});
      throw e;
    }
    await file.close();
  };

  readonly rename: Fs['rename'] = async (from, to) => {
    if (this.inline()) renameSync(from, to);
    else await this.pooled<void>((cb) => rename(from, to, cb));
  };

  readonly link: Fs['link'] = async (from, to) => {
    if (this.inline()) linkSync(from, to);
    else await this.pooled<void>((cb) => link(from, to, cb));
  };

  readonly exchange: NonNullable<Fs['exchange']> = async (a, b) => exchangeNames(a, b);

  readonly readlink: NonNullable<Fs['readlink']> = (path) => this.readLink(path);

  readonly symlink: NonNullable<Fs['symlink']> = async (target, path) => {
    if (this.inline()) symlinkSync(target, path);
    else await this.pooled<void>((cb) => symlink(target, path, cb));
  };

  readonly unlink: Fs['unlink'] = async (path) => {
    if (this.inline()) unlinkSync(path);
    else await this.pooled<void>((cb) => unlink(path, cb));
  };

  readonly mkdir: Fs['mkdir'] = async (dir) => {
    if (this.inline()) mkdirSync(dir);
    else await this.pooled<void>((cb) => mkdir(dir, (err) => cb(err, undefined)));
  };

  readonly rmdir: Fs['rmdir'] = async (dir) => {
    if (this.inline()) rmdirSync(dir);
    else await this.pooled<void>((cb) => rmdir(dir, cb));
  };
}

/** The real file system with every call through the thread pool: what the library uses by default. */
export const nodeFs: Fs = new NodeFs();

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
function chownTo(owner: { uid: number; gid: number }): { uid: number; gid: number } | undefined {
  // Asked once: each is a system call, and a 1,000-file commit asked 2,000 times.
  ids ??= { uid: process.geteuid?.(), gid: process.getegid?.() ?? 0, groups: process.getgroups?.() ?? [] };
  return ownerChange(owner, ids);
}

/**
 * What the temp file's owner must change to so the replaced file keeps its
 * owner and group (-1: leave that one): root sets both; another user can only
 * give it a group of their own, which keeps a shared group's file in that
 * group (as GNU patch does). Undefined: nothing to change.
 */
export function ownerChange(
  owner: { uid: number; gid: number },
  me: { uid: number | undefined; gid: number; groups: readonly number[] },
): { uid: number; gid: number } | undefined {
  if (me.uid === 0) return owner.uid !== 0 || owner.gid !== me.gid ? owner : undefined;
  if (owner.gid !== me.gid && me.groups.includes(owner.gid)) return { uid: -1, gid: owner.gid };
  return undefined;
}
let ids: { uid: number | undefined; gid: number; groups: number[] } | undefined;
