// Files with other hard links are written in place: a rename gives the
// edited name a new inode and leaves the file's other names with the old
// content, so the commit keeps the inode instead, under the journal:
// 1. the pre-image is copied to the entry's backup name (a hard-link backup
//    would see the new bytes too) and fsynced with the temp files, and its
//    directory fsynced, before any target is switched;
// 2. the switch re-checks the target, then writes into it through its pinned
//    directory without following a symbolic link, checking it is still the
//    inode planned, truncates and fsyncs (Fs.writeInPlace);
// 3. undoing (rollback, recovery) writes the copy back into the same inode,
//    fsyncs, and only then removes the copy.
// Such a write is not atomic: a reader may see a partly written file and a
// crash may leave it torn. So the commit is never `single` (journal.ts): its
// journal is durable, and recovery writes the copy back into a target that
// does not hold the old content. A copy that does not match its recorded hash
// was cut short by the crash, so the write it guards had not begun.

import type { Mutation } from '../plan/planner.js';
import { imageOf, isImage } from '../platform/sha256.js';
import type { Entry, Fs, Stat } from '../types.js';
import type { InPlaceImage, JournalEntry, Namer } from './journal.js';
import { writtenMode } from './metadata.js';
import type { TempWrite } from './temp-files.js';

type FileEntry = Extract<Entry, { kind: 'file' }>;

/**
 * Is `m` written into its file's own inode: a regular file with other hard
 * links given new content, on an Fs that can, which this user may open for
 * writing? A read-only one is replaced as before (a rename needs only the
 * directory's permission), its other names keeping the old content.
 */
export function writesInPlace(fs: Fs, m: Mutation): boolean {
  const b = m.before;
  return (
    fs.writeInPlace !== undefined &&
    m.after !== null &&
    m.after.link === undefined &&
    b.kind === 'file' &&
    (b.links ?? 1) > 1 &&
    writable(b)
  );
}

/** Whether the permission bits let this user open the file for writing (root always may). */
function writable(f: FileEntry): boolean {
  const uid = process.geteuid?.();
  if (uid === undefined || uid === 0) return true;
  if (f.uid === undefined || f.uid === uid) return (f.mode & 0o200) !== 0;
  const inGroup = f.gid === process.getegid?.() || (f.gid !== undefined && (process.getgroups?.() ?? []).includes(f.gid));
  return (f.mode & (inGroup ? 0o020 : 0o002)) !== 0;
}

/** The journal entry of an in-place write: the copy at the backup name, the file's inode and mode, the copy's size and hash. */
export function inPlaceEntry(target: string, before: FileEntry, backup: string, post: JournalEntry['post']): JournalEntry {
  const inPlace = { identity: before.identity, mode: before.mode, ...imageOf(before.bytes) };
  return { target, op: 'replace', backup, inPlace, ...(post ? { post } : {}) };
}

/** The copy of the pre-image to write before the switch: readable by whoever could read the file, and by no one else. */
export function inPlaceCopy(m: Mutation, backup: string, owner: { uid: number; gid: number } | undefined): TempWrite {
  const before = m.before as FileEntry;
  return { tmp: backup, bytes: before.bytes, mode: before.mode & 0o777, owner };
}

/** Errors of a write that found another file, a symbolic link or a FIFO at the name, before writing anything. */
const REPLACED = new Set(['ECHANGED', 'ELOOP', 'ENXIO']);

/**
 * The switch of an in-place target (after switchOne's re-check): false when
 * something else took the name since, and nothing was written. `written`
 * gains the target once its write completed.
 */
export async function switchInPlace(
  fs: Fs,
  m: Mutation,
  img: InPlaceImage,
  target: string,
  touched: Set<string>,
  written: Set<string>,
): Promise<boolean> {
  // Counted as switched before the first byte: a write that fails halfway is undone from the copy.
  touched.add(m.abs);
  try {
    await fs.writeInPlace!(target, m.after!.bytes, { identity: img.identity, mode: writtenMode(m) ?? img.mode });
    // Written whole: from here, other bytes in this inode are another program's (a rollback keeps them).
    written.add(m.abs);
    return true;
  } catch (err) {
    const replaced = REPLACED.has((err as NodeJS.ErrnoException).code ?? '');
    // A write that failed before its first byte leaves nothing to undo, and the report says so.
    if (replaced || (await stillBefore(fs, target, img))) touched.delete(m.abs);
    if (!replaced) throw err;
    return false;
  }
}

/** Does the target still hold its pre-image, in its own inode and mode? False also when that cannot be read. */
async function stillBefore(fs: Fs, target: string, img: InPlaceImage): Promise<boolean> {
  try {
    const now = await fs.lstat(target);
    return now?.kind === 'file' && now.identity === img.identity && now.mode === img.mode && isImage(await fs.readFile(target), img);
  } catch {
    return false;
  }
}

/**
 * Recovery: was an in-place target replaced (or removed) by another program
 * after the crash? Then it stays as it is (journal.ts keepForeign). A copy
 * cut short means the commit never wrote there: not a foreign change.
 */
export async function replacedSince(fs: Fs, e: JournalEntry, img: InPlaceImage, name: Namer, target: Stat | null): Promise<boolean> {
  if (target?.kind === 'file' && target.identity === img.identity) return false;
  return isImage(await fs.readFile(name(e.backup!)), img);
}

/**
 * Undo an in-place entry: write the copy back into the same inode (never a
 * rename, which would split the links again), fsync, remove the copy. True
 * when the target had been changed and is back as it was; `switched` as in
 * journal.ts undo (undefined in recovery).
 */
export async function undoInPlace(
  fs: Fs,
  e: JournalEntry,
  img: InPlaceImage,
  name: Namer,
  switched: boolean | undefined,
): Promise<boolean> {
  const backup = name(e.backup!);
  if (!(await fs.lstat(backup))) return false;
  const copy = await fs.readFile(backup);
  // Never reached (in-process), or a copy cut short by a crash: the target was never written.
  if (switched === false || !isImage(copy, img)) {
    await fs.unlink(backup);
    return false;
  }
  const target = name(e.target);
  const now = await fs.lstat(target);
  // Another inode holds the name now: ours is out of reach by it, and the copy stays.
  if (now?.kind !== 'file' || now.identity !== img.identity) return false;
  const intact = now.mode === img.mode && isImage(await fs.readFile(target), img);
  if (!intact) {
    if (!fs.writeInPlace) throw new Error('this file system cannot write a file in place');
    await fs.writeInPlace(target, copy, img);
  }
  await fs.unlink(backup);
  // In recovery a target found intact had not been written yet.
  return switched === true || !intact;
}
