// A re-sent edit: new_string already stands around the one place old_string
// matches, so applying it again would add its text a second time.

// Every start of one text in another, overlapping ones included, in linear
// time (a native search degrades to text x needle on repetitive text).
import { allPositions } from '../text/linear-search.js';
import type { FileView } from './view.js';
import { appliedAround } from './whitespace.js';

/**
 * Where new_string already stands around the one place old_string matches
 * (new_string keeps old_string and adds to it, and the file holds the whole of
 * new_string there): the edit was applied before, and applying it again would
 * add its text a second time (a re-sent edit). The LF offset where new_string
 * starts in the file, or undefined.
 */
export function alreadyStanding(lf: string, hit: number, oldText: string, newText: string): number | undefined {
  if (newText.length <= oldText.length) return undefined;
  for (const k of allPositions(newText, oldText)) {
    if (hit - k >= 0 && lf.startsWith(newText, hit - k)) return hit - k;
  }
  return undefined;
}

/** The line new_string stands at when what a tolerant step would write over [at, at + seg.length) is already there. */
export function standingLine(lf: string, lineOf: (offset: number) => number, at: number, seg: string, text: string): number | undefined {
  const standing = alreadyStanding(lf, at, seg, text);
  return standing === undefined ? undefined : lineOf(standing) + 1;
}

/** Non-blank lines of `text`, trimmed: what a whitespace-blind comparison sees. */
const visibleLines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

/**
 * old_string matched exactly at `hit`, but new_string stands over that place
 * up to indentation and trailing whitespace: its first copy was matched
 * loosely, and kept the file's own whitespace on the lines it left unchanged
 * (so the exact check of alreadyStanding misses it), and applying it again
 * would add its text a second time. The 0-based line new_string stands at, or
 * undefined. Not when new_string differs from old_string only in whitespace
 * (a re-indentation would always stand up to whitespace).
 */
export function standingLoosely(view: FileView, hit: number, oldText: string, newText: string): number | undefined {
  const oldVisible = visibleLines(oldText);
  const newVisible = visibleLines(newText);
  if (newVisible.length <= oldVisible.length) return undefined;
  const first = view.lineOf(hit);
  const count = oldText.replace(/\n$/, '').split('\n').length;
  const around = appliedAround(view, newText, first, count);
  return around === undefined || around.apart ? undefined : around.at;
}
