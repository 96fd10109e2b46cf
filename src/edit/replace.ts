// The edit tool's replacement planning: pure, on decoded text, through the
// file's LF view (edit/view.ts); the splices it plans are written by
// edit/write.ts.
//
// A single replacement tries, in order (the first step with any hit decides):
//   1. exact (after line-ending adaptation); replace_all takes every hit,
//      otherwise more than one hit is "old_string found N times";
//   2. exact with invisible characters cleaned out of old_string (a leaked
//      U+200B in old_string is not in the file);
//   3. trailing-newline tolerance: old_string without its final '\n' (and
//      new_string likewise) where the file ends without one (unique by
//      construction: there is one end of file);
//   4. punctuation tolerance (edit/punctuation.ts over match/normalize.ts,
//      shared with apply_patch), unique only, keeping the file's own text for
//      the unchanged parts;
//   5. indentation and trailing whitespace (edit/whitespace.ts), unique only;
//   6. Unicode canonical equivalence (edit/canonical.ts: NFC and NFD), unique
//      only, new_string written in the form the file's text has there.
// A batch uses steps 1-2 only, against the original file, and rejects
// overlapping entries. Nothing matched: the closest block is described
// (edit/closest.ts).
//
// new_string is cleaned of invisible characters only where it differs from
// old_string (edit/new-text.ts).

import { charRuns } from '../match/carry.js';
import { EDIT_STEP_WORDS, type EditStep } from '../match/passes.js';
import { cleanInvisible, formatRemoved } from '../text/invisible.js';
import type { EditEntry, FailureCode } from '../types.js';
import { closestMatch, describeClosest } from './closest.js';
import { cleanAdded, newSide, type Part } from './new-text.js';
import { punctuation, tolerantStart } from './punctuation.js';
import { type FileView, type LfSplice, toLf } from './view.js';
import { appliedAround, indentationBlindLines, whitespaceMatch } from './whitespace.js';
import { closesOpened, trailingBlankOnly } from './dropped-bracket.js';
import { alreadyStanding, standingLine, standingLoosely } from './standing.js';
import { followEditStyle } from './new-style.js';
import { type CanonicalForm, canonicalMatch } from './canonical.js';
import {
  bareLineReading,
  describeIndent,
  wholeLineReading,
  insideIndentation,
  reindentAdded,
  shortOfItsIndentation,
} from './inside-indentation.js';
import { placeholderForDropped, placeholderMessage } from '../text/placeholder.js';

// ---------------------------------------------------------------- searching

/**
 * replace_all's old_string starting inside the indentation of its lines: the
 * one way to re-indent new_string that fits every place, or why none does
 * (places indented differently, or only some of them inside).
 */
function everyInside(
  view: FileView,
  starts: readonly number[],
  oldText: string,
  newText: string,
): { by: string; consistent: boolean } | string | undefined {
  // One line in, one line out: nothing below it to indent.
  if (!newText.includes('\n')) return undefined;
  const found = starts.map((h) => insideIndentation(view.lf, h, oldText, newText));
  const first = found[0];
  if (found.every((f) => f === undefined)) return undefined;
  if (first !== undefined && found.every((f) => f?.by === first.by && f.consistent === first.consistent)) return first;
  const lines = starts.map((h) => view.lineOf(h) + 1).join(', ');
  return (
    `old_string starts inside the indentation of some of the lines it matches (${lines}), by different amounts or not at all, ` +
    "so one indentation for new_string's added lines fits not every place; " +
    'copy old_string with the whole indentation of its lines, or edit the places one at a time'
  );
}

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

// ----------------------------------------------------------------- planning

export type MatchStep = 'exact' | EditStep;

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
      /** The canonical form the file's text has where old_string matched (step 'canonical'). */
      form?: CanonicalForm;
    }
  /**
   * `message`: the cause. For identical_strings and invisible_only it says why
   * the entry asks for no change (a batch skips such an entry, a single edit
   * fails with it). `lines`: 1-based file lines it points at (candidates, the
   * closest block, where new_string already stands).
   */
  | { ok: false; code: FailureCode; message: string; lines?: number[] };

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

/** The close of every "already applied" refusal: the model must not send the same edit again. */
const ALREADY_APPLIED = 'the edit is already applied; no change made; do not resubmit';
const ADVICE = 'add more surrounding context to make it unique, or set replace_all: true to replace every occurrence';

/** One entry, read: its texts in LF, new_string cleaned, and what it adds. */
interface Prepared {
  e: EditEntry;
  entry: number;
  oldLf: string;
  /** old_string without the invisible characters it leaked (and which ones). */
  oldClean: { text: string; removed: Map<number, number> };
  parts: Part[];
  /** new_string after cleaning what it adds. */
  cleanNew: string;
  /** The text new_string adds (its runs that are not in old_string), after cleaning. */
  added: string;
  /** Invisible characters cleaned from new_string. */
  cleaned: Map<number, number>;
  /** cleanNew without the invisible characters old_string leaked (what is written when old_string matched without them). */
  keptClean: string;
}

/** Read one entry; a failure when it asks for no change at all. */
function prepare(e: EditEntry, entry: number): Prepared | EntryResult {
  const oldLf = toLf(e.old_string);
  const newLf = toLf(e.new_string);
  if (e.old_string === e.new_string || oldLf === newLf) {
    return { ok: false, code: 'identical_strings', message: 'old_string and new_string are identical' };
  }
  const diff = cleanAdded(charRuns(oldLf, newLf));
  const cleanNew = newSide(diff.parts);
  const placeholder = placeholderForDropped(oldLf.split('\n'), cleanNew.split('\n'));
  if (placeholder) return { ok: false, code: 'placeholder', message: placeholderMessage(placeholder, ' of old_string') };
  if (cleanNew === oldLf) {
    return {
      ok: false,
      code: 'invisible_only',
      message:
        `new_string differs from old_string only by invisible characters (${formatRemoved(diff.removed)}), ` +
        'which are cleaned from written text',
    };
  }
  const added = diff.parts
    .filter((p) => p.kind === 'new')
    .map((p) => p.text)
    .join('');
  const oldClean = cleanInvisible(oldLf, { atFileStart: false });
  // What new_string keeps of old_string keeps its leaked invisible characters too; matched without them, it is written without.
  const keptClean = oldClean.removed.size > 0 ? cleanInvisible(cleanNew, { atFileStart: false }).text : cleanNew;
  return { e, entry, oldLf, oldClean, parts: diff.parts, cleanNew, keptClean, added, cleaned: diff.removed };
}

const resent = (line: number, how: string): EntryResult => ({
  ok: false,
  code: 'already_applied',
  message: `new_string already stands where old_string matches${how} (line ${line}): ${ALREADY_APPLIED}`,
  lines: [line],
});

/**
 * Blanks the file has after old_string up to its line's end, invisible to
 * the model, when new_string goes on over more lines: they stay at the end of
 * the line that keeps old_string's last line (`over`: the match extended over
 * them), never ending up after the lines new_string adds below it. Where
 * new_string types that line with blanks of its own, those are written.
 */
function trailingBlanksKept(lf: string, end: number, oldText: string, written: string): { over: number; text: string } | undefined {
  const lineEnd = lf.indexOf('\n', end);
  const tail = lf.slice(end, lineEnd < 0 ? lf.length : lineEnd);
  const last = oldText.slice(oldText.lastIndexOf('\n') + 1);
  if (!/^[ \t]+$/.test(tail) || last.trim() === '' || !written.includes('\n')) return undefined;
  for (let at = written.indexOf(last); at >= 0; at = written.indexOf(last, at + 1)) {
    const after = at + last.length;
    const own = /^[ \t]*/.exec(written.slice(after))![0];
    if (written[after + own.length] !== '\n') continue;
    return { over: tail.length, text: own ? written : written.slice(0, after) + tail + written.slice(after) };
  }
  return undefined;
}

const spliceAt = (p: Prepared, starts: readonly number[], len: number, text: string): LfSplice[] =>
  starts.map((s) => ({ start: s, end: s + len, text, entry: p.entry }));

const ambiguous = (view: FileView, starts: readonly number[], how: string): EntryResult => ({
  ok: false,
  code: 'old_string_ambiguous',
  message: `old_string found ${starts.length} times${how} (lines ${lineList(view, starts)}): ${ADVICE}`,
  lines: [...new Set(starts.map((s) => view.lineOf(s) + 1))],
});

/**
 * Plan one entry: the steps in order (see the header), the first with any
 * hit deciding; batch entries (not `tolerant`) take the exact steps only.
 */
export function planEntry(view: FileView, e: EditEntry, opts: EntryOptions): EntryResult {
  const p = prepare(e, opts.entry ?? 0);
  if ('ok' in p) return p;
  return (
    exactStep(view, p) ??
    (opts.tolerant
      ? (trailingNewlineStep(view, p) ?? punctuationStep(view, p) ?? whitespaceStep(view, p) ?? canonicalStep(view, p))
      : undefined) ??
    notFound(view, p)
  );
}

/** 1-2. Exact, then exact without the invisible characters old_string leaked. */
function exactStep(view: FileView, p: Prepared): EntryResult | undefined {
  const { e } = p;
  for (const form of exactFormsOf(p.oldLf, p.oldClean)) {
    const cleanNew = form.step === 'invisible' ? p.keptClean : p.cleanNew;
    const hits = view.positions(form.text);
    if (hits.length === 0) continue;
    const how = form.step === 'invisible' ? ' (with its invisible characters removed)' : '';
    if (hits.length > 1 && !e.replace_all) return ambiguous(view, hits, how);
    const standing = e.replace_all ? undefined : alreadyStanding(view.lf, hits[0]!, form.text, cleanNew);
    if (standing !== undefined) {
      const line = view.lineOf(standing) + 1;
      // What new_string adds around old_string: only whitespace proves nothing
      // (the file has a line break before most text), so the edit may never
      // have been applied; "already applied, do not resubmit" would be false.
      const k = hits[0]! - standing;
      const adds = cleanNew.slice(0, k) + cleanNew.slice(k + form.text.length);
      const message =
        adds.trim() === ''
          ? `new_string already stands where old_string matches (line ${line}), but the text it adds is only whitespace, ` +
            'which the file already has there, so this edit may or may not have been applied before; no change made. ' +
            'If it was not, include the neighbouring line in old_string and new_string'
          : `new_string already stands where old_string matches (line ${line}): ${ALREADY_APPLIED}`;
      return { ok: false, code: 'already_applied', message, lines: [line] };
    }
    const loose = e.replace_all ? undefined : standingLoosely(view, hits[0]!, form.text, cleanNew);
    if (loose !== undefined) return resent(loose + 1, ' up to indentation and trailing whitespace');
    const short = e.replace_all ? undefined : shortOfItsIndentation(view.lf, hits[0]!, form.text);
    const otherReadings = short === undefined ? [] : indentationBlindLines(view, form.text).filter((l) => l !== view.lineOf(hits[0]!));
    if (otherReadings.length > 0) {
      const line = view.lineOf(hits[0]!);
      const starts = [line, ...otherReadings].sort((a, b) => a - b).map((l) => view.lineStart(l));
      return {
        ok: false,
        code: 'old_string_ambiguous',
        message:
          `old_string matches line ${line + 1} exactly only from inside its indentation (its first line is indented ` +
          `${describeIndent(short!)} less than the file's, its other lines as the file's), and with indentation ignored ` +
          `it matches lines ${lineList(view, starts)}: two readings of where it belongs. ` +
          'Copy old_string with the whole indentation of the lines you mean',
        lines: starts.map((s) => view.lineOf(s) + 1),
      };
    }
    const cut = e.replace_all ? undefined : cutShortOfItsLine(view, hits[0]!, form.text);
    if (cut !== undefined) return cut;
    const starts = e.replace_all ? disjoint(hits, form.text.length) : hits;
    const inside = e.replace_all
      ? everyInside(view, starts, form.text, cleanNew)
      : insideIndentation(view.lf, hits[0]!, form.text, cleanNew);
    if (typeof inside === 'string') return { ok: false, code: 'old_string_ambiguous', message: inside };
    if (inside && !inside.consistent) {
      return {
        ok: false,
        code: 'old_string_not_found',
        message:
          `old_string starts inside the indentation of line ${view.lineOf(hits[0]!) + 1} ` +
          `(the file indents that line by ${describeIndent(inside.by)} more), ` +
          "and new_string's added lines are indented differently from its first line, so their indentation in the file cannot be told; " +
          "copy the line with its whole indentation into old_string and indent new_string's lines to match the file",
      };
    }
    const line0 = view.lineOf(hits[0]!);
    // old_string from its line's first visible character, where the file's indentation and the model's can disagree.
    const fromFirstVisible = /^[ \t]*$/.test(view.lf.slice(view.lineStart(line0), hits[0]!));
    const bare =
      inside || e.replace_all || !fromFirstVisible
        ? undefined
        : (wholeLineReading(view.table, line0, form.text, cleanNew) ?? bareLineReading(view.table, line0, form.text, cleanNew));
    if (bare && 'ambiguous' in bare) {
      const line = line0 + 1;
      const message = `old_string starts at line ${line}'s first visible character, and ${bare.ambiguous}`;
      return { ok: false, code: 'old_string_ambiguous', message, lines: [line] };
    }
    const styled = inside || bare || e.replace_all ? undefined : followEditStyle(view, hits[0]!, form.text, cleanNew);
    const written = inside ? reindentAdded(cleanNew, inside.by) : (bare?.text ?? styled?.text ?? cleanNew);
    const note = bare?.note ?? styled?.note;
    const blanks = e.replace_all ? undefined : trailingBlanksKept(view.lf, hits[0]! + form.text.length, form.text, written);
    return {
      ok: true,
      splices: spliceAt(p, starts, form.text.length + (blanks?.over ?? 0), blanks?.text ?? written),
      ...(note ? { notes: [note] } : {}),
      ...(inside ? { reindented: { line: view.lineOf(hits[0]!) + 1, by: inside.by } } : {}),
      step: form.step,
      added: p.added,
      cleaned: p.cleaned,
      ...(form.step === 'invisible' ? { oldCleaned: p.oldClean.removed } : {}),
    };
  }
  return undefined;
}

/**
 * 3. Trailing newline: old_string ends with '\n' where the file has none
 * after the text. At the end of a file without a final newline, that is the
 * match. Elsewhere, Chord's rule: old_string without its '\n' that matches
 * exactly one place (text continuing on the same line, "foo" in "foo bar")
 * is replaced by new_string without its '\n'. (The other direction,
 * old_string lacking a '\n' the file has, never fails the exact step:
 * old_string is then a prefix of the file's text.)
 */
function trailingNewlineStep(view: FileView, p: Prepared): EntryResult | undefined {
  const { oldLf, cleanNew } = p;
  if (!oldLf.endsWith('\n') || oldLf.length <= 1 || p.e.replace_all) return undefined;
  const stripped = oldLf.slice(0, -1);
  const text = cleanNew.endsWith('\n') ? cleanNew.slice(0, -1) : cleanNew;
  const atEnd = !view.lf.endsWith('\n') && view.lf.endsWith(stripped);
  const hits = atEnd ? [view.lf.length - stripped.length] : view.positions(stripped);
  if (hits.length !== 1 || closesOpened(stripped, view.lf[hits[0]! + stripped.length])) return undefined;
  // What continues the line is only its trailing whitespace: that is no text
  // continuing on the same line, and new_string's added lines would be written
  // before it (the line's trailing tab moved onto a line the model added). The
  // whitespace step matches the line whole and keeps it the file's own.
  if (!atEnd && trailingBlankOnly(view.lf, hits[0]! + stripped.length)) return undefined;
  return {
    ok: true,
    splices: spliceAt(p, hits, stripped.length, text),
    step: 'trailing-newline',
    added: p.added,
    cleaned: p.cleaned,
  };
}

/** 4. Punctuation tolerance (edit/punctuation.ts). */
function punctuationStep(view: FileView, p: Prepared): EntryResult | undefined {
  const found = punctuation(view, p.oldLf, p.parts, p.entry);
  if (found === 'none') return undefined;
  if (found === 'unsafe') {
    return {
      ok: false,
      code: 'old_string_not_found',
      message:
        `old_string matched line ${view.lineOf(tolerantStart(view, p.oldLf)) + 1} only under punctuation tolerance, ` +
        "and new_string could not be laid over the file's text without changing what it says; copy old_string exactly from the file",
    };
  }
  if ('ambiguous' in found) return ambiguous(view, found.ambiguous, ' under punctuation tolerance');
  const { start, end, text } = found.splice;
  const line = standingLine(view.lf, (o) => view.lineOf(o), start, view.lf.slice(start, end), text);
  if (line !== undefined) return resent(line, ' under punctuation tolerance');
  return { ok: true, splices: [found.splice], step: 'punctuation', added: p.added, cleaned: p.cleaned, folds: found.folds };
}

/**
 * 5. Indentation and trailing whitespace: whole lines, unique only. Before
 * the already-applied check of notFound: a new_string that is part of
 * old_string (a deletion) stands in the file whenever old_string does.
 */
function whitespaceStep(view: FileView, p: Prepared): EntryResult | undefined {
  const oldText = p.oldClean.removed.size > 0 ? p.oldClean.text : p.oldLf;
  const ws = whitespaceMatch(view, oldText, p.keptClean);
  if (ws === 'none') return undefined;
  if ('ambiguous' in ws) return ambiguous(view, ws.ambiguous, ' with indentation and trailing whitespace ignored');
  // A re-sent edit: new_string already stands (up to whitespace) once,
  // over the place old_string matched or apart from it.
  const again = appliedAround(view, p.keptClean, ws.line, ws.lines);
  if (again !== undefined) {
    const elsewhere = again.apart
      ? `; old_string matches line ${ws.line + 1} only with whitespace ignored: ` +
        'if the edit is meant for that line too, quote old_string exactly as it stands there'
      : '';
    return {
      ok: false,
      code: 'already_applied',
      message:
        `new_string already stands at line ${again.at + 1} (up to indentation and trailing whitespace): ` +
        `${ALREADY_APPLIED}${elsewhere}`,
      lines: [again.at + 1],
    };
  }
  if ('indent' in ws) {
    return {
      ok: false,
      code: 'old_string_ambiguous',
      message: `old_string matched line ${ws.line + 1} with indentation ignored; ${ws.indent}`,
      lines: [ws.line + 1],
    };
  }
  return {
    ok: true,
    splices: spliceAt(p, [ws.start], ws.end - ws.start, ws.text),
    step: 'whitespace',
    added: p.added,
    cleaned: p.cleaned,
    notes: ws.notes,
  };
}

/** 6. Unicode canonical equivalence (edit/canonical.ts): unique only, or every place for replace_all. */
function canonicalStep(view: FileView, p: Prepared): EntryResult | undefined {
  const found = canonicalMatch(view, p.oldLf, p.cleanNew, p.e.replace_all === true);
  if (found.kind === 'none') return undefined;
  if (found.kind === 'ambiguous') return ambiguous(view, found.starts, ` ${STEP_WORDS.canonical}`);
  if (found.kind === 'applied') {
    const line = view.lineOf(found.at) + 1;
    const message = `old_string is not in the file but new_string is, in the file's ${found.form} form (line ${line}): ${ALREADY_APPLIED}`;
    return { ok: false, code: 'already_applied', message, lines: [line] };
  }
  const at = found.starts[0]!;
  const line = p.e.replace_all
    ? undefined
    : standingLine(view.lf, (o) => view.lineOf(o), at, view.lf.slice(at, at + found.length), found.text);
  if (line !== undefined) return resent(line, ` ${STEP_WORDS.canonical}`);
  const starts = p.e.replace_all ? disjoint(found.starts, found.length) : found.starts;
  const splices = spliceAt(p, starts, found.length, found.text);
  return { ok: true, splices, step: 'canonical', added: p.added, cleaned: p.cleaned, form: found.form };
}

/**
 * Nothing matched. old_string is gone but new_string stands in the file,
 * once: the edit was applied before (a re-sent edit), and "not found" would
 * invite a retry. Not when new_string is part of old_string (a deletion): it
 * stood there before the edit too, and says nothing. Otherwise the closest
 * block is described.
 */
function notFound(view: FileView, p: Prepared): EntryResult {
  const { oldLf, cleanNew } = p;
  const applied = cleanNew.trim() === '' || oldLf.includes(cleanNew) ? [] : view.positions(cleanNew);
  if (applied.length === 1) {
    return {
      ok: false,
      code: 'already_applied',
      message: `old_string is not in the file but new_string is (line ${view.lineOf(applied[0]!) + 1}): ${ALREADY_APPLIED}`,
      lines: [view.lineOf(applied[0]!) + 1],
    };
  }
  const closest = closestMatch(view.lfLines(), p.oldClean.removed.size > 0 ? p.oldClean.text : oldLf, view.lf);
  const near = closest.kind === 'none' ? [] : [closest.line];
  return { ok: false, code: 'old_string_not_found', message: `old_string not found in file; ${describeClosest(closest)}`, lines: near };
}

// ------------------------------------------------------------------ summary

/** "old_string matched <words>" per tolerant step (the registry, match/passes.ts). */
export const STEP_WORDS = EDIT_STEP_WORDS;

export { formatRemoved };
export { overlaps } from './overlaps.js';

/**
 * old_string found exactly only as the start of a longer line (`    }` in `    };`), from the line's first column,
 * while with indentation ignored it is whole lines elsewhere (`  }`, `}`): the exact hit splits a line by a
 * coincidence of columns, and the lines meant may be the others. Both readings are named; undefined otherwise.
 */
function cutShortOfItsLine(view: FileView, hit: number, oldText: string): EntryResult | undefined {
  const end = hit + oldText.length;
  const atLineStart = hit === 0 || view.lf[hit - 1] === '\n';
  if (!atLineStart || oldText.endsWith('\n') || end >= view.lf.length || view.lf[end] === '\n') return undefined;
  const line = view.lineOf(hit);
  const others = indentationBlindLines(view, oldText).filter((l) => l !== line);
  if (others.length === 0) return undefined;
  const elsewhere = lineList(
    view,
    others.map((l) => view.lineStart(l)),
  );
  return {
    ok: false,
    code: 'old_string_ambiguous',
    message:
      `old_string matches exactly only as the start of line ${line + 1}, cutting that line short, and with indentation ` +
      `ignored it matches lines ${elsewhere}: two readings of where it belongs. ` +
      'Copy old_string with the whole lines you mean, indentation included',
    lines: [line, ...others].sort((a, b) => a - b).map((l) => l + 1),
  };
}
