// Laying located hunks over a file's lines in one linear walk.
//
// Line-ending rules (spec, "Line Endings"): context and untouched lines keep
// their own text and ending byte for byte; in a file with one convention, added
// lines use it; in a mixed file an added line takes the ending of the line it
// replaces (the k-th `+` of a change takes the k-th `-`'s ending) or, for a pure
// insertion, of its neighbour; the updated file always ends with an ending.

import type { Replacement } from '../match/hunks.js';
import { type Line, terminateLines, uniformEol } from './lines.js';

export function spliceLines(lines: readonly Line[], replacements: readonly Replacement[]): Line[] {
  const uniform = uniformEol(lines);
  const out: Line[] = [];
  let f = 0;
  for (const r of replacements) {
    while (f < r.start) out.push(lines[f++]!);
    /** Endings of the lines removed since the last context line. */
    let removed: string[] = [];
    let added = 0;
    for (const hl of r.lines) {
      if (hl.op === ' ') {
        out.push(lines[f++]!);
        removed = [];
        added = 0;
      } else if (hl.op === '-') {
        removed.push(lines[f++]!.eol);
      } else {
        const eol = uniform ?? removed[added] ?? removed[removed.length - 1] ?? neighbour(out, lines, f);
        out.push({ text: hl.text, eol: eol === '' ? '' : eol });
        added++;
      }
    }
  }
  while (f < lines.length) out.push(lines[f++]!);
  terminateLines(out, uniform);
  return out;
}

/** The ending of the line above an insertion point, else the line below. */
function neighbour(out: readonly Line[], lines: readonly Line[], f: number): string {
  const above = out[out.length - 1];
  if (above && above.eol !== '') return above.eol;
  const below = lines[f];
  if (below && below.eol !== '') return below.eol;
  return '';
}
