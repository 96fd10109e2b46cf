// Locating every hunk of one `*** Update File:` section in the file's lines.
// Hunks are located against the section's input in order, each at or after the
// end of the previous one (Codex semantics), and become replacements that
// text/splice.ts applies in one linear walk.
//
// Per hunk: the three exact passes (seek.ts) inside the hunk's scopes
// (scope.ts: the header's block, after the header, after the previous hunk),
// with the trailing-blank retry; a scope with several places is an ambiguity,
// never a first-match guess. Only when nothing matches anywhere, the separate
// unique-only tolerant step (tolerant.ts). A tolerant hit rebuilds the `+`
// lines so unchanged text keeps the file's punctuation; context lines are kept
// from the file by the splice itself. A hunk found nowhere after the previous
// one but in exactly one place before it, clear of every hunk placed so far,
// is applied there and reported as out of order.
//
// A stated line number (a unified diff's `@@ -N`, or the same range on an
// envelope's `@@` line) is a hint and only a hint: it never moves a hunk whose
// old side matches one place, and it never picks the nearest of several. When
// the old side matches several places, the one starting exactly at the stated
// line, shifted by the offset the file's previous hunk showed (GNU patch's
// rule), is taken; when none starts there, the hunk is ambiguous as before,
// and the report says where the hint pointed (models write wrong numbers).

import type { Hunk, HunkLine } from '../types.js';
import { findCanonical } from './canonical.js';
import { appliedInOrder, changes, standingExactly, standingWithin, standsAt } from './applied.js';
import {
  describeAlreadyApplied,
  describeAmbiguous,
  describeAgainstHeader,
  describeAmbiguousPlaces,
  describeAnchorMissing,
  describeHeaderMissing,
  describeInsertionWithoutAnchor,
  describeIndentAmbiguous,
  describeMiss,
  describeNotAtStart,
  describeOutsideBlock,
  describePartlyApplied,
  describeUnsafe,
  type PlaceScope,
} from './describe.js';
import { blockEnd, decides, hitsUnder, placesBlindToFolds, placesBlindToTrailing, placesIn, type Range } from './scope.js';
import type { LineIndex, PassName } from './seek.js';
import { statedLineDoubted } from './stated-line.js';
import { afterAnchors, headerAfterAnchors, headerPlaces, oldSide, runLength, variants, withoutLeadingBlank } from './hunk-lines.js';
import { findTolerant, followStyle, reindentReplacement } from './hunk-tolerant.js';
import { TOLERANT_PASSES, type TolerantPass, tolerantCandidates, tolerantSeek } from './tolerant.js';

export interface Replacement {
  /** First file line the hunk's old side covers (for a pure insertion: the line it goes before). */
  start: number;
  /** Number of file lines the old side covers. */
  oldLen: number;
  /** The hunk lines to lay over [start, start + oldLen). */
  lines: HunkLine[];
  /** How the old side (or, for a pure insertion, its header) was found; 'append' for a pure insertion at the end. */
  pass: PassName | TolerantPass | 'canonical' | 'append';
  /** What was adapted to the file (re-indented added lines, a tolerance used), for the result notes. */
  note?: string;
  /** Where the hunk's new side stands exactly, found before a loose match of its old side was taken: it was applied before. */
  standing?: number;
}

/** A hunk placed before the preceding one (its context is unique in the file). */
export interface OutOfOrder {
  hunk: number;
  /** 0-based line where it was placed. */
  line: number;
  /** It matched after the preceding hunk too, and its stated line chose the place before it. */
  stated?: boolean;
}

export type LocateResult =
  /** `placed`: one replacement per hunk, in hunk order; `replacements`: the same by file position, for the splice. */
  | { ok: true; replacements: Replacement[]; placed: Replacement[]; outOfOrder: OutOfOrder[] }
  /** `lines`: 0-based file lines the failure points at (the closest match, the candidates, where new text already stands). */
  | { ok: false; code: FailCode | 'already_applied' | 'partly_applied'; hunk: number; message: string; lines: number[] };

type FailCode = 'hunk_not_found' | 'hunk_ambiguous';
const failed = (code: FailCode, message: string, lines: readonly number[] = []): Placement => ({
  kind: 'failed',
  code,
  message,
  lines: [...lines],
});

/** A header with more occurrences than this does not narrow anything: its blocks are not searched one by one. */
const HEADER_LIMIT = 64;

type Placement =
  /** `outsideBlock`: the ranges of the header's block(s), when the hunk was found only outside them. */
  | { kind: 'found'; replacement: Replacement; outsideBlock?: Range[] }
  | { kind: 'failed'; code: FailCode; message: string; lines: number[] }
  | { kind: 'none' };

interface State {
  index: LineIndex;
  hunks: readonly Hunk[];
  cursor: number;
  /** Where each header text was last found: later hunks under the same header stay inside its block. */
  headers: Map<string, number>;
  /** Found line minus stated line of the last placed hunk that stated one (0-based difference). */
  offset: number;
}

export function locateHunks(index: LineIndex, hunks: readonly Hunk[]): LocateResult {
  const placed: Replacement[] = [];
  const outOfOrder: OutOfOrder[] = [];
  const state: State = { index, hunks, cursor: 0, headers: new Map(), offset: 0 };
  for (let h = 0; h < hunks.length; h++) {
    if (hunks[h]!.hintLine === 0 && oldSide(hunks[h]!.lines).length === 0 && index.length > 0) {
      // A unified diff adding to an empty file (`@@ -0,0 +1,N @@`): this one is not empty, and appending would guess.
      return {
        ok: false,
        code: 'hunk_not_found',
        hunk: h,
        message: `hunk not found (${h + 1}/${hunks.length}): the diff adds to an empty file, but the file has ${index.length} lines`,
        lines: [],
      };
    }
    const unplaceable = openAiRules(index, hunks, h);
    if (unplaceable) return { ok: false, code: 'hunk_not_found', hunk: h, message: unplaceable, lines: [] };
    const found = placeHunk(state, h);
    if (found.kind === 'failed') return { ok: false, code: found.code, hunk: h, message: found.message, lines: found.lines };
    if (found.kind === 'found' && hunks[h]!.startOfFile && found.replacement.start !== 0) {
      const at = found.replacement.start;
      return (
        sentBefore(index, hunks, h) ?? {
          ok: false,
          code: 'hunk_ambiguous',
          hunk: h,
          message: describeNotAtStart(hunks, h, at),
          lines: [at],
        }
      );
    }
    const behind = found.kind === 'found' ? statedBehind(state, h, found.replacement, placed) : undefined;
    if (behind?.kind === 'failed') return { ok: false, code: behind.code, hunk: h, message: behind.message, lines: behind.lines };
    // Placed before the previous hunk: the cursor stays, as the hunks after this one still follow that one.
    const behindIt = (r: Replacement, stated: boolean) => {
      placed.push(r);
      noteOffset(state, hunks[h]!, r);
      outOfOrder.push({ hunk: h, line: r.start, ...(stated ? { stated } : {}) });
    };
    if (behind?.kind === 'found') {
      behindIt(behind.replacement, true);
      continue;
    }
    if (found.kind === 'found') {
      placed.push(found.replacement);
      state.cursor = found.replacement.start + found.replacement.oldLen;
      noteOffset(state, hunks[h]!, found.replacement);
      continue;
    }
    const early = earlierPlace(index, hunks[h]!, placed);
    if (!early) {
      const resent = sentBefore(index, hunks, h);
      if (resent) return resent;
      const miss =
        oldSide(hunks[h]!.lines).length === 0 ? { message: describeHeaderMissing(hunks, h) } : describeMiss(index, hunks, h, state.cursor);
      return {
        ok: false,
        code: 'hunk_not_found',
        hunk: h,
        message: miss.message,
        lines: 'line' in miss && miss.line !== undefined ? [miss.line] : [],
      };
    }
    behindIt(early, false);
  }
  const resent = alreadyStanding(index, hunks, placed);
  if (resent) return resent;
  const replacements = outOfOrder.length === 0 ? placed : [...placed].sort((a, b) => a.start - b.start);
  return { ok: true, replacements, placed, outOfOrder };
}

/** Sent before: the old sides are gone and every new side stands, in order. */
function sentBefore(index: LineIndex, hunks: readonly Hunk[], h: number): LocateResult | undefined {
  const applied = appliedInOrder(index, hunks);
  if (!applied) return undefined;
  return { ok: false, code: 'already_applied', hunk: h, message: describeAlreadyApplied(hunks, applied, false), lines: applied };
}

/** Why an apply_patch_call hunk cannot be placed under OpenAI's rules (types.ts: anchorsRequired, needsAnchor), if it cannot. */
function openAiRules(index: LineIndex, hunks: readonly Hunk[], h: number): string | undefined {
  const hunk = hunks[h]!;
  if (hunk.needsAnchor && index.length > 0) return describeInsertionWithoutAnchor(hunks, h);
  if (!hunk.anchorsRequired) return undefined;
  let from = 0;
  let after: string | undefined;
  for (const anchor of [...(hunk.anchors ?? []), ...(hunk.header === undefined ? [] : [hunk.header])]) {
    const hit = index.seek([anchor], from);
    if (!hit) return describeAnchorMissing(hunks, h, anchor, after);
    from = hit.index + 1;
    after = anchor;
  }
  return undefined;
}

/**
 * Every hunk placed: is any of them sent before, its new side already
 * standing around its old side? All of the changing ones: the section is
 * already applied. Some: writing the rest would mix a re-sent hunk with new
 * ones, so nothing is written and the report says which to resubmit.
 */
function alreadyStanding(index: LineIndex, hunks: readonly Hunk[], placed: readonly Replacement[]): LocateResult | undefined {
  const standing: { hunk: number; line: number }[] = [];
  const pending: number[] = [];
  hunks.forEach((hunk, h) => {
    if (!changes(hunk)) return;
    const at = placed[h]!.standing ?? standsAt(index, placed[h]!);
    if (at === undefined) pending.push(h);
    else standing.push({ hunk: h, line: at });
  });
  if (standing.length === 0) return undefined;
  if (pending.length === 0) {
    return {
      ok: false,
      code: 'already_applied',
      hunk: standing[0]!.hunk,
      message: describeAlreadyApplied(
        hunks,
        standing.map((s) => s.line),
        true,
      ),
      lines: standing.map((s) => s.line),
    };
  }
  const message = describePartlyApplied(hunks, standing, pending);
  return { ok: false, code: 'partly_applied', hunk: pending[0]!, message, lines: standing.map((s) => s.line) };
}

function placeHunk(state: State, h: number): Placement {
  const found = placeHunkAnywhere(state, h);
  if (found.kind === 'found' && found.outsideBlock) {
    // Found only outside the header's block: a new side standing inside it was applied there before.
    const at = standingWithin(state.index, state.hunks[h]!, found.outsideBlock);
    if (at !== undefined) return { kind: 'found', replacement: { ...found.replacement, standing: at } };
  }
  if (found.kind !== 'found' || found.replacement.pass === 'exact' || found.replacement.pass === 'append') return found;
  // The old side matched only loosely: a new side standing exactly after the
  // previous hunk says the hunk was applied before (re-sent after a
  // whitespace change), and wins over applying it a second time.
  const at = standingExactly(state.index, state.hunks[h]!, state.cursor);
  return at === undefined ? found : { kind: 'found', replacement: { ...found.replacement, standing: at } };
}

/** `shortened`: the hunk is already one withoutLeadingBlank made. */
function placeHunkAnywhere(state: State, h: number, shortened = false): Placement {
  const { index, hunks, cursor } = state;
  const hunk = hunks[h]!;
  const run = runLength(hunks, h);
  if (!hunk.lines.some((l) => l.op !== '+')) return placeInsertion(state, h, run);
  const scopes = scopesOf(state, hunk);
  for (const lines of variants(hunk)) {
    const old = oldSide(lines);
    for (const scope of scopes) {
      const places = placesIn(index, old, scope.ranges, run + 1, hunk.endOfFile);
      if (!places) continue;
      // Exact places with others that differ from them only in trailing whitespace: no decision.
      const blind =
        places.pass === 'exact' && placesBlindToTrailing(index, old, scope.ranges, places.hits, run + 2, hunk.endOfFile) !== undefined;
      if (!blind && decides(places.hits, run, old.length)) {
        const after = scope.where.kind === 'cursor' ? scopes.find((s) => s.where.kind === 'after-header') : undefined;
        const against =
          againstHeader(state, h, after, old, places.hits[0]!) ??
          againstBlock(state, h, scope, scopes[0]!, old, places.hits[0]!) ??
          againstFoldTwins(state, h, scope, old, places.hits, run, places.pass);
        if (against) return against;
        const at = foundAt(hunks, h, { start: places.hits[0]!, oldLen: old.length, lines, pass: places.pass }, index);
        const block = scopes[0]!.where.kind === 'block' && scope !== scopes[0] ? scopes[0]!.ranges : undefined;
        return at.kind === 'found' && block ? { ...at, outsideBlock: block } : at;
      }
      const all = placesIn(index, old, scope.ranges, Infinity, hunk.endOfFile)!.hits;
      const loose = blind ? hitsUnder(index, old, scope.ranges, 'trim-end', Infinity, hunk.endOfFile) : undefined;
      const hinted = hintedLine(state, hunk);
      const named = hinted === undefined ? undefined : statedLineDoubted(index, hunk, lines, loose ?? all, hinted);
      if (hinted !== undefined && !named && all.includes(hinted)) {
        return foundAt(hunks, h, { start: hinted, oldLen: old.length, lines, pass: places.pass }, index);
      }
      if (hinted !== undefined && !named && loose?.includes(hinted)) {
        return foundAt(hunks, h, { start: hinted, oldLen: old.length, lines, pass: 'trim-end' }, index);
      }
      const exactly = loose && { at: all, blindTo: 'trailing' as const };
      const why = named ?? hintText(state, hunk);
      const message = describeAmbiguousPlaces(hunks, h, loose ?? all, scope.where, run, why, exactly);
      return failed('hunk_ambiguous', message, loose ?? all);
    }
  }
  const tolerant = findTolerant(index, hunk, cursor, hintedLine(state, hunk));
  if (tolerant.kind === 'ambiguous') {
    return failed(
      'hunk_ambiguous',
      describeAmbiguous(hunks, h, tolerant.candidates, tolerant.pass, hintText(state, hunk)),
      tolerant.candidates,
    );
  }
  if (tolerant.kind === 'unsafe')
    return failed('hunk_not_found', describeUnsafe(hunks, h, tolerant.line, tolerant.reason), [tolerant.line]);
  if (tolerant.kind === 'indent') return failed('hunk_ambiguous', describeIndentAmbiguous(hunks, h, tolerant.message), [tolerant.line]);
  if (tolerant.kind === 'found') return { kind: 'found', replacement: tolerant.replacement };
  const canonical = findCanonical(index, hunk, cursor);
  if (canonical.kind === 'ambiguous')
    return failed('hunk_ambiguous', describeAmbiguous(hunks, h, canonical.candidates, 'canonical'), canonical.candidates);
  if (canonical.kind === 'found') {
    const old = oldSide(hunk.lines).length;
    return { kind: 'found', replacement: { start: canonical.start, oldLen: old, lines: canonical.lines, pass: 'canonical' } };
  }
  // One line at most is left out, as aider drops one.
  const shorter = shortened ? undefined : withoutLeadingBlank(hunk);
  if (!shorter) return { kind: 'none' };
  const again = [...hunks];
  again[h] = shorter;
  return placeHunkAnywhere({ ...state, hunks: again }, h, true);
}

/**
 * A hunk whose line passes decided on `exact` (in `pass`) while its old
 * side also matches other places in the scope under punctuation tolerance,
 * differing there only in folded characters (a no-break space the model
 * typed as a space): both readings fit. A stated line number decides: at an
 * exact place it is taken (undefined), at a twin the hunk goes there
 * (tolerantly); otherwise the hunk is ambiguous, naming them all.
 */
function againstFoldTwins(
  state: State,
  h: number,
  scope: Scope,
  old: readonly string[],
  exact: readonly number[],
  run: number,
  pass: PassName,
): Placement | undefined {
  const { index, hunks, cursor } = state;
  const hunk = hunks[h]!;
  const twins = placesBlindToFolds(index, old, scope.ranges, pass, hunk.endOfFile);
  if (twins.length === 0) return undefined;
  const hinted = hintedLine(state, hunk);
  if (hinted === exact[0]) return undefined;
  if (hinted !== undefined && twins.includes(hinted)) {
    const there = findTolerant(index, hunk, cursor, hinted);
    if (there.kind === 'found' && there.replacement.start === hinted) return there;
  }
  const all = [...new Set([...exact, ...twins])].sort((a, b) => a - b);
  const message = describeAmbiguousPlaces(hunks, h, all, scope.where, run, hintText(state, hunk), { at: exact, blindTo: 'folds' });
  return failed('hunk_ambiguous', message, all);
}

/**
 * A hunk whose header was found but that only the last scope placed (before
 * the header, then): when its old side also matches after the header with
 * punctuation tolerance, both readings fit, unless a stated line number
 * points at the exact place.
 */
function againstHeader(state: State, h: number, after: Scope | undefined, old: readonly string[], at: number): Placement | undefined {
  const hunk = state.hunks[h]!;
  if (after?.where.kind !== 'after-header' || hintedLine(state, hunk) === at) return undefined;
  const head = after.where.lines[0]!;
  const loose = tolerantSeek(state.index, old, head, hunk.endOfFile);
  if (loose.kind === 'none') return undefined;
  const there = loose.kind === 'unique' ? [loose.index] : loose.candidates;
  const message = describeAgainstHeader(state.hunks, h, at, after.where.header, head, there, loose.pass);
  return failed('hunk_ambiguous', message, [at, ...there]);
}

/**
 * A hunk that the after-header scope placed (outside the header's block):
 * when its old side also matches inside the block with punctuation
 * tolerance, the header and the exact text point at different places, unless
 * a stated line number points at the exact one.
 */
function againstBlock(state: State, h: number, scope: Scope, block: Scope, old: readonly string[], at: number): Placement | undefined {
  const hunk = state.hunks[h]!;
  if (scope.where.kind !== 'after-header' || block.where.kind !== 'block' || hintedLine(state, hunk) === at) return undefined;
  for (const pass of TOLERANT_PASSES) {
    const inside = block.ranges.flatMap(([from, to]) =>
      tolerantCandidates(state.index, old, from, pass, hunk.endOfFile).filter((c) => c <= to),
    );
    if (inside.length === 0) continue;
    const there = [...new Set(inside)].sort((a, b) => a - b);
    const message = describeOutsideBlock(state.hunks, h, at, block.where.header, block.where.lines, there, pass);
    return failed('hunk_ambiguous', message, [at, ...there]);
  }
  return undefined;
}

/** A place found by an exact pass; under the pass that ignores indentation, its added lines follow the file's (or it fails). */
function foundAt(hunks: readonly Hunk[], h: number, found: Replacement, index: LineIndex): Placement {
  if (found.pass !== 'trim') return { kind: 'found', replacement: followStyle(index, found) };
  const r = reindentReplacement(index, found);
  if ('ambiguous' in r) return failed('hunk_ambiguous', describeIndentAmbiguous(hunks, h, r.ambiguous), [found.start]);
  return { kind: 'found', replacement: r };
}

/** The 0-based line a hunk's stated line number points at, shifted by the offset earlier hunks showed. */
function hintedLine(state: State, hunk: Hunk): number | undefined {
  if (hunk.hintLine === undefined || hunk.hintLine < 1) return undefined;
  return hunk.hintLine - 1 + state.offset;
}

function noteOffset(state: State, hunk: Hunk, placed: Replacement): void {
  if (hunk.hintLine !== undefined && hunk.hintLine >= 1 && oldSide(placed.lines).length > 0)
    state.offset = placed.start - (hunk.hintLine - 1);
}

/** For the ambiguity report: where the stated line number pointed, none of the places being there. */
function hintText(state: State, hunk: Hunk): string | undefined {
  const at = hintedLine(state, hunk);
  if (at === undefined) return undefined;
  const shift = state.offset === 0 ? '' : `, shifted by ${state.offset > 0 ? '+' : ''}${state.offset} as the previous hunk was,`;
  return `its stated line number (${hunk.hintLine}${shift}) points at line ${at + 1}, where none of them starts`;
}

interface Scope {
  ranges: Range[];
  where: PlaceScope;
}

/**
 * Where the hunk's old side is sought, narrowest first; the first scope with
 * any place decides. With a header found: inside its block(s), then anywhere
 * after it (a header that is a nearby line rather than the enclosing one);
 * always, last: anywhere after the previous hunk (the header is a soft anchor).
 */
function scopesOf(state: State, hunk: Hunk): Scope[] {
  const { index, cursor } = state;
  const n = index.length;
  const scopes: Scope[] = [];
  if (hunk.header !== undefined) {
    const blocks: Range[] = [];
    const heads: number[] = [];
    // A previous hunk under the same header whose block continues past the cursor.
    const before = state.headers.get(hunk.header);
    if (before !== undefined && before < cursor && blockEnd(index, before) >= cursor) {
      blocks.push([cursor, blockEnd(index, before)]);
      heads.push(before);
    }
    const found = headerAfterAnchors(index, hunk, cursor, HEADER_LIMIT + 1);
    if (found) {
      state.headers.set(hunk.header, found.hits[0]!);
      if (found.hits.length <= HEADER_LIMIT) {
        for (const at of found.hits) blocks.push([at, blockEnd(index, at)]);
        heads.push(...found.hits);
      }
    }
    if (blocks.length > 0) scopes.push({ ranges: blocks, where: { kind: 'block', header: hunk.header, lines: heads } });
    if (found)
      scopes.push({ ranges: [[found.hits[0]!, n]], where: { kind: 'after-header', header: hunk.header, lines: [found.hits[0]!] } });
  }
  scopes.push({ ranges: [[cursor, n]], where: { kind: 'cursor', first: cursor === 0 } });
  return scopes;
}

/**
 * A hunk with only `+` lines. Without a header it appends at the end of the
 * file (spec). With one, it goes directly after the header line, which must be
 * found in exactly one place (or the patch's order must decide, as for any
 * hunk); a missing header leaves it with no anchor at all, so it fails.
 */
function placeInsertion(state: State, h: number, run: number): Placement {
  const { index, hunks, cursor } = state;
  const hunk = hunks[h]!;
  const n = index.length;
  if (hunk.header === undefined)
    return { kind: 'found', replacement: followStyle(index, { start: n, oldLen: 0, lines: hunk.lines, pass: 'append' }) };
  const found = headerAfterAnchors(index, hunk, cursor, run + 1);
  if (found) {
    if (decides(found.hits, run, 1)) {
      return {
        kind: 'found',
        replacement: followStyle(index, { start: found.hits[0]! + 1, oldLen: 0, lines: hunk.lines, pass: found.pass }),
      };
    }
    const all = headerPlaces(index, hunk.header, found.from, Infinity, found.to)!.hits;
    return failed('hunk_ambiguous', describeAmbiguousPlaces(hunks, h, all, { kind: 'header', header: hunk.header, lines: [] }, run), all);
  }
  const tolerant = tolerantSeek(index, [hunk.header], afterAnchors(index, hunk, cursor));
  if (tolerant.kind === 'unique')
    return {
      kind: 'found',
      replacement: followStyle(index, { start: tolerant.index + 1, oldLen: 0, lines: hunk.lines, pass: tolerant.pass }),
    };
  if (tolerant.kind === 'ambiguous')
    return failed('hunk_ambiguous', describeAmbiguous(hunks, h, tolerant.candidates, tolerant.pass), tolerant.candidates);
  return { kind: 'none' };
}

/** Does [start, start + len) touch a placed replacement? (A pure insertion touches the span it sits in or at.) */
function overlaps(start: number, len: number, placed: readonly Replacement[]): boolean {
  return placed.some((r) =>
    r.oldLen === 0 ? r.start >= start && r.start <= start + len : start < r.start + r.oldLen && r.start < start + len,
  );
}

/**
 * A unified diff's hunk stated before the previous one (hunks out of file order) but found after it: its old side
 * standing exactly before the previous hunk as well is a second reading. The one at the stated line is taken (git
 * apply's); any other leaves two places, both named. Undefined: no such reading, `found` stands.
 */
function statedBehind(state: State, h: number, found: Replacement, placed: readonly Replacement[]): Placement | undefined {
  const hunk = state.hunks[h]!;
  const hinted = hintedLine(state, hunk);
  if (hinted === undefined || hinted >= state.cursor || found.standing !== undefined) return undefined;
  const old = oldSide(found.lines);
  if (old.length === 0) return undefined;
  const before = placesIn(state.index, old, [[0, state.cursor]], Infinity, hunk.endOfFile);
  const hits = before?.pass === 'exact' ? before.hits.filter((s) => !overlaps(s, old.length, placed)) : [];
  if (hits.length === 0) return undefined;
  if (hits.length === 1 && hits[0] === hinted) return { kind: 'found', replacement: { ...found, start: hinted, pass: 'exact' } };
  const places = [...hits, found.start];
  const message = describeAmbiguousPlaces(state.hunks, h, places, { kind: 'cursor', first: true }, 0, hintText(state, hunk));
  return failed('hunk_ambiguous', message, places);
}

/**
 * A hunk found nowhere at or after the previous one: its place when its old
 * side (or, for a pure insertion, its header) matches exactly one place in the
 * whole file and that place is clear of every hunk placed so far.
 */
function earlierPlace(index: LineIndex, hunk: Hunk, placed: readonly Replacement[]): Replacement | undefined {
  const n = index.length;
  if (oldSide(hunk.lines).length === 0) {
    if (hunk.header === undefined) return undefined;
    const found = headerPlaces(index, hunk.header, 0, 2);
    if (found?.hits.length !== 1 || overlaps(found.hits[0]! + 1, 0, placed)) return undefined;
    return { start: found.hits[0]! + 1, oldLen: 0, lines: hunk.lines, pass: found.pass };
  }
  for (const lines of variants(hunk)) {
    const old = oldSide(lines);
    const places = placesIn(index, old, [[0, n]], 2, hunk.endOfFile);
    if (!places) continue;
    if (places.hits.length !== 1 || overlaps(places.hits[0]!, old.length, placed)) return undefined;
    if (places.pass === 'exact' && placesBlindToTrailing(index, old, [[0, n]], places.hits, 2, hunk.endOfFile)) return undefined;
    if (placesBlindToFolds(index, old, [[0, n]], places.pass, hunk.endOfFile).length > 0) return undefined;
    return { start: places.hits[0]!, oldLen: old.length, lines, pass: places.pass };
  }
  return undefined;
}
