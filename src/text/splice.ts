// Laying located hunks over a file's lines in one linear walk, producing runs
// (runs.ts): untouched stretches stay "base lines [from, to)", only the lines
// a hunk adds are new.
//
// Line endings: context and untouched lines keep their own text and ending
// byte for byte; an added line's ending follows the rule both tools share
// (text/endings.ts: the k-th `+` of a change takes the k-th `-`'s ending in a
// mixed file, a `+` repeating a `-` that line's own; a pure insertion, the
// nearest ending above it, else below); the updated file always ends with an
// ending.

import type { HunkLine } from '../types.js';
import { endingFor, insertionEnding, repeatedLines } from './endings.js';
import { isBaseRun, type NewLine, pushBase, type Run } from './runs.js';
import type { LineTable } from './table.js';

/**
 * A located hunk as splicing needs it: its lines laid over file lines
 * [start, start + oldLen). The matcher's Replacement is one; the type is
 * stated here so text/ does not depend on match/.
 */
export interface LaidHunk {
  start: number;
  oldLen: number;
  lines: readonly HunkLine[];
}

export function spliceRuns(table: LineTable, replacements: readonly LaidHunk[], noEnding?: string): Run[] {
  // Only the last line can lack an ending: a file of at most one line may have none to follow.
  const endless = table.length === 0 || (table.length === 1 && table.eolAt(0) === '');
  const uniform = endless && noEnding !== undefined ? noEnding : table.uniformEol();
  const eolAt = (i: number) => table.eolAt(i);
  const out: Run[] = [];
  let f = 0;
  // The loop below runs once per hunk line (5,000 for 500 hunks), cold: a
  // stretch of context lines is one base run pushed once, and a file with one
  // ending neither collects removed endings nor makes a closure per added line.
  for (const r of replacements) {
    pushBase(out, f, r.start);
    f = Math.max(f, r.start);
    /** Endings of the lines removed since the last context line (a mixed file only). */
    let removed: string[] = [];
    let added = 0;
    /** Where the current stretch of context lines began (f when none is open). */
    let context = f;
    const lines = r.lines;
    const repeated = uniform === undefined ? repeatedEndings(table, r, f) : undefined;
    for (let k = 0; k < lines.length; k++) {
      const hl = lines[k]!;
      if (hl.op === ' ') {
        f++;
        if (removed.length > 0) removed = [];
        added = 0;
        continue;
      }
      pushBase(out, context, f);
      if (hl.op === '-') {
        if (uniform === undefined) removed.push(table.eolAt(f));
        f++;
      } else {
        // Nothing removed since the last context line: the line goes in between file lines f - 1 and f.
        const eol = uniform ?? repeated!.get(k) ?? endingFor(uniform, removed, added, () => insertionEnding(eolAt, table.length, f - 1));
        out.push({ text: hl.text, eol });
        added++;
      }
      context = f;
    }
    pushBase(out, context, f);
  }
  pushBase(out, f, table.length);
  terminate(out, table, uniform);
  return out;
}

/**
 * In a mixed file: the `+` lines of `r`, laid from file line `from`, that
 * repeat a line their stretch between context lines removes (by index), with
 * that line's own ending.
 */
function repeatedEndings(table: LineTable, r: LaidHunk, from: number): Map<number, string> {
  const out = new Map<number, string>();
  let removed: number[] = [];
  let added: number[] = [];
  const pair = () => {
    const repeats = repeatedLines(
      removed.map((i) => table.textAt(i)),
      added.map((k) => r.lines[k]!.text),
    );
    repeats.forEach((i, j) => {
      const eol = i >= 0 ? table.eolAt(removed[i]!) : '';
      if (eol !== '') out.set(added[j]!, eol);
    });
    removed = [];
    added = [];
  };
  let f = from;
  r.lines.forEach((hl, k) => {
    if (hl.op === ' ') {
      pair();
      f++;
    } else if (hl.op === '-') removed.push(f++);
    else added.push(k);
  });
  pair();
  return out;
}

/**
 * Give every line an ending: an updated file always ends with one. Only the
 * file's last line and new lines can lack one; the file's last line, once its
 * ending changes, is no longer a base line byte for byte, so it becomes new.
 * A line takes the file's convention, else the nearest ending above, else below.
 */
function terminate(out: Run[], table: LineTable, uniform: string | undefined): void {
  const lastBase = table.length - 1;
  for (let k = 0; k < out.length; k++) {
    const r = out[k]!;
    if (isBaseRun(r) && r.to - 1 === lastBase && table.eolAt(lastBase) === '') {
      const line: NewLine = { text: table.textAt(lastBase), eol: '' };
      if (r.to - 1 === r.from) out[k] = line;
      else {
        r.to--;
        out.splice(k + 1, 0, line);
      }
    }
  }
  let above: string | undefined;
  for (let k = 0; k < out.length; k++) {
    const r = out[k]!;
    if (isBaseRun(r)) {
      above = table.eolAt(r.to - 1);
      continue;
    }
    if (r.eol === '') r.eol = uniform ?? above ?? below(out, k, table) ?? '\n';
    above = r.eol;
  }
}

function below(out: readonly Run[], k: number, table: LineTable): string | undefined {
  for (let j = k + 1; j < out.length; j++) {
    const r = out[j]!;
    if (isBaseRun(r)) return table.eolAt(r.from);
    if (r.eol !== '') return r.eol;
  }
  return undefined;
}
