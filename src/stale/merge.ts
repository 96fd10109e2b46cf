// The three-way merge of a stale hunk's change into the current file, on
// lines with their endings: base = the pre-image the hunk matched, ours = the
// file now, theirs = the pre-image with the hunk applied. node-diff3 does the
// merge (git's diff3 rules: a change on one side only is taken, the same
// change on both sides is taken once, different changes to one region
// conflict); this file only turns its regions into lines and conflicts.

import { diffArrays } from 'diff';
import type { Line } from '../text/lines.js';

export interface Conflict {
  /** 0-based first line of the region in the current file, and its lines there (ours). */
  oursStart: number;
  ours: string[];
  /** The same region as the patch would leave it (theirs). */
  theirs: string[];
  /** 0-based first line in the base. */
  baseStart: number;
}

export type MergeResult = { ok: true; lines: Line[] } | { ok: false; conflicts: Conflict[]; withMarkers: Line[] };

type Diff3 = typeof import('node-diff3');
let diff3: Diff3 | undefined;

/** Loaded on the first stale hunk only: no other run needs it. */
export async function loadMerge(): Promise<void> {
  diff3 ??= await import('node-diff3');
}

/** Line identity for the merge: the text and its ending (a changed ending is a change). */
export const lineKey = (text: string, eol: string): string => `${text}\u0000${eol}`;
const key = (l: Line): string => lineKey(l.text, l.eol);

/**
 * One side of a merge as the windowed merge reads it: its length, the keys
 * (`lineKey`) of its lines over a range, and whether its line j is the base's
 * line i. Keys are asked for only inside the windows, so a side can make
 * them on demand from a file's table.
 */
export interface MergeSide {
  readonly length: number;
  keys(from: number, to: number): string[];
  sameAsBase(i: number, j: number): boolean;
}

/** A side held as keys already, compared with the base's keys. */
function keyedSide(keys: readonly string[], base: readonly string[]): MergeSide {
  return { length: keys.length, keys: (from, to) => keys.slice(from, to), sameAsBase: (i, j) => base[i] === keys[j] };
}

/** Merge (loadMerge first). `labels` name the sides in conflict markers. */
export function mergeLines(
  base: readonly Line[],
  ours: readonly Line[],
  theirs: readonly Line[],
  labels: { ours: string; base: string; theirs: string },
): MergeResult {
  if (!diff3) throw new Error('loadMerge() first');
  const b = base.map(key);
  const regions = windowedMerge(diff3, keyedSide(b, b), keyedSide(ours.map(key), b), keyedSide(theirs.map(key), b), false);
  const lines: Line[] = [];
  const conflicts: Conflict[] = [];
  const marked: Line[] = [];
  const eolOf = (ls: readonly Line[]) => ls.find((l) => l.eol !== '')?.eol ?? '\n';
  const eol = eolOf(ours);
  const push = (into: Line[], keys: readonly string[]) => {
    for (const k of keys) {
      const cut = k.lastIndexOf('\u0000');
      into.push({ text: k.slice(0, cut), eol: k.slice(cut + 1) });
    }
  };
  for (const r of regions) {
    if ('ok' in r) {
      push(lines, r.ok);
      push(marked, r.ok);
      continue;
    }
    const c = r.conflict;
    conflicts.push(conflictOf(c));
    const mark = (m: string) => marked.push({ text: m, eol });
    mark(`<<<<<<< ${labels.ours}`);
    push(marked, c.a);
    endWithEol(marked, eol);
    mark(`||||||| ${labels.base}`);
    push(marked, c.o);
    endWithEol(marked, eol);
    mark('=======');
    push(marked, c.b);
    endWithEol(marked, eol);
    mark(`>>>>>>> ${labels.theirs}`);
  }
  if (conflicts.length === 0) return { ok: true, lines };
  return { ok: false, conflicts, withMarkers: marked };
}

/**
 * The conflicts mergeLines would find (loadMerge first), without the merged
 * lines: only the windows both sides change are merged, since a window one
 * side leaves as the base cannot conflict, and no other line is read.
 */
export function mergeSidesConflicts(base: MergeSide, ours: MergeSide, theirs: MergeSide): Conflict[] {
  if (!diff3) throw new Error('loadMerge() first');
  return windowedMerge(diff3, base, ours, theirs, true).flatMap((r) => ('conflict' in r ? [conflictOf(r.conflict)] : []));
}

const textsOfKeys = (keys: readonly string[]) => keys.map((k) => k.slice(0, k.lastIndexOf('\u0000')));
const conflictOf = (c: RegionConflict): Conflict => ({
  oursStart: c.aIndex,
  ours: textsOfKeys(c.a),
  theirs: textsOfKeys(c.b),
  baseStart: c.oIndex,
});

type RegionConflict = { a: string[]; aIndex: number; o: string[]; oIndex: number; b: string[]; bIndex: number };
type Region = { ok: string[] } | { conflict: RegionConflict };

/** Lines kept on each side of every change the merge looks at: the diff3 runs only on these windows. */
export const WINDOW_CONTEXT = 3;

/** How many lines two sequences share at their start (head), and then at their end (tail), never counting a line twice. */
export interface Ends {
  head: number;
  tail: number;
}

/**
 * The Ends of two sequences of these lengths, `same(i, j)` telling whether
 * line i of the first is line j of the second. `known`: lines already known
 * to be the same at each end (the search goes on from there).
 */
export function commonEnds(aLength: number, bLength: number, same: (i: number, j: number) => boolean, known?: Ends): Ends {
  const shorter = Math.min(aLength, bLength);
  let head = Math.min(known?.head ?? 0, shorter);
  while (head < shorter && same(head, head)) head++;
  let tail = Math.min(known?.tail ?? 0, shorter - head);
  while (tail < shorter - head && same(aLength - 1 - tail, bLength - 1 - tail)) tail++;
  return { head, tail };
}

/**
 * Where `other` keeps each base line (-1: removed), and which base positions a
 * change touches (a removed line, or lines inserted before it; index n: the end).
 */
function alignment(n: number, other: MergeSide): { map: Int32Array; touched: Uint8Array } {
  const map = new Int32Array(n).fill(-1);
  const touched = new Uint8Array(n + 1);
  const m = other.length;
  // Two states of one file share most lines: only what lies between their common first and last lines is diffed.
  const same = (i: number, j: number) => other.sameAsBase(i, j);
  const { head, tail } = commonEnds(n, m, same);
  for (let k = 0; k < head; k++) map[k] = k;
  for (let k = 1; k <= tail; k++) map[n - k] = m - k;
  const positions = (from: number, to: number) => {
    const out: number[] = [];
    for (let k = from; k < to; k++) out.push(k);
    return out;
  };
  let bi = head;
  let oi = head;
  for (const part of diffArrays(positions(head, n - tail), positions(head, m - tail), { comparator: same })) {
    const count = part.count ?? part.value.length;
    if (part.added) {
      touched[bi] = 1;
      oi += count;
    } else if (part.removed) {
      for (let k = 0; k < count; k++) touched[bi++] = 1;
    } else for (let k = 0; k < count; k++) map[bi++] = oi++;
  }
  return { map, touched };
}

/**
 * node-diff3 on the windows around the changes only, the lines between them
 * (unchanged on both sides) copied: its LCS grows with the square of the
 * lines it is given, which a file of thousands of lines would pay in full.
 * `conflictsOnly`: no lines copied, and a window only one side changes skipped.
 */
function windowedMerge(diff3: Diff3, base: MergeSide, ours: MergeSide, theirs: MergeSide, conflictsOnly: boolean): Region[] {
  const n = base.length;
  const a = alignment(n, ours);
  const b = alignment(n, theirs);
  const windows = windowsOf(a.touched, b.touched, n);
  const at = (m: Int32Array, side: MergeSide, i: number) => (i >= n ? side.length : i === 0 ? 0 : m[i]!);
  const regions: Region[] = [];
  let done = 0;
  for (const [s, e] of windows) {
    if (conflictsOnly && !(touches(a.touched, s, e) && touches(b.touched, s, e))) continue;
    if (s > done && !conflictsOnly) regions.push({ ok: base.keys(done, s) });
    const [oS, oE, tS, tE] = [at(a.map, ours, s), at(a.map, ours, e), at(b.map, theirs, s), at(b.map, theirs, e)];
    const part = diff3.diff3Merge(ours.keys(oS, oE), base.keys(s, e), theirs.keys(tS, tE), { excludeFalseConflicts: true }) as Region[];
    for (const r of part) {
      if ('ok' in r) {
        if (!conflictsOnly) regions.push(r);
      } else
        regions.push({
          conflict: { ...r.conflict, aIndex: r.conflict.aIndex + oS, oIndex: r.conflict.oIndex + s, bIndex: r.conflict.bIndex + tS },
        });
    }
    done = e;
  }
  if (done < n && !conflictsOnly) regions.push({ ok: base.keys(done, n) });
  return regions;
}

/** Does a side change any base position of the window [s, e] (its end included: an insertion before line e)? */
function touches(touched: Uint8Array, s: number, e: number): boolean {
  for (let c = s; c <= e; c++) if (touched[c]) return true;
  return false;
}

/** The base ranges [start, end) node-diff3 runs on: each position either side changes, with context, overlapping ones joined. */
function windowsOf(touchedA: Uint8Array, touchedB: Uint8Array, n: number): [number, number][] {
  const windows: [number, number][] = [];
  for (let c = 0; c <= n; c++) {
    if (!touchedA[c] && !touchedB[c]) continue;
    const s = Math.max(0, c - WINDOW_CONTEXT);
    const e = Math.min(n, c + WINDOW_CONTEXT + 1);
    const last = windows[windows.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else windows.push([s, e]);
  }
  return windows;
}

/** The windows a merge of these sides runs node-diff3 on (for tests: the merge's cost grows with their lines, not the file's). */
export function mergeWindows(ours: readonly string[], base: readonly string[], theirs: readonly string[]): [number, number][] {
  return windowsOf(
    alignment(base.length, keyedSide(ours, base)).touched,
    alignment(base.length, keyedSide(theirs, base)).touched,
    base.length,
  );
}

/** A side's last line without an ending gets one before the next marker line. */
function endWithEol(lines: Line[], eol: string): void {
  const last = lines[lines.length - 1];
  if (last && last.eol === '') lines[lines.length - 1] = { ...last, eol };
}
