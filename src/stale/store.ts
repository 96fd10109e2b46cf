// The session's pre-images on disk: what each file held before chord-patch
// changed it in this session, kept beside the session state
// ($XDG_STATE_HOME/chord-patch/sessions/<id>.preimages/) and nowhere else.
// Blobs are content-addressed (objects/<sha256>), the index lists them oldest
// first, and both are bounded: a few states per file and a total size, the
// oldest dropped first. Reading is strict where writing is forgiving: a
// store that cannot be written only costs the next merge its base (a note
// says so), but a blob whose bytes no longer hash to its name is never used
// as a base.

import { closeSync, constants, fstatSync, lstatSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../platform/sha256.js';
import { preimageDirFor, type SessionOptions } from '../session/store.js';
import type { Preimage, StoreTrouble } from './types.js';
import { makeDirs } from '../platform/make-dirs.js';
import { readFullSync } from '../platform/regular.js';

export const PREIMAGE_STORE_VERSION = 1;

export interface StoreLimits {
  /** States kept per file. */
  perFile: number;
  /** Bytes of all blobs together. */
  totalBytes: number;
  /** A larger file keeps no pre-image. */
  fileBytes: number;
}

export const DEFAULT_LIMITS: StoreLimits = { perFile: 8, totalBytes: 64 * 1024 * 1024, fileBytes: 8 * 1024 * 1024 };

interface IndexEntry {
  path: string;
  hash: string;
  size: number;
  time: number;
  from?: string;
}

interface StoreIndex {
  version: typeof PREIMAGE_STORE_VERSION;
  entries: IndexEntry[];
}

/** One state to keep: `path` held `bytes` until `time`; `from`: it was read at another path (a move). */
export interface KeptState {
  path: string;
  bytes: Uint8Array;
  from?: string;
}

const HEX = /^[0-9a-f]{64}$/;

/** A folder of the store that is a real directory (never a link), or undefined when absent. Throws on anything else. */
function realDir(path: string): boolean {
  let st: ReturnType<typeof lstatSync>;
  try {
    st = lstatSync(path);
  } catch {
    return false;
  }
  if (!st.isDirectory()) throw new Error(`${path} is not a directory chord-patch made`);
  return true;
}

/** A regular file's bytes, read without following a link, at most `limit` bytes (more: an error). */
function readBounded(path: string, limit: number): Buffer {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new Error(`${path} is not a regular file`);
    if (st.size > limit) throw new Error(`${path} is larger than the store keeps`);
    const buf = Buffer.alloc(st.size);
    const n = readFullSync(fd, buf);
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

function parseIndex(text: string): StoreIndex {
  const v = JSON.parse(text) as Partial<StoreIndex>;
  if (v.version !== PREIMAGE_STORE_VERSION || !Array.isArray(v.entries)) throw new Error('unknown format');
  for (const e of v.entries) {
    const ok =
      typeof e?.path === 'string' &&
      typeof e.hash === 'string' &&
      HEX.test(e.hash) &&
      typeof e.size === 'number' &&
      typeof e.time === 'number' &&
      (e.from === undefined || typeof e.from === 'string');
    if (!ok) throw new Error('an entry of unknown shape');
  }
  return { version: PREIMAGE_STORE_VERSION, entries: v.entries };
}

/** The index, empty when the store does not exist yet; throws when it exists and cannot be read. */
function loadIndex(dir: string): StoreIndex {
  if (!realDir(dir)) return { version: PREIMAGE_STORE_VERSION, entries: [] };
  let bytes: Buffer;
  try {
    bytes = readBounded(join(dir, 'index.json'), 16 * 1024 * 1024);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { version: PREIMAGE_STORE_VERSION, entries: [] };
    throw e;
  }
  return parseIndex(bytes.toString('utf8'));
}

function writeAtomic(path: string, data: Uint8Array | string): void {
  const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(tmp, data, { mode: 0o600, flag: 'wx' });
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** Drop the oldest entries until each file keeps `perFile` and all keep `totalBytes` (each blob counted once). */
export function evict(entries: readonly IndexEntry[], limits: StoreLimits): IndexEntry[] {
  const perPath = new Map<string, number>();
  const kept: IndexEntry[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    const n = (perPath.get(e.path) ?? 0) + 1;
    perPath.set(e.path, n);
    if (n <= limits.perFile) kept.unshift(e);
  }
  while (kept.length > 0 && blobBytes(kept) > limits.totalBytes) kept.shift();
  return kept;
}

function blobBytes(entries: readonly IndexEntry[]): number {
  const sizes = new Map<string, number>();
  for (const e of entries) sizes.set(e.hash, e.size);
  let total = 0;
  for (const n of sizes.values()) total += n;
  return total;
}

/**
 * Keep the states a commit replaced. Returns a sentence for the report when
 * they could not be kept (the commit stands either way).
 */
export function keepPreimages(
  opts: SessionOptions & { session: string },
  states: readonly KeptState[],
  now: number = Date.now(),
  limits: StoreLimits = DEFAULT_LIMITS,
): string | undefined {
  const fit = states.filter((s) => s.bytes.length <= limits.fileBytes);
  if (fit.length === 0) return undefined;
  const dir = preimageDirFor(opts);
  try {
    let index: StoreIndex;
    try {
      index = loadIndex(dir);
    } catch {
      // A corrupt index is dropped: its blobs could not be trusted as bases anyway.
      index = { version: PREIMAGE_STORE_VERSION, entries: [] };
    }
    makeDirs(join(dir, 'objects'), 0o700);
    realDir(dir);
    realDir(join(dir, 'objects'));
    const added: IndexEntry[] = [];
    for (const s of fit) {
      const hash = sha256Hex(s.bytes);
      const blob = join(dir, 'objects', hash);
      if (!blobIntact(blob, hash)) writeAtomic(blob, s.bytes);
      added.push({ path: s.path, hash, size: s.bytes.length, time: now, ...(s.from !== undefined ? { from: s.from } : {}) });
    }
    const entries = evict([...index.entries, ...added], limits);
    writeAtomic(join(dir, 'index.json'), `${JSON.stringify({ version: PREIMAGE_STORE_VERSION, entries })}\n`);
    const live = new Set(entries.map((e) => e.hash));
    for (const e of [...index.entries, ...added]) if (!live.has(e.hash)) rmSync(join(dir, 'objects', e.hash), { force: true });
    return undefined;
  } catch (e) {
    const one = fit.length === 1;
    return (
      `the pre-image${one ? '' : 's'} of this change could not be kept in the session store (${(e as Error).message}); ` +
      `a later stale hunk on ${one ? 'this file' : 'these files'} cannot be merged`
    );
  }
}

function blobIntact(path: string, hash: string): boolean {
  try {
    return sha256Hex(readBounded(path, DEFAULT_LIMITS.fileBytes * 2)) === hash;
  } catch {
    return false;
  }
}

/**
 * This session's pre-images of `path`, newest first, and what was wrong with
 * the store, if anything: a blob that is missing or no longer hashes to its
 * name is left out and named in `trouble`.
 */
export function sessionPreimages(
  opts: SessionOptions & { session: string },
  path: string,
): { preimages: Preimage[]; trouble?: StoreTrouble } {
  const dir = preimageDirFor(opts);
  let index: StoreIndex;
  try {
    index = loadIndex(dir);
  } catch (e) {
    return { preimages: [], trouble: { message: `the session's pre-image store (${dir}) is unreadable: ${(e as Error).message}` } };
  }
  const preimages: Preimage[] = [];
  const bad: string[] = [];
  for (const e of index.entries.filter((x) => x.path === path).reverse()) {
    let bytes: Buffer | undefined;
    try {
      bytes = readBounded(join(dir, 'objects', e.hash), Math.max(e.size, 0));
    } catch {
      bytes = undefined;
    }
    if (!bytes || bytes.length !== e.size || sha256Hex(bytes) !== e.hash) {
      bad.push(e.hash.slice(0, 12));
      continue;
    }
    preimages.push({ source: 'session', bytes, hash: e.hash, time: e.time, ...(e.from !== undefined ? { from: e.from } : {}) });
  }
  if (bad.length === 0) return { preimages };
  return {
    preimages,
    trouble: {
      message:
        `the session's pre-image store (${dir}) is damaged: ` +
        `${bad.length === 1 ? 'blob' : 'blobs'} ${bad.join(', ')} missing or not what was stored`,
    },
  };
}
