// The tolerant step of placing a hunk (after every exact pass failed in every
// scope), and the re-indentation of a hunk found with surrounding whitespace
// ignored: both turn a found place into the replacement hunks.ts lays down.

import type { Hunk } from '../types.js';
import { afterAnchors, oldSide, variants } from './hunk-lines.js';
import type { Replacement } from './hunks.js';
import { reindentHunk, type SeqLine } from './indent-evidence.js';
import { indentOf } from './reindent.js';
import {
  alignedByOneSpace,
  charOfLines,
  followFileStyle,
  plainlyIndentedWith,
  spanIndentsWith,
  styleOf,
  styleWindow,
} from './indent-style.js';
import type { LineIndex } from './seek.js';
import { carryFilePunctuation, type TolerantHit, type TolerantPass, tolerantSeek } from './tolerant.js';

export type TolerantFound =
  | { kind: 'found'; replacement: Replacement }
  | { kind: 'ambiguous'; candidates: number[]; pass: TolerantPass }
  | { kind: 'unsafe'; line: number; reason: string }
  /** The added lines' indentation is ambiguous; the message names both readings. */
  | { kind: 'indent'; message: string; line: number }
  | { kind: 'none' };

/**
 * The tolerant step. Search starts are the header line (when the header is
 * found, exactly or by a unique tolerant match) and then the cursor; the body
 * as written is tried before the trailing-blank retry. The first start with any
 * candidate decides: exactly one is accepted, several are an ambiguity.
 */
export function findTolerant(index: LineIndex, hunk: Hunk, cursor: number, hinted: number | undefined): TolerantFound {
  const starts: number[] = [];
  if (hunk.header !== undefined) {
    const from = afterAnchors(index, hunk, cursor);
    const exact = index.seek([hunk.header], from);
    if (exact) starts.push(exact.index);
    else {
      const header = tolerantSeek(index, [hunk.header], from);
      if (header.kind === 'unique') starts.push(header.index);
    }
  }
  starts.push(cursor);
  for (const lines of variants(hunk)) {
    const old = oldSide(lines);
    for (const start of starts) {
      const seen = tolerantSeek(index, old, start, hunk.endOfFile);
      if (seen.kind === 'none') continue;
      const hit: TolerantHit =
        seen.kind === 'ambiguous' && hinted !== undefined && seen.candidates.includes(hinted)
          ? { kind: 'unique', index: hinted, pass: seen.pass }
          : seen;
      if (hit.kind === 'ambiguous') return { kind: 'ambiguous', candidates: hit.candidates, pass: hit.pass };
      // The file's lines one at a time: only the matched span is read.
      const fileLines = { at: (i: number) => (i >= 0 && i < index.length ? index.table.textAt(i) : undefined) };
      const carried = carryFilePunctuation(fileLines, hit.index, lines, hit.pass);
      if (!carried.ok && carried.indent) return { kind: 'indent', message: carried.reason, line: hit.index };
      if (!carried.ok) return { kind: 'unsafe', line: carried.line, reason: carried.reason };
      const note = carried.note === undefined ? {} : { note: carried.note };
      return { kind: 'found', replacement: { start: hit.index, oldLen: old.length, lines: carried.lines, pass: hit.pass, ...note } };
    }
  }
  return { kind: 'none' };
}

/**
 * A hunk found with surrounding whitespace ignored: its added lines follow the
 * file's indentation (indent-evidence.ts), or, when that is ambiguous, the
 * failure message naming both readings.
 */
export function reindentReplacement(index: LineIndex, r: Replacement): Replacement | { ambiguous: string } {
  const at = (i: number) => (i >= 0 && i < index.length ? index.table.textAt(i) : undefined);
  const re = reindentHunk(at, r.start, r.lines);
  if (!re.ok) return { ambiguous: re.message };
  if (re.note === undefined && re.lines.every((l, i) => l === r.lines[i])) return r;
  return re.note === undefined ? { ...r, lines: re.lines } : { ...r, lines: re.lines, note: re.note };
}

/**
 * A hunk placed where nothing quoted carried the file's indentation (a pure
 * insertion, or context matched exactly): added lines typed with the other
 * indentation character than the file's take the file's (indent-style.ts).
 */
export function followStyle(index: LineIndex, r: Replacement): Replacement {
  const added = r.lines.filter((l) => l.op === '+');
  const theirs = charOfLines(added.map((l) => l.text));
  if (theirs !== ' ' && theirs !== '\t') return r;
  if (spanIndentsWith(index.table, r.start, r.start + r.oldLen, theirs)) return r;
  if (plainlyIndentedWith(index.table, index.length, r.start, r.start + r.oldLen, theirs)) return r;
  const at = (i: number) => (i >= 0 && i < index.length ? index.table.textAt(i) : undefined);
  const window = styleWindow(at, index.length, r.start, r.start + r.oldLen);
  // A nearby line indented with the added lines' own character: the file's style is theirs or mixed, and nothing changes.
  // (Tabs and one space, or one space alone, align a line among tab-indented ones: no level of spaces.)
  if (window.some((line) => indentOf(line).includes(theirs) && !(theirs === ' ' && alignedByOneSpace(line)))) return r;
  const style = styleOf(window);
  if (style === undefined) return r;
  let seq: SeqLine[];
  let before: string | undefined;
  let after: string | undefined;
  if (r.oldLen === 0) {
    const prev = at(r.start - 1);
    seq = [
      ...(prev === undefined ? [] : [{ op: ' ' as const, text: prev, file: prev }]),
      ...added.map((l) => ({ op: '+' as const, text: l.text })),
    ];
    before = at(r.start - 2);
    after = at(r.start);
  } else {
    let f = r.start;
    seq = r.lines.map((l) => (l.op === '+' ? { op: '+', text: l.text } : { op: l.op, text: l.text, file: at(f++) ?? '' }));
    before = at(r.start - 1);
    after = at(f);
  }
  const styled = followFileStyle(seq, style, before, after);
  if (styled.note === undefined) return r;
  let a = 0;
  const lines = r.lines.map((l) => (l.op === '+' ? { ...l, text: styled.added[a++]! } : l));
  const note = r.note === undefined ? styled.note : `${r.note}; ${styled.note}`;
  return { ...r, lines, note };
}
