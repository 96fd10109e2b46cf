// The edit tool's punctuation step (match/normalize.ts, shared with
// apply_patch): old_string found in the file with punctuation and optional
// spaces folded, unique only; the replacement keeps the file's own text for
// what new_string keeps.

import { alignUnits, carryLines } from '../match/carry.js';
import { foldChar, foldKinds, normalizeForMatch, type Normalized, toOriginalRange } from '../match/normalize.js';
import { allPositions, findText } from '../text/linear-search.js';
import { newSide, type Part } from './new-text.js';
import type { FileView, LfSplice } from './view.js';

const positions = allPositions;

/**
 * Punctuation-tolerant search. On a unique hit the replacement keeps the
 * file's own text wherever new_string keeps old_string's (the diff's 'same'
 * runs are mapped onto the file through both normalisation maps), so only
 * what the model actually changed is written in the model's punctuation.
 */
export function punctuation(
  view: FileView,
  oldLf: string,
  parts: readonly Part[],
  entry: number,
): 'none' | 'unsafe' | { ambiguous: number[] } | { splice: LfSplice; folds: string[] } {
  const on = normalizeForMatch(oldLf);
  if (on.text.trim() === '') return 'none';
  const hits = tolerantHits(view, oldLf, on);
  if (hits.length === 0) return 'none';
  if (hits.length > 1) return { ambiguous: hits.map((h) => h.start) };
  const { norm, base, p } = hits[0]!;
  const range = toOriginalRange(norm, p, p + on.text.length);
  const start = base + range.start;
  let end = base + range.end;
  // Never end a range between the halves of a surrogate pair.
  const last = view.lf.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end++;
  const segment = view.lf.slice(start, end);
  const oldLen = on.text.length;
  // Both texts' offsets for each unit of the normalised old_string: the map into the file is the hit's.
  const fileMap = new Int32Array(oldLen + 1);
  for (let k = 0; k < oldLen; k++) fileMap[k] = base + norm.map[p + k]! - start;
  fileMap[oldLen] = segment.length;
  const align = alignUnits(oldLf, segment, on.map, fileMap);
  const carried = carryLines(oldLf, segment, newSide(parts), align);
  // The carried text failed its own check: refuse rather than write something the model did not ask for.
  if (!carried) return 'unsafe';
  const text = carried.text;
  const folds = new Set<string>([...foldKinds(oldLf), ...foldKinds(segment)]);
  // The 1:1 folds alone did not make them equal: a space was optional, or a floating mark was dropped.
  if (foldEach(oldLf) !== foldEach(segment)) folds.add('optional space');
  return { splice: { start, end, text, entry }, folds: [...folds] };
}

/** Where the (unique) punctuation-tolerant hit of old_string starts, for messages. */
export function tolerantStart(view: FileView, oldLf: string): number {
  return tolerantHits(view, oldLf, normalizeForMatch(oldLf))[0]?.start ?? 0;
}

export interface TolerantHit {
  /** The normalised text the hit was found in: the whole file, or a run of its lines. */
  norm: Normalized;
  /** LF offset of that text in the file. */
  base: number;
  /** Where the normalised old_string starts in norm.text. */
  p: number;
  /** LF offset of the hit in the file. */
  start: number;
}

/** Letters, digits and underscores: normalisation never changes or drops them. */
const STABLE_RUN = /[\p{L}\p{N}_]{3,}/gu;
/** What folds to a space, so may sit (once) between two word characters of the file and be dropped. */
const OPTIONAL_GAP = '[ \\u00A0\\u2002-\\u200A\\u202F\\u205F\\u3000]?';
const MAX_RUNS_CHECKED = 8;
const MAX_ANCHOR_HITS = 1000;

/**
 * Longest piece of a run that becomes a pattern. V8 compiles a regular
 * expression recursively: a 20,000-letter run (a base64 blob in old_string)
 * overflowed its stack and crashed the edit. A prefix is still a necessary
 * condition (the whole run occurs only where its prefix does), and as the
 * anchor it only finds more candidate lines, each then checked exactly.
 */
const MAX_PATTERN_RUN = 256;

/** A pattern for `run` as the file may spell it: the same characters, with at most one space between any two. */
function runPattern(whole: string): RegExp {
  const run = whole.length > MAX_PATTERN_RUN ? Array.from(whole).slice(0, MAX_PATTERN_RUN).join('') : whole;
  const chars = Array.from(run, (ch) => ch.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'));
  return new RegExp(chars.join(OPTIONAL_GAP), 'gu');
}

const isGap = (c: number): boolean =>
  c === 0x20 || c === 0xa0 || (c >= 0x2002 && c <= 0x200a) || c === 0x202f || c === 0x205f || c === 0x3000;

/**
 * The text with every single OPTIONAL_GAP character between two other
 * characters taken out. A run of letters and digits occurs in the text with
 * at most one such character between any two of its letters (what
 * runPattern matches) only if it occurs here as it is: so presence is one
 * linear search, where the pattern, tried at every offset of a long
 * repetitive line, cost offsets x run length.
 */
export function squeezeGaps(text: string): string {
  const parts: string[] = [];
  let from = 0;
  for (let i = 1; i + 1 < text.length; i++) {
    if (isGap(text.charCodeAt(i)) && !isGap(text.charCodeAt(i - 1)) && !isGap(text.charCodeAt(i + 1))) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/**
 * Every place the normalised old_string occurs in the normalised file,
 * without normalising a large file whole when it can be avoided. Folding
 * keeps letters and digits (it can only drop one space between two of them)
 * and never crosses a line break, so:
 *   - every run of letters/digits in old_string must occur in the file, up
 *     to such spaces, or there is no tolerant match (the common miss costs a
 *     few scans);
 *   - a match containing an occurrence of one such run spans exactly the
 *     lines around it that old_string's line breaks imply, and normalising
 *     those whole lines gives the same result as normalising the whole file.
 */
export function tolerantHits(view: FileView, oldLf: string, on: Normalized): TolerantHit[] {
  const whole = (): TolerantHit[] => {
    const norm = view.norm();
    return positions(norm.text, on.text).map((p) => ({ norm, base: 0, p, start: norm.map[p]! }));
  };
  const runs = [...oldLf.matchAll(STABLE_RUN)].sort((x, y) => y[0].length - x[0].length || x.index - y.index);
  if (runs.length === 0) return whole();
  let squeezed: string | undefined;
  for (const r of runs.slice(0, MAX_RUNS_CHECKED)) {
    if (findText(view.lf, r[0], 0) >= 0) continue;
    squeezed ??= squeezeGaps(view.lf);
    if (findText(squeezed, r[0], 0) < 0) return [];
  }
  const anchor = runs[0]!;
  const occurrences: number[] = [];
  for (const m of view.lf.matchAll(runPattern(anchor[0]))) {
    occurrences.push(m.index);
    if (occurrences.length > MAX_ANCHOR_HITS) return whole();
  }
  const linesBefore = countNewlines(oldLf, 0, anchor.index);
  // A final '\n' ends the last line the match touches; it does not reach into the next.
  const linesAfter = countNewlines(oldLf, anchor.index, oldLf.endsWith('\n') ? oldLf.length - 1 : oldLf.length);
  const lastLine = view.table.length - 1;
  // Line ranges the match could span, merged where they overlap or touch.
  const ranges: [number, number][] = [];
  for (const o of occurrences) {
    const line = view.lineOf(o);
    const first = line - linesBefore;
    const last = line + linesAfter;
    if (first < 0 || last > lastLine) continue;
    const prev = ranges[ranges.length - 1];
    if (prev && first <= prev[1] + 1) prev[1] = Math.max(prev[1], last);
    else ranges.push([first, last]);
  }
  const hits: TolerantHit[] = [];
  for (const [first, last] of ranges) {
    const base = view.lineStart(first);
    const norm = normalizeForMatch(view.lf.slice(base, view.lineStart(last + 1)));
    for (const p of positions(norm.text, on.text)) hits.push({ norm, base, p, start: base + norm.map[p]! });
  }
  return hits;
}

function countNewlines(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = s.indexOf('\n', from); i >= 0 && i < to; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

const foldEach = (s: string): string => Array.from(s, (ch) => foldChar(ch)).join('');
