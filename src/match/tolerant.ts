// The punctuation/whitespace-tolerant step of apply_patch matching.
//
// Spec, "Matching Tolerance": not a fourth pass. It runs only after the three
// exact passes (seek.ts) fail, collects every candidate from the current
// position, and accepts only when there is exactly one: a tolerant match that
// silently took the first of several places would edit the wrong block.
//
// Two profiles, tried in order; the first that finds anything decides:
//   'punctuation'       Chord's map (normalize.ts default profile) on each line
//                       with trailing whitespace ignored; indentation counts.
//   'punctuation-wide'  the spec's final fallback for any decodable text file:
//                       wider Chinese/ASCII punctuation equivalence, a single
//                       space on either side of a separator optional, and
//                       surrounding whitespace ignored.
// An ambiguous result in the first profile stops the search: the wider one
// can only find more places, never fewer.
//
// A tolerant match must not rewrite the file into normalised form. Context
// lines are kept from the file by the splice; `carryFilePunctuation` rebuilds
// each `+` line so that the parts it shares with its `-` line come from the
// file's own text, and only the truly changed middle comes from the patch.

import { normalizeKey, type NormalizeOptions } from './normalize.js';
import { TOLERANT, TOLERANT_PASSES, type TolerantPass } from './passes.js';
import { bucketOf, type Buckets, buildBuckets } from './buckets.js';
import { lowerBound } from '../text/search.js';
import type { Derived, LineIndex } from './seek.js';

export type { TolerantPass } from './passes.js';

export { TOLERANT_PASSES };
// What a tolerant match writes lives beside it (match/tolerant-carry.ts).
export { type CarryResult, carryFilePunctuation, carryLine, type FileLineAt } from './tolerant-carry.js';

/** What a pass folds (the registry, match/passes.ts). */
const foldOf = (pass: TolerantPass): NormalizeOptions => TOLERANT[pass].fold;

/** The comparison key of one line under a tolerant profile. */
export function tolerantKey(line: string, pass: TolerantPass): string {
  return TOLERANT[pass].trimStart ? normalizeKey(line.trim(), foldOf(pass)) : normalizeKey(line.trimEnd(), foldOf(pass));
}

interface Table {
  /** Every file line's signature, bucketed (buckets.ts). */
  sigs: Buckets;
  /** Keys per profile, filled lazily for the lines a search actually compares. */
  keys: Map<TolerantPass, (string | undefined)[]>;
}

// Built lazily, once per file (kept by its LineIndex): most patches never
// reach this step. Normalising every line of a 100,000-line file costs far
// more than the exact passes, so lines are first filtered by a signature that
// folding cannot change, read straight from the file's table, and only lines
// that pass are normalised (once, then kept).
const TABLE: Derived<Table> = {
  build(index) {
    const lines = index.table;
    const unit = (k: number) => lines.unitAt(k);
    return { sigs: buildBuckets(index.length, (i) => signatureOf(unit, lines.start(i), lines.end(i)), true), keys: new Map() };
  },
};

const table = (index: LineIndex): Table => index.derived(TABLE);

function keyAt(index: LineIndex, t: Table, pass: TolerantPass, i: number): string {
  let keys = t.keys.get(pass);
  if (!keys) t.keys.set(pass, (keys = new Array<string | undefined>(index.length)));
  return (keys[i] ??= tolerantKey(index.table.textAt(i), pass));
}

/** 1..62 for an ASCII letter or digit, else 0. */
function alnum(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x2f;
  if (c >= 0x41 && c <= 0x5a) return c - 0x36;
  if (c >= 0x61 && c <= 0x7a) return c - 0x3c;
  return 0;
}

/**
 * The first and last four ASCII letters and digits of a line, mixed into 32
 * bits. Folds only ever touch punctuation and spaces, and never produce a
 * letter or digit, so lines with equal keys under any profile have equal
 * signatures (a collision only costs a comparison). Lines without ASCII
 * letters or digits (CJK prose, braces) share signature 0 and are simply
 * normalised. Read through `unitAt` over [from, to): chars of a string, or a
 * UTF-8 file's bytes, where letters and digits are the same single units.
 */
function signatureOf(unitAt: (k: number) => number, from: number, to: number): number {
  let head = 0;
  let got = 0;
  for (let i = from; i < to && got < 4; i++) {
    const v = alnum(unitAt(i));
    if (v) {
      head = (head << 6) | v;
      got++;
    }
  }
  if (got === 0) return 0;
  let tail = 0;
  got = 0;
  for (let j = to - 1; j >= from && got < 4; j--) {
    const v = alnum(unitAt(j));
    if (v) {
      tail = (tail << 6) | v;
      got++;
    }
  }
  return (Math.imul(head, 0x9e3779b1) ^ tail) | 1;
}

export function signature(line: string): number {
  return signatureOf((k) => line.charCodeAt(k), 0, line.length);
}

/**
 * Every index >= start where `pattern` matches under `pass` (at most `limit`;
 * enough to tell unique from ambiguous and to name the candidates).
 */
export function tolerantCandidates(
  index: LineIndex,
  pattern: readonly string[],
  start: number,
  pass: TolerantPass,
  eof = false,
  limit = 20,
): number[] {
  const n = index.length;
  const m = pattern.length;
  if (m === 0 || m > n - start) return [];
  const t = table(index);
  const want = pattern.map((l) => tolerantKey(l, pass));
  const wantSig = pattern.map(signature);
  const sigs = t.sigs.keys!;
  const at = (i: number): boolean => {
    for (let k = 0; k < m; k++) if (sigs[i + k] !== wantSig[k]) return false;
    for (let k = 0; k < m; k++) if (keyAt(index, t, pass, i + k) !== want[k]) return false;
    return true;
  };
  if (eof) return n - m >= start && at(n - m) ? [n - m] : [];
  // Anchor on the pattern line whose signature bucket is smallest.
  let anchor = 0;
  let lo = 0;
  let hi = -1;
  for (let k = 0; k < m; k++) {
    const [from, to] = bucketOf(t.sigs, wantSig[k]!);
    if (from === to) return [];
    if (hi < 0 || to - from < hi - lo) {
      lo = from;
      hi = to;
      anchor = k;
    }
  }
  const out: number[] = [];
  const order = t.sigs.order;
  for (let j = lowerBound(order, start + anchor, lo, hi); j < hi && out.length < limit; j++) {
    const line = order[j]!;
    if (sigs[line] !== wantSig[anchor]) continue;
    const i = line - anchor;
    if (i + m > n) break;
    if (at(i)) out.push(i);
  }
  return out;
}

export type TolerantHit =
  | { kind: 'unique'; index: number; pass: TolerantPass }
  | { kind: 'ambiguous'; candidates: number[]; pass: TolerantPass }
  | { kind: 'none' };

/** The tolerant step: profiles in order; the first profile with any candidate decides. */
export function tolerantSeek(index: LineIndex, pattern: readonly string[], start: number, eof = false): TolerantHit {
  for (const pass of TOLERANT_PASSES) {
    const found = tolerantCandidates(index, pattern, start, pass, eof);
    if (found.length === 1) return { kind: 'unique', index: found[0]!, pass };
    if (found.length > 1) return { kind: 'ambiguous', candidates: found, pass };
  }
  return { kind: 'none' };
}
