// Lines that carry their own endings, so untouched lines are written back byte
// for byte whatever convention (LF, CRLF, CR, or a mix) the file uses. Files
// themselves are held as a LineTable (table.ts) and edited as runs (runs.ts);
// Line objects are for the places that edit small lists of lines (the edit
// tool's regions, added lines).

import { LineTable } from './table.js';

export interface Line {
  text: string;
  /** '\n', '\r\n', '\r', or '' for a last line without an ending. */
  eol: string;
  /**
   * Index of this line in the file the content was loaded from, while the line
   * is still byte-identical to it. The diff renderer walks these indices, so it
   * never has to re-diff whole files.
   */
  orig?: number;
}

/** Split decoded text into lines; `orig` numbers them from 0. */
export function splitLines(text: string): Line[] {
  return LineTable.fromText(text).lines();
}

export function joinLines(lines: readonly Line[]): string {
  // Appending builds a rope that is flattened once when encoded: about half
  // the time of collecting parts for Array.join on a 100,000-line file.
  let out = '';
  for (const l of lines) {
    out += l.text;
    out += l.eol;
  }
  return out;
}
