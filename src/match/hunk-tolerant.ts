// The tolerant step of placing a hunk (after every exact pass failed in every
// scope), and the re-indentation of a hunk found with surrounding whitespace
// ignored: both turn a found place into the replacement hunks.ts lays down.

import type { Hunk } from '../types.js';
import { afterAnchors, oldSide, variants } from './hunk-lines.js';
import type { Replacement } from './hunks.js';
import { reindentHunk } from './reindent.js';
import type { LineIndex } from './seek.js';
import { carryFilePunctuation, type TolerantHit, type TolerantPass, tolerantSeek } from './tolerant.js';

export type TolerantFound =
  | { kind: 'found'; replacement: Replacement }
  | { kind: 'ambiguous'; candidates: number[]; pass: TolerantPass }
  | { kind: 'unsafe'; line: number; reason: string }
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
      if (!carried.ok) return { kind: 'unsafe', line: carried.line, reason: carried.reason };
      const note = carried.note === undefined ? {} : { note: carried.note };
      return { kind: 'found', replacement: { start: hit.index, oldLen: old.length, lines: carried.lines, pass: hit.pass, ...note } };
    }
  }
  return { kind: 'none' };
}

/** A hunk found with surrounding whitespace ignored: its added lines follow the file's indentation (reindent.ts). */
export function reindentReplacement(index: LineIndex, r: Replacement): Replacement {
  const re = reindentHunk((i) => index.table.textAt(i), r.start, r.lines);
  return re.note === undefined ? r : { ...r, lines: re.lines, note: re.note };
}
