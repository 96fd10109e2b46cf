// A hunk's lines as the matcher reads them: its old and new sides, the
// variants it is sought in, runs of hunks only their order tells apart, and
// where its header and outer anchors are in the file. Shared by hunks.ts
// (exact placement), hunk-tolerant.ts and applied.ts / diagnose.ts.

import type { Hunk, HunkLine } from '../types.js';
import { blockEnd } from './scope.js';
import type { LineIndex, PassName } from './seek.js';

/** A line worth anchoring on or trusting as evidence: it says something (a letter or digit), not just `}` or a blank. */
export const informative = (s: string): boolean => /[\p{L}\p{N}]/u.test(s) && s.trim().length >= 2;

/** The lines a hunk expects in the file: context and removed lines. */
export const oldSide = (lines: readonly HunkLine[]): string[] => sideOf(lines, '+');

/** The lines a hunk leaves in the file: context and added lines. */
export const newSide = (lines: readonly HunkLine[]): string[] => sideOf(lines, '-');

/**
 * The texts of the lines whose op is not `skip`, in one loop: the matcher
 * asks for a hunk's sides several times per hunk, where filter-then-map made
 * two callback calls per line in the interpreter these runs stay in.
 */
function sideOf(lines: readonly HunkLine[], skip: '+' | '-'): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) if (lines[i]!.op !== skip) out.push(lines[i]!.text);
  return out;
}

/**
 * Codex retries a hunk whose old side ends in an empty line without that line
 * (models often add a trailing blank context line the file does not have).
 */
function withoutTrailingBlank(lines: readonly HunkLine[]): HunkLine[] | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i]!;
    if (l.op === '+') continue;
    if (l.text.trim() !== '') return undefined;
    return [...lines.slice(0, i), ...lines.slice(i + 1)];
  }
  return undefined;
}

/** The hunk's lines as written, then without a trailing blank context line (not for a hunk whose header counted it). */
export function variants(hunk: Hunk): HunkLine[][] {
  const out = [hunk.lines];
  if (hunk.counted) return out;
  const trimmed = withoutTrailingBlank(hunk.lines);
  if (trimmed && oldSide(trimmed).length > 0) out.push(trimmed);
  return out;
}

/**
 * aider retries a SEARCH block that opens with a blank line without it
 * (models add one the file does not have): the hunk without the first line
 * of its old side, when that is blank (not for a hunk whose header counted it).
 * The last resort, after every way of placing the hunk as written.
 */
export function withoutLeadingBlank(hunk: Hunk): Hunk | undefined {
  if (hunk.counted) return undefined;
  const i = hunk.lines.findIndex((l) => l.op !== '+');
  if (i < 0 || hunk.lines[i]!.text.trim() !== '') return undefined;
  const lines = [...hunk.lines.slice(0, i), ...hunk.lines.slice(i + 1)];
  return oldSide(lines).length > 0 ? { ...hunk, lines } : undefined;
}

/**
 * Do the lines of `x` without its `skipX` lines read the same as the lines of
 * `y` without its `skipY` lines? Walked in step, never built: runLength and
 * applied.ts changes() ask it of every hunk, and the answer is nearly always
 * decided within a few lines.
 */
export function sameSides(x: readonly HunkLine[], skipX: '+' | '-', y: readonly HunkLine[], skipY: '+' | '-'): boolean {
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < x.length && x[i]!.op === skipX) i++;
    while (j < y.length && y[j]!.op === skipY) j++;
    if (i === x.length || j === y.length) return i === x.length && j === y.length;
    if (x[i]!.text !== y[j]!.text) return false;
    i++;
    j++;
  }
}

/** Same old side, header, anchors and tail pin: such hunks can only be told apart by their order. */
function sameOldSide(a: Hunk, b: Hunk): boolean {
  if (a.header !== b.header || a.endOfFile !== b.endOfFile) return false;
  if ((a.anchors || b.anchors) && (a.anchors ?? []).join('\n') !== (b.anchors ?? []).join('\n')) return false;
  return sameSides(a.lines, '+', b.lines, '+');
}

/** How many hunks from h on (h included) share h's old side in a row. */
export function runLength(hunks: readonly Hunk[], h: number): number {
  let r = 1;
  while (h + r < hunks.length && sameOldSide(hunks[h]!, hunks[h + r]!)) r++;
  return r;
}

/**
 * The lines a header names at or after `from`, at most `limit`. Models write
 * headers without the line's indentation as often as with it, so every line
 * equal to the header ignoring surrounding whitespace counts: an exact match
 * in one place does not hide an indented look-alike (a method of the same
 * name). `pass` is how the first of them matched.
 */
export function headerPlaces(
  index: LineIndex,
  header: string,
  from: number,
  limit: number,
  to = index.length - 1,
): { pass: PassName; hits: number[] } | undefined {
  const hits = index.matches([header], from, to, 'trim', limit);
  if (hits.length === 0) return undefined;
  return { pass: index.passAt([header], hits[0]!)!, hits };
}

/**
 * The places of a hunk's header after its outer anchors, and the range
 * searched. Stacked `@@ class A` / `@@ def f():` lines narrow: inside the
 * last anchor's block when the header is there, else anywhere after it.
 */
export function headerAfterAnchors(
  index: LineIndex,
  hunk: Hunk,
  cursor: number,
  limit: number,
): { pass: PassName; hits: number[]; from: number; to: number } | undefined {
  const header = hunk.header!;
  const { from, last } = walkAnchors(index, hunk, cursor);
  if (last !== undefined) {
    const to = blockEnd(index, last);
    const inside = headerPlaces(index, header, from, limit, to);
    if (inside) return { ...inside, from, to };
  }
  const anywhere = headerPlaces(index, header, from, limit);
  return anywhere && { ...anywhere, from, to: index.length - 1 };
}

/** Where the header search starts: after each outer anchor found in turn (soft: a missing one is skipped). */
export function afterAnchors(index: LineIndex, hunk: Hunk, cursor: number): number {
  return walkAnchors(index, hunk, cursor).from;
}

/** The outer anchors sought in turn from `cursor`: the line after the last one found (`from`), and that one's line. */
function walkAnchors(index: LineIndex, hunk: Hunk, cursor: number): { from: number; last?: number } {
  let from = cursor;
  let last: number | undefined;
  for (const anchor of hunk.anchors ?? []) {
    const hit = index.seek([anchor], from);
    if (hit) [from, last] = [hit.index + 1, hit.index];
  }
  return last === undefined ? { from } : { from, last };
}
