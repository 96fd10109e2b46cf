// A file's lines without an object per line: the content once, plus where each
// line starts and where its content ends (its ending runs from there to the
// next start). On this kind of machine, and for Node in general, the cost of a
// 100,000-line file was dominated by allocating, collecting and faulting in
// 100,000 small objects and strings; offsets in two typed arrays cost 0.8 MB
// and no garbage. Lines become strings only on the slow paths that need them
// (tolerant matching, diagnostics, the diff's few lines), and only once.
//
// Two backings with one behaviour:
//   TextLines  over decoded text (UTF-16, legacy encodings, the edit tool);
//   Utf8Lines  over a UTF-8 file's own bytes, never decoded as a whole: the
//              common case skips a second copy of the file (and its page
//              faults), and its offsets are already byte offsets for writing.
// A property test holds the two to the same answers on random text.

import type { Line } from './lines.js';

export abstract class LineTable {
  readonly length: number;
  /** starts[i]: offset of line i (chars or bytes, per backing); starts[length] = end of content. */
  protected readonly starts: Int32Array;
  /** ends[i]: offset where line i's content ends and its ending begins. */
  protected readonly ends: Int32Array;
  /**
   * For a table rebuilt from already-edited content: origins[i] is the line of
   * the originally decoded file that line i still is byte for byte, or -1.
   * Undefined for a decoded file (line i is line i).
   */
  readonly origins: Int32Array | undefined;
  private uniform: string | undefined | null = null;
  private textCache: string[] | undefined;

  protected constructor(starts: Int32Array, ends: Int32Array, origins?: Int32Array) {
    this.length = ends.length;
    this.starts = starts;
    this.ends = ends;
    this.origins = origins;
  }

  /** Split decoded text at '\n', '\r\n' and lone '\r'. */
  static fromText(text: string): LineTable {
    const { starts, ends } = lineOffsets(text.length, (i) => text.charCodeAt(i), (c, from) => text.indexOf(c === 10 ? '\n' : '\r', from));
    return new TextLines(text, starts, ends);
  }

  /** Split valid UTF-8 bytes (no BOM) the same way, without decoding them. */
  static fromUtf8(bytes: Uint8Array): LineTable {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const { starts, ends } = lineOffsets(buf.length, (i) => buf[i]!, (c, from) => buf.indexOf(c, from));
    return new Utf8Lines(buf, starts, ends);
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
    return new TextLines(text, starts, ends, origins);
  }

  /** Line texts with '\n' endings (the matcher's view of a list of strings). */
  static fromTexts(texts: readonly string[]): LineTable {
    return LineTable.fromLines(texts.map((text) => ({ text, eol: '\n' })));
  }

  start(i: number): number {
    return this.starts[i]!;
  }

  /** The code unit (char or byte) at an offset. */
  protected abstract codeAt(offset: number): number;
  /** The content between two offsets, as text. */
  protected abstract textBetween(from: number, to: number): string;
  /** Does the content in [from, to) equal `s`? No allocation. */
  protected abstract rangeEquals(from: number, to: number, s: string): boolean;
  /** Width of the trimmable character ending at `e` (0 if none), never reaching before `st`. */
  protected abstract trailingSpace(st: number, e: number): number;
  /** Width of the trimmable character starting at `st` (0 if none). */
  protected abstract leadingSpace(st: number, e: number): number;
  /** Byte offset where line i starts in the UTF-8 file this table reads, when it reads one. */
  abstract utf8Start(i: number): number | undefined;

  textAt(i: number): string {
    return this.textCache ? this.textCache[i]! : this.textBetween(this.starts[i]!, this.ends[i]!);
  }

  /** Text of lines [from, to), endings included. */
  textOfLines(from: number, to: number): string {
    return this.textBetween(this.starts[from]!, this.starts[to]!);
  }

  eolAt(i: number): string {
    const e = this.ends[i]!;
    const next = this.starts[i + 1]!;
    // The three endings as constants: no substring per call.
    return next === e ? '' : next - e === 2 ? '\r\n' : this.codeAt(e) === 10 ? '\n' : '\r';
  }

  /** The original line index of line i (see `origins`), or undefined for a new line. */
  origAt(i: number): number | undefined {
    if (!this.origins) return i;
    const o = this.origins[i]!;
    return o < 0 ? undefined : o;
  }

  /** Does line i's text equal `s` exactly? */
  equals(i: number, s: string): boolean {
    return this.rangeEquals(this.starts[i]!, this.ends[i]!, s);
  }

  /** Does line i's text, with trailing (and, if `both`, leading) whitespace dropped, equal `s`? */
  equalsTrimmed(i: number, s: string, both: boolean): boolean {
    let st = this.starts[i]!;
    let e = this.ends[i]!;
    for (let w = this.trailingSpace(st, e); w > 0; w = this.trailingSpace(st, e)) e -= w;
    if (both) for (let w = this.leadingSpace(st, e); w > 0; w = this.leadingSpace(st, e)) st += w;
    return this.rangeEquals(st, e, s);
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
      for (let i = 0; i < this.length; i++) out[i] = this.textBetween(this.starts[i]!, this.ends[i]!);
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

class TextLines extends LineTable {
  constructor(
    private readonly text: string,
    starts: Int32Array,
    ends: Int32Array,
    origins?: Int32Array,
  ) {
    super(starts, ends, origins);
  }

  protected codeAt(offset: number): number {
    return this.text.charCodeAt(offset);
  }

  protected textBetween(from: number, to: number): string {
    return this.text.slice(from, to);
  }

  protected rangeEquals(from: number, to: number, s: string): boolean {
    return to - from === s.length && this.text.startsWith(s, from);
  }

  protected trailingSpace(st: number, e: number): number {
    return e > st && isTrimmable(this.text.charCodeAt(e - 1)) ? 1 : 0;
  }

  protected leadingSpace(st: number, e: number): number {
    return st < e && isTrimmable(this.text.charCodeAt(st)) ? 1 : 0;
  }

  utf8Start(): undefined {
    return undefined;
  }
}

class Utf8Lines extends LineTable {
  /** The last string compared, and its UTF-8 bytes when it is not ASCII: scans compare one string with many lines. */
  private want: string | undefined;
  private wantBytes: Buffer | undefined;

  constructor(
    private readonly bytes: Buffer,
    starts: Int32Array,
    ends: Int32Array,
  ) {
    super(starts, ends);
  }

  protected codeAt(offset: number): number {
    return this.bytes[offset]!;
  }

  protected textBetween(from: number, to: number): string {
    return this.bytes.toString('utf8', from, to);
  }

  protected rangeEquals(from: number, to: number, s: string): boolean {
    if (s !== this.want) {
      this.want = s;
      this.wantBytes = isAsciiString(s) ? undefined : Buffer.from(s, 'utf8');
    }
    const bytes = this.bytes;
    const wb = this.wantBytes;
    if (wb === undefined) {
      // ASCII: one byte per char, compared in place.
      if (to - from !== s.length) return false;
      for (let k = 0; k < s.length; k++) if (bytes[from + k] !== s.charCodeAt(k)) return false;
      return true;
    }
    if (to - from !== wb.length) return false;
    for (let k = 0; k < wb.length; k++) if (bytes[from + k] !== wb[k]) return false;
    return true;
  }

  protected trailingSpace(st: number, e: number): number {
    if (e <= st) return 0;
    const bytes = this.bytes;
    const last = bytes[e - 1]!;
    if (last < 0x80) return isTrimmable(last) ? 1 : 0;
    // Back to the lead byte of the last character (the file is valid UTF-8).
    let lead = e - 1;
    while (lead > st && (bytes[lead]! & 0xc0) === 0x80) lead--;
    return isTrimmable(codePointAt(bytes, lead)) ? e - lead : 0;
  }

  protected leadingSpace(st: number, e: number): number {
    if (st >= e) return 0;
    const b = this.bytes[st]!;
    if (b < 0x80) return isTrimmable(b) ? 1 : 0;
    const width = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
    return isTrimmable(codePointAt(this.bytes, st)) ? width : 0;
  }

  utf8Start(i: number): number {
    return this.starts[i]!;   
  }   
}   

/** The code point of the (valid) UTF-8 sequence starting at `at`. */
function codePointAt(bytes: Uint8Array, at: number): number {
  const b = bytes[at]!;
  if (b < 0x80) return b;
  if (b < 0xe0) return ((b & 0x1f) << 6) | (bytes[at + 1]! & 0x3f);
  if (b < 0xf0) return ((b & 0x0f) << 12) | ((bytes[at + 1]! & 0x3f) << 6) | (bytes[at + 2]! & 0x3f);
  return ((b & 0x07) << 18) | ((bytes[at + 1]! & 0x3f) << 12) | ((bytes[at + 2]! & 0x3f) << 6) | (bytes[at + 3]! & 0x3f);
}

function isAsciiString(s: string): boolean {
  for (let k = 0; k < s.length; k++) if (s.charCodeAt(k) >= 0x80) return false;
  return true;
}

/**
 * Line offsets over content of `length` code units (chars or bytes): lines end
 * at '\n', '\r\n' or a lone '\r'. Counted first and then filled, so the
 * offsets go straight into typed arrays of the right size.
 */
function lineOffsets(
  length: number,
  codeAt: (i: number) => number,
  find: (code: 10 | 13, from: number) => number,
): { starts: Int32Array; ends: Int32Array } {
  let lone = false;
  for (let i = find(13, 0); i >= 0 && !lone; i = find(13, i + 1)) lone = codeAt(i + 1) !== 10;
  const walk = (starts?: Int32Array, ends?: Int32Array): number => {
    let k = 0;
    let start = 0;
    if (!lone) {
      // Every '\r' belongs to a '\r\n' (LF, CRLF or a mix: nearly every file),
      // so line ends are exactly the '\n's, which the native search finds fast.
      for (let nl = find(10, 0); nl >= 0; nl = find(10, start)) {
        if (starts && ends) {
          starts[k] = start;
          ends[k] = nl > start && codeAt(nl - 1) === 13 ? nl - 1 : nl;
        }
        k++;
        start = nl + 1;
      }
    } else {
      for (let i = 0; i < length; i++) {
        const c = codeAt(i);
        if (c !== 10 && c !== 13) continue;
        if (starts && ends) {
          starts[k] = start;
          ends[k] = i;
        }
        k++;
        if (c === 13 && codeAt(i + 1) === 10) i++;
        start = i + 1;
      }
    }
    if (start < length) {
      if (starts && ends) {
        starts[k] = start;
        ends[k] = length;
      }
      k++;
    }
    return k;
  };
  const n = walk();
  const starts = new Int32Array(n + 1);
  const ends = new Int32Array(n);
  walk(starts, ends);
  starts[n] = length;
  return { starts, ends };
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
