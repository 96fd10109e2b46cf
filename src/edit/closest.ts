// Where did old_string almost match? When an edit's old_string is not in the
// file, the most useful thing to hand back is the closest block: its line, how
// similar it is, and either the exact differing lines (a dropped or doubled
// character the model can fix without re-reading) or, when whole lines have
// drifted, the drift and read coordinates (offset/limit) for the range.
//
// The search is bounded so it stays fast on 100,000-line files:
//   1. anchors: target lines that occur verbatim (trimmed) in the file vote
//      for the window start they imply (lines occurring > MAX_ANCHOR_HITS
//      times, like `}`, are too common to vote);
//   2. only when anchors are weak: up to MAX_WORDS of the target's longest
//      words are looked up with native substring search; rare ones vote;
//   3. only when no word anchors either: one pass over the file scoring up to
//      SAMPLE_LINES target lines by trigram containment; the best few file
//      lines per sampled line vote;
//   4. the top CANDIDATES windows are compared line by line with an edit
//      distance whose total cell count is capped (WORK_BUDGET); past the cap a
//      linear prefix/suffix estimate stands in.
// Work is a fixed number of linear scans plus a constant for the comparisons.
// `work` in the result counts scanned characters and distance cells, so tests
// can check the bound without timing anything.

import { anchorVotes, trigramVotes, wordVotes } from './closest-votes.js';
import { align, type Budget, WORK_BUDGET } from '../match/distance.js';
import { indentOf } from '../match/reindent.js';
import { commonPrefixLength } from '../text/quote.js';

/**
 * The file's lines as the search reads them: an array, or a view that hands
 * out line i on request (edit's FileView), so a search over a 100,000-line
 * file need not hold a string for every line at once.
 */
export interface FileLines {
  readonly length: number;
  at(i: number): string | undefined;
  /** Where each line starts in the lines joined by '\n', when the caller has them (saves reading every line for its length). */
  readonly starts?: ArrayLike<number>;
}

function joinLines(fileLines: FileLines): string {
  const parts: string[] = [];
  for (let i = 0; i < fileLines.length; i++) parts.push(fileLines.at(i)!);
  return parts.join('\n');
}

export interface LineDifference {
  /** 1-based file line. */
  fileLine: number;
  fileText: string;
  /** 1-based line within old_string. */
  targetLine: number;
  targetText: string;
  /** 1-based column (UTF-16 units) of the first differing character in the file line. */
  column: number;
  /** Offset of the first difference in targetText (0-based). */
  targetOffset: number;
  /** The differing characters, '' at end of line. */
  fileChar: string;
  targetChar: string;
}

export type ClosestMatch =
  | { kind: 'none'; work: number }
  | { kind: 'newlines'; line: number; endLine: number; work: number }
  | {
      kind: 'chars';
      /** 1-based first file line of the block. */
      line: number;
      endLine: number;
      /** Integer percent, 0..99 (never 100: the text differs). */
      similarity: number;
      differences: LineDifference[];
      work: number;
    }
  | {
      kind: 'drift';
      line: number;
      endLine: number;
      similarity: number;
      /** Target lines (of `total`) that do not occur in the block as written. */
      differing: number;
      total: number;
      /** File lines in the block minus target lines: > 0 lines were added, < 0 removed. */
      lineDelta: number;
      /** Lines whose text matches except for leading whitespace. */
      indentOnly: number;
      /** How indentation differs when it does consistently: tabs in the file and spaces in old_string, or the reverse. */
      indentStyle?: 'file-tabs' | 'file-spaces';
      /** Read coordinates for the block, with a little margin: 1-based offset, line count. */
      offset: number;
      limit: number;
      work: number;
    };

const CANDIDATES = 6;
/** Lines compared per candidate window; longer targets compare their head and tail. */
const MAX_COMPARED_LINES = 400;
/** At most this many differing lines are shown; more is drift. */
const MAX_SHOWN = 5;
const READ_MARGIN = 2;

/** Split an LF text into lines; a final newline does not start another line. */
export function targetLines(target: string): string[] {
  const lines = target.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * The block of `fileLines` (LF-split, endings removed) closest to `target`
 * (an LF text that does not occur in the file).
 */
export function closestMatch(fileLines: FileLines, target: string, fileText?: string): ClosestMatch {
  const budget: Budget = { work: 0, cells: 0 };
  const lines = targetLines(target);
  const m = lines.length;
  const n = fileLines.length;
  if (n === 0 || lines.every((l) => l.trim() === '')) return { kind: 'none', work: 0 };

  const votes = new Map<number, number>();
  const vote = (start: number, w: number) => votes.set(start, (votes.get(start) ?? 0) + w);
  const anchorable = anchorVotes(fileLines, lines, vote);
  let best = 0;
  for (const v of votes.values()) if (v > best) best = v;
  // Anchors are strong when at least half the distinctive lines agree on one window.
  if (anchorable === 0 || best < anchorable / 2) {
    // Words first: native substring search over the whole text is far cheaper
    // than hashing every character; trigrams only when no word anchors.
    const before = votes.size;
    wordVotes(fileLines, fileText ?? joinLines(fileLines), lines, vote, budget);
    if (votes.size === before) trigramVotes(fileLines, lines, vote, budget);
  }

  const starts = [...votes.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, CANDIDATES)
    .map(([s]) => clampStart(s, m, n));
  if (starts.length === 0) return { kind: 'none', work: budget.work };

  let top: WindowScore | undefined;
  // A final newline pins the last line to the end of a file line.
  const openEnd = !target.endsWith('\n');
  for (const s of new Set(starts)) {
    const w = scoreWindow(fileLines, lines, s, openEnd, budget);
    if (!top || w.similarity > top.similarity) top = w;
  }
  const win = top!;
  const percent = Math.min(99, Math.floor(win.similarity * 100));
  const differing = win.pairs.filter((p) => p.distance > 0);
  const totalDistance = differing.reduce((sum, p) => sum + p.distance, 0);
  const targetLength = lines.reduce((sum, l) => sum + l.length, 0);
  const smallEdit = totalDistance <= Math.max(8, Math.ceil(targetLength * 0.1));
  const lineLevel = differing.every((p) => p.similarity >= 0.6);

  if (differing.length === 0) {
    // Every line matches, so only the line breaks between them differ (a final
    // newline the file does not have there, or a line split differently).
    return { kind: 'newlines', line: win.start + 1, endLine: Math.min(n, win.start + m), work: budget.work };
  }
  if (differing.length <= MAX_SHOWN && smallEdit && lineLevel) {
    return {
      kind: 'chars',
      line: win.start + 1,
      endLine: Math.min(n, win.start + m),
      similarity: percent,
      differences: differing.map((p) => difference(fileLines, lines, p)),
      work: budget.work,
    };
  }
  if (win.similarity < 0.3 && !win.pairs.some((p) => p.distance === 0 && lines[p.j]!.trim() !== '')) {
    return { kind: 'none', work: budget.work };
  }
  return drift(fileLines, lines, win, percent, budget);
}

// ------------------------------------------------------------------ voting

function clampStart(s: number, m: number, n: number): number {
  return Math.max(0, Math.min(s, n - Math.min(m, n)));
}

// --------------------------------------------------------------- comparing

interface PairScore {
  /** Index in the target lines. */
  j: number;
  /** File line index (may be >= file length: compared with ''). */
  i: number;
  distance: number;
  similarity: number;
  /** Where the aligned text starts in the file line. */
  segStart: number;
}

interface WindowScore {
  start: number;
  similarity: number;
  pairs: PairScore[];
}

/** Which target lines a window compares: all, or head and tail of a very long target. */
function comparedIndices(m: number): number[] {
  if (m <= MAX_COMPARED_LINES) return Array.from({ length: m }, (_, j) => j);
  const half = MAX_COMPARED_LINES / 2;
  return [...Array.from({ length: half }, (_, j) => j), ...Array.from({ length: half }, (_, k) => m - half + k)];
}

function scoreWindow(fileLines: FileLines, lines: readonly string[], start: number, openEnd: boolean, budget: Budget): WindowScore {
  const m = lines.length;
  const pairs: PairScore[] = [];
  let distance = 0;
  let size = 0;
  for (const j of comparedIndices(m)) {
    const i = start + j;
    const file = fileLines.at(i) ?? '';
    const target = lines[j]!;
    // A multi-line old_string may start mid-line and end mid-line: its first
    // line may be a suffix of the file line, its last line a prefix.
    const freeStart = j === 0;
    const freeEnd = j === m - 1 && openEnd;
    const a = align(target, file, freeStart, freeEnd, budget);
    const len = Math.max(target.length, a.segLength);
    pairs.push({ j, i, distance: a.distance, similarity: len === 0 ? 1 : 1 - a.distance / len, segStart: a.segStart });
    distance += a.distance;
    size += len;
  }
  return { start, similarity: size === 0 ? 1 : 1 - distance / size, pairs };
}

function difference(fileLines: FileLines, lines: readonly string[], p: PairScore): LineDifference {
  const file = fileLines.at(p.i) ?? '';
  const target = lines[p.j]!;
  let k = commonPrefixLength(file.slice(p.segStart), target);
  // Never split a surrogate pair when naming the character.
  if (k > 0 && isLowSurrogate(target.charCodeAt(k)) && isLowSurrogate(file.charCodeAt(p.segStart + k))) k--;
  return {
    fileLine: p.i + 1,
    fileText: file,
    targetLine: p.j + 1,
    targetText: target,
    column: p.segStart + k + 1,
    targetOffset: k,
    fileChar: charAt(file, p.segStart + k),
    targetChar: charAt(target, k),
  };
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

function charAt(s: string, k: number): string {
  const cp = s.codePointAt(k);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

// -------------------------------------------------------------------- drift

/**
 * Whole lines drifted: align target lines to the file lines around the best
 * window (longest common subsequence of trimmed lines) to find the range the
 * block now spans and how its line count changed.
 */
function drift(fileLines: FileLines, lines: readonly string[], win: WindowScore, percent: number, budget: Budget): ClosestMatch {
  const m = lines.length;
  const n = fileLines.length;
  const span = Math.min(m, MAX_COMPARED_LINES);
  const lo = Math.max(0, win.start - span);
  const hi = Math.min(n, win.start + m + span);
  let first = win.start;
  let last = Math.min(n, win.start + m) - 1;
  let matched = win.pairs.filter((p) => p.distance === 0).length;
  let indentOnly = 0;
  let fileTabs = 0;
  let fileSpaces = 0;
  const cells = span * (hi - lo);
  if (m <= MAX_COMPARED_LINES && budget.cells + cells <= WORK_BUDGET) {
    budget.cells += cells;
    budget.work += cells;
    const pairs = lcsPairs(
      lines.map((l) => l.trim()),
      Array.from({ length: hi - lo }, (_, k) => fileLines.at(lo + k)!.trim()),
    );
    if (pairs.length > 0) {
      const [j0, i0] = pairs[0]!;
      const [j1, i1] = pairs[pairs.length - 1]!;
      first = Math.max(0, lo + i0 - j0);
      last = Math.min(n - 1, lo + i1 + (m - 1 - j1));
      matched = 0;
      for (const [j, i] of pairs) {
        if (lines[j] === fileLines.at(lo + i)) matched++;
        else if (lines[j]!.trim() !== '') {
          indentOnly++;
          const fileIndent = indentOf(fileLines.at(lo + i)!);
          const targetIndent = indentOf(lines[j]!);
          if (fileIndent.includes('\t') && !targetIndent.includes('\t')) fileTabs++;
          if (targetIndent.includes('\t') && !fileIndent.includes('\t')) fileSpaces++;
        }
      }
    }
  }
  const blockLines = last - first + 1;
  const offset = Math.max(1, first + 1 - READ_MARGIN);
  const limit = Math.min(n, last + 1 + READ_MARGIN) - offset + 1;
  return {
    kind: 'drift',
    line: first + 1,
    endLine: last + 1,
    similarity: percent,
    differing: m - matched,
    total: m,
    lineDelta: blockLines - m,
    indentOnly,
    ...(indentOnly > 0 && fileTabs === indentOnly ? { indentStyle: 'file-tabs' as const } : {}),
    ...(indentOnly > 0 && fileSpaces === indentOnly ? { indentStyle: 'file-spaces' as const } : {}),
    offset,
    limit,
    work: budget.work,
  };
}

/** Matched index pairs [targetIndex, fileIndex] of a longest common subsequence (non-blank lines only). */
function lcsPairs(a: readonly string[], b: readonly string[]): [number, number][] {
  const rows = a.length;
  const cols = b.length;
  const table = new Uint16Array((rows + 1) * (cols + 1));
  const at = (r: number, c: number) => r * (cols + 1) + c;
  for (let r = rows - 1; r >= 0; r--) {
    for (let c = cols - 1; c >= 0; c--) {
      table[at(r, c)] = a[r] === b[c] && a[r] !== '' ? table[at(r + 1, c + 1)]! + 1 : Math.max(table[at(r + 1, c)]!, table[at(r, c + 1)]!);
    }
  }
  const pairs: [number, number][] = [];
  let r = 0;
  let c = 0;
  while (r < rows && c < cols) {
    if (a[r] === b[c] && a[r] !== '') {
      pairs.push([r, c]);
      r++;
      c++;
    } else if (table[at(r + 1, c)]! >= table[at(r, c + 1)]!) r++;
    else c++;
  }
  return pairs;
}

// ------------------------------------------------------------------ wording

// The report of a search's result lives beside it (edit/closest-words.ts).
export { describeClosest } from './closest-words.js';
