// A re-sent edit: new_string already stands around the one place old_string
// matches, so applying it again would add its text a second time.

// Every start of one text in another, overlapping ones included, in linear
// time (a native search degrades to text x needle on repetitive text).
import { allPositions } from '../text/linear-search.js';

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
