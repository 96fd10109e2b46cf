// A decoded file's lines without an object per line: the text once, plus where
// each line starts and where its content ends (its ending runs from there to
// the next start). On this kind of machine, and for Node in general, the cost
// of a 100,000-line file was dominated by allocating, collecting and faulting
// in 100,000 small objects and strings; offsets in two typed arrays cost 0.8 MB
// and no garbage. Lines become strings only on the slow paths that need them
// (tolerant matching, diagnostics), and only once.

import type { Line } from './lines.js';

export class LineTable {
  readonly text: string;
  readonly length: number;
  /** starts[i]: offset of line i in `text`; starts[length] = text.length. */
  private readonly starts: Int32Array;
  /** ends[i]: offset where line i's content ends and its ending begins. */
  private readonly ends: Int32Array;
  /**
   * For a table rebuilt from already-edited content: origins[i] is the line of
   * the originally decoded file that line i still is byte for byte, or -1.
   * Undefined for a decoded file (line i is line i).
   */
  readonly origins: Int32Array | undefined;
  private uniform: string | undefined | null = null;
  private textCache: string[] | undefined;

  private constructor(text: string, starts: Int32Array, ends: Int32Array, origins?: Int32Array) {
    this.text = text;
    this.length = ends.length;
    this.starts = starts;
    this.ends = ends;
    this.origins = origins;
  }

  /** Split decoded text at '\n', '\r\n' and lone '\r'. */
  static fromText(text: string): LineTable {
    // Two passes, counting then filling, so the offsets go straight into
    // typed arrays of the right size (no growing arrays of numbers).
    const lone = hasLoneCr(text);
    const n = lone ? scanLines(text, undefined, undefined) : countLf(text);
    const starts = new Int32Array(n + 1);
    const ends = new Int32Array(n);
    if (lone) scanLines(text, starts, ends);
    else {
      // Every '\r' belongs to a '\r\n' (LF, CRLF or a mix: nearly every file),
      // so line ends are exactly the '\n's, which indexOf finds fast.
      let start = 0;
      let k = 0;
      for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
        starts[k] = start;
        ends[k++] = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
        start = nl + 1;
      }
      if (start < text.length) {
        starts[k] = start;
        ends[k] = text.length;
      }
    }
    starts[n] = text.length;
    return new LineTable(text, starts, ends);
  }

  /** A table of whole lines, each with its ending (an empty ending only on the last). */
  static fromLines(lines: readonly { text: string; eol: string }[], origins?: Int32Array): LineTable {
    const n = lines.length;
    const starts = new Int32Array(n + 1);
    const ends = new Int32Array(n);
    let text = '';
    for (let i = 0; i < n; i++) {
      const l = lines[i]!;
      starts[i] = text.length;
      text += l.text;
      ends[i] = text.length;
      text += l.eol;
    }
    starts[n] = text.length;
    return new LineTable(text, starts, ends, origins);
  }

  /** Line texts with '\n' endings (the matcher's view of a list of strings). */
  static fromTexts(texts: readonly string[]): LineTable {
    return LineTable.fromLines(texts.map((text) => ({ text, eol: '\n' })));
  }

  start(i: number): number {
    return this.starts[i]!;
  }

  end(i: number): number {
    return this.ends[i]!;
  }

  textAt(i: number): string {
    return this.textCache ? this.textCache[i]! : this.text.slice(this.starts[i]!, this.ends[i]!);
  }

  eolAt(i: number): string {
    const e = this.ends[i]!;
    const next = this.starts[i + 1]!;
    // The three endings as constants: no substring per call.
    return next === e ? '' : next - e === 2 ? '\r\n' : this.text.charCodeAt(e) === 10 ? '\n' : '\r';
  }

  /** The original line index of line i (see `origins`), or undefined for a new line. */
  origAt(i: number): number | undefined {
    if (!this.origins) return i;
    const o = this.origins[i]!;
    return o < 0 ? undefined : o;
  }

  /** Does line i's text equal `s` exactly? No allocation. */
  equals(i: number, s: string): boolean {
    const st = this.starts[i]!;
    return this.ends[i]! - st === s.length && this.text.startsWith(s, st);
  }

  /** Does line i's text, with trailing (and, if `both`, leading) whitespace dropped, equal `s`? No allocation. */
  equalsTrimmed(i: number, s: string, both: boolean): boolean {
    const text = this.text;
    let st = this.starts[i]!;
    let e = this.ends[i]!;
    while (e > st && isTrimmable(text.charCodeAt(e - 1))) e--;
    if (both) while (st < e && isTrimmable(text.charCodeAt(st))) st++;
    return e - st === s.length && text.startsWith(s, st);
  }

  /** The single ending every terminated line uses, or undefined for a mixed file ('\n' when none has one). */
  uniformEol(): string | undefined {
    if (this.uniform !== null) return this.uniform;
    let seen: string | undefined;
    let mixed = false;
    for (let i = 0; i < this.length && !mixed; i++) {
      const eol = this.eolAt(i);
      if (eol === '') continue;
      if (seen === undefined) seen = eol;
      else if (seen !== eol) mixed = true;
    }
    this.uniform = mixed ? undefined : (seen ?? '\n');
    return this.uniform;
  }

  /** Every line's text (built once; for the slow paths that want plain strings). */
  texts(): string[] {
    if (!this.textCache) {
      const out = new Array<string>(this.length);
      for (let i = 0; i < this.length; i++) out[i] = this.text.slice(this.starts[i]!, this.ends[i]!);
      this.textCache = out;
    }
    return this.textCache;
  }

  /** Line objects carrying `orig` (see lines.ts), for code that edits line lists. */
  lines(): Line[] {
    const out = new Array<Line>(this.length);
    for (let i = 0; i < this.length; i++) {
      const orig = this.origAt(i);
      out[i] = orig === undefined ? { text: this.textAt(i), eol: this.eolAt(i) } : { text: this.textAt(i), eol: this.eolAt(i), orig };
    }
    return out;
  }
}

/** Number of lines when '\n' alone ends them (a last line without an ending counts too). */
function countLf(text: string): number {
  let n = 0;
  let start = 0;
  for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
    n++;
    start = nl + 1;
  }
  return start < text.length ? n + 1 : n;
}

/** Lines ended by '\n', '\r\n' or a lone '\r': counts them, and fills the offsets when given arrays. */
function scanLines(text: string, starts: Int32Array | undefined, ends: Int32Array | undefined): number {
  let k = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 10 && c !== 13) continue;
    if (starts && ends) {
      starts[k] = start;
      ends[k] = i;
    }
    k++;
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    start = i + 1;
  }
  if (start < text.length) {
    if (starts && ends) {
      starts[k] = start;
      ends[k] = text.length;
    }
    k++;
  }
  return k;
}

/** A '\r' not followed by '\n' (an old Mac line end). */
function hasLoneCr(text: string): boolean {
  for (let i = text.indexOf('\r'); i >= 0; i = text.indexOf('\r', i + 1)) if (text.charCodeAt(i + 1) !== 10) return true;
  return false;
}

/**
 * Exactly the characters String.prototype.trim removes (ECMAScript WhiteSpace
 * and LineTerminator), so the offset-based comparisons agree with trim() and
 * trimEnd() on every input (a unit test checks all of UTF-16).
 */
export function isTrimmable(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return (
    c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}
