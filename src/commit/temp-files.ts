// Writing a commit's temp files and making them durable, before any target
// is switched (commit/commit.ts). Every file of a batch is created and written
// first, and only then are they fsynced: switching each target as soon as its
// own temp file was durable interleaved creates with fsyncs in the pool and
// was slower (bench/house.md).
//
// What is left of a create's cost is the file system's. On the VM's
// journal-less ext4 the inode allocator looks at every inode freed in the
// last minute (six while its inode-table block is dirty), one buffer lookup
// each, before it takes a free one (perf: find_inode_bit, recently_deleted):
// in a tree where files were just deleted (a bench run's previous copy, the
// backups a commit removes), a create costs kernel CPU with no fsync running
// at all. Tried and dropped: creates sent to the thread pool, and a batch's
// fsyncs overlapping the next batch's creates (bench/house.md).

import type { Fs, OpenTemp } from '../types.js';
import { forEachBounded } from '../platform/bounded.js';

/** One temp file to write. */
export interface TempWrite {
  tmp: string;
  bytes: Uint8Array | readonly Uint8Array[];
  mode: number | undefined;
  owner?: { uid: number; gid: number } | undefined;
  /** The file being replaced, whose extended attributes the temp file takes. */
  xattrsFrom?: string | undefined;
}

/**
 * Temp files open at once, between their write and their fsync: bounds the
 * descriptors a 10,000-file envelope holds (EMFILE).
 */
export const TEMP_BATCH = 256;

/**
 * Write every item's temp file and fsync it, batch by batch, up to `limit`
 * calls in flight. Stops at the first failure (returned with its item) or
 * when `stop(item)` says so; a temp file already written stays for the
 * caller's rollback to remove, and every descriptor is closed.
 */
export async function writeTempsDurably<T extends TempWrite>(
  fs: Fs,
  items: readonly T[],
  limit: number,
  stop: (item: T) => boolean,
): Promise<{ item: T; error: unknown } | undefined> {
  const state: { failure?: { item: T; error: unknown } } = {};
  for (let at = 0; at < items.length && !state.failure; at += TEMP_BATCH) {
    await writeBatch(fs, items.slice(at, at + TEMP_BATCH), limit, stop, state);
  }
  return state.failure;
}

async function writeBatch<T extends TempWrite>(
  fs: Fs,
  batch: readonly T[],
  limit: number,
  stop: (item: T) => boolean,
  state: { failure?: { item: T; error: unknown } },
): Promise<void> {
  const open: { item: T; file: OpenTemp }[] = [];
  const failed = () => state.failure !== undefined;
  // Each step runs only while nothing has failed and nothing asks to stop.
  // One async function per step, awaiting the call itself: every level of
  // async wrapping costs each of the 1,000 files of a large envelope an await.
  try {
    await forEachBounded(
      batch,
      limit,
      async (item) => {
        if (failed() || stop(item)) return;
        try {
          open.push({ item, file: await createTemp(fs, item) });
          if (item.xattrsFrom !== undefined) await fs.copyXattrs?.(item.xattrsFrom, item.tmp);
        } catch (error) {
          state.failure ??= { item, error };
        }
      },
      failed,
    );
    await forEachBounded(
      open,
      limit,
      async ({ item, file }) => {
        if (failed() || stop(item)) return;
        try {
          await file.sync();
        } catch (error) {
          state.failure ??= { item, error };
        }
      },
      failed,
    );
  } finally {
    for (const { item, file } of open) {
      try {
        await file.close();
      } catch (error) {
        state.failure ??= { item, error };
      }
    }
  }
}

/** The temp file written and open; with an Fs that cannot defer the fsync, already durable. */
function createTemp(fs: Fs, w: TempWrite): Promise<OpenTemp> {
  if (fs.createTemp) return fs.createTemp(w.tmp, w.bytes, w.mode, w.owner);
  return fs.writeTemp(w.tmp, w.bytes, w.mode, w.owner).then(() => DURABLE);
}

const DURABLE: OpenTemp = { sync: async () => {}, close: async () => {} };

/**
 * Create each new symbolic link at its temp name, in turn, until the first
 * failure (returned with its item) or `stop(item)`. A link has no content to
 * fsync: the fsync of its directory at the commit point makes it durable.
 */
export async function createLinks<T extends { tmp: string; target: string }>(
  fs: Fs,
  items: readonly T[],
  stop: (item: T) => boolean,
): Promise<{ item: T; error: unknown } | undefined> {
  for (const item of items) {
    if (stop(item)) return undefined;
    try {
      if (!fs.symlink) throw new Error('this file system cannot create symbolic links');
      await fs.symlink(item.target, item.tmp);
    } catch (error) {
      return { item, error };
    }
  }
  return undefined;
}
