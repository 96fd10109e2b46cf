// Where a hunk may land: the places its old side matches inside a scope (a
// list of line ranges), and the rule that turns those places into a decision.
//
// A hunk never takes the first of several places. One place is a decision;
// several are an ambiguity, unless the patch's own order forces the choice:
// when this hunk and the r - 1 hunks right after it have the same old side
// (and the same header), and the scope holds exactly r places that do not
// overlap, the hunks take them in order (each later hunk is sought after the
// one before, so it finds the next place).
//
// An `@@` header scopes the search to the header's block: from the header
// line to the next non-blank line indented at or left of it (included, so a
// closing `}` belongs to its function), which is the end of a function or
// class in indentation- and brace-style code alike. A Markdown heading's block
// is its section: up to the next heading of the same or a higher level (its
// paragraphs sit at the heading's indentation, so the indentation rule would
// end it at the first paragraph and make a place in it look unique).

import { isAscii } from 'node:buffer';
import type { Derived, LineIndex, PassName } from './seek.js';
import { PASSES } from './seek.js';
import { isAsciiString } from '../text/utf8.js';
import { tolerantCandidates } from './tolerant.js';

/** A range of start positions [from, to] (inclusive) a hunk may take. */
export type Range = readonly [from: number, to: number];

export interface Places {
  pass: PassName;
  /** Ascending start positions. */
  hits: number[];
}

/**
 * The places `pattern` matches inside `ranges`, in the first pass that matches
 * anywhere in them, at most `limit` (ascending, without duplicates).
 */
export function placesIn(
  index: LineIndex,
  pattern: readonly string[],
  ranges: readonly Range[],
  limit: number,
  eof: boolean,
): Places | undefined {
  if (ranges.length === 0) return undefined;
  for (const pass of PASSES) {
    const hits = hitsUnder(index, pattern, ranges, pass, limit, eof);
    if (hits.length > 0) return { pass, hits };
  }
  return undefined;
}

/** The places `pattern` matches inside `ranges` under one pass, at most `limit` (ascending, without duplicates). */
export function hitsUnder(
  index: LineIndex,
  pattern: readonly string[],
  ranges: readonly Range[],
  pass: PassName,
  limit: number,
  eof: boolean,
): number[] {
  if (ranges.length === 0) return [];
  // One range (the usual scope, after the previous hunk): its hits as they come, no copy.
  let hits = index.matches(pattern, ranges[0]![0], ranges[0]![1], pass, limit, eof);
  if (ranges.length > 1) {
    for (let r = 1; r < ranges.length; r++) hits = hits.concat(index.matches(pattern, ranges[r]![0], ranges[r]![1], pass, limit, eof));
    hits = [...new Set(hits)].sort((a, b) => a - b);
  }
  return hits.length > limit ? hits.slice(0, limit) : hits;
}

/** Whether any line of the file ends in whitespace: without one, every place ignoring it is an exact place. */
const TRAILING_SPACE: Derived<boolean> = {
  build: (index) => index.table.anyEndsInSpace(),
};

/**
 * An exact place is taken only when no other place differs from it in
 * trailing whitespace alone: a model cannot see trailing whitespace, and
 * drops or adds it, so it never tells places apart. The places `pattern`
 * matches ignoring trailing whitespace (at most `limit`), when there are more
 * of them than the exact `hits`; otherwise undefined.
 */
export function placesBlindToTrailing(
  index: LineIndex,
  pattern: readonly string[],
  ranges: readonly Range[],
  hits: readonly number[],
  limit: number,
  eof: boolean,
): number[] | undefined {
  // A place differs from an exact one only in trailing whitespace when one of them has some, so the file has some.
  if (!index.derived(TRAILING_SPACE)) return undefined;
  const loose = hitsUnder(index, pattern, ranges, 'trim-end', limit, eof);
  return loose.length > hits.length ? loose : undefined;
}

/** Whether the file holds any non-ASCII unit: without one (and an ASCII pattern), no line differs from another by a folded character. */
const NON_ASCII: Derived<boolean> = {
  build: (index) => {
    const units = index.table.units();
    return typeof units === 'string' ? !isAsciiString(units) : !isAscii(units);
  },
};

/** Tolerant candidates read per range: enough to see past the exact places a deciding scope has (at most a run of them). */
const TWIN_LIMIT = 64;

/**
 * Neither does a character punctuation tolerance folds tell places apart (a
 * Unicode space, a curly quote, a dash, full-width punctuation): models
 * retype them as ASCII (or the other way), and a Unicode space looks like a
 * space, so an exact place with such a twin elsewhere is no decision. The places inside
 * `ranges` other than the line passes' that `pattern` matches under
 * punctuation tolerance (with indentation ignored too after `pass` ignored
 * it: the wide profile), each differing from it, on some line, in text that
 * holds such a character (on the file's side or the pattern's); ascending.
 * A place that differs only in ASCII spacing (one optional space by a comma)
 * is not one: that difference is visible and typed. Empty when there are none.
 */
export function placesBlindToFolds(
  index: LineIndex,
  pattern: readonly string[],
  ranges: readonly Range[],
  pass: PassName,
  eof: boolean,
): number[] {
  if (pattern.length === 0) return [];
  if (pattern.every(isAsciiString) && !index.derived(NON_ASCII)) return [];
  const table = index.table;
  // Places found with indentation ignored have twins with indentation ignored: the profile that ignores it too.
  const both = pass === 'trim';
  const cut = (s: string) => (both ? s.trim() : s.trimEnd());
  const differsByFold = (at: number): boolean =>
    pattern.some((p, k) => {
      const line = table.textAt(at + k);
      return cut(line) !== cut(p) && !(isAsciiString(line) && isAsciiString(p));
    });
  const twins = new Set<number>();
  for (const [from, to] of ranges) {
    for (const at of tolerantCandidates(index, pattern, from, both ? 'punctuation-wide' : 'punctuation', eof, TWIN_LIMIT)) {
      if (at <= to && differsByFold(at)) twins.add(at);
    }
  }
  return [...twins].sort((a, b) => a - b);
}

/**
 * Whether `hits` (at most run + 1 places) let the hunk take the first one:
 * exactly one place, or exactly `run` non-overlapping places for a run of
 * `run` hunks with the same old side.
 */
export function decides(hits: readonly number[], run: number, oldLen: number): boolean {
  if (hits.length === 1) return true;
  if (run < 2 || hits.length !== run) return false;
  for (let k = 1; k < hits.length; k++) if (hits[k]! < hits[k - 1]! + Math.max(1, oldLen)) return false;
  return true;
}

/** Leading whitespace width (a tab counts as one column: only comparisons within one file matter). */
function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  return i;
}

/** Block ends found so far, per header line: kept by the file's LineIndex. */
const BLOCK_ENDS: Derived<Map<number, number>> = { build: () => new Map() };

/**
 * The last line of the block a header at line `h` opens: for a Markdown
 * heading, the line before the next heading of the same or a higher level
 * (a section holds its paragraphs, whatever their indentation); otherwise the
 * next non-blank line indented at or left of it; or the file's last line.
 * Cached per file, since every hunk under one header asks again.
 */
export function blockEnd(index: LineIndex, h: number): number {
  const cache = index.derived(BLOCK_ENDS);
  let end = cache.get(h);
  if (end === undefined) {
    const level = headingLevel(index.table.textAt(h));
    end = level === undefined ? indentedBlockEnd(index, h) : sectionEnd(index, h, level);
    cache.set(h, end);
  }
  return end;
}

function indentedBlockEnd(index: LineIndex, h: number): number {
  const table = index.table;
  const indent = indentOf(table.textAt(h));
  for (let i = h + 1; i < index.length; i++) {
    const text = table.textAt(i);
    if (text.trim() !== '' && indentOf(text) <= indent) return i;
  }
  return index.length - 1;
}

/** The level of a Markdown ATX heading (`## Title`: 2), or undefined for any other line. */
function headingLevel(line: string): number | undefined {
  const m = /^ {0,3}(#{1,6})[ \t]+\S/.exec(line);
  return m ? m[1]!.length : undefined;
}

/** A line that opens or closes a fenced code block, inside which `#` lines are code, not headings. */
const FENCE = /^ {0,3}(```|~~~)/;

function sectionEnd(index: LineIndex, h: number, level: number): number {
  const table = index.table;
  let fenced = false;
  for (let i = h + 1; i < index.length; i++) {
    const text = table.textAt(i);
    if (FENCE.test(text)) fenced = !fenced;
    else if (!fenced && (headingLevel(text) ?? Infinity) <= level) return i - 1;
  }
  return index.length - 1;
}
