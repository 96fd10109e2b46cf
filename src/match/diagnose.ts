// Why a hunk did not match, in words a model can act on. A precise report is
// what turns a failed call into a correct second try, so the message names the
// hunk (`hunk not found (N/M)`), quotes the first expected complete line, and
// adds the single most useful hint, tried in this order:
//
//   already_applied  the hunk's `+` side is already where its `-` side should be
//   eof              the context exists, but not at the end of the file
//   earlier          the context exists before the preceding hunk (file order)
//   placeholder      a `...` line, or a blank line standing in for omitted code
//   partial_block    K lines match at line N, then one differs (expected vs
//                    found, first differing column, drift, blank-line hint)
//   not_together     every line exists in the file, but not as one block
//   part_of_line     the expected text is only part of a longer file line
//   closest_line     the most similar file line (S% similar)
//   missing_line     the line does not exist in the file
//
// The failure messages built around these hints are in describe.ts.
//
// Every search here is bounded so a failure on a 100,000-line file stays
// fast and small: lines are compared in place in the file's table (trimmed
// without a string per line), anchors skip lines that occur too often,
// alignment work is capped, substring and token look-ups are native searches
// over the file itself, and edit distance only runs on a short, pre-filtered
// candidate list.

import type { Hunk } from '../types.js';
import { quote } from '../text/quote.js';
import { LineIndex } from './seek.js';
import { closestLine, firstDifference, trimmedAt } from './closest-line.js';
import { tolerantCandidates } from './tolerant.js';
import { informative, newSide, oldSide } from './hunk-lines.js';
import { isPlaceholder } from '../text/placeholder.js';

const PREVIEW = 120;
/** Occurrence cap for an alignment anchor line ("}" or "" would explode). */
const ANCHOR_MAX_OCCURRENCES = 64;
/** Cap on line comparisons spent aligning one hunk. */
const ALIGN_BUDGET = 200_000;
/** How far ahead drift (extra or missing lines) is looked for. */
const DRIFT_WINDOW = 20;

export type HintKind =
  | 'already_applied'
  | 'eof'
  | 'earlier'
  | 'placeholder'
  | 'partial_block'
  | 'part_of_line'
  | 'closest_line'
  | 'missing_line'
  | 'not_together';

export interface MissDiagnosis {
  hint: HintKind;
  /** The hint sentence (without the `hunk not found` lead). */
  text: string;
  /** 0-based file line the hint points at, when it points at one. */
  line?: number;
}

/** The first expected line as a miss names it: whole, or labelled a prefix when cut. */
export function quoteLine(line: string): string {
  if (line.length <= PREVIEW) return `line ${quote(line, PREVIEW)}`;
  return `line starting ${quote(line.slice(0, PREVIEW), PREVIEW)} (prefix)`;
}

/** A line quoted in a hint: cut at PREVIEW characters. */
export const quoteHint = (s: string): string => quote(s, PREVIEW);

// ------------------------------------------------------------------ analysis

/** Is file line i, trimmed, exactly `key` (a trimmed string)? Compared in place. */
const isLine = (index: LineIndex, i: number, key: string): boolean => i >= 0 && i < index.length && index.table.equalsTrimmed(i, key, true);

/** Lines whose trimmed text is a given key (see `occurrencesIn`). */
type Occurrences = (key: string) => number[];

/**
 * Lines whose trimmed text is `key`, up to ANCHOR_MAX_OCCURRENCES + 1 (one
 * more than an anchor may have): the whitespace-blind pass of the file's line
 * index, so a large file (or one of long lines) is looked up through its
 * sampled hash index rather than compared line by line. Remembered per key
 * for one diagnosis (the hints ask for the same hunk lines several times).
 */
function occurrencesIn(index: LineIndex): Occurrences {
  const seen = new Map<string, number[]>();
  return (key) => {
    let list = seen.get(key);
    if (!list) seen.set(key, (list = index.matches([key], 0, index.length - 1, 'trim', ANCHOR_MAX_OCCURRENCES + 1)));
    return list;
  };
}

/**
 * The hint for a hunk whose old side matched nowhere from `cursor`. Pure and
 * bounded: the benchmark calls it directly on a 100,000-line file.
 */
export function diagnoseHunk(source: LineIndex | readonly string[], hunk: Hunk, cursor: number): MissDiagnosis {
  const index = source instanceof LineIndex ? source : new LineIndex(source);
  const old = oldSide(hunk.lines);
  const occurrences = occurrencesIn(index);
  return (
    alreadyApplied(index, hunk) ??
    endOfFile(index, old, hunk.endOfFile) ??
    earlier(index, old, cursor) ??
    placeholder(old, occurrences) ??
    partialBlock(index, old, cursor, occurrences) ??
    lineLevel(index, old, cursor, occurrences)
  );
}

function alreadyApplied(index: LineIndex, hunk: Hunk): MissDiagnosis | undefined {
  const added = hunk.lines.filter((l) => l.op === '+');
  if (!added.some((l) => informative(l.text))) return undefined;
  const side = newSide(hunk.lines);
  const hit = index.seek(side, 0, hunk.endOfFile);
  if (!hit) return undefined;
  return {
    hint: 'already_applied',
    line: hit.index,
    text:
      `the hunk appears to be already applied: its "+" side is present at line ${hit.index + 1}; ` +
      're-read the file before changing anything there',
  };
}

function endOfFile(index: LineIndex, old: string[], eof: boolean): MissDiagnosis | undefined {
  if (!eof) return undefined;
  const hit = index.seek(old, 0);
  if (!hit) return undefined;
  return {
    hint: 'eof',
    line: hit.index,
    text: `the context exists at line ${hit.index + 1}, but not at the end of the file as "*** End of File" requires`,
  };
}

function earlier(index: LineIndex, old: string[], cursor: number): MissDiagnosis | undefined {
  if (cursor <= 0) return undefined;
  const exact = index.seek(old, 0);
  let at = exact && exact.index < cursor ? exact.index : -1;
  if (at < 0) {
    const tolerant = tolerantCandidates(index, old, 0, 'punctuation', false, 2);
    if (tolerant.length === 1 && tolerant[0]! < cursor) at = tolerant[0]!;
  }
  if (at < 0) return undefined;
  return {
    hint: 'earlier',
    line: at,
    text:
      `the context exists at line ${at + 1}, before the preceding hunk: ` +
      'hunks must follow file order, so move this hunk before the one that edits later lines',
  };
}

function placeholder(old: string[], occurrences: Occurrences): MissDiagnosis | undefined {
  for (let k = 0; k < old.length; k++) {
    const t = old[k]!.trim();
    if (t === '' || occurrences(t).length > 0) continue;
    if (isPlaceholder(t)) {
      return {
        hint: 'placeholder',
        text:
          `hunk line ${k + 1} ${quoteHint(t)} looks like an omission placeholder and is not in the file: ` +
          'context lines must be copied in full, never elided',
      };
    }
  }
  return undefined;
}

interface Alignment {
  /** File line where hunk line 0 would sit. */
  start: number;
  /** Matching run [from, to) in hunk lines. */
  from: number;
  to: number;
}

/** The longest run of consecutive hunk lines that matches the file somewhere at or after `cursor`. */
function bestAlignment(index: LineIndex, old: string[], cursor: number, occurrences: Occurrences): Alignment | undefined {
  const want = old.map((l) => l.trim());
  const n = index.length;
  const m = want.length;
  let best: Alignment | undefined;
  let budget = ALIGN_BUDGET;
  const tried = new Set<number>();
  for (let k = 0; k < m && budget > 0; k++) {
    if (!informative(want[k]!)) continue;
    const list = occurrences(want[k]!);
    if (list.length === 0 || list.length > ANCHOR_MAX_OCCURRENCES) continue;
    for (const pos of list) {
      const start = pos - k;
      if (pos < cursor || tried.has(start)) continue;
      tried.add(start);
      let from = k;
      while (from > 0 && start + from - 1 >= 0 && isLine(index, start + from - 1, want[from - 1]!)) from--;
      let to = k + 1;
      while (to < m && start + to < n && isLine(index, start + to, want[to]!)) to++;
      budget -= to - from + 1;
      const len = to - from;
      if (!best || len > best.to - best.from) best = { start, from, to };
      if (budget <= 0) break;
    }
  }
  return best;
}

function partialBlock(index: LineIndex, old: string[], cursor: number, occurrences: Occurrences): MissDiagnosis | undefined {
  const a = bestAlignment(index, old, cursor, occurrences) ?? (cursor > 0 ? bestAlignment(index, old, 0, occurrences) : undefined);
  if (!a || a.to - a.from >= old.length) return undefined;
  const runLen = a.to - a.from;
  const what = runLen === 1 ? '1 line matches' : `${runLen} lines match`;
  // The differing hunk line: the one after the run, or before it when the run
  // reaches the hunk's end.
  const after = a.to < old.length;
  const k = after ? a.to : a.from - 1;
  const f = a.start + k;
  const expected = old[k]!;
  const runAt = a.start + a.from + 1;
  const where =
    a.from === 0
      ? `the first ${runLen === 1 ? 'line matches' : `${runLen} lines match`} at line ${runAt}`
      : `hunk lines ${a.from + 1}-${a.to} (${what}) match at line ${runAt}`;
  const head = `${where} but hunk line ${k + 1} differs`;
  if (f < 0 || f >= index.length) {
    return {
      hint: 'partial_block',
      line: a.start + a.from,
      text: `${head}: the file ${f < 0 ? 'starts' : 'ends'} before it; expected ${quoteHint(expected)}`,
    };
  }
  const found = index.table.textAt(f);
  const detail = [`expected ${quoteHint(expected)}, found ${quoteHint(found)} at line ${f + 1}`];
  const drift = driftHint(index, old, k, f, after ? 1 : -1);
  if (expected.trim() === '' && found.trim() !== '' && drift?.fileExtra === undefined) {
    const skipped = resumeAfterBlank(index, old, k, f);
    if (skipped !== undefined && skipped > 0) {
      return {
        hint: 'placeholder',
        line: f,
        text:
          `${head}: hunk line ${k + 1} is blank where the file has ${skipped} line${skipped === 1 ? '' : 's'} of code ` +
          `(lines ${f + 1}-${f + skipped}); a blank context line cannot stand for omitted lines: copy them in full`,
      };
    }
  }
  if (drift?.fileExtra !== undefined) {
    const extra = drift.fileExtra;
    // The file's extra lines sit between the run and where the expected line really is.
    const from = after ? f : f - extra + 1;
    let blank = true;
    for (let i = from; i < Math.min(from + extra, index.length) && blank; i++) blank = isLine(index, i, '');
    const at = after ? f + extra + 1 : f - extra + 1;
    detail.push(
      blank
        ? `the file has ${extra === 1 ? 'a blank line' : `${extra} blank lines`} here that the hunk lacks`
        : `line-count difference: the file has ${extra} extra line${extra === 1 ? '' : 's'} ${after ? 'before' : 'after'} it ` +
            `(the expected line is at line ${at})`,
    );
  } else if (drift?.hunkExtra !== undefined) {
    const extra = drift.hunkExtra;
    const from = after ? k : k - extra + 1;
    const blank = old.slice(from, from + extra).every((l) => l.trim() === '');
    detail.push(
      blank
        ? `the hunk has ${extra === 1 ? 'a blank line' : `${extra} blank lines`} the file lacks here`
        : `line-count difference: the hunk has ${extra} line${extra === 1 ? '' : 's'} the file lacks here`,
    );
  } else if (found.trim() !== '' && expected.trim() !== '' && found.includes(expected.trim())) {
    detail.push(`the expected text is only part of line ${f + 1}: include the whole line`);
  } else {
    const col = firstDifference(expected, found);
    if (col) detail.push(col);
  }
  return { hint: 'partial_block', line: f, text: `${head}: ${detail.join('; ')}` };
}

/** How many file lines a blank hunk line at `k` stands in for (the next non-blank hunk line resumes there). */
function resumeAfterBlank(index: LineIndex, old: string[], k: number, f: number): number | undefined {
  let next = k + 1;
  while (next < old.length && old[next]!.trim() === '') next++;
  if (next >= old.length) return undefined;
  const want = old[next]!.trim();
  for (let d = 1; d <= 200 && f + d < index.length; d++) {
    if (isLine(index, f + d, want)) return d - (next - k - 1);
  }
  return undefined;
}

/**
 * Lines added or missing next to the matching run. `dir` is 1 when the
 * differing line follows the run (look further down), -1 when it precedes the
 * run (look further up).
 */
function driftHint(
  index: LineIndex,
  old: string[],
  k: number,
  f: number,
  dir: 1 | -1,
): { fileExtra?: number; hunkExtra?: number } | undefined {
  const want = old[k]!.trim();
  const found = trimmedAt(index, f);
  const beyond = k + dir;
  // The expected line a few lines further along the file: the file has extra lines.
  for (let d = 1; d <= DRIFT_WINDOW; d++) {
    const at = f + dir * d;
    if (at < 0 || at >= index.length) break;
    if (isLine(index, at, want) && (want !== '' || d === 1)) {
      const nextOk = beyond < 0 || beyond >= old.length || isLine(index, at + dir, old[beyond]!.trim());
      if (nextOk) return { fileExtra: d };
      break;
    }
  }
  // The found line a few hunk lines further along: the hunk has lines the file lacks.
  for (let d = 1; d <= DRIFT_WINDOW; d++) {
    const at = k + dir * d;
    if (at < 0 || at >= old.length) break;
    if (old[at]!.trim() === found && (found !== '' || d === 1)) return { hunkExtra: d };
  }
  return undefined;
}

function lineLevel(index: LineIndex, old: string[], cursor: number, occurrences: Occurrences): MissDiagnosis {
  const missing = old.findIndex((l) => l.trim() !== '' && occurrences(l.trim()).length === 0);
  if (missing < 0 && old.every((l) => l.trim() === '')) {
    const where =
      index.length === 0
        ? 'the file is empty'
        : old.length === 1
          ? 'the file has no blank line'
          : `the file has no ${old.length} blank lines together`;
    return {
      hint: 'not_together',
      text: `the hunk's old side is only blank lines and ${where}: add a context line that has text`,
    };
  }
  if (missing < 0) {
    return {
      hint: 'not_together',
      text: 'every line of the hunk exists in the file, but not together in this order: re-read the target range and copy it as one block',
    };
  }
  const expected = old[missing]!.trim();
  const label = `hunk line ${missing + 1}`;
  const within = containing(index, expected, cursor);
  if (within !== undefined) {
    return {
      hint: 'part_of_line',
      line: within,
      text:
        `${label} ${quoteHint(expected)} is only part of line ${within + 1} ` +
        `${quoteHint(index.table.textAt(within))}: include the whole line`,
    };
  }
  const close = closestLine(index, expected);
  if (close) {
    const pct = Math.floor(close.similarity * 100);
    // Columns count on the raw lines when the indentation agrees; otherwise on
    // the trimmed text, since indentation alone would not have blocked a match.
    const raw = old[missing]!;
    const fileLine = index.table.textAt(close.line);
    const sameIndent =
      raw.length - raw.trimStart().length === fileLine.length - fileLine.trimStart().length &&
      raw.startsWith(fileLine.slice(0, fileLine.length - fileLine.trimStart().length));
    const col = sameIndent ? firstDifference(raw, fileLine) : firstDifference(expected, fileLine.trim())?.concat(' (ignoring indentation)');
    return {
      hint: 'closest_line',
      line: close.line,
      text:
        `${label} ${quoteHint(expected)} is not in the file; ` +
        `the closest file line is ${close.line + 1} (${pct}% similar): ${quoteHint(fileLine)}${col ? `; ${col}` : ''}`,
    };
  }
  return { hint: 'missing_line', text: `${label} ${quoteHint(expected)} does not exist in the file, nor anything close to it` };
}

/** First file line (preferring lines at or after `cursor`) that contains `needle` inside a longer line. */
function containing(index: LineIndex, needle: string, cursor: number): number | undefined {
  if (needle.length < 3) return undefined;
  // Only a line longer than the needle can hold it as a part: one of the same
  // length would equal it, and the caller looked for that first.
  const search = (from: number): number | undefined => {
    const line = index.table.lineContaining(needle, from, true);
    return line < 0 ? undefined : line;
  };
  const fromCursor = cursor < index.length ? search(cursor) : undefined;
  return fromCursor ?? (cursor > 0 ? search(0) : undefined);
}
