// The failure messages of hunk placement, in words a model can act on: the
// lead (`hunk not found (N/M)`, the first expected line), the hint of
// diagnose.ts, the places of an ambiguity, and what a failed hunk carries
// along. Every message is built here from data; nothing parses them.

import type { Hunk } from '../types.js';
import { diagnoseHunk, quoteHint, quoteLine } from './diagnose.js';
import { oldSide } from './hunk-lines.js';
import { CANONICAL_WORDS, TOLERANT } from './passes.js';
import type { LineIndex } from './seek.js';
import type { TolerantPass } from './tolerant.js';

function lead(hunks: readonly Hunk[], h: number, label = 'hunk not found'): string {
  const hunk = hunks[h]!;
  const old = oldSide(hunk.lines);
  if (old.length === 0 && hunk.header !== undefined)
    return `${label} (${h + 1}/${hunks.length}): expected @@ header ${quoteLine(hunk.header)}`;
  const first = old.find((l) => l.trim() !== '') ?? old[0] ?? '';
  return `${label} (${h + 1}/${hunks.length}): expected ${quoteLine(first)}`;
}

function carried(h: number): string {
  if (h === 0) return '';
  const which = h > 1 ? `hunks 1..${h}` : 'hunk 1';
  return `; ${which} of this file matched in memory but ${h > 1 ? 'were' : 'was'} not written: resubmit them together with this one`;
}

/** The report of a hunk found nowhere, and the 0-based file line its hint points at (if any). */
export function describeMiss(index: LineIndex, hunks: readonly Hunk[], h: number, cursor: number): { message: string; line?: number } {
  const d = diagnoseHunk(index, hunks[h]!, cursor);
  return { message: `${lead(hunks, h)}; ${d.text}${carried(h)}`, ...(d.line !== undefined ? { line: d.line } : {}) };
}

/** A hunk whose added lines could be written re-indented or as given, the evidence settling neither (indent-evidence.ts). */
export function describeIndentAmbiguous(hunks: readonly Hunk[], h: number, readings: string): string {
  return `${lead(hunks, h, 'hunk ambiguous')}; ${readings}${carried(h)}`;
}

/** A tolerant match that landed in several places: name them instead of taking the first. */
export function describeAmbiguous(
  hunks: readonly Hunk[],
  h: number,
  candidates: readonly number[],
  pass: TolerantPass | 'canonical',
  hint?: string,
): string {
  const shown = candidates.slice(0, 10).map((c) => c + 1);
  const more = candidates.length > 10 ? ', …' : '';
  const what = pass === 'canonical' ? CANONICAL_WORDS.ambiguity : TOLERANT[pass].words.ambiguity;
  return (
    `${lead(hunks, h, 'hunk ambiguous')}; the context does not match exactly, ` +
    `and with ${what} it matches ${candidates.length} places (lines ${shown.join(', ')}${more})${hint === undefined ? '' : `; ${hint}`}: ` +
    `copy the lines exactly from the file, or add nearby context or an @@ header so it matches one place${carried(h)}`
  );
}

/**
 * A hunk whose old side matches exactly only before its @@ header, and after
 * the header only under a tolerance: the two readings, named.
 */
export function describeAgainstHeader(
  hunks: readonly Hunk[],
  h: number,
  exact: number,
  header: string,
  headerLine: number,
  loose: readonly number[],
  pass: TolerantPass,
): string {
  return (
    `${lead(hunks, h, 'hunk ambiguous')}; the context matches exactly at line ${exact + 1}, before its @@ header ` +
    `${quoteHint(header)} (line ${headerLine + 1}), and after the header ${TOLERANT[pass].words.how} at ${atLines(loose)}: ` +
    'chord-patch never guesses between them; copy the lines exactly from the file at the intended place, ' +
    `or drop the @@ line if the hunk belongs before it${carried(h)}`
  );
}

/**
 * A hunk whose old side matches exactly only outside its @@ header's block,
 * and inside the block only under a tolerance: the two readings, named.
 */
export function describeOutsideBlock(
  hunks: readonly Hunk[],
  h: number,
  exact: number,
  header: string,
  headerLines: readonly number[],
  loose: readonly number[],
  pass: TolerantPass,
): string {
  return (
    `${lead(hunks, h, 'hunk ambiguous')}; the context matches exactly at line ${exact + 1}, outside the block of its @@ header ` +
    `${quoteHint(header)} (${atLines(headerLines)}), and inside that block ${TOLERANT[pass].words.how} at ${atLines(loose)}: ` +
    'chord-patch never guesses between them; copy the lines exactly from the file at the intended place, ' +
    `or change the @@ line to name the block the hunk belongs in${carried(h)}`
  );
}

/** Where a hunk's places were counted, for the ambiguity report. */
export type PlaceScope =
  /** After the previous hunk (`first`: the first hunk, so the whole file). */
  | { kind: 'cursor'; first: boolean }
  /** Inside the blocks opened by these header lines, or after the first of them. */
  | { kind: 'block'; header: string; lines: readonly number[] }
  | { kind: 'after-header'; header: string; lines: readonly number[] }
  /** A pure insertion's header itself occurs in several places. */
  | { kind: 'header'; header: string; lines: readonly number[] };

/** "line 4" or "lines 4, 9 and 3 more" (1-based). */
function atLines(lines: readonly number[], shown = 10): string {
  const head = lines
    .slice(0, shown)
    .map((l) => l + 1)
    .join(', ');
  const list = lines.length > shown ? `${head} and ${lines.length - shown} more` : head;
  return `line${lines.length === 1 ? '' : 's'} ${list}`;
}

/**
 * An old side (or a pure insertion's header) that matches several places
 * where the hunk may go: name them all (the first few, then how many more)
 * and say what would single one out.
 */
export function describeAmbiguousPlaces(
  hunks: readonly Hunk[],
  h: number,
  places: readonly number[],
  where: PlaceScope,
  run: number,
  /** Where a stated line number pointed (none of the places being there). */
  hint?: string,
  /**
   * When `places` were counted ignoring what tells no place apart (trailing
   * whitespace, or the characters punctuation tolerance folds): the ones the
   * context matches exactly.
   */
  exactly?: { at: readonly number[]; blindTo: 'trailing' | 'folds' },
): string {
  const ignoring =
    exactly === undefined ? '' : exactly.blindTo === 'trailing' ? ' with trailing whitespace ignored' : ' with punctuation tolerance';
  const count = `${places.length} places (${atLines(places)})${ignoring}`;
  const header = (w: { header: string; lines: readonly number[] }) => `its @@ header ${quoteHint(w.header)} (${atLines(w.lines)})`;
  let what: string;
  if (where.kind === 'header') {
    what = `its @@ header ${quoteHint(where.header)} occurs in ${count}, and a hunk with only added lines has no other anchor`;
  } else if (where.kind === 'block') {
    what = `inside the block${where.lines.length === 1 ? '' : 's'} of ${header(where)} the context matches ${count}`;
  } else if (where.kind === 'after-header') {
    what = `after ${header(where)} the context matches ${count}`;
  } else {
    what = `the context matches ${count} ${where.first ? 'in the file' : 'after the previous hunk'}`;
  }
  if (exactly?.blindTo === 'trailing')
    what += `, exactly only at ${atLines(exactly.at)}, and trailing whitespace (invisible to a model) tells no place apart`;
  else if (exactly !== undefined)
    what +=
      `, exactly only at ${atLines(exactly.at)}, and Unicode spaces, quotes, dashes and full-width punctuation ` +
      '(which models retype) tell no place apart';
  if (run > 1)
    what += `; hunks ${h + 1}-${h + run} have this same context, so the file would need exactly ${run} such places to take them in order`;
  if (hint !== undefined) what += `; ${hint}`;
  const advice =
    where.kind === 'header'
      ? 'make the @@ line name a line that occurs once (an outer @@ line for the enclosing class or module narrows it), ' +
        'or add context lines around the new lines'
      : hunks[h]!.hintLine !== undefined
        ? // A unified diff's @@ line gives line numbers, never an anchor to search for.
          "add a context line that occurs only at the intended place, or make the @@ line state the hunk's line in the file"
        : 'add a context line that occurs only at the intended place, or an @@ line naming the enclosing function or class';
  return `${lead(hunks, h, 'hunk ambiguous')}; ${what}: chord-patch never guesses between them; ${advice}${carried(h)}`;
}

/** A pure insertion whose header is not in the file: it has nothing else to go by. */
export function describeHeaderMissing(hunks: readonly Hunk[], h: number): string {
  return (
    `${lead(hunks, h)}; the @@ header was not found${h > 0 ? ' after the previous hunk' : ''}, ` +
    'and a hunk with only added lines has no other anchor: ' +
    `copy the @@ line exactly from a line of the file, or add context lines around the new lines${carried(h)}`
  );
}

/** A unified-diff hunk stated at line 1 that opens with added lines (types.ts: startOfFile), its old side at 0-based `at`. */
export function describeNotAtStart(hunks: readonly Hunk[], h: number, at: number): string {
  return (
    `${lead(hunks, h, 'hunk ambiguous')} at the start of the file; the hunk states line 1 and opens with added lines, ` +
    `so they go at the file's start (as git apply and GNU patch read it) or just before line ${at + 1}, where its other lines are: ` +
    `chord-patch never guesses between them; add the line before the change as context, or fix the line number${carried(h)}`
  );
}

/** An apply_patch_call hunk opening with several `@@` lines, one of which names no line of the file (after the ones before it). */
export function describeAnchorMissing(hunks: readonly Hunk[], h: number, anchor: string, after: string | undefined): string {
  const where = after === undefined ? '' : ` after ${JSON.stringify(after)}`;
  return (
    `${lead(hunks, h)}; its @@ ${quoteLine(anchor)} is not in the file${where}: ` +
    'when a hunk opens with several @@ lines, each must be copied from a line of the file, in the order they occur' +
    carried(h)
  );
}

/** An apply_patch_call hunk of only added lines with no @@ text, into a file with lines: the top and the end both fit. */
export function describeInsertionWithoutAnchor(hunks: readonly Hunk[], h: number): string {
  return (
    `hunk without a place (${h + 1}/${hunks.length}): it only adds lines and names no line to follow, ` +
    "so it could go where the previous hunk ends (the top, for a first hunk: OpenAI's applier) or at the file's end (Codex's): " +
    'chord-patch never guesses between them; write "@@ <the line it follows>", or add a context line' +
    carried(h)
  );
}

/**
 * A section sent before: every changing hunk's new text already stands in the
 * file (`lines`: where, per changing hunk). `survives`: the old sides still
 * matched, so say how to add the lines a second time on purpose.
 */
export function describeAlreadyApplied(hunks: readonly Hunk[], lines: readonly number[], survives: boolean): string {
  const where = lines.length === 1 ? `line ${lines[0]! + 1}` : `lines ${lines.map((l) => l + 1).join(', ')}`;
  const again = survives ? '; to add these lines a second time on purpose, include the copy already there as context' : '';
  const which = hunks.length === 1 ? 'the hunk' : 'every hunk';
  return `already applied; no change made; do not resubmit: the new text of ${which} already stands in the file (${where})${again}`;
}

/** Some hunks of a section already stand in the file, others do not. */
export function describePartlyApplied(
  hunks: readonly Hunk[],
  standing: readonly { hunk: number; line: number }[],
  pending: readonly number[],
): string {
  const n = hunks.length;
  const names = (hs: readonly number[]) => `hunk${hs.length === 1 ? '' : 's'} ${hs.map((h) => `${h + 1}/${n}`).join(', ')}`;
  const lines = standing.map((s) => s.line + 1).join(', ');
  return (
    `partly applied; no change made: ${names(standing.map((s) => s.hunk))} already ${standing.length === 1 ? 'stands' : 'stand'} ` +
    `in the file (line${standing.length === 1 ? '' : 's'} ${lines}) ` +
    `and ${names(pending)} ${pending.length === 1 ? 'does' : 'do'} not: ` +
    `resubmit only ${names(pending)}, rebuilt from a fresh read of the file`
  );
}

/** A unique tolerant candidate whose punctuation could not be carried over safely. */
export function describeUnsafe(hunks: readonly Hunk[], h: number, line: number, reason: string): string {
  return (
    `${lead(hunks, h)}; a tolerant candidate exists at line ${line + 1} (punctuation or spacing differs) ` +
    `but could not be applied safely: ${reason}; ` +
    `copy the "-" lines exactly from the file, or keep one "+" line per "-" line${carried(h)}`
  );
}
