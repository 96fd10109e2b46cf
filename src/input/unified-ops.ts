// Unified-diff files (unified.ts) -> the file operations every other stage
// speaks (types.ts FileOp), plus the two decisions a diff leaves open:
//
// Paths. `-p N` strips N leading components from every name (rename paths,
// written by git without a prefix, lose N-1, as git apply does). Without it:
// a git diff strips its one-letter prefixes (a/ b/, or the mnemonic i/ w/ c/
// o/); any other diff is read as written when one of its files exists that
// way, else with the first component stripped when a file exists that way,
// else as written (or stripped, when every old name starts with a/ and every
// new one with b/). When a non-git diff names two different files (`diff -u
// f.orig f`), the one that exists is patched, the old one first (GNU patch);
// only git's `rename from`/`rename to` moves a file.
//
// Reverse (-R): old and new sides swap, file by file, in reverse order.

import { ChordPatchError } from '../errors.js';
import type { FileOp, Hunk, HunkLine } from '../types.js';
import type { UnifiedFile, UnifiedHunk } from './unified.js';

const GIT_PREFIX = /^[abiwco]\//;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;

/** Every name the diff might mean, for the existence check that picks the strip level. */
export function candidatePaths(files: readonly UnifiedFile[]): string[] {
  const out = new Set<string>();
  for (const f of files) {
    for (const p of [f.oldPath, f.newPath]) {
      if (p === undefined) continue;
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
  for (const level of [0, 1]) {
    if (
      files.some(
        (f) => f.oldPath !== undefined && f.newPath !== undefined && [f.oldPath, f.newPath].some((p) => existsAt(p, level, exists)),
      )
    )
      return level;
  }
  const prefixed = files.every(
    (f) => (f.oldPath === undefined || f.oldPath.startsWith('a/')) && (f.newPath === undefined || f.newPath.startsWith('b/')),
  );
  return prefixed ? 1 : 0;
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
    refuseUnsupported(f);
    const oldPath = f.oldPath === undefined ? undefined : stripOrFail(f, f.oldPath, level);
    const newPath = f.newPath === undefined ? undefined : stripOrFail(f, f.newPath, level);
    const renameLevel = Math.max(level - 1, 0);
    const from = f.renameFrom !== undefined ? stripOrFail(f, f.renameFrom, renameLevel) : oldPath;
    const to = f.renameTo !== undefined ? stripOrFail(f, f.renameTo, renameLevel) : newPath;
    const patchLine = f.patchLine;
    if (from === undefined && to === undefined) continue;
    if (from === undefined) {
      ops.push({ kind: 'add', path: to!, lines: addedLines(f), patchLine, ...traits(f) });
    } else if (to === undefined) {
      ops.push({ kind: 'delete', path: from, patchLine, expectLines: deletedLines(f) });
    } else {
      const move = f.rename && from !== to;
      // Two different names outside a git rename: the one that exists is the file, old first.
      const path = move || from === to || exists(from) || !exists(to) ? from : to;
      const hunks = f.hunks.map((h) => toHunk(h));
      const t = traits(f);
      if (hunks.length === 0 && !move && t.executable === undefined) continue;
      ops.push({ kind: 'update', path, hunks, patchLine, ...(move ? { moveTo: to } : {}), ...t });
    }
  }
  if (ops.length === 0)
    throw new ChordPatchError(
      'empty_patch',
      'the diff changes nothing: no file has a hunk, a mode change, a rename, an addition or a deletion',
    );
  return ops;
}

function refuseUnsupported(f: UnifiedFile): void {
  const name = f.newPath ?? f.oldPath ?? '?';
  if (f.binary) {
    throw new ChordPatchError(
      'binary_patch',
      `line ${f.patchLine}: binary diff for ${name} ("GIT binary patch" / "Binary files differ"): ` +
        'chord-patch applies text diffs only; apply this one with git apply',
      f.patchLine,
    );
  }
  if (f.copy)
    throw new ChordPatchError(
      'unsupported_diff',
      `line ${f.patchLine}: "copy from"/"copy to" (${name}) is not supported; regenerate the diff without -C (copies as added files)`,
      f.patchLine,
    );
  for (const mode of [f.oldMode, f.newMode]) {
    if (mode !== undefined && (mode & S_IFMT) !== S_IFREG) {
      const what = (mode & S_IFMT) === 0o120000 ? 'a symbolic link' : (mode & S_IFMT) === 0o160000 ? 'a submodule' : 'not a regular file';
      throw new ChordPatchError(
        'unsupported_diff',
        `line ${f.patchLine}: ${name} is ${what} (mode ${mode.toString(8)}): chord-patch changes regular files only`,
        f.patchLine,
      );
    }
  }
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

function toHunk(h: UnifiedHunk): Hunk {
  const hasOld = h.lines.some((l) => l.op !== '+');
  if (!hasOld && h.oldStart !== 0) {
    throw new ChordPatchError(
      'parse_error',
      `line ${h.patchLine}: the hunk has no context or removed lines, so nothing but its line number says where it goes; ` +
        'regenerate the diff with context (not -U0)',
      h.patchLine,
    );
  }
  return { lines: h.lines, endOfFile: h.oldNoEol || h.newNoEol, patchLine: h.patchLine, hintLine: h.oldStart };
}
