// The file line most like an expected line that exists nowhere, and where the
// two first differ: the closest-line hint of a hunk's miss (diagnose.ts).
// Bounded: candidates come from the expected line's rarer tokens, and only the
// best few are scored by edit distance, so the cost does not grow with the file.

import { codePoint, commonPrefixLength, quote } from '../text/quote.js';
import { similarity } from './distance.js';
import type { LineIndex } from './seek.js';

/** Candidate lines scored by edit distance for the closest-line hint. */
const CLOSEST_CANDIDATES = 100;
/** Characters of a line compared by edit distance. */
const CLOSEST_CHARS = 240;
const CLOSEST_MIN_SIMILARITY = 0.5;

/** File line i's text, trimmed (one string, for the few lines a hint quotes or scores). */
export const trimmedAt = (index: LineIndex, i: number): string => index.table.textAt(i).trim();

const TOKEN = /[\p{L}\p{N}_]{2,}/gu;

/** A token with more hits than this says little about which line was meant. */
const COMMON_TOKEN_HITS = 200;

/**
 * The most similar file line by edit distance. Candidates are the lines that
 * contain one of the expected line's rarer tokens (a token found on more than
 * COMMON_TOKEN_HITS lines does not nominate candidates: "const" or "return"
 * would flood the list with the top of the file), ranked by how many of all
 * its tokens they share; only the best few are scored, so the cost does not
 * grow with the file.
 */
export function closestLine(index: LineIndex, expected: string): { line: number; similarity: number } | undefined {
  const want = expected.slice(0, CLOSEST_CHARS);
  const tokens = [...new Set(want.match(TOKEN) ?? [])].sort((x, y) => y.length - x.length).slice(0, 8);
  const nominated = new Set<number>();
  let fallback: number[] = [];
  for (const t of tokens) {
    const lines: number[] = [];
    for (
      let line = index.table.lineContaining(t, 0);
      line >= 0 && lines.length <= COMMON_TOKEN_HITS;
      line = index.table.lineContaining(t, line + 1)
    ) {
      lines.push(line);
    }
    if (lines.length <= COMMON_TOKEN_HITS) for (const l of lines) nominated.add(l);
    else if (fallback.length === 0) fallback = lines;
  }
  const pool = nominated.size > 0 ? [...nominated] : fallback;
  const candidates = pool
    .map((line) => ({ line, key: trimmedAt(index, line) }))
    .filter(({ key }) => {
      const len = Math.min(key.length, CLOSEST_CHARS);
      return Math.abs(len - want.length) <= Math.max(len, want.length) / 2;
    })
    .map(({ line, key }) => ({ line, key, shared: tokens.reduce((n, t) => n + (key.includes(t) ? 1 : 0), 0) }))
    .sort((x, y) => y.shared - x.shared || x.line - y.line)
    .slice(0, CLOSEST_CANDIDATES);
  let best: { line: number; similarity: number } | undefined;
  for (const { line, key } of candidates) {
    const sim = similarity(want, key.slice(0, CLOSEST_CHARS));
    if (!best || sim > best.similarity) best = { line, similarity: sim };
  }
  return best && best.similarity >= CLOSEST_MIN_SIMILARITY ? best : undefined;
}

function describeChar(ch: string | undefined): string {
  if (ch === undefined) return 'end of line';
  const cp = ch.codePointAt(0)!;
  const hex = codePoint(cp);
  if (cp > 0x20 && cp < 0x7f) return quote(ch);
  if (ch === ' ') return 'a space';
  if (ch === '\t') return 'a tab';
  return `${quote(ch)} (${hex})`;
}

/** "first difference at column C: expected X, found Y" on the raw lines. */
export function firstDifference(expected: string, found: string): string | undefined {
  if (expected === found) return undefined;
  const e = [...expected];
  const f = [...found];
  const i = commonPrefixLength(e, f);
  return `first difference at column ${i + 1}: expected ${describeChar(e[i])}, found ${describeChar(f[i])}`;
}
