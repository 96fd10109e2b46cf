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

import type { HunkLine } from '../types.js';
import { foldChar, normalizeKey, type NormalizeOptions } from './normalize.js';
import { TOLERANT, TOLERANT_PASSES, type TolerantPass } from './passes.js';
import { diffArrays } from 'diff';
import { alignTexts, carryText } from './carry.js';
import { reindentHunk } from './reindent.js';
import { bucketOf, type Buckets, buildBuckets } from './buckets.js';
import { lowerBound } from '../text/search.js';
import type { Derived, LineIndex } from './seek.js';

export type { TolerantPass } from './passes.js';

/** File line i on request (an array of lines works): only the matched span is read. */
export interface FileLineAt {
  at(i: number): string | undefined;
}

export { TOLERANT_PASSES };

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

export type CarryResult = { ok: true; lines: HunkLine[]; note?: string } | { ok: false; line: number; reason: string };

/**
 * Rebuild the hunk's `+` lines for a tolerant match at `start` so unchanged
 * text keeps the file's punctuation. Within each change block (the `-`/`+`
 * run between context lines), an added line equal to a removed line is that
 * file line, byte for byte; the rest pair up: the k-th removed line with the
 * k-th added line when a stretch removes and adds as many lines, otherwise the
 * stretch's lines as one text (a merge or split of lines still keeps the
 * file's quotes on the text it keeps). Under the wide profile the added lines
 * are first re-indented to the file's indentation (reindent.ts). A rebuilt
 * line that fails carry.ts's check is refused, naming the line (`line` is
 * 0-based in the file).
 */
export function carryFilePunctuation(
  fileLines: FileLineAt,
  start: number,
  hunkLines: readonly HunkLine[],
  pass: TolerantPass,
): CarryResult {
  const notes: string[] = [];
  let lines = hunkLines;
  if (TOLERANT[pass].trimStart) {
    const re = reindentHunk((i) => fileLines.at(i) ?? '', start, hunkLines);
    lines = re.lines;
    if (re.note !== undefined) notes.push(re.note);
  }
  const out: HunkLine[] = [];
  let f = start;
  let i = 0;
  let merged = false;
  while (i < lines.length) {
    const hl = lines[i]!;
    if (hl.op === ' ') {
      out.push(hl);
      f++;
      i++;
      continue;
    }
    // One change block: removed lines, then added lines, in any interleaving.
    const removed: Removed[] = [];
    const added: string[] = [];
    let j = i;
    for (; j < lines.length && lines[j]!.op !== ' '; j++) {
      const l = lines[j]!;
      if (l.op === '-') {
        removed.push({ patch: l.text, file: fileLines.at(f) ?? '', at: f });
        f++;
      } else {
        added.push(l.text);
      }
    }
    const rebuilt = carryBlock(removed, added, pass);
    if ('line' in rebuilt)
      return { ok: false, line: rebuilt.line, reason: `the changed line ${rebuilt.line + 1} could not be aligned with the file's text` };
    merged ||= rebuilt.merged;
    // Keep the block's own interleaving of - and + lines; only + texts change.
    let a = 0;
    for (let k = i; k < j; k++) {
      const l = lines[k]!;
      out.push(l.op === '+' ? { op: '+', text: rebuilt.lines[a++]! } : l);
    }
    i = j;
  }
  if (merged) {
    notes.push(
      "removed lines that differ from the file in punctuation were replaced by a different number of lines; the text kept from them keeps the file's punctuation",
    );
  }
  return notes.length === 0 ? { ok: true, lines: out } : { ok: true, lines: out, note: notes.join('; ') };
}

interface Removed {
  patch: string;
  file: string;
  at: number;
}

/** One change block's added lines, rebuilt; or the file line (0-based) that could not be. */
function carryBlock(
  removed: readonly Removed[],
  added: readonly string[],
  pass: TolerantPass,
): { lines: string[]; merged: boolean } | { line: number } {
  if (removed.length === 0 || added.length === 0 || removed.every((r) => sameIgnoringWhitespace(r.patch, r.file, pass))) {
    // Nothing of the file's punctuation is at stake on these lines.
    return { lines: [...added], merged: false };
  }
  const out: string[] = [];
  let merged = false;
  let r = 0;
  let a = 0;
  const stretch = (rn: number, an: number): number | undefined => {
    const rs = removed.slice(r, r + rn);
    const as = added.slice(a, a + an);
    if (rn > 0 && an > 0 && !rs.every((x) => sameIgnoringWhitespace(x.patch, x.file, pass))) {
      if (rn === an) {
        for (let k = 0; k < an; k++) {
          const line = carryLine(rs[k]!.file, rs[k]!.patch, as[k]!, pass);
          if (line === undefined) return rs[k]!.at;
          out.push(line);
        }
      } else {
        const lines = carryLines(rs, as, pass);
        if (lines === undefined) return rs.find((x) => !sameIgnoringWhitespace(x.patch, x.file, pass))!.at;
        merged = true;
        out.push(...lines);
      }
    } else out.push(...as);
    r += rn;
    a += an;
    return undefined;
  };
  let pendingR = 0;
  let pendingA = 0;
  for (const run of diffArrays(
    removed.map((x) => x.patch),
    [...added],
  )) {
    const count = run.count ?? run.value.length;
    if (run.removed) pendingR += count;
    else if (run.added) pendingA += count;
    else {
      const bad = stretch(pendingR, pendingA);
      if (bad !== undefined) return { line: bad };
      pendingR = pendingA = 0;
      // Lines the model re-typed unchanged are the file's own.
      for (let k = 0; k < count; k++) out.push(removed[r + k]!.file);
      r += count;
      a += count;
    }
  }
  const bad = stretch(pendingR, pendingA);
  if (bad !== undefined) return { line: bad };
  return { lines: out, merged };
}

/** Several removed lines carried into a different number of added lines, as one text. */
function carryLines(removed: readonly Removed[], added: readonly string[], pass: TolerantPass): string[] | undefined {
  const aligns: Int32Array[] = [];
  for (const r of removed) {
    const align = lineAlignment(r.file, r.patch, pass);
    if (!align) return undefined;
    aligns.push(align);
  }
  const old = removed.map((r) => r.patch).join('\n');
  const file = removed.map((r) => r.file).join('\n');
  const align = new Int32Array(old.length).fill(-1);
  let o = 0;
  let fo = 0;
  removed.forEach((r, k) => {
    aligns[k]!.forEach((x, d) => {
      if (x >= 0) align[o + d] = fo + x;
    });
    o += r.patch.length;
    fo += r.file.length;
    if (k + 1 < removed.length) align[o++] = fo++;
  });
  return carryText(old, file, added.join('\n'), align, foldOf(pass))?.text.split('\n');
}

function sameIgnoringWhitespace(patch: string, file: string, pass: TolerantPass): boolean {
  return TOLERANT[pass].trimStart ? patch.trim() === file.trim() : patch.trimEnd() === file.trimEnd();
}

/**
 * The added line `added`, written over the file line `file` that its removed
 * line `removed` matched: the model's text, with the file's own form of the
 * tolerated characters and optional spaces the model kept (match/carry.ts).
 * Undefined when the lines do not match under the profile, or the result
 * fails carry.ts's check: then the caller refuses.
 */
export function carryLine(file: string, removed: string, added: string, pass: TolerantPass): string | undefined {
  const opts = foldOf(pass);
  const align = lineAlignment(file, removed, pass);
  if (!align) return undefined;
  const { oLead, oEnd, fLead, fEnd } = windows(file, removed, pass);
  const trimStart = TOLERANT[pass].trimStart;
  const carried = carryText(removed, file, added, align, opts)?.text;
  if (carried === undefined) return undefined;
  // Indentation (wide profile) and trailing whitespace are outside the
  // comparison: where the model's added line keeps its removed line's exactly,
  // the file's own is written (a tab-indented file stays tab-indented).
  const aLead = trimStart ? added.length - added.trimStart().length : 0;
  const aEnd = Math.max(aLead, added.trimEnd().length);
  const keepLead = aLead === oLead && added.slice(0, aLead) === removed.slice(0, oLead) && aEnd > aLead;
  const keepTrail = added.slice(aEnd) === removed.slice(oEnd) && carried.endsWith(added.slice(aEnd)) && aEnd > aLead;
  const body = carried.slice(keepLead ? aLead : 0, keepTrail ? carried.length - (added.length - aEnd) : carried.length);
  return (keepLead ? file.slice(0, fLead) : '') + body + (keepTrail ? file.slice(fEnd) : '');
}

/** The compared window of a removed line and its file line: indentation (wide profile) and trailing whitespace left out. */
function windows(file: string, removed: string, pass: TolerantPass): { oLead: number; oEnd: number; fLead: number; fEnd: number } {
  const trimStart = TOLERANT[pass].trimStart;
  const oLead = trimStart ? removed.length - removed.trimStart().length : 0;
  const fLead = trimStart ? file.length - file.trimStart().length : 0;
  return { oLead, fLead, oEnd: Math.max(oLead, removed.trimEnd().length), fEnd: Math.max(fLead, file.trimEnd().length) };
}

/** For each unit of the removed line, the unit of its file line it stands for (-1: none); undefined when they do not match. */
function lineAlignment(file: string, removed: string, pass: TolerantPass): Int32Array | undefined {
  const { oLead, oEnd, fLead, fEnd } = windows(file, removed, pass);
  const inner = alignTexts(removed.slice(oLead, oEnd), file.slice(fLead, fEnd), foldOf(pass));
  if (!inner) return undefined;
  const align = new Int32Array(removed.length).fill(-1);
  inner.forEach((f, x) => {
    if (f >= 0) align[oLead + x] = fLead + f;
  });
  // Outside the compared window (indentation under the wide profile, trailing
  // whitespace always) units pair one to one only when both sides hold the
  // same whitespace up to folding (an NBSP typed as a space).
  if (sameSpaces(removed.slice(0, oLead), file.slice(0, fLead))) for (let x = 0; x < oLead; x++) align[x] = x;
  if (sameSpaces(removed.slice(oEnd), file.slice(fEnd))) for (let x = oEnd; x < removed.length; x++) align[x] = fEnd + (x - oEnd);
  return align;
}

/** Same length and the same units once Unicode spaces fold to a space. */
function sameSpaces(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (foldChar(a[i]!) !== foldChar(b[i]!)) return false;
  return true;
}
