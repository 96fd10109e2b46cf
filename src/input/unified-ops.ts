// Unified-diff files (unified.ts) -> the file operations every other stage
// speaks (types.ts FileOp), plus the two decisions a diff leaves open:
//
// Paths. `-p N` strips N leading components from every name (rename paths,
// written by git without a prefix, lose N-1, as git apply does). Without it:
// a git diff strips its one-letter prefixes (a/ b/, or the mnemonic i/ w/ c/
// o/), and so does any diff whose old names start with a/ and new ones with
// b/ (git's convention, whatever else exists). Any other diff is read as
// written when its names fit existing files that way, or with the first
// component stripped when they fit that way; fitting both ways is refused
// (say -p). Nothing existing: two trees side by side (`diff -ruN old/ new/`)
// are stripped, anything else is read as written. When a non-git diff names
// two different files (`diff -u f.orig f`), the new one is patched when it
// exists (GNU patch, git apply); only git's rename/copy lines move a file.
// An empty old side (`@@ -0,0`) where neither name exists is a creation.
//
// Every operation is simultaneous (types.ts FileTraits): the plan reads
// renames from the snapshot, as git applies a diff.
//
// Reverse (-R): old and new sides swap, file by file, in reverse order.

import { ChordPatchError } from '../errors.js';
import type { FileOp, Hunk, HunkLine } from '../types.js';
import type { BinaryChange } from './git-binary.js';
import type { UnifiedFile, UnifiedHunk } from './unified.js';
import { binaryChange, refuseBinary } from './unified-binary.js';

export const GIT_PREFIX = /^[abiwco]\//;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;

/** Every name the diff might mean, for the existence check that picks the strip level. */
export function candidatePaths(files: readonly UnifiedFile[]): string[] {
  const out = new Set<string>();
  for (const f of files) {
    for (const p of [f.oldPath, f.newPath, ...(f.git ? [] : (f.names ?? []))]) {
      if (p === undefined || p === '/dev/null') continue;
      out.add(p);
      const s = stripPath(p, 1);
      if (s !== undefined) out.add(s);
    }
  }
  return [...out];
}

/** `p` without its first `n` components, or undefined when it has too few. */
export function stripPath(p: string, n: number): string | undefined {
  const parts = p.replace(/^\/+/, n > 0 ? '' : '/').split(/\/+/);
  if (n === 0) return p;
  if (parts.length <= n) return undefined;
  return parts.slice(n).join('/');
}

/** The strip level (see the header) for a diff, given which candidate paths exist. */
export function stripLevel(files: readonly UnifiedFile[], exists: (p: string) => boolean, given?: number): number {
  if (given !== undefined) return given;
  const git = files.some((f) => f.git);
  const names = files.flatMap((f) => [f.oldPath, f.newPath]).filter((p): p is string => p !== undefined);
  if (git) return names.every((p) => GIT_PREFIX.test(p)) ? 1 : 0;
  // a/ and b/ on the two sides are git's convention: -p1, whatever else exists (git apply and GNU patch -p1 agree).
  const prefixed =
    names.length > 0 &&
    files.every((f) => (f.oldPath === undefined || f.oldPath.startsWith('a/')) && (f.newPath === undefined || f.newPath.startsWith('b/')));
  if (prefixed) return 1;
  const fits = [0, 1].filter((level) =>
    files.some((f) => [f.oldPath, f.newPath].some((p) => p !== undefined && existsAt(p, level, exists))),
  );
  if (fits.length === 2) {
    const f = files.find((x) => [x.oldPath, x.newPath].some((p) => p !== undefined && existsAt(p, 0, exists) && existsAt(p, 1, exists)));
    const p = (f?.newPath ?? f?.oldPath ?? names[0])!;
    throw new ChordPatchError(
      'parse_error',
      `the diff's names fit existing files both as written (${JSON.stringify(p)}) and with their first directory stripped ` +
        `(${JSON.stringify(stripPath(p, 1))}): say which with -p 0 or -p 1`,
    );
  }
  if (fits.length === 1) return fits[0]!;
  // Nothing exists yet: two trees side by side (`diff -ruN old/ new/`) name their files below two different first directories.
  const sideBySide = files.every((f) => {
    const [o, n] = f.names ?? ['/dev/null', '/dev/null'];
    if (o === '/dev/null' || n === '/dev/null') return true;
    return o !== n && stripPath(o, 1) !== undefined && stripPath(o, 1) === stripPath(n, 1);
  });
  return sideBySide && files.some((f) => f.names && !f.names.includes('/dev/null')) ? 1 : 0;
}

function existsAt(p: string, level: number, exists: (p: string) => boolean): boolean {
  const s = stripPath(p, level);
  return s !== undefined && exists(s);
}

function stripOrFail(f: UnifiedFile, p: string, n: number): string {
  const s = stripPath(p, n);
  if (s === undefined || s === '') {
    throw new ChordPatchError(
      'parse_error',
      `line ${f.patchLine}: cannot strip ${n} leading component${n === 1 ? '' : 's'} from ${JSON.stringify(p)} (-p ${n})`,
      f.patchLine,
    );
  }
  return s;
}

/** The diff with old and new swapped (-R): applying it undoes the original. */
export function reverseUnified(files: readonly UnifiedFile[]): UnifiedFile[] {
  return [...files].reverse().map((f) => {
    const r: UnifiedFile = {
      ...f,
      hunks: f.hunks.map(reverseHunk),
      ...(f.renameTo !== undefined ? { renameFrom: f.renameTo } : {}),
      ...(f.renameFrom !== undefined ? { renameTo: f.renameFrom } : {}),
    };
    delete r.oldPath;
    delete r.newPath;
    delete r.oldMode;
    delete r.newMode;
    delete r.oldId;
    delete r.newId;
    if (f.newId !== undefined) r.oldId = f.newId;
    if (f.oldId !== undefined) r.newId = f.oldId;
    // The second hunk of git's binary data makes the old file from the new one; without it the entry cannot be reversed.
    if (f.binaryData)
      r.binaryData = { patchLine: f.binaryData.patchLine, ...(f.binaryData.reverse ? { forward: f.binaryData.reverse } : {}) };
    if (f.newPath !== undefined) r.oldPath = f.newPath;
    if (f.oldPath !== undefined) r.newPath = f.oldPath;
    if (f.newMode !== undefined) r.oldMode = f.newMode;
    if (f.oldMode !== undefined) r.newMode = f.oldMode;
    return r;
  });
}

const SWAP: Record<HunkLine['op'], HunkLine['op']> = { ' ': ' ', '-': '+', '+': '-' };

/** Each change block as diff writes it, removed lines before added ones (the splice pairs their endings in that order). */
export function removalsFirst(lines: readonly HunkLine[]): HunkLine[] {
  const out: HunkLine[] = [];
  let added: HunkLine[] = [];
  for (const l of lines) {
    if (l.op === '+') added.push(l);
    else if (l.op === '-') out.push(l);
    else {
      out.push(...added, l);
      added = [];
    }
  }
  return [...out, ...added];
}

function reverseHunk(h: UnifiedHunk): UnifiedHunk {
  return {
    oldStart: h.newStart,
    oldCount: h.newCount,
    newStart: h.oldStart,
    newCount: h.oldCount,
    lines: removalsFirst(h.lines.map((l) => ({ op: SWAP[l.op], text: l.text }))),
    oldNoEol: h.newNoEol,
    newNoEol: h.oldNoEol,
    patchLine: h.patchLine,
  };
}

/** File operations for a parsed diff, with paths stripped at `level` and `exists` choosing between two different names. */
export function unifiedToOps(files: readonly UnifiedFile[], level: number, exists: (p: string) => boolean): FileOp[] {
  const ops: FileOp[] = [];
  for (const f of files) {
    const op = fileOp(f, level, exists);
    if (op) ops.push(op);
  }
  if (ops.length === 0)
    throw new ChordPatchError(
      'empty_patch',
      'the diff changes nothing: no file has a hunk, a mode change, a rename, an addition or a deletion',
    );
  return ops;
}

/** One file of the diff as an operation (undefined: it changes nothing). */
function fileOp(f: UnifiedFile, level: number, exists: (p: string) => boolean): FileOp | undefined {
  refuseUnsupported(f);
  return textFileOp(f, level, exists);
}

/** The path git apply names a file by, after the strip level: its new name, else its old one (for --include / --exclude). */
export function usedName(f: UnifiedFile, level: number): string {
  if (f.renameTo !== undefined) return stripPath(f.renameTo, Math.max(level - 1, 0)) ?? f.renameTo;
  const p = (f.newPath ?? f.oldPath)!;
  return stripPath(p, level) ?? p;
}

/** A text file of the diff as an operation (refuseUnsupported has passed it); undefined: it changes nothing. */
export function textFileOp(f: UnifiedFile, level: number, exists: (p: string) => boolean, unidiffZero = false): FileOp | undefined {
  const oldPath = f.oldPath === undefined ? undefined : stripOrFail(f, f.oldPath, level);
  const newPath = f.newPath === undefined ? undefined : stripOrFail(f, f.newPath, level);
  const renameLevel = Math.max(level - 1, 0);
  let from = f.renameFrom !== undefined ? stripOrFail(f, f.renameFrom, renameLevel) : oldPath;
  const to = f.renameTo !== undefined ? stripOrFail(f, f.renameTo, renameLevel) : newPath;
  const patchLine = f.patchLine;
  if (from === undefined && to === undefined) return undefined;
  if (isLinkEntry(f)) return linkOp(f, from, to);
  const bin = binaryChange(f);
  if (bin) return binaryOp(f, bin, from, to);
  // `diff -u` of a file that did not exist, without -N: an empty old side and no such file is a creation.
  if (!f.git && from !== undefined && to !== undefined && !exists(from) && !exists(to) && emptyOldSide(f)) from = undefined;
  if (from === undefined)
    return { kind: 'add', path: createdName(f, level, to!), lines: addedLines(f), patchLine, simultaneous: true, ...traits(f) };
  if (to === undefined) {
    return { kind: 'delete', path: deletedName(f, level, from, exists), patchLine, expectLines: deletedLines(f), simultaneous: true };
  }
  const move = (f.rename || f.copy) && from !== to;
  // Two different names outside a git rename (`diff -u f.orig f`): the new one when it exists (GNU patch, git apply).
  const path = move || from === to || !exists(to) ? from : to;
  const hunks = f.hunks.map((h) => toHunk(h, unidiffZero));
  const t = traits(f);
  if (hunks.length === 0 && !move && t.executable === undefined) return undefined;
  const last = f.hunks[f.hunks.length - 1];
  return {
    kind: 'update',
    path,
    hunks,
    patchLine,
    ...(move ? { moveTo: to } : {}),
    ...(move && f.copy ? { copy: true } : {}),
    simultaneous: true,
    ...(t.executable !== undefined ? { executable: t.executable } : {}),
    ...(last ? { eof: { oldNoEol: last.oldNoEol, newNoEol: last.newNoEol } } : {}),
  };
}

/**
 * A non-git diff's two names, stripped, where they differ (`diff -ruN old new` read from above both trees,
 * `diff -u f.orig f`): the `---` name first, as written, whichever side -R makes old.
 */
function writtenNames(f: UnifiedFile, level: number): [string, string] | undefined {
  if (f.git || !f.names || f.names.includes('/dev/null')) return undefined;
  const [a, b] = f.names.map((n) => stripPath(n, level));
  return a && b && a !== b ? [a, b] : undefined;
}

/**
 * Where such a diff's creation goes: GNU patch's choice, the name with the fewest components, then the shortest
 * base name, then the shortest, the `---` name on a tie. So `diff -ruN old new` adds to the tree its other files
 * patch (old/), not beside it.
 */
function createdName(f: UnifiedFile, level: number, to: string): string {
  const names = writtenNames(f, level);
  if (!names) return to;
  const rank = (p: string) => {
    const parts = p.split('/');
    return [parts.length, parts.at(-1)!.length, p.length];
  };
  const [a, b] = names.map(rank) as [number[], number[]];
  const i = a.findIndex((x, k) => x !== b[k]);
  return i < 0 || a[i]! < b[i]! ? names[0] : names[1];
}

/** Where such a diff's deletion goes: the name that exists, when only the other name does not (GNU patch). */
function deletedName(f: UnifiedFile, level: number, from: string, exists: (p: string) => boolean): string {
  const other = writtenNames(f, level)?.find((n) => n !== from);
  return other !== undefined && !exists(from) && exists(other) ? other : from;
}

/** A binary entry's operation (refuseUnsupported has passed it): its content comes from the binary change, not from lines. */
function binaryOp(f: UnifiedFile, binary: BinaryChange, from: string | undefined, to: string | undefined): FileOp {
  const patchLine = f.patchLine;
  const { executable } = traits(f);
  const mode = executable !== undefined ? { executable } : {};
  if (from === undefined) return { kind: 'add', path: to!, lines: [], patchLine, simultaneous: true, binary, ...mode };
  if (to === undefined) return { kind: 'delete', path: from, patchLine, simultaneous: true, binary };
  const move = (f.rename || f.copy) && from !== to;
  const moved = move ? { moveTo: to, ...(f.copy ? { copy: true } : {}) } : {};
  return { kind: 'update', path: from, hunks: [], patchLine, ...moved, simultaneous: true, binary, ...mode };
}

/** One hunk `@@ -0,0 +1,N @@` of added lines only. */
function emptyOldSide(f: UnifiedFile): boolean {
  const h = f.hunks;
  return h.length === 1 && h[0]!.oldStart === 0 && h[0]!.oldCount === 0 && h[0]!.lines.every((l) => l.op === '+');
}

const S_IFLNK = 0o120000;
const isLink = (m: number | undefined) => m !== undefined && (m & S_IFMT) === S_IFLNK;

/** Whether a diff entry is a symbolic link's (git's mode 120000 on either side). */
export function isLinkEntry(f: UnifiedFile): boolean {
  return isLink(f.oldMode) || isLink(f.newMode);
}

/**
 * Throws for a file chord-patch does not write: binary content it cannot apply, a submodule,
 * and the link entries it cannot apply as links (a rename or copy of one, a
 * mode change between a link and a file in one entry, which git never writes).
 */
export function refuseUnsupported(f: UnifiedFile): void {
  const name = f.newPath ?? f.oldPath ?? '?';
  refuseBinary(f);
  const unsupported = (what: string, mode: number) =>
    new ChordPatchError(
      'unsupported_diff',
      `line ${f.patchLine}: ${name} is ${what} (mode ${mode.toString(8)}): chord-patch writes regular files and symbolic links only; ` +
        'leave it out with --exclude, or apply it with git apply',
      f.patchLine,
    );
  for (const mode of [f.oldMode, f.newMode]) {
    if (mode === undefined || (mode & S_IFMT) === S_IFREG || isLink(mode)) continue;
    throw unsupported((mode & S_IFMT) === 0o160000 ? 'a submodule' : 'not a regular file', mode);
  }
  if (!isLinkEntry(f)) return;
  const mixed = f.oldMode !== undefined && f.newMode !== undefined && isLink(f.oldMode) !== isLink(f.newMode);
  if (f.rename || f.copy || mixed || f.binary) {
    const how = mixed ? 'turned into a file (or back) in one entry' : f.binary ? 'given binary content' : 'renamed or copied';
    throw new ChordPatchError(
      'unsupported_diff',
      `line ${f.patchLine}: ${name} is a symbolic link ${how}: ` +
        'chord-patch creates, deletes and retargets links only; leave it out with --exclude, or apply it with git apply',
      f.patchLine,
    );
  }
}

/** A link entry's operation (refuseUnsupported has passed it): its target is its one line, without a final newline. */
function linkOp(f: UnifiedFile, from: string | undefined, to: string | undefined): FileOp | undefined {
  const patchLine = f.patchLine;
  const last = f.hunks[f.hunks.length - 1];
  const lines = f.hunks.flatMap((h) => h.lines);
  const ended = (side: '-' | '+') => !lines.some((l) => l.op === side) || (side === '-' ? last?.oldNoEol : last?.newNoEol);
  if (!ended('-') || !ended('+')) {
    const msg = `line ${patchLine}: the symbolic link ${to ?? from}'s target has a line ending ("\\ No newline at end of file" missing)`;
    throw new ChordPatchError('parse_error', msg, patchLine);
  }
  if (from === undefined) return { kind: 'add', path: to!, lines: addedLines(f), patchLine, simultaneous: true, symlink: true };
  if (to === undefined) return { kind: 'delete', path: from, patchLine, expectLines: deletedLines(f), simultaneous: true, symlink: true };
  if (f.hunks.length === 0) return undefined;
  return { kind: 'update', path: from, hunks: f.hunks.map((h) => toHunk(h, false)), patchLine, simultaneous: true, symlink: true };
}

function traits(f: UnifiedFile): { executable?: boolean; noNewlineAtEnd?: boolean } {
  const out: { executable?: boolean; noNewlineAtEnd?: boolean } = {};
  const exec = (m: number) => (m & 0o111) !== 0;
  if (f.newMode !== undefined && (f.oldMode === undefined ? exec(f.newMode) : exec(f.newMode) !== exec(f.oldMode)))
    out.executable = exec(f.newMode);
  if (f.hunks[f.hunks.length - 1]?.newNoEol) out.noNewlineAtEnd = true;
  return out;
}

function addedLines(f: UnifiedFile): string[] {
  const lines = f.hunks.flatMap((h) => h.lines);
  const bad = lines.find((l) => l.op !== '+');
  if (bad || f.hunks.length > 1) {
    throw new ChordPatchError(
      'parse_error',
      `line ${f.patchLine}: the diff adds ${f.newPath} (old side /dev/null) but its hunk has old lines`,
      f.patchLine,
    );
  }
  return lines.map((l) => l.text);
}

function deletedLines(f: UnifiedFile): string[] {
  const lines = f.hunks.flatMap((h) => h.lines);
  if (lines.some((l) => l.op !== '-')) {
    throw new ChordPatchError(
      'parse_error',
      `line ${f.patchLine}: the diff deletes ${f.oldPath} (new side /dev/null) but its hunk has new lines`,
      f.patchLine,
    );
  }
  return lines.map((l) => l.text);
}

/**
 * A hunk without any context line (`git diff -U0`) says where it goes only by
 * its line numbers: as git apply, it needs --unidiff-zero (which gives it
 * context from the file at those lines: input/unified-zero.ts), unless it
 * starts the file.
 */
function toHunk(h: UnifiedHunk, unidiffZero: boolean): Hunk {
  const hasOld = h.lines.some((l) => l.op !== '+');
  const contextFree = !h.lines.some((l) => l.op === ' ');
  if (contextFree && !unidiffZero && (hasOld ? h.oldStart > 1 : h.oldStart !== 0)) {
    throw new ChordPatchError(
      'parse_error',
      `line ${h.patchLine}: the hunk has no context lines (a diff made with -U0), so only its line numbers say where it goes; ` +
        'pass --unidiff-zero to apply it at those lines (as git apply does), or regenerate the diff with context',
      h.patchLine,
    );
  }
  const startOfFile = !unidiffZero && hasOld && h.oldStart <= 1 && h.lines[0]!.op === '+';
  return {
    lines: h.lines,
    endOfFile: h.oldNoEol || h.newNoEol,
    ...(startOfFile ? { startOfFile } : {}),
    patchLine: h.patchLine,
    hintLine: h.oldStart,
    ...(h.funcContext !== undefined ? { funcContext: h.funcContext } : {}),
    counted: true,
  };
}
