// What a tolerant match writes (match/tolerant.ts finds it): the hunk's `+`
// lines rebuilt so that the parts they share with their `-` lines come from
// the file's own text, and only the truly changed middle from the patch; under
// a pass that ignores indentation the added lines are first re-indented to
// the file's (reindent.ts).

import { diffArrays } from 'diff';
import type { HunkLine } from '../types.js';
import { alignTexts, carryText } from './carry.js';
import { foldChar, type NormalizeOptions } from './normalize.js';
import { TOLERANT, type TolerantPass } from './passes.js';
import { reindentHunk } from './indent-evidence.js';

/** File line i on request (an array of lines works): only the matched span is read. */
export interface FileLineAt {
  at(i: number): string | undefined;
}

/** What a pass folds (the registry, match/passes.ts). */
const foldOf = (pass: TolerantPass): NormalizeOptions => TOLERANT[pass].fold;

export type CarryResult =
  | { ok: true; lines: HunkLine[]; note?: string }
  /** `indent`: the added lines' indentation is ambiguous (reason names both readings). */
  | { ok: false; line: number; reason: string; indent?: boolean };

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
    const re = reindentHunk((i) => fileLines.at(i), start, hunkLines);
    if (!re.ok) return { ok: false, line: start, reason: re.message, indent: true };
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
      'removed lines that differ from the file in punctuation were replaced by a different number of lines; ' +
        "the text kept from them keeps the file's punctuation",
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
