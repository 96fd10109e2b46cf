// Committing a plan, so that every run ends with either the whole commit on
// disk or none of it, even when another process, a fault or a kill interferes.
//
// 1. Pin every parent directory and check it is the one planning saw
//    (commit/pins.ts): a directory swapped for a symlink is never followed.
// 2. Write the journal (commit/journal.ts) and fsync it: from here a crash is
//    undone by the next run. Then create missing directories.
// 3. Write every new content to a temp file beside its target (mode and
//    owner set), then fsync them all; only once every temp file is durable
//    switch the targets, each in turn: re-check that the target is still
//    what the snapshot saw (a foreign change aborts as "changed after
//    planning"), keep the old content as a hard-link backup, rename the temp
//    over the target (Add: link, which never replaces a file that appeared
//    meanwhile). A failed write or fsync thus leaves every target untouched.
//    A file with other hard links is replaced too, as git apply and GNU
//    patch replace it: its other names, which may be anywhere (.git/config,
//    outside the root), keep the old content.
//    Deletions last (renamed to their backup), so a move never loses content.
// 4. fsync the directories, mark the journal done (the commit point), remove
//    backups, temp files and the journal.
// On any failure or SIGINT/SIGTERM: undo from the journal, and report exactly
// what could not be restored (`rollback_failed`).
//
// A commit of exactly one file (replaced or added, no directory to create)
// has one switch, a rename or a link, which is atomic:
// the target holds its old or its new content whole at every moment. Its
// journal only names the side files for the next run to remove, so it is
// written without fsync, carries no post-image hash, and its done mark is
// not fsynced either: three fsyncs and a SHA-256 of the new content fewer on
// the commonest commit (see `single` in journal.ts for how it is
// recovered). The temp file and the target's directory are fsynced as in
// every commit.

import { join, sep } from 'node:path';
import type { Fs, Note } from '../types.js';
import { forEachBounded } from '../platform/bounded.js';
import {
  doneName,
  finishCommitted,
  type Journal,
  type JournalEntry,
  journalName,
  partName,
  postImage,
  remove,
  sideNames,
  undo,
} from './journal.js';
import { shownPath } from '../text/paths.js';
import { uniqueId } from './lock.js';
import { Pins, Refused } from './pins.js';
import type { Mutation } from '../plan/planner.js';
import { deferSignals, type DeferredSignals } from './signals.js';
import { metadataNotes, ownerOf, writtenMode } from './metadata.js';
import { type PlannedDir, unchanged, unchangedIdentity } from '../plan/snapshot.js';
import { createLinks, writeTempsDurably } from './temp-files.js';
import { type JournalSetup, signJournal } from './journal-file.js';
import { errno } from '../platform/regular.js';

export interface CommitContext {
  root: string;
  /** What planning saw of each parent directory. */
  dirs: ReadonlyMap<string, PlannedDir>;
  /** Check that pinned directories are the planned ones (off with --allow-outside). */
  confine: boolean;
  /** Where and how to write the journal (the locked state directory); none: no journal. */
  journal?: JournalSetup;
}

/** What is on disk after a rollback that did not fully succeed (display paths). */
export interface DiskState {
  newContent: string[];
  restored: string[];
  leftovers: string[];
}

export type CommitResult =
  | { ok: true; notes: Note[] }
  | {
      ok: false;
      code: 'changed_after_planning' | 'write_failed' | 'interrupted' | 'rollback_failed';
      message: string;
      paths: string[];
      disk?: DiskState;
    };

/** Targets the commit switched. */
interface Switched {
  touched: Set<string>;
}

type Failure = { code: 'changed_after_planning' | 'write_failed' | 'interrupted'; path: string; why: string };

/**
 * File-system calls in flight at once (writes, fsyncs, switches): fsyncs in
 * flight together share the disk's flushes, so more than the pool's default
 * (bench/house.md has the figure for 32 against 8).
 */
const WRITE_CONCURRENCY = 32;

export async function commitPlan(fs: Fs, mutations: readonly Mutation[], ctx: CommitContext): Promise<CommitResult> {
  const pins = new Pins(fs, ctx.root, ctx.confine);
  const signals = deferSignals();
  try {
    return await commitPinned(fs, mutations, ctx, pins, signals);
  } finally {
    await pins.close();
    signals.release();
  }
}

const show = (ctx: CommitContext, abs: string) => shownPath(ctx.root, abs);

async function commitPinned(
  fs: Fs,
  mutations: readonly Mutation[],
  ctx: CommitContext,
  pins: Pins,
  signals: DeferredSignals,
): Promise<CommitResult> {
  const parents = new Set(mutations.map((m) => join(m.abs, '..')));
  let toCreate: string[];
  try {
    toCreate = await pins.prepare([...ctx.dirs].filter(([d]) => parents.has(d)));
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    const message = `changed after planning: ${e.message}; nothing was written; retry against the current tree`;
    return { ok: false, code: 'changed_after_planning', message, paths: mutations.map((m) => m.path) };
  }
  const id = uniqueId();
  const single = mutations.length === 1 && toCreate.length === 0 && mutations[0]!.after !== null;
  const entries: JournalEntry[] = mutations.map((m, i) => {
    const { tmp, backup } = sideNames(m.abs, id, i);
    // The post-image lets recovery tell the commit's own content from a later foreign change (journal.ts).
    const post = m.after && ctx.journal && !single ? postImage(m.after.bytes) : undefined;
    // A link is replaced like a file: link(2) backs it up without following it.
    if (m.before.kind !== 'file' && m.before.kind !== 'symlink') return { target: m.abs, op: 'create', tmp, ...(post ? { post } : {}) };
    return m.after ? { target: m.abs, op: 'replace', tmp, backup, ...(post ? { post } : {}) } : { target: m.abs, op: 'delete', backup };
  });
  const { real: realRoot, id: rootId } = ctx.journal?.root ?? { real: ctx.root, id: '' };
  const journal: Journal = {
    version: 2,
    id,
    pid: process.pid,
    root: ctx.root,
    realRoot,
    rootId,
    dirs: toCreate,
    entries,
    ...(single ? { single } : {}),
  };
  const journalPath = ctx.journal ? join(ctx.journal.dir, journalName(id)) : undefined;
  if (journalPath && ctx.journal) {
    try {
      await writeJournal(fs, ctx.journal.dir, id, signJournal(journal, ctx.journal.key), !single);
    } catch (e) {
      await fs.unlink(join(ctx.journal.dir, partName(id))).catch(() => {});
      await fs.unlink(journalPath).catch(() => {});
      return {
        ok: false,
        code: 'write_failed',
        message: `cannot write the commit journal ${journalPath}: ${(e as Error).message}; nothing was written`,
        paths: [],
      };
    }
  }
  const touched = new Set<string>();
  const failure =
    (await createDirs(toCreate, pins)) ??
    (await writeAndSwitch(fs, mutations, entries, pins, signals, { touched })) ??
    (await makeDurable(fs, ctx, journalPath, id, pins, !single));
  if (failure) return rollBack(fs, ctx, { journal, mutations }, journalPath, pins, { touched }, failure);
  // Past the commit point: what is left is cleaning up, never undoing.
  const leftovers = await finishCommitted(fs, journal, pins.name);
  if (ctx.journal) await removeJournal(fs, join(ctx.journal.dir, doneName(id)), leftovers);
  return { ok: true, notes: commitNotes(ctx, mutations, leftovers) };
}

/**
 * fsync every directory written in, then mark the journal done and make that
 * durable (`durableMark`; a single-file commit's mark need not be): the
 * commit point. A failure here still rolls back (the backups exist until the
 * commit point), with the journal under its undo name.
 */
async function makeDurable(
  fs: Fs,
  ctx: CommitContext,
  journalPath: string | undefined,
  id: string,
  pins: Pins,
  durableMark: boolean,
): Promise<Failure | undefined> {
  let renamed = false;
  try {
    await pins.sync();
    if (!journalPath || !ctx.journal) return undefined;
    await fs.rename(journalPath, join(ctx.journal.dir, doneName(id)));
    renamed = true;
    if (durableMark) await syncDir(fs, ctx.journal.dir);
    return undefined;
  } catch (e) {
    if (renamed && journalPath && ctx.journal) await fs.rename(join(ctx.journal.dir, doneName(id)), journalPath).catch(() => {});
    return { code: 'write_failed', path: ctx.root, why: `cannot make the commit durable: ${(e as Error).message}` };
  }
}

/** A journal with nothing left to act on goes; one that stays is a leftover the report names (a later run would act on it). */
const removeJournal = (fs: Fs, path: string, leftovers: string[]) => remove(fs, path, leftovers, path);

/** The journal written whole under its part name, then renamed into place (journal.ts partName says why). */
async function writeJournal(fs: Fs, dir: string, id: string, bytes: Uint8Array, durable: boolean): Promise<void> {
  const part = join(dir, partName(id));
  await fs.writeTemp(part, bytes, 0o600, undefined, durable);
  await fs.rename(part, join(dir, journalName(id)));
  if (durable) await syncDir(fs, dir);
}

async function syncDir(fs: Fs, dir: string): Promise<void> {
  const pin = await fs.pinDir(dir, false);
  try {
    await pin.sync();
  } finally {
    await pin.close();
  }
}

/**
 * The cause of a failed call, without the paths Node appends (through a pin
 * they read /proc/self/fd/N/…, which means nothing to the reader).
 */
function errorText(e: unknown): string {
  const { code, message } = e as NodeJS.ErrnoException;
  if (code === 'EEXIST') return 'a file appeared at that path after planning';
  return code && message.startsWith(`${code}: `)
    ? message.replace(/, (open|rename|link|unlink|mkdir|rmdir|fsync|write|close|fchmod|fchown|lstat|read) .*$/, '')
    : message;
}

/** Create the missing directories, outermost first, through their parents' pins. */
async function createDirs(toCreate: readonly string[], pins: Pins): Promise<Failure | undefined> {
  for (const dir of toCreate) {
    try {
      await pins.create(dir);
    } catch (e) {
      return { code: 'write_failed', path: dir, why: errorText(e) };
    }
  }
  return undefined;
}

/**
 * Write every new content to its temp file and make them all durable, then
 * switch the targets; deletions last, one by one, so a move never loses
 * content. The first failure stops every step not yet begun, and one met
 * while writing leaves every target untouched.
 */
async function writeAndSwitch(
  fs: Fs,
  mutations: readonly Mutation[],
  entries: JournalEntry[],
  pins: Pins,
  signals: DeferredSignals,
  switched: Switched,
): Promise<Failure | undefined> {
  const state: { failure?: Failure } = {};
  const stopped = (m: Mutation): boolean => {
    const sig = signals.caught();
    if (sig) state.failure ??= { code: 'interrupted', path: m.path, why: `interrupted by ${sig}` };
    return state.failure !== undefined;
  };
  const pairs = mutations.map((m, i) => [m, entries[i]!] as const);
  const writes = pairs.filter(([m]) => m.after);
  const links = writes
    .filter(([m]) => m.after!.link !== undefined)
    .map(([m, e]) => ({ m, tmp: pins.name(e.tmp!), target: m.after!.link! }));
  const badLink = await createLinks(fs, links, ({ m }) => stopped(m));
  if (badLink)
    return { code: 'write_failed', path: badLink.item.m.path, why: `cannot create the symbolic link: ${errorText(badLink.error)}` };
  const temps = writes.filter(([m]) => m.after!.link === undefined).map(([m, e]) => tempOf(m, pins.name(e.tmp!), pins));
  const failed = await writeTempsDurably(fs, temps, WRITE_CONCURRENCY, ({ m }) => stopped(m));
  if (failed) state.failure ??= { code: 'write_failed', path: failed.item.m.path, why: errorText(failed.error) };
  await forEachBounded(
    writes,
    WRITE_CONCURRENCY,
    async ([m, e]) => void (stopped(m) || (await switchOne(fs, m, e, pins, switched, state))),
    () => state.failure !== undefined,
  );
  for (const [m, e] of pairs.filter(([m]) => !m.after)) {
    if (stopped(m)) break;
    await switchOne(fs, m, e, pins, switched, state);
  }
  return state.failure;
}

/** The temp file of a new content: its mode, owner and extended attributes those of the file it replaces. */
function tempOf(m: Mutation, tmp: string, pins: Pins) {
  const xattrsFrom = m.before.kind === 'file' ? pins.name(m.abs) : undefined;
  return { m, tmp, bytes: m.after!.bytes, mode: writtenMode(m), owner: ownerOf(m), xattrsFrom };
}

/** Re-check one target and switch it to its new content (or to its backup name, for a deletion). */
async function switchOne(
  fs: Fs,
  m: Mutation,
  e: JournalEntry,
  pins: Pins,
  { touched }: Switched,
  state: { failure?: Failure },
): Promise<void> {
  const target = pins.name(m.abs);
  const changed = (why: string) => void (state.failure ??= { code: 'changed_after_planning', path: m.path, why });
  try {
    // Its directory, moved since it was pinned, would take the write wherever it went.
    try {
      await pins.recheck(m.abs);
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      return changed(`its directory changed: ${err.message}`);
    }
    if (e.op === 'create') {
      if (!(await unchanged(fs, target, m.before))) return changed(CHANGED);
      await fs.link(pins.name(e.tmp!), target);
      touched.add(m.abs);
      return;
    }
    // The file the switch takes away is checked once it has its backup name, which no other program writes:
    // a foreign write since the snapshot, even one an instant before, is then never overwritten.
    const backup = pins.name(e.backup!);
    if (e.op === 'delete') {
      if (!(await changedIfFails(fs, () => fs.rename(target, backup), target, m.before))) return changed(CHANGED);
      touched.add(m.abs);
      if (await unchanged(fs, backup, m.before)) return;
      // Another program's file goes back (the rollback removes its second name); if a file took its place meanwhile,
      // the rollback keeps both.
      await fs.link(backup, target).then(
        () => touched.delete(m.abs),
        () => {},
      );
      return changed(CHANGED);
    }
    if (!(await changedIfFails(fs, () => fs.link(target, backup), target, m.before))) return changed(CHANGED);
    const kept = await unchangedIdentity(fs, backup, m.before);
    if (kept === undefined) return changed(CHANGED);
    if (!(await replaceKept(fs, pins.name(e.tmp!), target, kept, touched, m.abs))) changed(CHANGED);
  } catch (err) {
    state.failure ??= { code: 'write_failed', path: m.path, why: errorText(err) };
  }
}

const CHANGED = 'it changed on disk after planning';

/**
 * Run the step that gives the target its backup name; false when it failed
 * because the target is no longer what planning saw (link(2) answers ENOENT
 * while another program renames a file over it, EPERM once a directory took
 * its place): a change, not a failed write. Any other failure is thrown.
 */
async function changedIfFails(fs: Fs, step: () => Promise<void>, target: string, before: Mutation['before']): Promise<boolean> {
  try {
    await step();
    return true;
  } catch (err) {
    if (errno(err) === 'ENOENT' || !(await unchanged(fs, target, before).catch(() => true))) return false;
    throw err;
  }
}

/**
 * Switch `target` to the temp file's content if the file there is still
 * `kept` (the backup's dev:ino); false, with the target left as it is,
 * otherwise. A swap shows which file left: one another program renamed into
 * place since is swapped back. Without a swap, the rename follows a last look
 * at the target.
 */
async function replaceKept(fs: Fs, tmp: string, target: string, kept: string, touched: Set<string>, abs: string): Promise<boolean> {
  if (fs.exchange && (await fs.exchange(tmp, target))) {
    touched.add(abs);
    if ((await fs.lstat(tmp))?.identity === kept) return true;
    await fs.exchange(tmp, target);
    touched.delete(abs);
    return false;
  }
  if ((await fs.lstat(target))?.identity !== kept) return false;
  await fs.rename(tmp, target);
  touched.add(abs);
  return true;
}

async function rollBack(
  fs: Fs,
  ctx: CommitContext,
  { journal, mutations }: { journal: Journal; mutations: readonly Mutation[] },
  journalPath: string | undefined,
  pins: Pins,
  { touched }: Switched,
  f: Failure,
): Promise<CommitResult> {
  // A switched target's post-image tells the commit's own content from another program's later write; the journal may lack it.
  const entries = journal.entries.map((e, i) => {
    const after = mutations[i]!.after;
    return e.post || !after || !touched.has(e.target) ? e : { ...e, post: postImage(after.bytes) };
  });
  // Only directories actually created are this commit's to remove.
  const result = await undo(fs, { ...journal, entries, dirs: pins.created }, pins.name, touched);
  const lead =
    f.code === 'changed_after_planning'
      ? `changed after planning: ${show(ctx, f.path) || f.path} ${f.why}`
      : f.code === 'interrupted'
        ? `${f.why} during the commit`
        : `write failed for ${show(ctx, f.path) || f.path}: ${f.why}`;
  const paths = [f.path];
  const disk: DiskState = {
    newContent: result.notRestored.map((x) => show(ctx, x)),
    restored: result.restored.map((x) => show(ctx, x)),
    leftovers: result.leftovers.map((x) => show(ctx, x)),
  };
  const kept = result.kept.map((k) => k.split(`${journal.root}${sep}`).join(''));
  if (result.notRestored.length === 0) {
    // Only leftovers (or nothing) remain: the journal has nothing more to undo.
    if (journalPath) await removeJournal(fs, journalPath, result.leftovers);
    if (ctx.journal) await removeJournal(fs, join(ctx.journal.dir, doneName(journal.id)), result.leftovers);
    disk.leftovers = result.leftovers.map((x) => show(ctx, x));
    const r = result.restored.length;
    const undone = r > 0 ? `the ${r} file${r === 1 ? '' : 's'} already switched in this commit ${r === 1 ? 'was' : 'were'} restored; ` : '';
    const outcome = kept.length > 0 ? `NOT restored, to keep another program's later change: ${kept.join('; ')}` : 'no file was changed';
    const left =
      disk.leftovers.length > 0
        ? `; but chord-patch could not remove its own temporary files and directories: ${disk.leftovers.join(', ')}`
        : '';
    return {
      ok: false,
      code: f.code,
      message: `${lead}; ${undone}${outcome}${left}`,
      paths,
      ...(disk.leftovers.length > 0 || kept.length > 0 ? { disk } : {}),
    };
  }
  const message =
    `${lead}; restoring the files already written ALSO FAILED. ` +
    `Files holding the NEW content (not restored): ${disk.newContent.join(', ')}. ` +
    `Files restored to their previous content: ${disk.restored.join(', ') || 'none'}.` +
    (kept.length > 0 ? ` NOT restored, to keep another program's later change: ${kept.join('; ')}.` : '') +
    (disk.leftovers.length > 0 ? ` Leftover temporary files: ${disk.leftovers.join(', ')}.` : '') +
    (journalPath
      ? ` The journal ${journalPath} is kept: \`chord-patch recover\` (or the next run in this directory) retries the restore.`
      : '');
  return { ok: false, code: 'rollback_failed', message, paths: result.notRestored, disk };
}

function commitNotes(ctx: CommitContext, mutations: readonly Mutation[], leftovers: string[]): Note[] {
  const notes: Note[] = [];
  for (const m of mutations) notes.push(...metadataNotes(m));
  if (leftovers.length > 0) {
    const names = leftovers.map((x) => show(ctx, x)).join(', ');
    notes.push({ code: 'info', message: `could not remove chord-patch's temporary files (an append-only directory?): ${names}` });
  }
  return notes;
}
