// The edit tool's replacement planning: pure, on decoded text.
//
// Matching works on an LF view of the file (every CRLF/CR/LF ending is one
// '\n'), so the LF text a model read matches files of any convention; ranges
// map back to the decoded text and only those ranges are rewritten.
//
// A single replacement tries, in order (the first step with any hit decides):
//   1. exact (after line-ending adaptation); replace_all takes every hit,
//      otherwise more than one hit is "old_string found N times";
//   2. exact with invisible characters cleaned out of old_string (a leaked
//      U+200B in old_string is not in the file);
//   3. trailing-newline tolerance: old_string without its final '\n' (and
//      new_string likewise) where the file ends without one (unique by
//      construction: there is one end of file);
//   4. punctuation tolerance (match/normalize.ts, shared with apply_patch),
//      unique only, keeping the file's own text for the unchanged parts.
// A batch uses steps 1-2 only, against the original file, and rejects
// overlapping entries. Nothing matched: the closest block is described
// (edit/closest.ts).
//
// new_string is cleaned of invisible characters only where it differs from
// old_string: an existing ZWNJ (Persian text) or soft hyphen that old_string
// carries through unchanged is file content, not a leak.

import { closestMatch, describeClosest, type FileLines } from './closest.js';
import { foldChar, foldKinds, normalizeForMatch, type Normalized, toOriginalRange } from '../match/normalize.js';
import { cleanInvisible, formatRemoved, mergeRemoved } from '../text/invisible.js';
import { type Line, splitLines } from '../text/lines.js';
import { lastAtOrBefore } from '../text/search.js';
import { allPositions, findText } from '../text/linear-search.js';
import { positionsOfAll } from '../text/multi-search.js';
import { alignUnits, type CharRun, carryLines, charRuns } from '../match/carry.js';
import { appliedAround, whitespaceMatch } from './whitespace.js';
import { LineTable } from '../text/table.js';
import type { EditEntry, FailureCode } from '../types.js';

// ------------------------------------------------------------------ the file

/** A decoded file seen through LF eyes, with the way back to its own offsets. */
export class FileView {
  readonly text: string;
  /** The decoded file's lines: what the edited content's base runs index. */
  readonly table: LineTable;
  /** The text with every line ending as '\n'. */
  readonly lf: string;
  /** The single ending the file uses, undefined when it mixes them. */
  readonly uniform: string | undefined;
  /**
   * Where line i starts in `lf`; in `text` it starts at table.start(i). The
   * same offsets when every ending is already '\n' (the usual file), so
   * those share the table's and build nothing.
   */
  private readonly lfStarts: { readonly length: number; [i: number]: number };
  private normalized: Normalized | undefined;
  private lineObjects: Line[] | undefined;
  /** Where each prefetched needle stands in `lf` (a batch's old_strings, found in one pass). */
  private readonly found = new Map<string, number[]>();

  constructor(text: string) {
    this.text = text;
    const table = LineTable.fromText(text);
    this.table = table;
    this.uniform = table.uniformEol();
    const n = table.length;
    // Every ending is already '\n' (or there is none): the LF view is the text.
    if (this.uniform === '\n') {
      this.lfStarts = table.lineStarts();
      this.lf = text;
    } else {
      const lfStarts = new Int32Array(n + 1);
      let lf = 0;
      for (let i = 0; i < n; i++) {
        lfStarts[i] = lf;
        lf += table.end(i) - table.start(i) + (table.eolAt(i) === '' ? 0 : 1);
      }
      lfStarts[n] = lf;
      this.lfStarts = lfStarts;
      this.lf = this.lines.map((l) => (l.eol === '' ? l.text : `${l.text}\n`)).join('');
    }
  }

  /** Line objects (with `orig`), built on first use: a search that fails never needs them. */
  get lines(): Line[] {
    this.lineObjects ??= this.table.lines();
    return this.lineObjects;
  }

  /** LF offset where line i starts; i = lines.length gives the end of the text. */
  lineStart(i: number): number {
    return this.lfStarts[i]!;
  }

  /** 0-based index of the line holding LF offset `p` (the last line for p at the end). */
  lineOf(p: number): number {
    return lastAtOrBefore(this.lfStarts, this.table.length, p);
  }

  /** Offset in the decoded text of LF offset `p` (a '\n' maps to the start of its ending). */
  toOrig(p: number): number {
    if (this.table.length === 0) return 0;
    if (p >= this.lf.length) return this.text.length;
    const i = this.lineOf(p);
    return this.table.start(i) + (p - this.lfStarts[i]!);
  }

  /** The file's own endings of the '\n's inside LF range [s, e), in order. */
  endingsIn(s: number, e: number): string[] {
    const out: string[] = [];
    if (e <= s) return out;
    for (let i = this.lineOf(s); i < this.table.length; i++) {
      const nl = this.lfStarts[i]! + this.table.end(i) - this.table.start(i);
      if (nl >= e) break;
      if (nl >= s && this.table.eolAt(i) !== '') out.push(this.table.eolAt(i));
    }
    return out;
  }

  /** The ending a line break written at LF offset `p` should get when the block has none of its own. */
  endingAt(p: number): string {
    if (this.uniform !== undefined) return this.uniform;
    const i = this.lineOf(p);
    for (let j = i; j >= 0; j--) if (this.table.eolAt(j) !== '') return this.table.eolAt(j);
    for (let j = i + 1; j < this.table.length; j++) if (this.table.eolAt(j) !== '') return this.table.eolAt(j);
    return '\n';
  }

  /** Every start of `needle` in `lf`, overlapping ones included. */
  positions(needle: string): number[] {
    return this.found.get(needle) ?? positions(this.lf, needle);
  }

  /**
   * Find these needles in one pass over the text, for positions() to hand
   * out: a batch asks for one old_string per entry, and a search of the
   * whole file per entry made thousands of entries quadratic.
   */
  prefetch(needles: readonly string[]): void {
    if (needles.length < 2) return;
    for (const [needle, at] of positionsOfAll(this.lf, needles)) this.found.set(needle, at);
  }

  /** The LF view folded for punctuation tolerance (computed once). */
  norm(): Normalized {
    this.normalized ??= normalizeForMatch(this.lf);
    return this.normalized;
  }

  /** The lines, one at a time on request (for the closest-match search: no string per line held at once). */
  lfLines(): FileLines {
    const table = this.table;
    return { length: table.length, at: (i) => (i >= 0 && i < table.length ? table.textAt(i) : undefined), starts: this.lfStarts };
  }
}

// ------------------------------------------------------------ the arguments

/** Line endings of model text: CRLF and CR become LF (the file's convention is applied on write). */
export const toLf = (s: string): string => s.replace(/\r\n?/g, '\n');

type Part = CharRun;

const lastCodePoint = (s: string): string => {
  const cps = Array.from(s.slice(-2));
  return cps[cps.length - 1] ?? '';
};
const firstCodePoint = (s: string): string => (s === '' ? '' : String.fromCodePoint(s.codePointAt(0)!));
const survives = (ch: string): boolean => ch !== '' && cleanInvisible(ch, { atFileStart: false }).removed.size === 0;

/**
 * Clean invisible characters out of the parts of new_string that are new.
 * Each added run is cleaned with its neighbours as context (a combining mark
 * right after a kept letter has a base; a ZWJ between emoji is a sequence).
 */
function cleanAdded(parts: readonly Part[]): { parts: Part[]; removed: Map<number, number> } {
  const removed = new Map<number, number>();
  const out: Part[] = [];
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]!;
    if (part.kind !== 'new') {
      out.push(part);
      continue;
    }
    // Context: the written text just before this run, and the kept text just after it.
    let pre = '';
    for (let b = out.length - 1; b >= 0 && pre === ''; b--) if (out[b]!.kind !== 'old') pre = lastCodePoint(out[b]!.text);
    let post = '';
    for (let a = k + 1; a < parts.length && post === ''; a++) if (parts[a]!.kind === 'same') post = firstCodePoint(parts[a]!.text);
    const usePre = survives(pre) ? pre : '';
    const usePost = survives(post) ? post : '';
    const c = cleanInvisible(usePre + part.text + usePost, { atFileStart: false });
    const text = c.text.slice(usePre.length, c.text.length - usePost.length);
    mergeRemoved(removed, c.removed);
    if (text !== '') out.push({ kind: 'new', text });
  }
  return { parts: out, removed };
}

const newSide = (parts: readonly Part[]): string =>
  parts
    .filter((p) => p.kind !== 'old')
    .map((p) => p.text)
    .join('');

// ---------------------------------------------------------------- searching

/**
 * Every start of `needle` in `hay`, overlapping ones included (two places
 * overlap only if both exist). In linear time: a native search degrades to
 * text x needle on a long needle over repetitive text (one 20 MB line).
 */
const positions = allPositions;

/** Left-to-right, non-overlapping: what replace_all replaces. */
function disjoint(starts: readonly number[], len: number): number[] {
  const out: number[] = [];
  let end = -1;
  for (const s of starts) {
    if (s < end) continue;
    out.push(s);
    end = s + len;
  }
  return out;
}

const LINE_CAP = 10;

function lineList(view: FileView, starts: readonly number[]): string {
  const lines = [...new Set(starts.map((s) => view.lineOf(s) + 1))];
  const shown = lines.slice(0, LINE_CAP).join(', ');
  return lines.length > LINE_CAP ? `${shown}, +${lines.length - LINE_CAP} more` : shown;
}

/**
 * Where new_string already stands around the one place old_string matches
 * (new_string keeps old_string and adds to it, and the file holds the whole of
 * new_string there): the edit was applied before, and applying it again would
 * add its text a second time (a re-sent edit). The LF offset where new_string
 * starts in the file, or undefined.
 */
function alreadyStanding(lf: string, hit: number, oldText: string, newText: string): number | undefined {
  if (newText.length <= oldText.length) return undefined;
  for (const k of positions(newText, oldText)) {
    if (hit - k >= 0 && lf.startsWith(newText, hit - k)) return hit - k;
  }
  return undefined;
}

/**
 * old_string is one line whose indentation falls short of the file's: it
 * matches inside the line's indentation ("    foo();" in "        foo();").
 * The match keeps the missing indentation in front of the first line, but the
 * lines new_string adds after a line break would keep the model's shorter
 * indentation and land one level out (a TabError or wrong nesting in Python).
 * Returns the missing indentation, and whether every added line sits at
 * old_string's own indentation (then "same level as that line" is what the
 * model meant, and the added lines get the missing indentation too).
 * Undefined when old_string spans lines (its later lines matched exactly, so
 * the model's indentation is the file's), brings no indentation of its own
 * (it starts at the first visible character: its added lines are written as
 * they stand), or new_string adds no indented text.
 */
function insideIndentation(lf: string, hit: number, oldText: string, newText: string): { by: string; consistent: boolean } | undefined {
  const own = /^[ \t]*/.exec(oldText)![0];
  if (own === '' || oldText.replace(/\n$/, '').includes('\n')) return undefined;
  const by = lf.slice(lf.lastIndexOf('\n', hit - 1) + 1, hit);
  if (by === '' || !/^[ \t]+$/.test(by)) return undefined;
  const added = newText
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() !== '');
  if (added.length === 0) return undefined;
  return { by, consistent: added.every((l) => /^[ \t]*/.exec(l)![0] === own) };
}

/** Every line after the first that has text gets `by` in front. */
function reindentAdded(text: string, by: string): string {
  return text
    .split('\n')
    .map((l, i) => (i === 0 || l.trim() === '' ? l : by + l))
    .join('\n');
}

export const describeIndent = (ws: string): string => {
  const tabs = [...ws].filter((c) => c === '\t').length;
  const spaces = ws.length - tabs;
  return [tabs ? `${tabs} tab${tabs === 1 ? '' : 's'}` : '', spaces ? `${spaces} space${spaces === 1 ? '' : 's'}` : '']
    .filter(Boolean)
    .join(' and ');
};

// ----------------------------------------------------------------- planning

/** A replacement of LF range [start, end) of the view with LF text. */
export interface LfSplice {
  start: number;
  end: number;
  text: string;
  /** Which entry asked for it (0 for a single edit). */
  entry: number;
}

export type MatchStep = 'exact' | 'invisible' | 'trailing-newline' | 'punctuation' | 'whitespace';

export type EntryResult =
  | {
      ok: true;
      splices: LfSplice[];
      step: MatchStep;
      /** The text new_string adds (its runs that are not in old_string), after cleaning. */
      added: string;
      /** Invisible characters cleaned from new_string. */
      cleaned: Map<number, number>;
      /** Invisible characters in old_string that the file does not have (step 'invisible'). */
      oldCleaned?: Map<number, number>;
      /** old_string began inside line `line`'s indentation; the lines new_string adds were indented by `by` more. */
      reindented?: { line: number; by: string };
      /** Fold families used (step 'punctuation'). */
      folds?: string[];
      /** What the whitespace step adapted (step 'whitespace'). */
      notes?: string[];
    }
  | { ok: false; code: FailureCode; message: string };

export interface EntryOptions {
  /** Single edits may use trailing-newline and punctuation tolerance; batch entries may not. */
  tolerant: boolean;
  /** Index reported in splices. */
  entry?: number;
}

/** The texts the exact steps look for: old_string, then old_string without the invisible characters it leaked. */
function exactFormsOf(oldLf: string, oldClean: { text: string; removed: Map<number, number> }): { text: string; step: MatchStep }[] {
  const forms: { text: string; step: MatchStep }[] = [{ text: oldLf, step: 'exact' }];
  if (oldClean.removed.size > 0 && oldClean.text !== '') forms.push({ text: oldClean.text, step: 'invisible' });
  return forms;
}

/** What planEntry will search the file for exactly, per entry: hand it to FileView.prefetch for a batch. */
export function exactNeedles(entries: readonly EditEntry[]): string[] {
  return entries.flatMap((e) => {
    const oldLf = toLf(e.old_string);
    return exactFormsOf(oldLf, cleanInvisible(oldLf, { atFileStart: false })).map((f) => f.text);
  });
}

const ADVICE = 'add more surrounding context to make it unique, or set replace_all: true to replace every occurrence';

export function planEntry(view: FileView, e: EditEntry, opts: EntryOptions): EntryResult {
  const entry = opts.entry ?? 0;
  const oldLf = toLf(e.old_string);
  const newLf = toLf(e.new_string);
  if (e.old_string === e.new_string || oldLf === newLf) {
    return { ok: false, code: 'identical_strings', message: 'old_string and new_string are identical: nothing to change' };
  }
  const diff = cleanAdded(charRuns(oldLf, newLf));
  const cleanNew = newSide(diff.parts);
  if (cleanNew === oldLf) {
    return {
      ok: false,
      code: 'invisible_only',
      message: `new_string differs from old_string only by invisible characters (${formatRemoved(diff.removed)}), which are cleaned from written text: nothing to change`,
    };
  }
  const cleaned = diff.removed;
  const added = diff.parts
    .filter((p) => p.kind === 'new')
    .map((p) => p.text)
    .join('');
  const splice = (starts: readonly number[], len: number, text: string): LfSplice[] =>
    starts.map((s) => ({ start: s, end: s + len, text, entry }));
  const ambiguous = (n: number, starts: readonly number[], how: string): EntryResult => ({
    ok: false,
    code: 'old_string_ambiguous',
    message: `old_string found ${n} times${how} (lines ${lineList(view, starts)}): ${ADVICE}`,
  });

  // 1-2. Exact, then exact without the invisible characters old_string leaked.
  const oldClean = cleanInvisible(oldLf, { atFileStart: false });
  const exactForms = exactFormsOf(oldLf, oldClean);
  for (const form of exactForms) {
    const hits = view.positions(form.text);
    if (hits.length === 0) continue;
    const how = form.step === 'invisible' ? ' (with its invisible characters removed)' : '';
    if (hits.length > 1 && !e.replace_all) return ambiguous(hits.length, hits, how);
    const standing = e.replace_all ? undefined : alreadyStanding(view.lf, hits[0]!, form.text, cleanNew);
    if (standing !== undefined) {
      return {
        ok: false,
        code: 'already_applied',
        message: `new_string already stands where old_string matches (line ${view.lineOf(standing) + 1}): the edit is already applied; no change made; do not resubmit`,
      };
    }
    const inside = e.replace_all ? undefined : insideIndentation(view.lf, hits[0]!, form.text, cleanNew);
    if (inside && !inside.consistent) {
      return {
        ok: false,
        code: 'old_string_not_found',
        message:
          `old_string starts inside the indentation of line ${view.lineOf(hits[0]!) + 1} (the file indents that line by ${describeIndent(inside.by)} more), ` +
          "and new_string's added lines are indented differently from its first line, so their indentation in the file cannot be told; " +
          "copy the line with its whole indentation into old_string and indent new_string's lines to match the file",
      };
    }
    const starts = e.replace_all ? disjoint(hits, form.text.length) : hits;
    return {
      ok: true,
      splices: splice(starts, form.text.length, inside ? reindentAdded(cleanNew, inside.by) : cleanNew),
      ...(inside ? { reindented: { line: view.lineOf(hits[0]!) + 1, by: inside.by } } : {}),
      step: form.step,
      added,
      cleaned,
      ...(form.step === 'invisible' ? { oldCleaned: oldClean.removed } : {}),
    };
  }

  if (opts.tolerant) {
    // 3. Trailing newline: old_string ends with '\n' where the file has none,
    // i.e. at the end of a file without a final newline. Only a match that
    // ends there counts: without its '\n', old_string also matches wherever
    // its last line continues ("foo(" in "foo(bar)"), and taking such a match
    // would apply a different edit than the one asked for. (The other
    // direction, old_string lacking a '\n' the file has, never fails the
    // exact step: old_string is then a prefix of the file's text.)
    if (oldLf.endsWith('\n') && oldLf.length > 1 && !view.lf.endsWith('\n')) {
      const stripped = oldLf.slice(0, -1);
      if (view.lf.endsWith(stripped)) {
        const text = cleanNew.endsWith('\n') ? cleanNew.slice(0, -1) : cleanNew;
        return {
          ok: true,
          splices: splice([view.lf.length - stripped.length], stripped.length, text),
          step: 'trailing-newline',
          added,
          cleaned,
        };
      }
    }
    // 4. Punctuation tolerance.
    const found = punctuation(view, oldLf, diff.parts, entry);
    if (found === 'none') {
      // fall through to the not-found report
    } else if (found === 'unsafe') {
      return {
        ok: false,
        code: 'old_string_not_found',
        message: `old_string matched line ${view.lineOf(tolerantStart(view, oldLf)) + 1} only under punctuation tolerance, and new_string could not be laid over the file's text without changing what it says; copy old_string exactly from the file`,
      };
    } else if ('ambiguous' in found) {
      return ambiguous(found.ambiguous.length, found.ambiguous, ' under punctuation tolerance');
    } else {
      return { ok: true, splices: [found.splice], step: 'punctuation', added, cleaned, folds: found.folds };
    }
  }

  if (opts.tolerant) {
    // 5. Indentation and trailing whitespace: whole lines, unique only. Before
    // the already-applied check below: a new_string that is part of old_string
    // (a deletion) stands in the file whenever old_string does.
    const oldText = oldClean.removed.size > 0 ? oldClean.text : oldLf;
    const ws = whitespaceMatch(view, oldText, cleanNew);
    if (ws !== 'none' && 'ambiguous' in ws)
      return ambiguous(ws.ambiguous.length, ws.ambiguous, ' with indentation and trailing whitespace ignored');
    if (ws !== 'none') {
      // A re-sent edit: new_string already stands (up to whitespace) once,
      // over the place old_string matched or apart from it.
      const again = appliedAround(view, cleanNew, ws.line, ws.lines);
      if (again !== undefined) {
        const elsewhere = again.apart
          ? `; old_string matches line ${ws.line + 1} only with whitespace ignored: if the edit is meant for that line too, quote old_string exactly as it stands there`
          : '';
        return {
          ok: false,
          code: 'already_applied',
          message: `new_string already stands at line ${again.at + 1} (up to indentation and trailing whitespace): the edit is already applied; no change made; do not resubmit${elsewhere}`,
        };
      }
      return { ok: true, splices: splice([ws.start], ws.end - ws.start, ws.text), step: 'whitespace', added, cleaned, notes: ws.notes };
    }
  }

  // old_string is gone but new_string stands in the file, once: the edit was
  // applied before (a re-sent edit), and "not found" would invite a retry.
  // Not when new_string is part of old_string (a deletion): it stood there
  // before the edit too, and says nothing.
  const applied = cleanNew.trim() === '' || oldLf.includes(cleanNew) ? [] : positions(view.lf, cleanNew);
  if (applied.length === 1) {
    return {
      ok: false,
      code: 'already_applied',
      message: `old_string is not in the file but new_string is (line ${view.lineOf(applied[0]!) + 1}): the edit is already applied; no change made; do not resubmit`,
    };
  }
  const closest = closestMatch(view.lfLines(), oldClean.removed.size > 0 ? oldClean.text : oldLf, view.lf);
  return { ok: false, code: 'old_string_not_found', message: `old_string not found in file; ${describeClosest(closest)}` };
}

/**
 * Punctuation-tolerant search. On a unique hit the replacement keeps the
 * file's own text wherever new_string keeps old_string's (the diff's 'same'
 * runs are mapped onto the file through both normalisation maps), so only
 * what the model actually changed is written in the model's punctuation.
 */
function punctuation(
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
function tolerantStart(view: FileView, oldLf: string): number {
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

/** Overlapping splices of different entries, as failure messages. */
export function overlaps(view: FileView, splices: readonly LfSplice[]): { entries: [number, number]; message: string }[] {
  const sorted = [...splices].sort((x, y) => x.start - y.start || x.end - y.end);
  const out: { entries: [number, number]; message: string }[] = [];
  const seen = new Set<string>();
  let reach: LfSplice | undefined;
  for (const s of sorted) {
    if (reach && s.start < reach.end && s.entry !== reach.entry) {
      const a = Math.min(s.entry, reach.entry);
      const b = Math.max(s.entry, reach.entry);
      const key = `${a}:${b}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push({
          entries: [a, b],
          message: `edits[${a}] and edits[${b}] overlap at line ${view.lineOf(s.start) + 1}: entries must target disjoint text of the original file; merge them into one entry`,
        });
      }
    }
    if (!reach || s.end > reach.end) reach = s;
  }
  return out;
}

// ------------------------------------------------------------------ writing

/** Give each '\n' of an LF replacement the ending of the block it replaces. */
export function withEndings(view: FileView, s: LfSplice): string {
  if (!s.text.includes('\n')) return s.text;
  if (view.uniform !== undefined) return view.uniform === '\n' ? s.text : s.text.replace(/\n/g, view.uniform);
  const endings = view.endingsIn(s.start, s.end);
  const fallback = view.endingAt(s.start);
  let k = 0;
  return s.text.replace(/\n/g, () => endings[k++] ?? endings[endings.length - 1] ?? fallback);
}

/**
 * Apply disjoint splices to the file's lines. Lines outside every touched
 * region are carried over as they are (keeping `orig`, so the diff renderer
 * needs no re-diff); each touched region is rebuilt from its new text.
 */
export function applySplices(view: FileView, splices: readonly LfSplice[]): Line[] {
  const sorted = [...splices].sort((x, y) => x.start - y.start);
  const lines = view.lines;
  const out: Line[] = [];
  let next = 0;
  let k = 0;
  while (k < sorted.length) {
    const first = view.lineOf(sorted[k]!.start);
    let last = view.lineOf(Math.max(sorted[k]!.start, sorted[k]!.end - 1));
    let j = k + 1;
    // Splices on the same or a touching line share one rebuilt region; a region
    // whose new text no longer ends in a line break absorbs the following line.
    for (;;) {
      while (j < sorted.length && view.lineOf(sorted[j]!.start) <= last) {
        last = Math.max(last, view.lineOf(Math.max(sorted[j]!.start, sorted[j]!.end - 1)));
        j++;
      }
      const tail = sorted[j - 1]!;
      const regionEnd = lineEndLf(view, last);
      const joins = tail.end === regionEnd && tail.text !== '' && !tail.text.endsWith('\n') && lines[last]!.eol !== '';
      const emptied = tail.end === regionEnd && tail.text === '' && tail.start > lineStartLf(view, first) && lines[last]!.eol !== '';
      if ((joins || emptied) && last + 1 < lines.length) {
        last++;
        continue;
      }
      break;
    }
    while (next < first) out.push(lines[next++]!);
    let text = '';
    let at = view.toOrig(lineStartLf(view, first));
    for (let x = k; x < j; x++) {
      const s = sorted[x]!;
      const start = view.toOrig(s.start);
      text += view.text.slice(at, start) + withEndings(view, s);
      at = view.toOrig(s.end);
    }
    text += view.text.slice(at, view.toOrig(lineEndLf(view, last)));
    for (const l of splitLines(text)) out.push({ text: l.text, eol: l.eol });
    next = last + 1;
    k = j;
  }
  while (next < lines.length) out.push(lines[next++]!);
  return out;
}

/**
 * The edited text itself, spliced from the decoded text in one pass (the same
 * text joinLines(applySplices(...)) gives, without joining every line again).
 */
export function spliceText(view: FileView, splices: readonly LfSplice[]): string {
  const sorted = [...splices].sort((x, y) => x.start - y.start);
  const parts: string[] = [];
  let at = 0;
  for (const s of sorted) {
    const start = view.toOrig(s.start);
    parts.push(view.text.slice(at, start), withEndings(view, s));
    at = view.toOrig(s.end);
  }
  parts.push(view.text.slice(at));
  return parts.join('');
}

function lineStartLf(view: FileView, i: number): number {
  return view.lineStart(i);
}

/** LF offset just past line i's ending. */
function lineEndLf(view: FileView, i: number): number {
  return view.lineStart(i + 1);
}

// ------------------------------------------------------------------ summary

export const STEP_WORDS: Record<Exclude<MatchStep, 'exact'>, string> = {
  invisible: 'with invisible characters removed from old_string',
  'trailing-newline': "without old_string's final newline (trailing-newline tolerance)",
  punctuation: 'under punctuation tolerance',
  whitespace: 'with indentation and trailing whitespace ignored',
};

export { formatRemoved };
