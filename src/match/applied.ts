// Whether a section's hunks already stand in the file: a patch sent twice
// (models re-send when they lose track) must not insert its lines twice.
//
// Two ways a section shows it was applied before:
//   - its old sides still match (a hunk whose context is all on one side of
//     its added lines survives its own application: ` A` `+X` leaves `A`
//     in place), and at every place they matched, the hunk's new side
//     already stands around the old side: standsAt();
//   - its old sides do not match, and the new sides of all its hunks are
//     found in order: appliedInOrder().
// A hunk whose `-` and `+` sides are identical changes nothing: it is
// neither applied nor pending, and a section of only such hunks is a no-op.
//
// The first check can only refuse a legitimate first application whose
// result would repeat, right there, lines the file already has there (adding
// a second `X` after an `A X`); the report says how to add them anyway
// (include the existing lines as context).

import type { Hunk } from '../types.js';
import type { Replacement } from './hunks.js';
import { placesIn, type Range } from './scope.js';
import { type LineIndex, PASSES } from './seek.js';
import { informative, newSide, oldSide, sameSides } from './hunk-lines.js';

const sameLines = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((l, k) => l === b[k]);

/** Does the hunk change anything (its old and new sides differ)? */
export function changes(hunk: Hunk): boolean {
  return !sameSides(hunk.lines, '+', hunk.lines, '-');
}

/** Does `lines` stand at file line `at`, under any matching pass? */
function standsAtLine(index: LineIndex, lines: readonly string[], at: number): boolean {
  if (at < 0 || at + lines.length > index.length) return false;
  return PASSES.some((pass) => index.matches(lines, at, at, pass, 1).length > 0);
}

/**
 * Where the hunk's new side already stands around its placed old side, or
 * undefined. The old side sits inside the new side at some offset d (it
 * survives application only then), so the new side would start d lines
 * before it. A pure insertion stands right after its header line, or, when
 * appended, as the file's last lines.
 */
export function standsAt(index: LineIndex, placed: Replacement): number | undefined {
  const lines = placed.lines;
  const old = oldSide(lines);
  const neu = newSide(lines);
  if (sameLines(old, neu) || neu.length === 0) return undefined;
  if (old.length === 0) {
    const at = placed.pass === 'append' ? placed.start - neu.length : placed.start;
    return standsAtLine(index, neu, at) ? at : undefined;
  }
  for (let d = 0; d + old.length <= neu.length; d++) {
    if (!sameAt(neu, d, old)) continue;
    if (standsAtLine(index, neu, placed.start - d)) return placed.start - d;
  }
  return undefined;
}

/** Do the lines of `x` from `d` on start with `y`? (No slice per offset: every placed hunk is asked.) */
function sameAt(x: readonly string[], d: number, y: readonly string[]): boolean {
  for (let k = 0; k < y.length; k++) if (x[d + k] !== y[k]) return false;
  return true;
}

/**
 * When the section's old sides do not match: the lines where the new sides
 * of all its changing hunks stand, in order, or undefined. Needs at least one
 * informative added line in the section (a lone `}` proves nothing), and
 * every changing hunk must have a new side to look for.
 */
export function appliedInOrder(index: LineIndex, hunks: readonly Hunk[]): number[] | undefined {
  const changing = hunks.filter(changes);
  if (changing.length === 0) return undefined;
  if (!changing.some((h) => h.lines.some((l) => l.op === '+' && informative(l.text)))) return undefined;
  const at: number[] = [];
  let cursor = 0;
  for (const hunk of changing) {
    const neu = newSide(hunk.lines);
    if (neu.length === 0) return undefined;
    // An appended hunk stands as the file's last lines.
    const tail = hunk.endOfFile || (oldSide(hunk.lines).length === 0 && hunk.header === undefined);
    const hit = index.seek(neu, cursor, tail);
    if (!hit) return undefined;
    at.push(hit.index);
    cursor = hit.index + neu.length;
  }
  return at;
}

/**
 * Where a changing hunk's new side stands exactly (every line byte for byte)
 * at or after `from`, or undefined. Asked only when the old side matched
 * loosely; needs an informative added line (a lone `}` proves nothing).
 */
export function standingExactly(index: LineIndex, hunk: Hunk, from: number): number | undefined {
  if (!changes(hunk) || !hunk.lines.some((l) => l.op === '+' && informative(l.text))) return undefined;
  const neu = newSide(hunk.lines);
  const hit = index.matches(neu, from, index.length, 'exact', 1);
  return hit[0];
}

/**
 * Where a changing hunk's new side stands inside `ranges` (the header's
 * block, when its old side was found only outside it), under any matching
 * pass, or undefined. Needs an informative added line (a lone `}` proves
 * nothing).
 */
export function standingWithin(index: LineIndex, hunk: Hunk, ranges: readonly Range[]): number | undefined {
  if (!changes(hunk) || !hunk.lines.some((l) => l.op === '+' && informative(l.text))) return undefined;
  return placesIn(index, newSide(hunk.lines), ranges, 1, hunk.endOfFile)?.hits[0];
}
