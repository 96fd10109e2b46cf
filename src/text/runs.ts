// Edited content as runs over the file it came from: "lines [from, to) of the
// base, unchanged" or "this one new line". A 500-hunk patch on a 100,000-line
// file becomes about a thousand runs instead of 100,000 line objects; the
// file is then written as views of the bytes it was read from, range by range
// (plan/planner.ts, platform/contents.ts), and the diff
// renderer reads the changed blocks straight off the gaps between base runs
// (report/diff.ts), so nothing re-diffs or re-joins whole files.

import type { Line } from './lines.js';
import { LineTable } from './table.js';

/** Lines [from, to) of the base table, byte for byte. */
export interface BaseRun {
  from: number;
  to: number;
}

/** One line that is not (or no longer) a base line byte for byte. */
export interface NewLine {
  text: string;
  eol: string;
}

export type Run = BaseRun | NewLine;

export const isBaseRun = (r: Run): r is BaseRun => (r as BaseRun).from !== undefined;

let empty: LineTable | undefined;
/**
 * The table of no lines: the base of a new file's runs. Made on first use,
 * not at load, so a run that creates no file never builds it.
 */
export function emptyTable(): LineTable {
  empty ??= LineTable.fromText('');
  return empty;
}

/** The whole table, unchanged. */
export function wholeRuns(table: LineTable): Run[] {
  return table.length === 0 ? [] : [{ from: 0, to: table.length }];
}

/** Are these runs the whole base, unchanged? */
export function isWhole(runs: readonly Run[], base: LineTable): boolean {
  if (runs.length === 0) return base.length === 0;
  const r = runs[0]!;
  return runs.length === 1 && isBaseRun(r) && r.from === 0 && r.to === base.length;
}

/** Append base lines [from, to), extending the previous run when they follow on. */
export function pushBase(out: Run[], from: number, to: number): void {
  if (to <= from) return;
  const last = out[out.length - 1];
  if (last && isBaseRun(last) && last.to === from) last.to = to;
  else out.push({ from, to });
}

/** The content's text. */
export function textOfRuns(runs: readonly Run[], base: LineTable): string {
  let out = '';
  for (const r of runs) {
    if (isBaseRun(r)) out += base.textOfLines(r.from, r.to);
    else {
      out += r.text;
      out += r.eol;
    }
  }
  return out;
}

/** Visit every line: base lines with their index in `base`, new lines with -1. */
function forEachLine(runs: readonly Run[], base: LineTable, fn: (text: string, eol: string, orig: number) => void): void {
  for (const r of runs) {
    if (isBaseRun(r)) for (let i = r.from; i < r.to; i++) fn(base.textAt(i), base.eolAt(i), i);
    else fn(r.text, r.eol, -1);
  }
}

/** Line objects carrying `orig` (an index into `base`) for base lines. */
export function linesOfRuns(runs: readonly Run[], base: LineTable): Line[] {
  const out: Line[] = [];
  forEachLine(runs, base, (text, eol, orig) => out.push(orig < 0 ? { text, eol } : { text, eol, orig }));
  return out;
}

/**
 * The content as a table of its own whose `origins` point into `base`: what a
 * second operation on the same file in one patch matches against. Rare, so it
 * may build a line object per line.
 */
export function tableOfRuns(runs: readonly Run[], base: LineTable): LineTable {
  const lines: NewLine[] = [];
  const origins: number[] = [];
  forEachLine(runs, base, (text, eol, orig) => {
    lines.push({ text, eol });
    origins.push(orig);
  });
  return LineTable.fromLines(lines, Int32Array.from(origins));
}

/** Runs over `table` re-expressed over the base it was rebuilt from (its `origins`). */
export function rebase(runs: readonly Run[], table: LineTable): Run[] {
  if (!table.origins) return [...runs];
  const out: Run[] = [];
  for (const r of runs) {
    if (!isBaseRun(r)) {
      out.push(r);
      continue;
    }
    for (let i = r.from; i < r.to; i++) {
      const o = table.origAt(i);
      if (o === undefined) out.push({ text: table.textAt(i), eol: table.eolAt(i) });
      else pushBase(out, o, o + 1);
    }
  }
  return out;
}

/**
 * Runs from lines that carry `orig` (the edit tool's output): a line counts as
 * a base line only while it is still that line byte for byte.
 */
export function runsFromLines(lines: readonly Line[], base: LineTable): Run[] {
  const out: Run[] = [];
  for (const l of lines) {
    const o = l.orig;
    if (o !== undefined && o < base.length && base.equals(o, l.text) && base.eolAt(o) === l.eol) pushBase(out, o, o + 1);
    else out.push({ text: l.text, eol: l.eol });
  }
  return out;
}
