// A decoded file seen through LF eyes: the edit tool matches old_string on a
// view where every CRLF/CR/LF ending is one '\n', so the LF text a model read
// matches files of any convention; offsets map back to the decoded text, and
// only the ranges an edit replaces are rewritten.

import { normalizeForMatch, type Normalized } from '../match/normalize.js';
import { allPositions } from '../text/linear-search.js';
import type { Line } from '../text/lines.js';
import { positionsOfAll } from '../text/multi-search.js';
import { lastAtOrBefore } from '../text/search.js';
import { LineTable } from '../text/table.js';
import type { FileLines } from './closest.js';

/** Line endings of model text: CRLF and CR become LF (the file's convention is applied on write). */
export const toLf = (s: string): string => s.replace(/\r\n?/g, '\n');

/** A replacement of LF range [start, end) of the view with LF text. */
export interface LfSplice {
  start: number;
  end: number;
  text: string;
  /** Which entry asked for it (0 for a single edit). */
  entry: number;
}

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

  /** Every start of `needle` in `lf`, overlapping ones included. */
  positions(needle: string): number[] {
    return this.found.get(needle) ?? allPositions(this.lf, needle);
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
