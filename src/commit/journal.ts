// The commit journal: what a commit is about to do, written and fsynced
// before the first visible change, so that a commit killed halfway (kill -9,
// power loss) can be rolled back by the next run or `chord-patch recover`.
//
// It holds names, not bytes: a replaced file's pre-image is kept as a hard
// link (`backup`) until the commit is done, and a deleted file is renamed to
// its backup name rather than unlinked. Undoing is renaming backups back,
// which costs no space and works on a full disk. The journal is renamed to
// `done-<id>` once every rename is durable (the commit point); after that an
// interrupted run only has leftovers to remove, never changes to undo.
//
// Between a crash and its recovery another program may change a target (an
// editor saving over the new content, a file created where one was deleted).
// Recovery would then overwrite that work with the pre-image. So each entry
// records its post-image (size and SHA-256): a target holding anything but
// the commit's own content is left as it is, and the pre-image is kept beside
// it under a visible name (`<name>.chord-patch-orig`); the report says both.
//
// A journal is signed, and recovery acts only on one that verifies and
// belongs to the tree it sits in (commit/journal-file.ts).
//
// A `single` journal (one file replaced or added, commit.ts) is not undone:
// its one switch is atomic, so whatever the target holds is whole, and
// recovery leaves it as it is and removes the side files. Which content the
// target holds is read from those side files (`singleSwitched`), so no hash is
// needed. Such a journal is not fsynced: a power cut can lose it, which
// leaves at most a stray `.chord-patch-<id>-0.tmp` or `.old` beside the
// target, never a wrong one.

import { dirname, join } from 'node:path';
import { errno } from '../platform/regular.js';
import { type Image, imageOf, isImage } from '../platform/sha256.js';
import type { Fs } from '../types.js';

export interface JournalEntry {
  /** Absolute path of the file the commit changes. */
  target: string;
  /** create: nothing was there; replace: a file was; delete: the file goes. */
  op: 'create' | 'replace' | 'delete';
  /** Temp file with the new content (create, replace). */
  tmp?: string;
  /** Second name of the pre-image (replace, delete). */
  backup?: string;
  /** What the commit writes there (create, replace): a target holding anything else after a crash is not the commit's. */
  post?: Image;
}

/** What another program did to a target after an interrupted commit, by what the commit did to it. */
const CHANGED_SINCE: { readonly [Op in JournalEntry['op']]: string } = {
  create: 'the file the commit created was changed',
  replace: 'it no longer holds what the commit wrote',
  delete: 'a file was created where the commit had deleted one',
};

export interface Journal {
  version: 2;
  id: string;
  pid: number;
  /** The root as the run named it; every path below lies inside it. */
  root: string;
  /** The root's real path and dev:ino when the commit began: a moved or copied tree no longer matches (journal-file.ts). */
  realRoot: string;
  rootId: string;
  /** Directories the commit creates, outermost first. */
  dirs: string[];
  entries: JournalEntry[];
  /** One file replaced or added and no directory created: settled, never undone (see the header). */
  single?: boolean;
}

/** Names of a commit's own files beside a target: short, so a 255-byte file name still fits. */
export function sideNames(target: string, id: string, n: number): { tmp: string; backup: string } {
  const base = join(dirname(target), `.chord-patch-${id}-${n.toString(36)}`);
  return { tmp: `${base}.tmp`, backup: `${base}.old` };
}

export const journalName = (id: string) => `journal-${id}.json`;
/**
 * A journal being written, named with its writer's pid: renamed to
 * journalName once whole, so a journal is never cut short. A part file
 * whose writer is gone is removed by recovery: no side file exists before
 * the rename, so its commit never began.
 */
export const partName = (id: string) => `part-${process.pid}-${id}.json`;
/** The writer of a part file, or undefined for any other name. */
export const partWriter = (name: string): number | undefined => {
  const m = /^part-(\d+)-[a-z0-9]+\.json$/.exec(name);
  return m ? Number(m[1]) : undefined;
};
export const doneName = (id: string) => `done-${id}.json`;

/** What undoing (or finishing) a commit left on disk. */
export interface UndoResult {
  /** Targets back to their content before the commit. */
  restored: string[];
  /** Targets that still hold the commit's content (or are still deleted, or still created). */
  notRestored: string[];
  /** The commit's own files or directories that could not be removed. */
  leftovers: string[];
  /** Recovery only: targets another program changed after the crash, left as they are (with where the pre-image went). */
  kept: string[];
}

/** Maps a path to the name to use for it (through a pinned directory during a commit; itself in recovery). */
export type Namer = (abs: string) => string;

/** Unlink `path`; when it stays (anything but ENOENT), `shown` joins `leftovers`, so the report names it. */
export async function remove(fs: Fs, path: string, leftovers: string[], shown: string): Promise<void> {
  try {
    await fs.unlink(path);
  } catch (e) {
    if (errno(e) !== 'ENOENT') leftovers.push(shown);
  }
}

/**
 * Roll a commit back to its pre-commit state from what is on disk: every
 * backup renamed back over its target, every file the commit created (its
 * temp file is still a second name of it) removed, temp files and created
 * directories removed. `touched` limits the report to targets the commit got
 * to (in recovery, every target with a backup counts).
 */
export async function undo(fs: Fs, j: Journal, name: Namer, touched?: ReadonlySet<string>): Promise<UndoResult> {
  const out: UndoResult = { restored: [], notRestored: [], leftovers: [], kept: [] };
  for (const e of [...j.entries].reverse()) {
    // In-process the commit knows which targets it switched; recovery does not (undefined).
    const switched = touched ? touched.has(e.target) : undefined;
    try {
      // Before anything else: a file a swap displaced and could not put back is another program's (or cannot be told);
      // a target the commit knows it never switched has only its own temp file there.
      const displaced = switched !== false ? await keepDisplaced(fs, e, name) : undefined;
      if (displaced !== undefined) out.kept.push(displaced);
      // A target another program wrote after its switch holds that program's work, which a rollback must not replace either.
      const foreign = switched !== false ? await keepForeign(fs, e, name, switched === true) : undefined;
      if (foreign !== undefined) {
        out.kept.push(foreign);
        if (e.tmp) await remove(fs, name(e.tmp), out.leftovers, e.tmp);
        continue;
      }
      if (await undoEntry(fs, e, name, switched)) out.restored.push(e.target);
      else if (switched) out.notRestored.push(e.target);
    } catch {
      // Could not even look: a target this commit may have changed is reported as not restored.
      if (switched !== false) out.notRestored.push(e.target);
      // Both side files stay for the next try: a created file is known as the commit's only by its temp file's second name.
      out.leftovers.push(...[e.backup, e.tmp].filter((f) => f !== undefined));
      continue;
    }
    if (e.tmp) await remove(fs, name(e.tmp), out.leftovers, e.tmp);
  }
  for (const d of [...j.dirs].reverse()) {
    try {
      await fs.rmdir(name(d));
    } catch (e) {
      // Not empty: something that is not this commit's lives there now.
      if (errno(e) !== 'ENOENT' && errno(e) !== 'ENOTEMPTY' && errno(e) !== 'EEXIST') out.leftovers.push(d);
    }
  }
  return out;
}

/** SHA-256 and size of what a commit writes, for its journal entry. */
export const postImage = imageOf;

/** Whether the target holds the commit's content: a file's bytes, or a link's own target (read, never followed). */
async function holdsPostImage(fs: Fs, path: string, post: Image): Promise<boolean> {
  const s = await fs.lstat(path);
  let bytes: Uint8Array;
  if (s?.kind === 'symlink' && fs.readlink) bytes = Buffer.from(await fs.readlink(path), 'utf8');
  else if (s?.kind === 'file') bytes = await fs.readFile(path);
  else return false;
  return isImage(bytes, post);
}

/**
 * Has another program changed this target since the crash (recovery) or since
 * its switch (a rollback, `afterSwitch`)? Then the target stays as it is, the
 * pre-image (if any) is moved to a visible name beside it, and the
 * description is returned; undefined otherwise.
 */
async function keepForeign(fs: Fs, e: JournalEntry, name: Namer, afterSwitch: boolean): Promise<string | undefined> {
  const target = await fs.lstat(name(e.target));
  if (!target) return undefined;
  const backup = e.backup ? await fs.lstat(name(e.backup)) : null;
  if (e.op === 'delete') {
    // The file was renamed to its backup; a file at the target now is someone else's.
    if (!backup) return undefined;
  } else if (e.op === 'replace') {
    // Not switched yet (the backup is the target's second name), or switched and untouched since.
    if (!backup || backup.identity === target.identity || !e.post) return undefined;
    if (await holdsPostImage(fs, name(e.target), e.post)) return undefined;
  } else {
    const tmp = e.tmp ? await fs.lstat(name(e.tmp)) : null;
    // Only a target that is still the commit's temp file's second name was created by it; after a known switch, any other is foreign.
    if (!tmp || tmp.identity !== target.identity) {
      if (!afterSwitch) return undefined;
    } else if (!e.post || (await holdsPostImage(fs, name(e.target), e.post))) return undefined;
  }
  const what = CHANGED_SINCE[e.op];
  const when = afterSwitch ? 'after chord-patch wrote it' : 'after the interruption';
  const kept = `${e.target}: changed by another program ${when} (${what}); kept as it is`;
  if (!backup) return kept;
  return `${kept}, and its content from before the commit is in ${await moveAside(fs, name, e.backup!, `${e.target}.chord-patch-orig`)}`;
}

/** Rename `from` to the visible name `to` if nothing is there; returns where the file now is. */
async function moveAside(fs: Fs, name: Namer, from: string, to: string): Promise<string> {
  try {
    if (await fs.lstat(name(to))) return from;
    await fs.rename(name(from), name(to));
    return to;
  } catch {
    return from;
  }
}

/**
 * A replace whose temp name holds neither the commit's new content nor its
 * backup's file: another program's file, which the commit's swap displaced
 * and a kill or a failure kept it from swapping back (commit.ts). It is moved
 * to a visible name beside the target and the description returned; removing
 * it as a side file would lose it. Without a post-image (a single-file
 * journal) such a file and the commit's own content cannot be told apart once
 * the target is no longer the backup's file: the temp name's is kept all the
 * same. Undefined for every other state.
 */
export async function keepDisplaced(fs: Fs, e: JournalEntry, name: Namer): Promise<string | undefined> {
  if (e.op !== 'replace' || !e.tmp || !e.backup) return undefined;
  const [tmp, backup, target] = await Promise.all([fs.lstat(name(e.tmp)), fs.lstat(name(e.backup)), fs.lstat(name(e.target))]);
  if (!tmp || !backup || tmp.identity === backup.identity) return undefined;
  if (e.post ? await holdsPostImage(fs, name(e.tmp), e.post) : !target || target.identity === backup.identity) return undefined;
  const where = await moveAside(fs, name, e.tmp, `${e.target}.chord-patch-other`);
  const what = e.post
    ? 'another program renamed its file into place as the commit switched it; that file'
    : 'another program renamed its file into place as the commit switched it, or it holds ' +
      "chord-patch's new content (which of the two cannot be told after the interruption); the other";
  return `${e.target}: ${what} is kept in ${where}`;
}

/** Undo one entry; true when its target was changed and is back as it was. */
async function undoEntry(fs: Fs, e: JournalEntry, name: Namer, switched: boolean | undefined): Promise<boolean> {
  const target = name(e.target);
  if (e.op === 'create') {
    if (switched === false || !e.tmp) return false;
    const [t, tmp] = await Promise.all([fs.lstat(target), fs.lstat(name(e.tmp))]);
    // Only a file that is still our temp file's second name is ours to remove.
    if (!t || !tmp || t.identity !== tmp.identity) return false;
    await fs.unlink(target);
    return true;
  }
  if (!e.backup) return false;
  const [t, backup] = await Promise.all([fs.lstat(target), fs.lstat(name(e.backup))]);
  if (!backup) return false;
  if ((t && t.identity === backup.identity) || (switched === false && e.op === 'replace')) {
    // The backup is still a second name of the target, or the commit knows it never switched (the target, if changed,
    // is another program's): only the backup goes.
    await fs.unlink(name(e.backup));
    return false;
  }
  await fs.rename(name(e.backup), target);
  return switched !== false;
}

/** After the commit point: remove backups and temp files; the new content stays. */
export async function finishCommitted(fs: Fs, j: Journal, name: Namer): Promise<string[]> {
  const leftovers: string[] = [];
  for (const e of j.entries) {
    if (e.backup) await remove(fs, name(e.backup), leftovers, e.backup);
    // A replaced file's temp file became the target, or, swapped, names the backup's file; a created file's is its second name.
    if (e.tmp) await remove(fs, name(e.tmp), leftovers, e.tmp);
  }
  return leftovers;
}

/**
 * Whether an interrupted `single` journal's one switch happened, read from
 * its side files. A replace links its backup before renaming (or swapping)
 * the temp file into the target, so the switch happened exactly when the
 * backup is there and the temp file is gone (or names the backup's file, after a
 * swap); an add links the temp file to the target, so it
 * happened exactly when the target is still the temp file's second name.
 * Removing either side file erases that evidence, so recovery marks a
 * switched journal done before it removes them (recover.ts).
 */
export async function singleSwitched(fs: Fs, j: Journal, name: Namer): Promise<boolean> {
  const e = j.entries[0]!;
  const [target, tmp, backup] = await Promise.all([
    fs.lstat(name(e.target)),
    e.tmp ? fs.lstat(name(e.tmp)) : null,
    e.backup ? fs.lstat(name(e.backup)) : null,
  ]);
  if (e.op === 'create') return tmp !== null && target !== null && tmp.identity === target.identity;
  return backup !== null && (tmp === null || tmp.identity === backup.identity);
}
