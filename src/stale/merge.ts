// The three-way merge of a stale hunk's change into the current file, on
// lines with their endings: base = the pre-image the hunk matched, ours = the
// file now, theirs = the pre-image with the hunk applied. node-diff3 does the
// merge (git's diff3 rules: a change on one side only is taken, the same
// change on both sides is taken once, different changes to one region
// conflict); this file only turns its regions into lines and conflicts.

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

/** node-diff3, once loadMerge has run. */
export function loadedDiff3(): Diff3 {
  if (!diff3) throw new Error('loadMerge() first');
  return diff3;
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
  const regions = diff3.diff3Merge(o, b, t, { excludeFalseConflicts: true }) as (
    | { ok: string[] }
    | { conflict: { a: string[]; aIndex: number; o: string[]; oIndex: number; b: string[]; bIndex: number } }
  )[];
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

/** A side's last line without an ending gets one before the next marker line. */
function endWithEol(lines: Line[], eol: string): void {
  const last = lines[lines.length - 1];
  if (last && last.eol === '') lines[lines.length - 1] = { ...last, eol };
}
