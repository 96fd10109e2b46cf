// One read of the world before anything is planned: every path the patch
// names is resolved against the root, checked for escapes, and read once
// (bytes, mode, kind, a link's target); the commit's re-check compares
// against it (`unchanged`). Envelope-wide preflight checks live here too: paths that
// overlap (`dir` and `dir/file`), or two names for one file (hard links),
// reject the whole patch before anything is written.

import type { LinesMemo } from './snapshot-lines.js';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ChordPatchError } from '../errors.js';
import type { DirPin, Entry, EntryKind, Fs } from '../types.js';
import { forEachBounded } from '../platform/bounded.js';
import { shownPath, spellings } from '../text/paths.js';
import { codePoint } from '../text/quote.js';
import { type ReservedOptions, reservedReason, unreadableReason } from '../config/reserved.js';

/** Files read at once while taking the snapshot (and revalidating before commit). */
export const READ_CONCURRENCY = 32;

export interface Snapshot {
  root: string;
  /** Keyed by absolute path. Paths outside the root are absent (never read). */
  entries: Map<string, Entry>;
  /** Absolute paths refused because they escape the root. */
  outside: Set<string>;
  /** The root's real path (symlinks resolved). */
  realRoot: string;
  /** What planning saw of each named path's parent directory (the commit re-checks it). */
  dirs: Map<string, PlannedDir>;
  /** Absolute paths no operation may touch (config/reserved.ts), with the reason. Never read. */
  reserved: Map<string, string>;
  /** Real locations of named paths whose directories hold symbolic links (absent: the path is its own real location). */
  reals: Map<string, string>;
  /** What it was told (a link's target is checked against the same rules as a path: plan/plan-links.ts). */
  options?: SnapshotOptions;
  /** The files' lines once decoded (plan/snapshot-lines.ts). */
  lines?: LinesMemo;
  /** What stands at each path a link target passes through (takeSnapshot's `probes`; plan/plan-links.ts). */
  probed?: Map<string, EntryKind>;
}

/** What the snapshot is told besides the paths: whether outside paths are allowed, and what is reserved. */
export interface SnapshotOptions extends ReservedOptions {
  allowOutside?: boolean;
  /** Nothing will be written (a read tool): only version-control directories are withheld (unreadableReason). */
  readOnly?: boolean;
  /** Files larger than this are not loaded: their entry is unreadable, saying why. */
  maxFileBytes?: number;
}

/**
 * A parent directory as planning saw it: its nearest existing directory
 * (itself, when it exists) with that one's real path and identity, and the
 * names still to create below it. The commit opens `existing` and refuses to
 * write when it is no longer the same directory at the same real place.
 */
export interface PlannedDir {
  existing: string;
  real: string;
  /** dev:ino of `existing`; absent when it could not be read. */
  identity?: string;
  /** Directory names to create below `existing`, outermost first. */
  missing: string[];
}

export interface PathRef {
  /** As written in the patch (trimmed). */
  raw: string;
  abs: string;
}

export function resolveRef(root: string, raw: string): PathRef {
  return { raw, abs: resolve(root, raw) };
}

export function isInside(root: string, abs: string): boolean {
  // A resolved path below the root's own spelling is inside: no relative()
  // per file (every named path is asked twice).
  if (abs.startsWith(root) && abs.length > root.length && (abs[root.length] === sep || root.endsWith(sep))) return true;
  const rel = relative(root, abs);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Throws overlapping_operations when two refs name nested paths. Two spellings
 * of one path (`a.txt`, `./a.txt`) resolve to one absolute path and are one
 * file to the planner: their sections chain like repeated sections.
 */
export function checkOverlaps(refs: readonly PathRef[]): void {
  const spelling = spellings(refs);
  // Directories whose ancestors (and themselves) were already checked: the
  // files of one directory walk up from it once, not once each.
  const walked = new Set<string>();
  for (const abs of spelling.keys()) {
    for (let d = dirname(abs), up = dirname(d); d !== up; d = up, up = dirname(d)) {
      if (spelling.has(d)) overlap(`"${spelling.get(d)}" contains "${spelling.get(abs)}"`);
      if (walked.has(d)) break;
      walked.add(d);
    }
  }
}

/** Throws overlapping_operations when two different paths are one file (hard links, or a symlinked directory on the way). */
export function checkSameFile(refs: readonly PathRef[], entries: Map<string, Entry>): void {
  const raw = new Map(refs.map((r) => [r.abs, r.raw]));
  const byIdentity = new Map<string, string>();
  for (const [abs, e] of entries) {
    if (!('identity' in e)) continue;
    const other = byIdentity.get(e.identity);
    if (other !== undefined) {
      // One link to the file: the two names meet through a symbolic link in a directory of the path, not a hard link.
      const how = 'links' in e && e.links === 1 ? 'through a symbolic link in the path' : 'hard links';
      overlap(`"${raw.get(other)}" and "${raw.get(abs)}" are the same file (${how})`);
    }
    byIdentity.set(e.identity, abs);
  }
}

/**
 * A NUL or a lone surrogate (a JSON `\udcff`) cannot be part of a file name:
 * the system call would refuse the first, and the second would be written
 * as U+FFFD, creating a file the patch did not name.
 */
function refuseUnnamable(refs: readonly PathRef[]): void {
  for (const { raw } of refs) {
    const bad = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(raw)?.[0];
    if (bad === undefined) continue;
    const what = bad === '\0' ? 'a NUL character' : `a lone surrogate (${codePoint(bad)})`;
    throw new ChordPatchError('bad_input', `${JSON.stringify(raw)}: a file name cannot hold ${what}; nothing was written`);
  }
}

function overlap(detail: string): never {
  throw new ChordPatchError(
    'overlapping_operations',
    `apply_patch contains overlapping operations: ${detail}; ` +
      'merge them into one operation (repeated "*** Update File:" sections for the exact same path are allowed)',
  );
}

export async function takeSnapshot(
  fs: Fs,
  root: string,
  refs: readonly PathRef[],
  options: SnapshotOptions = {},
  probes: readonly string[] = [],
): Promise<Snapshot> {
  const allowOutside = !!options.allowOutside;
  // Names first (nothing read yet), then identities (hard links) once read.
  refuseUnnamable(refs);
  checkOverlaps(refs);
  const entries = new Map<string, Entry>();
  const outside = new Set<string>();
  const reserved = new Map<string, string>();
  const reals = new Map<string, string>();
  const realRoot = await fs.realpath(root).catch(() => root);
  const unique = [...new Set(refs.map((r) => r.abs))];
  // One look-up per directory, not per file: a 1,000-file envelope names a
  // few dozen directories.
  const dirs = new Map<string, Promise<PlannedDir>>();
  const pins = new Map<string, Promise<DirPin | undefined>>();
  try {
    await forEachBounded(unique, READ_CONCURRENCY, async (abs) => {
      const dir = dirname(abs);
      let planned = dirs.get(dir);
      if (!planned) dirs.set(dir, (planned = planDir(fs, dir)));
      const { real: realDir, missing } = await planned;
      // An existing directory at its own real place: the file's real path is its path.
      const real = realDir === dir && missing.length === 0 ? abs : join(realDir, ...missing, basename(abs));
      if (!allowOutside && !(isInside(root, abs) && isInside(realRoot, real))) {
        outside.add(abs);
        return;
      }
      if (real !== abs) reals.set(abs, real);
      const why = options.readOnly
        ? (unreadableReason(below(root, abs), options) ?? unreadableReason(below(realRoot, real), options))
        : (reservedReason(below(root, abs), abs, options) ?? reservedReason(below(realRoot, real), real, options));
      if (why !== undefined) {
        reserved.set(abs, why);
        return;
      }
      // Read through the directory planning looked at, held open: one swapped for a link since never leads the read out.
      let pin = pins.get(dir);
      if (!pin) pins.set(dir, (pin = missing.length === 0 ? pinAt(fs, dir, realDir) : Promise.resolve(undefined)));
      const at = await pin.catch((e: Error) => e);
      if (at instanceof Error) {
        entries.set(abs, { kind: 'unreadable', error: at.message });
        return;
      }
      const entry = at
        ? named(await readEntry(fs, `${at.path}/${basename(abs)}`, options.maxFileBytes), at.path, dir)
        : await absentEntry(fs, abs);
      // Only planning needs to know why a missing path cannot be created, so
      // this walk stays out of readEntry (which the commit's revalidation reuses).
      let blockedBy: string | undefined;
      try {
        blockedBy = entry.kind === 'missing' ? await nonDirectoryAncestor(fs, abs) : undefined;
      } catch (e) {
        entries.set(abs, { kind: 'unreadable', error: (e as Error).message });
        return;
      }
      entries.set(abs, blockedBy === undefined ? entry : { kind: 'missing', blockedBy });
    });
  } finally {
    for (const pin of pins.values()) await pin.then((p) => p?.close()).catch(() => {});
  }
  const bad = [...entries].filter(([, e]) => e.kind === 'unreadable');
  if (bad.length > 0) {
    const list = bad.map(([abs, e]) => `${shownPath(root, abs)}: ${(e as { error: string }).error}`).join('; ');
    const what = options.readOnly ? 'cannot read' : 'cannot read the files the patch names, nothing was written';
    throw new ChordPatchError('unreadable_snapshot', `${what}: ${list}`);
  }
  checkSameFile(refs, entries);
  const planned = new Map<string, PlannedDir>();
  for (const [dir, p] of dirs) planned.set(dir, await p);
  // Only inside the root: a target that leaves it is refused by its name alone.
  const probed = new Map<string, EntryKind>();
  for (const p of new Set(probes)) if (isInside(root, p)) probed.set(p, (await fs.lstat(p).catch(() => null))?.kind ?? 'missing');
  return { root, entries, outside, realRoot, dirs: planned, reserved, reals, options, lines: new WeakMap(), probed };
}

/**
 * Where a named path really is, in the form permission rules match when it
 * differs from the spelling (a directory on its way is a symbolic link):
 * relative to the root's real location, or absolute when outside it.
 */
export function realSpelling(snapshot: Snapshot, abs: string): string | undefined {
  const real = snapshot.reals.get(abs);
  if (real === undefined) return undefined;
  const spelled = below(snapshot.root, abs);
  const located = below(snapshot.realRoot, real);
  return located === spelled ? undefined : located;
}

/** `abs` relative to `dir` when inside it, else `abs` itself. */
export function below(dir: string, abs: string): string {
  if (abs.length > dir.length && abs.startsWith(dir) && abs[dir.length] === sep) return abs.slice(dir.length + 1);
  return isInside(dir, abs) ? relative(dir, abs) : abs;
}

/** `dir`'s nearest existing ancestor (or itself): real path, identity, and what is missing below it. */
async function planDir(fs: Fs, dir: string): Promise<PlannedDir> {
  const missing: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    const s = await fs.lstat(d).catch(() => null);
    if (s || d === dirname(d)) {
      const real = await fs.realpath(d).catch(() => d);
      const target = real === d ? s : await fs.lstat(real).catch(() => null);
      return { existing: d, real, ...(target ? { identity: target.identity } : {}), missing: missing.reverse() };
    }
    missing.push(basename(d));
  }
}

function sameEntry(a: Entry, b: Entry): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'file' && b.kind === 'file') return a.mode === b.mode && Buffer.compare(a.bytes, b.bytes) === 0;
  if (a.kind === 'missing') return true;
  if (a.kind === 'symlink' && b.kind === 'symlink' && a.target !== b.target) return false;
  return 'mode' in a && 'mode' in b && a.mode === b.mode;
}

/**
 * Is the path (named as `name`) still what the snapshot saw? An I/O error is
 * thrown, not taken for a change: the report must say which it was.
 */
export async function unchanged(fs: Fs, name: string, before: Entry): Promise<boolean> {
  return (await unchangedIdentity(fs, name, before)) !== undefined;
}

/** `unchanged`, answered with the dev:ino of what it compared ('' for a path still missing), or undefined. */
export async function unchangedIdentity(fs: Fs, name: string, before: Entry): Promise<string | undefined> {
  if (before.kind === 'file' && fs.hasBytes) {
    const s = await fs.lstat(name);
    if (s === null || s.kind !== 'file' || s.mode !== before.mode) return undefined;
    try {
      return (await fs.hasBytes(name, before.bytes)) ? s.identity : undefined;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }
  const now = await readEntry(fs, name);
  if (now.kind === 'unreadable') throw new Error(now.error);
  return sameEntry(before, now) ? ('identity' in now ? now.identity : '') : undefined;
}

export async function readEntry(fs: Fs, abs: string, maxBytes = Number.POSITIVE_INFINITY): Promise<Entry> {
  try {
    const s = await fs.lstat(abs);
    if (!s) return { kind: 'missing' };
    if (s.kind === 'symlink' && fs.readlink) return { kind: s.kind, mode: s.mode, identity: s.identity, target: await fs.readlink(abs) };
    if (s.kind !== 'file') return { kind: s.kind, mode: s.mode, identity: s.identity };
    if (s.size !== undefined && s.size > maxBytes)
      return { kind: 'unreadable', error: `it is ${s.size} bytes, more than ${maxBytes} are read` };
    const { links, uid, gid } = s;
    // Optional fields set one by one: object spreads cost every file read.
    const entry: Entry = { kind: 'file', bytes: await fs.readFile(abs, s.identity), mode: s.mode, identity: s.identity };
    if (links !== undefined) entry.links = links;
    if (uid !== undefined && gid !== undefined) {
      entry.uid = uid;
      entry.gid = gid;
    }
    return entry;
  } catch (e) {
    return { kind: 'unreadable', error: (e as Error).message };
  }
}

/**
 * A path whose directory is missing (or no directory): nothing is read by its name, which could follow whatever
 * appeared there since; it is only looked at, to be sure it is still absent.
 */
async function absentEntry(fs: Fs, abs: string): Promise<Entry> {
  try {
    return (await fs.lstat(abs)) === null ? { kind: 'missing' } : { kind: 'unreadable', error: `${abs} appeared while it was being read` };
  } catch (e) {
    return { kind: 'unreadable', error: (e as Error).message };
  }
}

/** `dir` held open, refused when it is no longer at the real place planning saw (`real`); undefined when it is no directory. */
async function pinAt(fs: Fs, dir: string, real: string): Promise<DirPin | undefined> {
  let pin: DirPin;
  try {
    pin = await fs.pinDir(dir, false);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR' || code === 'ENOENT') return undefined;
    throw e;
  }
  if (pin.real !== real) {
    await pin.close().catch(() => {});
    throw new Error(`its directory ${dir} changed while it was being read (it is now at ${pin.real})`);
  }
  return pin;
}

/** An entry read through a pinned directory, its error naming the directory as the patch does. */
function named(entry: Entry, pinPath: string, dir: string): Entry {
  return entry.kind === 'unreadable' ? { ...entry, error: entry.error.split(pinPath).join(dir) } : entry;
}

/** The nearest existing ancestor of a missing path when it is not a directory. */
async function nonDirectoryAncestor(fs: Fs, abs: string): Promise<string | undefined> {
  for (let d = dirname(abs); d !== dirname(d); d = dirname(d)) {
    const s = await fs.lstat(d);
    if (s) return s.kind === 'dir' ? undefined : d;
  }
  return undefined;
}
