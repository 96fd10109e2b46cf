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
import { bucketKeys, bucketOf, type Buckets } from './buckets.js';
import type { LineTable } from '../text/table.js';
import { lowerBound } from '../text/search.js';
import { hashChars } from '../text/line-hash.js';
import { basePower, blockAt, hashOfBlock, type Rolling, rollingOf } from './rolling.js';
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
  /** Block hashes of the signatures (rolling.ts), once signature comparisons have cost too much. */
  sigRolling?: Rolling;
  /** Per profile, block hashes of every line's key, once key comparisons have cost too much. */
  keyRolling: Map<TolerantPass, Rolling>;
  /** Signature and key comparisons spent on candidates so far, over every search (see ROLL_FILES). */
  sigCost: number;
  keyCost: number;
}

/**
 * Line comparisons the searches may spend on candidates, per file line plus a
 * floor, before every later candidate is first checked by its block hash: a
 * hunk of many repeated lines would otherwise be compared nearly whole at
 * every place of a file of the same lines.
 */
const ROLL_FILES = 2;
const ROLL_MIN = 50_000;

// Built lazily, once per file (kept by its LineIndex): most patches never
// reach this step. Normalising every line of a 100,000-line file costs far
// more than the exact passes, so lines are first filtered by a signature that
// folding cannot change, read straight from the file's table, and only lines
// that pass are normalised (once, then kept).
const TABLE: Derived<Table> = {
  build(index) {
    const sigs = bucketKeys(signatures(index.table), true);
    return { sigs, keys: new Map(), keyRolling: new Map(), sigCost: 0, keyCost: 0 };
  },
};

const table = (index: LineIndex): Table => index.derived(TABLE);

function keyAt(index: LineIndex, t: Table, pass: TolerantPass, i: number): string {
  let keys = t.keys.get(pass);
  if (!keys) t.keys.set(pass, (keys = new Array<string | undefined>(index.length)));
  return (keys[i] ??= tolerantKey(index.table.textAt(i), pass));
}

/** Lines normalised per memo at most: a file of repeated lines is normalised once per distinct line, and memory stays bounded. */
const MEMO_MAX = 4096;

/** tolerantKey under `pass`, remembering recent lines (repeated lines are what makes a search costly). */
function keyMemo(pass: TolerantPass): (line: string) => string {
  const memo = new Map<string, string>();
  return (line) => {
    let key = memo.get(line);
    if (key === undefined) {
      key = tolerantKey(line, pass);
      if (memo.size < MEMO_MAX) memo.set(line, key);
    }
    return key;
  };
}

/** The block hashes of every line's key under `pass` (each line normalised once, then kept). */
function keyRolling(index: LineIndex, t: Table, pass: TolerantPass): Rolling {
  const hashes = new Int32Array(index.length);
  let keys = t.keys.get(pass);
  if (!keys) t.keys.set(pass, (keys = new Array<string | undefined>(index.length)));
  const memo = keyMemo(pass);
  for (let i = 0; i < index.length; i++) {
    const key = (keys[i] ??= memo(index.table.textAt(i)));
    hashes[i] = hashChars(key, 0, key.length, true);
  }
  const r = rollingOf(hashes);
  t.keyRolling.set(pass, r);
  return r;
}

/** 1..62 for an ASCII letter or digit, else 0. */
const ALNUM = (() => {
  const t = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    if (c >= 0x30 && c <= 0x39) t[c] = c - 0x2f;
    else if (c >= 0x41 && c <= 0x5a) t[c] = c - 0x36;
    else if (c >= 0x61 && c <= 0x7a) t[c] = c - 0x3c;
  }
  return t;
})();
const SIG_PRIME = 0x01000193;

/** ASCII letters and digits read from each end of a line for its signature. */
const SIG_ENDS = 32;

/**
 * A hash of a line's first and last SIG_ENDS ASCII letters and digits, in
 * order. Folds only ever touch punctuation and spaces, and never produce a
 * letter or digit, so lines with equal keys under any profile have equal
 * signatures (a collision only costs a comparison), while lines that differ
 * in a number or a name (logs, CSV, generated code) are told apart without
 * normalising them; a long line costs no more than a short one. Lines
 * without ASCII letters or digits (CJK prose, braces) share signature 0 and
 * are simply normalised. Letters and digits are single units in decoded text
 * and in a UTF-8 file's bytes alike.
 */
export function signature(line: string): number {
  return sigOfChars(line, 0, line.length);
}

function sigOfChars(s: string, from: number, to: number): number {
  let h = 0;
  let got = 0;
  let k = from;
  for (; k < to && got < SIG_ENDS; k++) {
    const c = s.charCodeAt(k);
    if (c < 128 && ALNUM[c]) (h = Math.imul(h ^ ALNUM[c]!, SIG_PRIME)), got++;
  }
  got = 0;
  for (let j = to - 1; j >= k && got < SIG_ENDS; j--) {
    const c = s.charCodeAt(j);
    if (c < 128 && ALNUM[c]) (h = Math.imul(h ^ ALNUM[c]!, SIG_PRIME)), got++;
  }
  return h === 0 ? 0 : h | 1;
}

function sigOfBytes(b: Uint8Array, from: number, to: number): number {
  let h = 0;
  let got = 0;
  let k = from;
  for (; k < to && got < SIG_ENDS; k++) {
    const c = b[k]!;
    if (c < 128 && ALNUM[c]) (h = Math.imul(h ^ ALNUM[c]!, SIG_PRIME)), got++;
  }
  got = 0;
  for (let j = to - 1; j >= k && got < SIG_ENDS; j--) {
    const c = b[j]!;
    if (c < 128 && ALNUM[c]) (h = Math.imul(h ^ ALNUM[c]!, SIG_PRIME)), got++;
  }
  return h === 0 ? 0 : h | 1;
}

/** signature() of every line of a table, read from its content in one loop per backing. */
function signatures(table: LineTable): Int32Array {
  const out = new Int32Array(table.length);
  const units = table.units();
  if (typeof units === 'string') for (let i = 0; i < out.length; i++) out[i] = sigOfChars(units, table.start(i), table.end(i));
  else for (let i = 0; i < out.length; i++) out[i] = sigOfBytes(units, table.start(i), table.end(i));
  return out;
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
  const want = pattern.map(keyMemo(pass));
  const wantSig = pattern.map(signature);
  const sigs = t.sigs.keys!;
  const budget = ROLL_FILES * n + ROLL_MIN;
  const power = basePower(m);
  let sigWanted: number | undefined;
  let keyWanted: number | undefined;
  const at = (i: number): boolean => {
    if (m > 1 && (t.sigRolling !== undefined || t.sigCost > budget)) {
      t.sigRolling ??= rollingOf(t.sigs.keys!);
      sigWanted ??= hashOfBlock(wantSig);
      if (blockAt(t.sigRolling, i, m, power) !== sigWanted) return false;
    }
    let k = 0;
    while (k < m && sigs[i + k] === wantSig[k]) k++;
    t.sigCost += k + 1;
    if (k < m) return false;
    if (m > 1 && (t.keyRolling.has(pass) || t.keyCost > budget)) {
      const rolling = t.keyRolling.get(pass) ?? keyRolling(index, t, pass);
      keyWanted ??= hashOfBlock(want.map((w) => hashChars(w, 0, w.length, true)));
      if (blockAt(rolling, i, m, power) !== keyWanted) return false;
    }
    for (k = 0; k < m; k++) if (keyAt(index, t, pass, i + k) !== want[k]) break;
    t.keyCost += k + 1;
    return k === m;
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
