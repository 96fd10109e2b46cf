// The edit tool's whitespace step: old_string whose lines differ from the
// file's only in indentation and trailing whitespace (a model that re-typed
// a tab-indented block with spaces, or dropped trailing blanks).
//
// Whole lines only: each line of old_string, trimmed, equals a file line,
// trimmed, in order. The first line may start after the file line's
// indentation (old_string copied from the first non-blank character). Used
// only when exactly one place matches. What is written:
//   - lines new_string keeps from old_string unchanged are the file's own,
//     byte for byte (its indentation and trailing whitespace);
//   - the other lines are new_string's, re-indented by the mapping the
//     quoted lines show (match/reindent.ts), or as typed, with a note, when
//     no mapping fits.

import { nearbyLines, pairedAgainstTyped, reindentSeq, type SeqLine } from '../match/indent-evidence.js';
import { indentOf } from '../match/reindent.js';
import { lineChanges } from './line-diff.js';

/** What whitespaceMatch needs of the file (edit/replace.ts's FileView). */
export interface WhitespaceFile {
  readonly lf: string;
  readonly table: { readonly length: number; textAt(i: number): string };
  lineStart(i: number): number;
}

export type WhitespaceMatch =
  | 'none'
  | { ambiguous: number[] }
  /** The added lines could be re-indented or written as given, and nothing settles which (the message names both). */
  | { indent: string; line: number; lines: number }
  /** Replace LF range [start, end) with `text`; `line` is the 0-based first line, `lines` how many. */
  | { start: number; end: number; text: string; line: number; lines: number; notes: string[] };

const CANDIDATE_CAP = 20;

/** `text` as whole lines (a final line break ends the last line, it does not start another). */
function linesOf(text: string): { lines: string[]; endsWithBreak: boolean } {
  const lines = text.split('\n');
  const endsWithBreak = lines.length > 1 && lines[lines.length - 1] === '';
  if (endsWithBreak) lines.pop();
  return { lines, endsWithBreak };
}

/** File lines where `lines` start, each compared with surrounding whitespace trimmed (at most CANDIDATE_CAP). */
function lineHits(file: WhitespaceFile, lines: readonly string[]): number[] {
  const keys = lines.map((l) => l.trim());
  if (keys.every((k) => k === '')) return [];
  const n = file.table.length;
  const m = lines.length;
  const hits: number[] = [];
  for (let i = 0; i + m <= n && hits.length < CANDIDATE_CAP; i++) {
    let k = 0;
    while (k < m && file.table.textAt(i + k).trim() === keys[k]) k++;
    if (k === m) hits.push(i);
  }
  return hits;
}

/**
 * Where `newLf` already stands, up to whitespace, when that says the edit
 * was made before: new_string stands exactly once and either covers the file
 * lines [line, line + count) old_string matched (its first copy was
 * re-indented), or lies apart from them (the edit was made there, and
 * old_string's match is another copy). Undefined when new_string does not
 * stand in the file, stands more than once, or only overlaps the match (a
 * deletion: new_string is part of old_string).
 */
export function appliedAround(
  file: WhitespaceFile,
  newLf: string,
  line: number,
  count: number,
): { at: number; apart: boolean } | undefined {
  const { lines } = linesOf(newLf);
  const hits = lineHits(file, lines);
  if (hits.length !== 1) return undefined;
  const at = hits[0]!;
  const covers = at <= line && line + count <= at + lines.length;
  const apart = at + lines.length <= line || line + count <= at;
  return covers || apart ? { at, apart } : undefined;
}

/** The 0-based file lines where old_string's lines start with indentation and trailing whitespace ignored (at most CANDIDATE_CAP). */
export function indentationBlindLines(file: WhitespaceFile, oldLf: string): number[] {
  return lineHits(file, linesOf(oldLf).lines);
}

export function whitespaceMatch(file: WhitespaceFile, oldLf: string, newLf: string): WhitespaceMatch {
  const { lines: oldLines, endsWithBreak } = linesOf(oldLf);
  const m = oldLines.length;
  const hits = lineHits(file, oldLines);
  if (hits.length === 0) return 'none';
  if (hits.length > 1) return { ambiguous: hits.map((i) => file.lineStart(i)) };
  const first = hits[0]!;
  const fileLines = oldLines.map((_, k) => file.table.textAt(first + k));

  // old_string copied from the first non-blank character of its first line:
  // the span starts there, and that line tells nothing about indentation.
  // Its other lines then carry the file's own indentation, and new_string
  // starts past it too; otherwise the whole of old_string was typed
  // shallower, its first line included.
  const firstIndent = fileLines[0]!.length - fileLines[0]!.trimStart().length;
  const ownIndent = (k: number) => oldLines[k]!.trim() === '' || indentOf(oldLines[k]!) === indentOf(fileLines[k]!);
  const newFirst = newLf.split('\n', 1)[0]!;
  const partial =
    oldLines[0]!.trimStart() === oldLines[0] &&
    firstIndent > 0 &&
    newFirst.trimStart() === newFirst &&
    oldLines.every((_, k) => k === 0 || ownIndent(k));
  const start = file.lineStart(first) + (partial ? firstIndent : 0);
  const lastEnd = file.lineStart(first + m - 1) + fileLines[m - 1]!.length;
  const end = endsWithBreak ? file.lineStart(first + m) : lastEnd;
  const spanLines = fileLines.map((l, k) => (k === 0 && partial ? l.slice(firstIndent) : l));

  const newLines = newLf.split('\n');
  if (endsWithBreak && newLines[newLines.length - 1] === '') newLines.pop();
  const newEndsWithBreak = endsWithBreak && newLf.endsWith('\n');

  // Lines new_string keeps unchanged are the file's own; the others follow
  // the file's indentation as match/indent-evidence.ts decides.
  const seq: SeqLine[] = [];
  const kept: (string | undefined)[] = [];
  let o = 0;
  let w = 0;
  for (const r of lineChanges(oldLines, newLines)) {
    const count = r.count ?? r.value.length;
    for (let k = 0; k < count; k++) {
      if (r.added) {
        seq.push({ op: '+', text: newLines[w]!, ...(partial && w === 0 ? { fixed: true } : {}) });
        kept.push(undefined);
        w++;
      } else if (r.removed) {
        seq.push({ op: '-', text: oldLines[o]!, ...(partial && o === 0 ? {} : { file: fileLines[o]! }) });
        o++;
      } else {
        seq.push({ op: ' ', text: oldLines[o]!, paired: true, ...(partial && o === 0 ? {} : { file: fileLines[o]! }) });
        kept.push(spanLines[o]!);
        o++;
        w++;
      }
    }
  }
  const around = (i: number) => (i >= 0 && i < file.table.length ? file.table.textAt(i) : undefined);
  const re = reindentSeq(seq, around(first - 1), around(first + m), nearbyLines(around, first, first + m));
  if (!re.ok) return { indent: re.message, line: first, lines: m };
  const split = pairedAgainstTyped(seq, re.added, { old: 'old_string', new: 'new_string' });
  if (split) return { indent: split, line: first, lines: m };
  let a = 0;
  const written = kept.map((k) => k ?? re.added[a++]!);
  const text = written.join('\n') + (newEndsWithBreak ? '\n' : '');
  const notes = [
    `old_string matched line ${first + 1} with indentation and trailing whitespace ignored; unchanged lines keep the file's own`,
  ];
  if (re.note) notes.push(re.note);
  return { start, end, text, line: first, lines: m, notes };
}
