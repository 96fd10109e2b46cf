// One read of the world before anything is planned: every path the patch
// names is resolved against the root, checked for escapes, and read once
// (bytes, mode, kind). Envelope-wide preflight checks live here too: paths that
// overlap (`dir` and `dir/file`), or two names for one file, reject the whole
// patch before anything is written.

import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ChordPatchError } from '../errors.js';
import type { Entry, Fs } from '../types.js';

export interface Snapshot {
  root: string;
  /** Keyed by absolute path. Paths outside the root are absent (never read). */
  entries: Map<string, Entry>;
  /** Absolute paths refused because they escape the root. */
  outside: Set<string>;
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
  const rel = relative(root, abs);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** Throws overlapping_operations when two refs name nested paths, or one path by two spellings. */
export function checkOverlaps(refs: readonly PathRef[]): void {
  const spelling = new Map<string, string>();
  for (const r of refs) {
    const prev = spelling.get(r.abs);
    if (prev !== undefined && prev !== r.raw) {
      overlap(`"${prev}" and "${r.raw}" name the same file`);
    }
    spelling.set(r.abs, r.raw);
  }
  for (const abs of spelling.keys()) {
    for (let d = dirname(abs); d !== dirname(d); d = dirname(d)) {
      if (spelling.has(d)) overlap(`"${spelling.get(d)}" contains "${spelling.get(abs)}"`);
    }
  }
}

/** Throws overlapping_operations when two different paths are one file (hard links). */
export function checkSameFile(refs: readonly PathRef[], entries: Map<string, Entry>): void {
  const raw = new Map(refs.map((r) => [r.abs, r.raw]));
  const byIdentity = new Map<string, string>();
  for (const [abs, e] of entries) {
    if (!('identity' in e)) continue;
    const other = byIdentity.get(e.identity);
    if (other !== undefined) overlap(`"${raw.get(other)}" and "${raw.get(abs)}" are the same file (hard links)`);
    byIdentity.set(e.identity, abs);
  }
}

function overlap(detail: string): never {
  throw new ChordPatchError(
    'overlapping_operations',
    `apply_patch contains overlapping operations: ${detail}; merge them into one operation (repeated "*** Update File:" sections for the exact same path are allowed)`,
  );
}

export async function takeSnapshot(fs: Fs, root: string, refs: readonly PathRef[], allowOutside: boolean): Promise<Snapshot> {
  // Names first (nothing read yet), then identities (hard links) once read.
  checkOverlaps(refs);
  const entries = new Map<string, Entry>();
  const outside = new Set<string>();
  const realRoot = allowOutside ? root : await fs.realpath(root).catch(() => root);
  const unique = [...new Set(refs.map((r) => r.abs))];
  // One look-up per directory, not per file: a 1,000-file envelope names a
  // few dozen directories.
  const realDirs = new Map<string, Promise<string>>();
  await forEachBounded(unique, READ_CONCURRENCY, async (abs) => {
    if (!allowOutside && !(isInside(root, abs) && isInside(realRoot, await realAncestor(fs, abs, realDirs)))) {
      outside.add(abs);
      return;
    }
    entries.set(abs, await readEntry(fs, abs));
  });
  const bad = [...entries].filter(([, e]) => e.kind === 'unreadable');
  if (bad.length > 0) {
    const list = bad.map(([abs, e]) => `${relative(root, abs) || abs}: ${(e as { error: string }).error}`).join('; ');
    throw new ChordPatchError('unreadable_snapshot', `cannot read the files the patch names, nothing was written: ${list}`);
  }
  checkSameFile(refs, entries);
  return { root, entries, outside };
}

/**
 * The real path of `abs` with symlinks resolved in its existing directories
 * (the last component itself is never followed: symlinks are refused later).
 */
async function realAncestor(fs: Fs, abs: string, realDirs: Map<string, Promise<string>>): Promise<string> {
  const dir = dirname(abs);
  let real = realDirs.get(dir);
  if (!real) realDirs.set(dir, (real = realDir(fs, dir)));
  return join(await real, basename(abs));
}

/** `dir` with the symlinks of its longest existing prefix resolved. */
async function realDir(fs: Fs, dir: string): Promise<string> {
  const tail: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    if (await fs.lstat(d).catch(() => null)) {
      const real = await fs.realpath(d).catch(() => d);
      return join(real, ...tail.reverse());
    }
    if (d === dirname(d)) return dir;
    tail.push(basename(d));
  }
}

export async function readEntry(fs: Fs, abs: string): Promise<Entry> {
  try {
    const s = await fs.lstat(abs);
    if (!s) {
      const blockedBy = await nonDirectoryAncestor(fs, abs);
      return blockedBy === undefined ? { kind: 'missing' } : { kind: 'missing', blockedBy };
    }
    if (s.kind !== 'file') return { kind: s.kind, mode: s.mode, identity: s.identity };
    return { kind: 'file', bytes: await fs.readFile(abs), mode: s.mode, identity: s.identity };
  } catch (e) {
    return { kind: 'unreadable', error: (e as Error).message };
  }
}

/** The nearest existing ancestor of a missing path when it is not a directory. */
async function nonDirectoryAncestor(fs: Fs, abs: string): Promise<string | undefined> {
  for (let d = dirname(abs); d !== dirname(d); d = dirname(d)) {
    const s = await fs.lstat(d);
    if (s) return s.kind === 'dir' ? undefined : d;
  }
  return undefined;
}
