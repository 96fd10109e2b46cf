// Reading a file chord-patch keeps in the root's state directory (the lock,
// waiters' files, journals). A repository can ship anything at those names:
// a symbolic link to a file outside (whose bytes would then be taken for a
// lock or a journal), a FIFO (a read that waits forever for a writer), a
// device, or a huge file. So the file is opened without following a link
// (O_NOFOLLOW) and without waiting (O_NONBLOCK), checked on its descriptor
// to be a regular file, and read only up to a size its kind of file never
// reaches; anything else is refused with an errno the caller tells apart.

import { constants, readSync, type Stats } from 'node:fs';

export interface RegularFile {
  bytes: Uint8Array;
  /** Its modification time, as the file system keeps it. */
  mtimeMs: number;
  /** dev:ino of the file read. */
  identity: string;
}

/** The four calls a read makes, as the Fs makes them (node-fs.ts: synchronously or through the thread pool). */
export interface Io {
  open(path: string, flags: number): Promise<number>;
  fstat(fd: number): Promise<Stats>;
  read(fd: number, buf: Buffer, at: number, length: number): Promise<number>;
  close(fd: number): Promise<void>;
}

// Windows has neither flag (nor FIFOs a path can name): the fstat check is all there.
const FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** The errno code of a failed call (ENOENT, EEXIST, ...), if it has one. */
export const errno = (e: unknown) => (e as NodeJS.ErrnoException | undefined)?.code;

const refused = (code: string, message: string) => Object.assign(new Error(`${code}: ${message}`), { code });

/** What a file that is not a regular file is, for a message: "is a FIFO, not a regular file". */
export function kindText(s: Stats): string {
  if (s.isDirectory()) return 'a directory';
  if (s.isFIFO()) return 'a FIFO';
  if (s.isSymbolicLink()) return 'a symbolic link';
  if (s.isSocket()) return 'a socket';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * The regular file at `path`, at most `maxBytes` long. Throws ELOOP for a
 * symbolic link (never followed), ENOTREG for anything else that is not a
 * regular file, EFBIG past `maxBytes`, and the open's own error otherwise
 * (ENOENT when nothing is there).
 */
export async function readRegularFile(io: Io, path: string, maxBytes: number): Promise<RegularFile> {
  let fd: number;
  try {
    fd = await io.open(path, FLAGS);
  } catch (e) {
    // FreeBSD's O_NOFOLLOW answers EMLINK: one code for a link everywhere.
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK') throw refused('ELOOP', `${path} is a symbolic link, which is not followed`);
    throw e;
  }
  try {
    const s = await io.fstat(fd);
    if (!s.isFile()) throw refused('ENOTREG', `${path} is ${kindText(s)}, not a regular file`);
    if (s.size > maxBytes) throw refused('EFBIG', `${path} is larger than ${maxBytes} bytes`);
    // Read to the end, not to the size fstat gave (a file still being written grows), and never past maxBytes.
    let buf = Buffer.allocUnsafe(Math.min(s.size, maxBytes) + 1);
    let total = 0;
    for (;;) {
      if (total === buf.length) {
        if (total > maxBytes) throw refused('EFBIG', `${path} is larger than ${maxBytes} bytes`);
        buf = Buffer.concat([buf, Buffer.allocUnsafe(Math.min(buf.length, maxBytes + 1 - buf.length))]);
      }
      const n = await io.read(fd, buf, total, buf.length - total);
      if (n === 0) break;
      total += n;
    }
    return { bytes: buf.subarray(0, total), mtimeMs: s.mtimeMs, identity: `${s.dev}:${s.ino}` };
  } finally {
    await io.close(fd).catch(() => {});
  }
}

/** Read `fd` into `buf` until `buf` is full or the file ends; the number of bytes read. */
export function readFullSync(fd: number, buf: Buffer): number {
  let n = 0;
  while (n < buf.length) {
    const got = readSync(fd, buf, n, buf.length - n, null);
    if (got === 0) break;
    n += got;
  }
  return n;
}

/** statfs(2) f_type of file systems shared between machines (Linux's magic numbers). */
const SHARED = new Set([
  0x6969 /* NFS */, 0x517b /* SMB */, 0xfe534d42 /* SMB2 */, 0xff534d42 /* CIFS */, 0x00c36400 /* Ceph */, 0x65735546 /* FUSE */,
  0x5346414f /* AFS */, 0x01021997 /* 9P */, 0x786f4256 /* vboxsf */, 0x0bd00bd0 /* Lustre */, 0x47504653 /* GPFS */,
  0x7461636f /* OCFS2 */, 0x01161970 /* GFS2 */,
]);

/**
 * Whether a disk whose statfs(2) type is `type` belongs to this machine
 * alone, so that every process that can write there runs on this kernel.
 * Only Linux's types are known; elsewhere, false.
 */
export function localDiskType(type: number): boolean {
  return process.platform === 'linux' && !SHARED.has(type);
}
