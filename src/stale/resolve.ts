// The shared step of both tools: a change that did not match the file now,
// tried against each older state of the file (newest first). Whichever it
// applies to is its base; with --3way the change is merged into the file
// (base = that state, ours = the file now, theirs = that state changed).
// Where two bases fit and merge differently, nothing is chosen.

import type { DecodeOptions, TextEncoding } from '../text/decode.js';
import { type LinesMemo, snapshotLines } from '../plan/snapshot-lines.js';
import type { Line } from '../text/lines.js';
import type { LineTable } from '../text/table.js';
import { preimageName } from './describe.js';
import { mayConflict, sameLine, tableEnds } from './apart.js';
import { type Conflict, lineKey, type MergeSide, mergeLines, mergeSidesConflicts, WINDOW_CONTEXT } from './merge.js';
import type { Preimage, ThreeWay } from './types.js';

/** A pre-image the change applied to: the base, and the base as changed. */
export interface BaseMatch {
  preimage: Preimage;
  base: LineTable;
  changed: LineTable;
  /** 0-based lines of the base the failing hunk (entry) covers. */
  range: { start: number; end: number };
}

export type Resolution =
  | { kind: 'merged'; match: BaseMatch; lines: Line[]; markers: boolean; conflicts: Conflict[] }
  | { kind: 'conflict'; match: BaseMatch; conflicts: Conflict[] }
  | { kind: 'ambiguous'; matches: BaseMatch[] };

/** The lines [from, to) of a table, each with its ending. */
export const linesOf = (t: LineTable, from = 0, to = t.length): Line[] =>
  Array.from({ length: to - from }, (_, k) => ({ text: t.textAt(from + k), eol: t.eolAt(from + k) }));
export const textsOf = (t: LineTable): string[] => Array.from({ length: t.length }, (_, i) => t.textAt(i));

/** The decoded lines of bytes, in the current file's encoding when it has none of its own to show (`memo`: the run's snapshot's). */
export function tableOf(
  bytes: Uint8Array,
  options: DecodeOptions,
  memo?: LinesMemo,
): { table: LineTable; encoding: TextEncoding } | undefined {
  const d = snapshotLines(memo, bytes, options);
  return d.ok ? { table: d.table, encoding: d.encoding } : undefined;
}

const labelsOf = (m: BaseMatch, path: string) => ({
  ours: `${path} (now)`,
  base: preimageName(m.preimage, path),
  theirs: `${path} (patched)`,
});

/**
 * Where merging one base's change into the file now conflicts; none when it
 * merges cleanly (loadMerge first). Changes too far apart to meet are not
 * merged at all (apart.ts); otherwise lines all three share at the start and
 * the end cannot conflict, so only the rest, with a window's context, is, read
 * from the tables: only the lines of windows both sides change are decoded.
 */
export function mergeConflicts(current: LineTable, m: BaseMatch): Conflict[] {
  const ends = { ours: tableEnds(m.base, current), theirs: tableEnds(m.base, m.changed) };
  if (!mayConflict(m.base, current, m.changed, ends)) return [];
  const margin = WINDOW_CONTEXT + 1;
  const from = Math.max(0, Math.min(ends.ours.head, ends.theirs.head) - margin);
  const tail = Math.max(0, Math.min(ends.ours.tail, ends.theirs.tail) - margin);
  const middle = (t: LineTable): MergeSide => ({
    length: t.length - tail - from,
    keys: (s, e) => Array.from({ length: e - s }, (_, k) => lineKey(t.textAt(from + s + k), t.eolAt(from + s + k))),
    sameAsBase: (i, j) => sameLine(m.base, from + i, t, from + j),
  });
  const conflicts = mergeSidesConflicts(middle(m.base), middle(current), middle(m.changed));
  return conflicts.map((c) => ({ ...c, oursStart: c.oursStart + from, baseStart: c.baseStart + from }));
}

/** Merge the change into the current file (mergeLines needs loadMerge first). */
export function resolveMerge(current: LineTable, matches: readonly BaseMatch[], mode: Exclude<ThreeWay, false>, path: string): Resolution {
  const ours = linesOf(current);
  const results = matches.map((m) => ({ m, r: mergeLines(linesOf(m.base), ours, linesOf(m.changed), labelsOf(m, path)) }));
  const first = results[0]!;
  // Two bases whose merges disagree are two readings: refuse, naming both.
  const text = (r: (typeof results)[number]) => (r.r.ok ? r.r.lines : r.r.withMarkers).map((l) => l.text + l.eol).join('');
  const differ = results.filter((r) => text(r) !== text(first));
  if (differ.length > 0) return { kind: 'ambiguous', matches: [first.m, ...differ.map((d) => d.m)] };
  if (first.r.ok) return { kind: 'merged', match: first.m, lines: withOrigins(first.r.lines, ours), markers: false, conflicts: [] };
  if (mode === 'markers')
    return { kind: 'merged', match: first.m, lines: withOrigins(first.r.withMarkers, ours), markers: true, conflicts: first.r.conflicts };
  return { kind: 'conflict', match: first.m, conflicts: first.r.conflicts };
}

/** Merged lines that are still the current file's lines, in order, keep their index (the diff and the write reuse them). */
function withOrigins(merged: readonly Line[], ours: readonly Line[]): Line[] {
  const at = new Map<string, number[]>();
  ours.forEach((l, k) => {
    const key = lineKey(l.text, l.eol);
    const list = at.get(key);
    if (list) list.push(k);
    else at.set(key, [k]);
  });
  const cursor = new Map<string, number>();
  const out: Line[] = [];
  let j = 0;
  for (const l of merged) {
    const key = lineKey(l.text, l.eol);
    const list = at.get(key) ?? [];
    let c = cursor.get(key) ?? 0;
    while (c < list.length && list[c]! < j) c++;
    cursor.set(key, c);
    if (c < list.length) {
      out.push({ ...l, orig: list[c]! });
      j = list[c]! + 1;
    } else out.push({ text: l.text, eol: l.eol });
  }
  return out;
}
