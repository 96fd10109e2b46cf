// Added lines indented with the other character than the file uses: spaces
// typed into a tab-indented file (Python then raises TabError, Make fails),
// or tabs into a space-indented one. It happens where nothing quoted shows
// the file's indentation to the matcher: a hunk of only `+` lines under its
// `@@` header, or context that matched exactly while the added lines were
// typed in the model's own style. The added lines take the file's character
// when exactly one level width reads them consistently among the file's lines
// (indent-evidence.ts's rules); otherwise they are written as typed, and the
// result says so.

import type { LineTable } from '../text/table.js';
import { CLOSES_LINE, chooseReadingOf, gcd, type SeqLine } from './indent-evidence.js';
import { keepsReplacedLevel } from './indent-levels.js';
import { type IndentMapping, indentOf } from './reindent.js';

type Mapping = Extract<IndentMapping, { kind: 'map' }>;

/** Indentation characters of the lines that have any: one character, or undefined when they mix or there are none. */
export function charOfLines(lines: readonly string[]): string | undefined {
  let ch: string | undefined;
  for (const l of lines) {
    if (l.trim() === '') continue;
    const ind = indentOf(l);
    for (const c of ind) {
      if (ch === undefined) ch = c;
      else if (c !== ch) return undefined;
    }
  }
  return ch;
}

/**
 * A line indented by tabs and then exactly one space, or by one space alone:
 * a block comment's continuation (`\t * text`) or a stray line, alignment
 * rather than a level. Among tab-indented lines it does not make the file's
 * style mixed.
 */
export function alignedByOneSpace(line: string): boolean {
  return /^\t* \S/.test(line);
}

export interface FileStyle {
  ch: '\t' | ' ';
  /** The file's level width in spaces, when the file indents with spaces and shows one (2, 3, 4 or 8). */
  unit?: number;
}

/**
 * The file's indentation style read off `lines` (the lines around the
 * change): every indented line indents with one character, the same one.
 */
export function styleOf(lines: readonly string[]): FileStyle | undefined {
  const ch = charOfLines(lines) ?? (charOfLines(lines.filter((l) => !alignedByOneSpace(l))) === '\t' ? '\t' : undefined);
  if (ch !== '\t' && ch !== ' ') return undefined;
  if (ch === '\t') return { ch };
  // A block comment's continuation lines (` * text`) sit one space past a level, and a line going on from the one
  // before (`g(1,` then `  2)` aligned under its parenthesis) at any width: they say nothing of the level width.
  const inside = insideBrackets(lines);
  const widths = new Set(
    lines
      .filter((l, i) => l.trim() !== '' && !l.trimStart().startsWith('*') && !inside[i] && !goesOn(lines, i))
      .map((l) => indentOf(l).length),
  );
  widths.delete(0);
  // One depth alone (every member of a list at 8) shows a level, not its width: 8 may be two levels of 4.
  if (widths.size < 2) return { ch };
  const g = [...widths].reduce(gcd, 0);
  return [2, 3, 4, 8].includes(g) ? { ch, unit: g } : { ch };
}

/** The nearest non-blank line above line i ends mid-expression (a separator, an open bracket, an operator): line i continues it. */
function goesOn(lines: readonly string[], i: number): boolean {
  for (let j = i - 1; j >= 0; j--) if (lines[j]!.trim() !== '') return /[,([\\=+\-*/&|?]$/.test(lines[j]!.trimEnd());
  return false;
}

/**
 * Whether each line starts inside parentheses or square brackets an earlier
 * line opened (string literals on one line skipped): an argument or an item
 * aligned under its bracket. Braces open blocks, whose lines are levels.
 */
function insideBrackets(lines: readonly string[]): boolean[] {
  let depth = 0;
  return lines.map((line) => {
    const inside = depth > 0;
    for (const c of line.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '')) {
      if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth = Math.max(0, depth - 1);
    }
    return inside;
  });
}

/** File lines on each side of a change that show the file's style. */
const STYLE_WINDOW = 40;

/** A line that starts a top-level construct: not blank, at column 0. */
const topLevel = (line: string): boolean => line.trim() !== '' && indentOf(line) === '';

/**
 * The file lines that show the indentation style around lines [first, end)
 * (a pure insertion: first === end, before line `first`): up to STYLE_WINDOW
 * on each side. When those mix their characters, only the top-level construct
 * that holds the change: from the nearest line at column 0 at or above it to
 * the next one after it. A file whose constructs differ in style (generated
 * code: an object of tab-indented members, then an export block of 2-space
 * ones) is read by the one being changed, not refused a style by its neighbour.
 */
export function styleWindow(at: (i: number) => string | undefined, length: number, first: number, end: number): string[] {
  const lo = Math.max(0, first - STYLE_WINDOW);
  const hi = Math.min(length, end + STYLE_WINDOW);
  const lines = (from: number, to: number) => {
    const out: string[] = [];
    for (let i = from; i < to; i++) out.push(at(i)!);
    return out;
  };
  const window = lines(lo, hi);
  if (styleOf(window) !== undefined) return window;
  let from = end > first ? first : first - 1;
  while (from > lo && !topLevel(at(from)!)) from--;
  let to = Math.max(end, from + 1);
  while (to < hi && !topLevel(at(to)!)) to++;
  return lines(Math.max(lo, from), Math.min(hi, to + 1));
}

/**
 * Whether the STYLE_WINDOW lines on each side of lines [first, end) plainly
 * indent with `ch` alone, at least one of them by more than alignment: then
 * styleWindow() would return that whole window and find the added lines'
 * character in it. Read off the table's units, so the common case builds no
 * string per line; false means "look closer", never "mixed".
 */
export function plainlyIndentedWith(table: LineTable, length: number, first: number, end: number, ch: ' ' | '\t'): boolean {
  const other = ch === ' ' ? 9 : 32;
  const own = ch.charCodeAt(0);
  let shown = false;
  for (let i = Math.max(0, first - STYLE_WINDOW), hi = Math.min(length, end + STYLE_WINDOW); i < hi; i++) {
    const st = table.start(i);
    const e = table.end(i);
    let k = st;
    while (k < e && table.unitAt(k) === own) k++;
    if (k === e) continue;
    const next = table.unitAt(k);
    // The other character, or a character trimStart() might drop: styleWindow() decides.
    if (next === other || next < 33 || next > 126) return false;
    if (k - st > (ch === ' ' ? 1 : 0)) shown = true;
  }
  return shown;
}

/**
 * Whether one of lines [first, end) certainly shows `ch` in its indentation
 * the way followStyle's window test counts it (not one space of alignment,
 * `\t* \S`). Every window styleWindow() reads holds these lines, so a hunk
 * whose own span shows the added lines' character leaves them as typed:
 * read off the table's units, a few lines instead of the whole window. False
 * means "look closer": a single space is left to the full test.
 */
export function spanIndentsWith(table: LineTable, first: number, end: number, ch: ' ' | '\t'): boolean {
  for (let i = first; i < end; i++) {
    const e = table.end(i);
    let tabs = 0;
    let spaces = 0;
    for (let k = table.start(i); k < e; k++) {
      const u = table.unitAt(k);
      if (u === 9) tabs++;
      else if (u === 32) spaces++;
      else break;
    }
    if (ch === '\t' ? tabs > 0 : spaces > 1) return true;
  }
  return false;
}

export type StyleResult = { added: string[]; note?: string };

/**
 * `seq`'s added lines in the file's indentation character when they all use
 * the other one and one level width settles how; `before`/`after` are the
 * file lines around the span.
 */
export function followFileStyle(seq: readonly SeqLine[], style: FileStyle, before?: string, after?: string): StyleResult {
  const typed = seq.filter((l) => l.op === '+').map((l) => l.text);
  const theirs = charOfLines(typed);
  if (theirs === undefined || theirs === style.ch || (theirs !== '\t' && theirs !== ' ')) return { added: typed };
  const widths = style.ch === ' ' && style.unit !== undefined ? [style.unit] : [2, 3, 4, 8];
  const choose = (ws: readonly number[]) =>
    chooseReadingOf(
      seq,
      ws.map((u) => mappingFor(theirs, u)),
      before,
      after,
    ) ?? landing(seq, theirs, ws, before, after);
  let picked = choose(widths);
  // The file's level width moves a replacing line off the level of the line it replaces (or reads nothing):
  // another width (a tab typed for each two spaces) may be the one that keeps every replaced line's level.
  // So does one that puts an added line more than a level below a line that opens nothing, or more than two
  // below one that opens a block (a hanging indent is two levels; eight tabs read as 32 spaces after a line at 12 is none).
  const unit = widths.length === 1 ? widths[0]! : 0;
  const replacing = seq.some((l) => l.op === '-');
  const misplaced = (added: readonly string[]) => (replacing && !keepsReplacedLevel(seq, added)) || jumpsBelow(seq, added, unit);
  if (unit > 0 && (picked === undefined || misplaced(picked.added))) {
    const other = choose([2, 3, 4, 8]);
    if (other && !misplaced(other.added)) picked = other;
  }
  const what = theirs === ' ' ? 'spaces where the file indents with tabs' : 'tabs where the file indents with spaces';
  if (picked === undefined) {
    return {
      added: typed,
      note: `added lines are indented with ${what}, and no one level width reads them consistently: written as given`,
    };
  }
  return { added: picked.added, note: `added lines indented with ${what} were re-indented to the file's (${picked.how})` };
}

/**
 * Whether an added line of this reading sits more than `unit` columns below
 * the line before it when that line opens no block, or more than two units
 * below it when it opens one.
 */
function jumpsBelow(seq: readonly SeqLine[], added: readonly string[], unit: number): boolean {
  let a = 0;
  let prev: string | undefined;
  for (const l of seq) {
    if (l.op === '-') continue;
    const text = l.op === '+' ? added[a++]! : (l.file ?? l.text);
    if (text.trim() === '') continue;
    if (l.op === '+' && prev !== undefined) {
      const deeper = indentOf(text).length - indentOf(prev).length;
      if (deeper > (OPENS.test(prev) ? 2 * unit : unit)) return true;
    }
    prev = text;
  }
  return false;
}

function mappingFor(theirs: ' ' | '\t', u: number): Mapping {
  return theirs === ' '
    ? { kind: 'map', from: ' ', to: '\t', num: 1, den: u, shift: 0, step: u }
    : { kind: 'map', from: '\t', to: ' ', num: u, den: 1, shift: 0, step: 1 };
}

const OPENS = /[[{(:]\s*$/;

/** `text` with its indentation (all `from` characters) converted at `width` spaces a tab, or undefined when it does not divide. */
function convert(text: string, from: string, width: number): string | undefined {
  const ind = indentOf(text);
  if ([...ind].some((c) => c !== from)) return undefined;
  if (from === '\t') return ' '.repeat(ind.length * width) + text.slice(ind.length);
  return ind.length % width === 0 ? '\t'.repeat(ind.length / width) + text.slice(ind.length) : undefined;
}

/**
 * When the evidence rule leaves the width open: the one width at which every
 * indented added line lands exactly at the indentation of the file line just
 * above or just below it (a line inserted among its siblings), or undefined
 * when no width or several do.
 */
function landing(
  seq: readonly SeqLine[],
  from: string,
  widths: readonly number[],
  before?: string,
  after?: string,
): { added: string[]; how: string } | undefined {
  const rows = [
    ...(before === undefined ? [] : [{ op: ' ' as const, text: before, file: before }]),
    ...seq,
    ...(after === undefined ? [] : [{ op: ' ' as const, text: after, file: after }]),
  ];
  const near = (i: number, dir: 1 | -1): string | undefined => {
    for (let j = i + dir; j >= 0 && j < rows.length; j += dir) {
      const r = rows[j]!;
      // A sibling: the line above unless it opens a block, the line below unless it closes one.
      if (r.op !== '+' && r.text.trim() !== '')
        return (dir < 0 ? OPENS : CLOSES_LINE).test(r.file ?? r.text) ? undefined : indentOf(r.file ?? r.text);
    }
    return undefined;
  };
  const fits = widths.flatMap((w) => {
    const added: string[] = [];
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      if (r.op !== '+') continue;
      if (r.text.trim() === '') {
        added.push(r.text);
        continue;
      }
      const c = convert(r.text, from, w);
      if (c === undefined) return [];
      const ind = indentOf(c);
      // A line at column 0 reads the same at every width, so it cannot tell them apart.
      if (ind !== '' && ind !== near(i, -1) && ind !== near(i, 1)) return [];
      added.push(c);
    }
    return [{ added, how: from === '\t' ? `1 tab → ${w} spaces` : `${w} spaces → 1 tab` }];
  });
  const distinct = fits.filter((f, k) => fits.findIndex((g) => g.added.every((t, i) => t === f.added[i])) === k);
  return distinct.length === 1 ? distinct[0] : undefined;
}
