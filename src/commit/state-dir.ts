// The root's state directory, `.chord-patch/`, which holds its lock and the
// journals of commits under way. It belongs to chord-patch alone: no patch
// may name a path inside it (config/reserved.ts), and it is used only as a
// real directory on the root's own file system. A symbolic link there (a
// checkout that ships `.chord-patch -> /elsewhere`) would put the lock and
// journals where the tree's owner chose, and a directory on another file
// system (a mount) cannot hold the hard-link backups a journal names; either
// refuses the run, naming the directory to remove.

import { join } from 'node:path';
import { ChordPatchError } from '../errors.js';
import { errno } from '../platform/regular.js';
import type { Fs } from '../types.js';
import { type RootIdentity, rootIdentity } from './journal-file.js';

/** Where a root's lock and journals live: `.chord-patch/` in the root, removed again when empty. */
export const STATE_DIR = '.chord-patch';

const device = (identity: string) => identity.slice(0, identity.indexOf(':'));

/**
 * Make (or find) the root's state directory and check it is safe to use.
 * Throws the I/O error when the root cannot hold one (read-only, missing),
 * which the caller reports, and `protected_path` when it is not chord-patch's.
 */
export async function openStateDir(fs: Fs, root: string): Promise<{ dir: string; root: RootIdentity }> {
  const dir = join(root, STATE_DIR);
  const here = await rootIdentity(fs, root);
  // The root lock's last holder removes the directory as it leaves, also between this mkdir and the check:
  // made again, since an ENOENT would read as a root that cannot hold one, and the run would go unlocked.
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    try {
      await fs.mkdir(dir);
    } catch (e) {
      if (errno(e) !== 'EEXIST') throw e;
    }
    if (await checkStateDir(fs, dir, here)) return { dir, root: here };
  }
  // Never silently unlocked: a directory something keeps removing is an error the run stops at.
  throw new ChordPatchError('write_failed', `${dir} vanished every time it was made (${MAX_TRIES} times); nothing was written`);
}

/** Makes of the state directory before giving up (each lost only to a holder leaving at that moment). */
const MAX_TRIES = 1000;

/** Throws `protected_path` unless `dir` is a real directory on the root's file system; false when it is gone (removed meanwhile). */
export async function checkStateDir(fs: Fs, dir: string, root: RootIdentity): Promise<boolean> {
  const s = await fs.lstat(dir);
  if (s === null) return false;
  const why =
    s.kind === 'symlink'
      ? 'is a symbolic link'
      : s.kind !== 'dir'
        ? 'is not a directory'
        : device(s.identity) !== device(root.id)
          ? "is on another file system than the root (a mount): it cannot hold the commit's hard-link backups"
          : undefined;
  if (why === undefined) return true;
  throw new ChordPatchError(
    'protected_path',
    `${dir} ${why}; chord-patch keeps its lock and commit journals there and uses it only as a real directory of the root, ` +
      "so nothing was written. Remove it (it is not chord-patch's) and run again",
  );
}

/** A state file's bytes and mtime (undefined where the Fs has no readRegular and cannot tell it). */
export interface StateFile {
  bytes: Uint8Array;
  mtimeMs?: number;
}

/**
 * Read a file of the state directory as a regular file only: a symbolic link
 * (ELOOP), a FIFO or anything else (ENOTREG) a repository planted there is
 * refused, never followed or waited on, and so is one past `maxBytes` (EFBIG).
 * An Fs without readRegular (one in memory) is asked its lstat first.
 */
export async function readStateFile(fs: Fs, path: string, maxBytes: number): Promise<StateFile> {
  if (fs.readRegular) return fs.readRegular(path, maxBytes);
  const s = await fs.lstat(path);
  if (s === null) throw Object.assign(new Error(`ENOENT: ${path} does not exist`), { code: 'ENOENT' });
  if (s.kind === 'symlink') throw Object.assign(new Error(`ELOOP: ${path} is a symbolic link, which is not followed`), { code: 'ELOOP' });
  if (s.kind !== 'file') throw Object.assign(new Error(`ENOTREG: ${path} is not a regular file`), { code: 'ENOTREG' });
  const bytes = await fs.readFile(path);
  if (bytes.length > maxBytes) throw Object.assign(new Error(`EFBIG: ${path} is larger than ${maxBytes} bytes`), { code: 'EFBIG' });
  return { bytes };
}

/** What readStateFile refuses because of what the file is, not because it could not be read: never a file chord-patch wrote. */
export const notOurs = (code: string | undefined) => code === 'ELOOP' || code === 'ENOTREG' || code === 'EFBIG';
