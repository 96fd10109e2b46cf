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
const key = (l: Line): string => `${l.text}\u0000${l.eol}`;

/** Merge (loadMerge first). `labels` name the sides in conflict markers. */
export function mergeLines(
  base: readonly Line[],
  ours: readonly Line[],
  theirs: readonly Line[],
  labels: { ours: string; base: string; theirs: string },
): MergeResult {
  if (!diff3) throw new Error('loadMerge() first');
  const o = ours.map(key);
  const b = base.map(key);
  const t = theirs.map(key);
  const regions = windowedMerge(diff3, o, b, t);
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
    const text = (keys: readonly string[]) => keys.map((k) => k.slice(0, k.lastIndexOf('\u0000')));
    conflicts.push({ oursStart: c.aIndex, ours: text(c.a), theirs: text(c.b), baseStart: c.oIndex });
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

type Region = { ok: string[] } | { conflict: { a: string[]; aIndex: number; o: string[]; oIndex: number; b: string[]; bIndex: number } };

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
function alignment(base: readonly string[], other: readonly string[]): { map: Int32Array; touched: Uint8Array } {
  const map = new Int32Array(base.length).fill(-1);
  const touched = new Uint8Array(base.length + 1);
  // Two states of one file share most lines: only what lies between their common first and last lines is diffed.
  const { head, tail } = commonEnds(base.length, other.length, (i, j) => base[i] === other[j]);
  for (let k = 0; k < head; k++) map[k] = k;
  for (let k = 1; k <= tail; k++) map[base.length - k] = other.length - k;
  let bi = head;
  let oi = head;
  for (const part of diffArrays(base.slice(head, base.length - tail), other.slice(head, other.length - tail))) {
    const n = part.count ?? part.value.length;
    if (part.added) {
      touched[bi] = 1;
      oi += n;
    } else if (part.removed) {
      for (let k = 0; k < n; k++) touched[bi++] = 1;
    } else for (let k = 0; k < n; k++) map[bi++] = oi++;
  }
  return { map, touched };
}

/**
 * node-diff3 on the windows around the changes only, the lines between them
 * (unchanged on both sides) copied: its LCS grows with the square of the
 * lines it is given, which a file of thousands of lines would pay in full.
 */
function windowedMerge(diff3: Diff3, ours: readonly string[], base: readonly string[], theirs: readonly string[]): Region[] {
  const n = base.length;
  const a = alignment(base, ours);
  const b = alignment(base, theirs);
  const windows = windowsOf(a.touched, b.touched, n);
  const at = (m: Int32Array, side: readonly string[], i: number) => (i >= n ? side.length : i === 0 ? 0 : m[i]!);
  const regions: Region[] = [];
  let done = 0;
  for (const [s, e] of windows) {
    if (s > done) regions.push({ ok: base.slice(done, s) });
    const [oS, oE, tS, tE] = [at(a.map, ours, s), at(a.map, ours, e), at(b.map, theirs, s), at(b.map, theirs, e)];
    const part = diff3.diff3Merge(ours.slice(oS, oE), base.slice(s, e), theirs.slice(tS, tE), { excludeFalseConflicts: true }) as Region[];
    for (const r of part) {
      if ('ok' in r) regions.push(r);
      else
        regions.push({
          conflict: { ...r.conflict, aIndex: r.conflict.aIndex + oS, oIndex: r.conflict.oIndex + s, bIndex: r.conflict.bIndex + tS },
        });
    }
    done = e;
  }
  if (done < n) regions.push({ ok: base.slice(done) });
  return regions;
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
  return windowsOf(alignment(base, ours).touched, alignment(base, theirs).touched, base.length);
}

/** A side's last line without an ending gets one before the next marker line. */
function endWithEol(lines: Line[], eol: string): void {
  const last = lines[lines.length - 1];
  if (last && last.eol === '') lines[lines.length - 1] = { ...last, eol };
}
