// The per-user key that signs commit journals, so that only a journal this
// user's chord-patch wrote is ever executed: a `journal-*` or `done-*` file
// planted in a work tree (shipped in a checkout, written by a patch) carries
// no valid signature and is never acted on (commit/journal-file.ts).
//
// It lives in the user's state directory ($XDG_STATE_HOME/chord-patch/key,
// else ~/.local/state/chord-patch/key), never in a work tree; it is created
// on first use with mode 0600, and a key that is not a regular file of this
// user's, readable by no one else, is not trusted. Like the session store it
// is chord-patch's own file, read with node:fs rather than through the Fs a
// run was given.

import { closeSync, constants, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { homedir } from 'node:os';
import { makeDirs } from '../platform/make-dirs.js';

const KEY_BYTES = 32;

/** Where the key lives for this environment. */
export function journalKeyPath(env: Readonly<Record<string, string | undefined>> = process.env, home?: string): string {
  const xdg = env.XDG_STATE_HOME;
  // XDG: a relative value is invalid and must be ignored.
  const base = xdg?.startsWith('/') ? xdg : join(home ?? homedir(), '.local', 'state');
  return join(base, 'chord-patch', 'key');
}

/** The key, or why there is none (then no journal is written, and none verifies). */
export type KeyResult = { key: Uint8Array; path: string } | { error: string; path: string };

let cached: { path: string; result: KeyResult } | undefined;

/** Read the key, creating it on first use; cached per path for the life of the process. */
export function journalKey(path = journalKeyPath()): KeyResult {
  if (cached?.path === path) return cached.result;
  const result = readOrCreate(path);
  // A failure is not cached: the directory may become writable.
  if ('key' in result) cached = { path, result };
  return result;
}

function readOrCreate(path: string): KeyResult {
  try {
    return { key: readKey(path), path };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return { error: (e as Error).message, path };
  }
  try {
    makeDirs(join(path, '..'), 0o700);
    const fd = openSync(path, 'wx', 0o600);
    try {
      const bytes = new Uint8Array(KEY_BYTES);
      globalThis.crypto.getRandomValues(bytes);
      writeSync(fd, bytes);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    // Another run created it first: use theirs.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return { error: (e as Error).message, path };
  }
  try {
    return { key: readKey(path), path };
  } catch (e) {
    return { error: (e as Error).message, path };
  }
}

function readKey(path: string): Uint8Array {
  // Opened once, not followed if a link, and checked through the descriptor that reads it.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const s = fstatSync(fd);
    const uid = process.geteuid?.();
    if (!s.isFile()) throw new Error(`${path} is not a regular file`);
    if (uid !== undefined && s.uid !== uid) throw new Error(`${path} belongs to another user (uid ${s.uid})`);
    if ((s.mode & 0o077) !== 0) throw new Error(`${path} can be read or written by others (mode ${(s.mode & 0o777).toString(8)})`);
    const bytes = new Uint8Array(KEY_BYTES + 1);
    const n = readSync(fd, bytes, 0, bytes.length, 0);
    // A key cut short (a crash while creating it) signs nothing.
    if (n !== KEY_BYTES) throw new Error(`${path} is not a ${KEY_BYTES}-byte key`);
    return bytes.subarray(0, KEY_BYTES);
  } finally {
    closeSync(fd);
  }
}
