// The closest-block search's votes (edit/closest.ts): where old_string's
// lines suggest the block starts, from exact line anchors, then rare words,
// then trigram containment. Each scan is bounded; see closest.ts's header.

import type { Budget } from '../match/distance.js';
import { findText } from '../text/linear-search.js';
import { lastAtOrBefore } from '../text/search.js';
import type { FileLines } from './closest.js';

const MAX_ANCHOR_HITS = 50;
const SAMPLE_LINES = 4;
const TOP_PER_SAMPLE = 8;

/** The ASCII whitespace String.prototype.trim removes most often; rarer spaces just miss an anchor. */
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0b || c === 0x0c || c === 0xa0 || c === 0xfeff || c === 0x3000;
}

/** Exact (trimmed) line anchors; returns how many target lines could anchor. */
export function anchorVotes(fileLines: FileLines, lines: readonly string[], vote: (s: number, w: number) => void): number {
  const byKey = new Map<string, number[]>();
  lines.forEach((l, j) => {
    const key = l.trim();
    if (key.length < 2) return;
    const list = byKey.get(key);
    if (list) list.push(j);
    else byKey.set(key, [j]);
  });
  if (byKey.size === 0) return 0;
  const hits = new Map<string, number[]>();
  const lengths = new Set<number>();
  for (const key of byKey.keys()) lengths.add(key.length);
  for (let i = 0; i < fileLines.length; i++) {
    const line = fileLines.at(i)!;
    // Measure the trimmed length without allocating; most lines are rejected here.
    let a = 0;
    let b = line.length;
    while (a < b && isSpace(line.charCodeAt(a))) a++;
    while (b > a && isSpace(line.charCodeAt(b - 1))) b--;
    if (!lengths.has(b - a)) continue;
    const key = a === 0 && b === line.length ? line : line.slice(a, b);
    if (!byKey.has(key)) continue;
    const list = hits.get(key);
    if (!list) hits.set(key, [i]);
    else if (list.length <= MAX_ANCHOR_HITS) list.push(i);
  }
  let anchorable = 0;
  for (const [key, js] of byKey) {
    anchorable += js.length;
    const at = hits.get(key);
    if (!at || at.length > MAX_ANCHOR_HITS) continue;
    const w = 1 / at.length;
    for (const i of at) for (const j of js) vote(i - j, w);
  }
  return anchorable;
}

const WORD = /[\p{L}\p{N}_]{3,}/gu;
const MAX_WORDS = 8;
const MAX_WORD_HITS = 50;

/**
 * Rare words vote: a typo rarely touches every word of a line, so the words
 * that survive (an identifier like `value_50001`) still say where the line is.
 * Each word costs one native substring scan, stopped after MAX_WORD_HITS hits
 * (a word that common says nothing). `text` is the lines joined with '\n'.
 */
export function wordVotes(
  fileLines: FileLines,
  text: string,
  lines: readonly string[],
  vote: (s: number, w: number) => void,
  budget: Budget,
): void {
  const words = new Map<string, number>();
  // The longest words of each line first: they are the rarest.
  const perLine = lines.map((l, j) => [...l.matchAll(WORD)].map((m) => ({ word: m[0], j })).sort((a, b) => b.word.length - a.word.length));
  for (let round = 0; words.size < MAX_WORDS && perLine.some((ws) => ws.length > round); round++) {
    for (const ws of perLine) {
      const w = ws[round];
      if (w && !words.has(w.word) && words.size < MAX_WORDS) words.set(w.word, w.j);
    }
  }
  if (words.size === 0) return;
  // Where each line starts in `text`: the caller's offsets when it has them.
  let starts: ArrayLike<number> | undefined = fileLines.starts;
  const lineAt = (offset: number): number => {
    if (!starts) {
      const own = new Int32Array(fileLines.length);
      let at = 0;
      for (let i = 0; i < fileLines.length; i++) {
        own[i] = at;
        at += fileLines.at(i)!.length + 1;
      }
      starts = own;
    }
    return lastAtOrBefore(starts, fileLines.length, offset);
  };
  for (const [word, j] of words) {
    const hits: number[] = [];
    for (let at = findText(text, word, 0); at >= 0 && hits.length <= MAX_WORD_HITS; at = findText(text, word, at + word.length))
      hits.push(at);
    budget.work += text.length;
    if (hits.length === 0 || hits.length > MAX_WORD_HITS) continue;
    const lineHits = [...new Set(hits.map(lineAt))];
    for (const i of lineHits) vote(i - j, 1 / lineHits.length);
  }
}

const HASH_BITS = 18;

/** A trigram hashed to HASH_BITS bits: collisions only blur scores a little, and typed arrays beat Maps. */
function trigramHash(c0: number, c1: number, c2: number): number {
  return (Math.imul(c0, 0x9e3779b1) ^ Math.imul(c1, 0x85ebca77) ^ Math.imul(c2, 0xc2b2ae3d)) >>> (32 - HASH_BITS);
}

function trigramHashes(s: string): Set<number> {
  const set = new Set<number>();
  for (let k = 0; k + 3 <= s.length; k++) set.add(trigramHash(s.charCodeAt(k), s.charCodeAt(k + 1), s.charCodeAt(k + 2)));
  return set;
}

/**
 * Fuzzy voting: the longest target lines are scored against every file line
 * by the share of their trigrams the file line contains (containment, so a
 * target that is part of a longer line still scores high). One pass over the
 * file; per character a hash and one table read.
 */
export function trigramVotes(fileLines: FileLines, lines: readonly string[], vote: (s: number, w: number) => void, budget: Budget): void {
  const samples = lines
    .map((text, j) => ({ j, text: text.trim() }))
    .filter((s) => s.text.length >= 4)
    .sort((a, b) => b.text.length - a.text.length || a.j - b.j)
    .slice(0, SAMPLE_LINES)
    .map((s) => ({ ...s, size: trigramHashes(s.text).size, top: [] as { i: number; score: number }[] }));
  if (samples.length === 0) return;
  // owners[h]: bit k set when sample k has a trigram hashing to h.
  const owners = new Uint8Array(1 << HASH_BITS);
  samples.forEach((s, k) => {
    for (const h of trigramHashes(s.text)) owners[h]! |= 1 << k;
  });
  // stamp[h] = 1 + the file line that last counted h, so each trigram counts once per line.
  const stamp = new Int32Array(1 << HASH_BITS);
  const minLength = Math.min(...samples.map((s) => s.text.length)) / 2;
  const counts = new Int32Array(samples.length);
  for (let i = 0; i < fileLines.length; i++) {
    const line = fileLines.at(i)!;
    if (line.length < minLength) continue;
    counts.fill(0);
    budget.work += line.length;
    let c0 = line.charCodeAt(0);
    let c1 = line.charCodeAt(1);
    for (let k = 2; k < line.length; k++) {
      const c2 = line.charCodeAt(k);
      const h = trigramHash(c0, c1, c2);
      c0 = c1;
      c1 = c2;
      const own = owners[h]!;
      if (own === 0 || stamp[h] === i + 1) continue;
      stamp[h] = i + 1;
      for (let b = 0; b < samples.length; b++) if (own & (1 << b)) counts[b]!++;
    }
    for (let b = 0; b < samples.length; b++) {
      const s = samples[b]!;
      const score = counts[b]! / s.size;
      if (score < 0.5) continue;
      const top = s.top;
      if (top.length < TOP_PER_SAMPLE) top.push({ i, score });
      else if (score > top[top.length - 1]!.score) top[top.length - 1] = { i, score };
      else continue;
      top.sort((x, y) => y.score - x.score || x.i - y.i);
    }
  }
  for (const s of samples) for (const t of s.top) vote(t.i - s.j, t.score);
}
