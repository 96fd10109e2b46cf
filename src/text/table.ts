// A file's lines without an object per line: the content once, plus where each
// line starts and where its content ends (its ending runs from there to the
// next start). For Node, the cost of a 100,000-line file was dominated by
// allocating, collecting and faulting in 100,000 small objects and strings;
// offsets in a typed array cost 4 bytes a line and no garbage (a second array of ends
// only for a file that mixes line endings: see line-offsets.ts). Matching,
// hashing and trimming read the offsets in place; a line becomes a string only
// when one is asked for (a tolerant key, a quoted line, the diff's few lines).
// Two backings with one behaviour: TextLines over decoded text (UTF-16, legacy
// encodings, the edit tool); Utf8Lines over a UTF-8 file's own bytes, never
// decoded as a whole (no second copy of the file, and its offsets are already
// byte offsets for writing). A property test holds the two to the same answers.

import { searchBytes, searchString } from './linear-search.js';
import type { Line } from './lines.js';
import { hashBytes, hashChars } from './line-hash.js';
import { joinLines, type Split, splitOffsets } from './line-offsets.js';
import { lastAtOrBefore } from './search.js';
import { isTrimmable } from './trimmable.js';
import { codePointAt, isAsciiString } from './utf8.js';

export abstract class LineTable {
  readonly length: number;
  /** starts[i]: offset of line i (chars or bytes, per backing); starts[length] = end of content. */
  protected readonly starts: Int32Array;
  /** ends[i]: offset where line i's content ends and its ending begins; undefined when every line has one ending. */
  protected readonly ends: Int32Array | undefined;
  /** Without `ends`: the width of that ending, and where the last line's content ends. */
  protected readonly eolWidth: number;
  protected readonly lastEnd: number;
  /**
   * For a table rebuilt from already-edited content: origins[i] is the line of
   * the originally decoded file that line i still is byte for byte, or -1.
   * Undefined for a decoded file (line i is line i).
   */
  readonly origins: Int32Array | undefined;
  /** See uniformEol(); null until known (the splitters count it on the way when they can). */
  private uniform: string | undefined | null;

  protected constructor(split: Split, origins: Int32Array | undefined) {
    this.length = split.starts.length - 1;
    this.starts = split.starts;
    this.ends = split.ends;
    this.eolWidth = split.ends === undefined ? split.uniform!.length : 0;
    this.lastEnd = split.lastEnd;
    this.origins = origins;
    this.uniform = split.uniform;
  }

  /** Split decoded text at '\n', '\r\n' and lone '\r'. */
  static fromText(text: string): LineTable {
    return new TextLines(text, splitOffsets(text), undefined);
  }

  /** Split valid UTF-8 bytes (no BOM) the same way, without decoding them. */
  static fromUtf8(bytes: Uint8Array): LineTable {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return new Utf8Lines(buf, splitOffsets(buf));
  }

  /** A table of whole lines, each with its ending (an empty ending only on the last). */
  static fromLines(lines: readonly { text: string; eol: string }[], origins?: Int32Array): LineTable {
    const { text, split } = joinLines(lines);
    return new TextLines(text, split, origins);
  }

  /** Line texts with '\n' endings (the matcher's view of a list of strings). */
  static fromTexts(texts: readonly string[]): LineTable {
    return LineTable.fromLines(texts.map((text) => ({ text, eol: '\n' })));
  }

  start(i: number): number {
    return this.starts[i]!;
  }

  /** Every line's start, then the end of the content (read-only: the table's own array). */
  lineStarts(): Readonly<Int32Array> {
    return this.starts;
  }

  /** Where line i's content ends (its ending, if any, follows). Spelled out in the methods the matcher calls
   *  per line before the JIT warms up, where a call per line is what costs. */
  end(i: number): number {
    const ends = this.ends;
    if (ends !== undefined) return ends[i]!;
    return i < this.length - 1 ? this.starts[i + 1]! - this.eolWidth : this.lastEnd;
  }

  protected abstract codeAt(offset: number): number;
  /** The content the offsets index (decoded text, or a UTF-8 file's bytes): for loops over every unit. */
  abstract units(): string | Uint8Array;
  /** The code unit at an offset (a UTF-16 char, or a byte of a UTF-8 backing). */
  unitAt(offset: number): number {
    return this.codeAt(offset);
  }
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
    const e = this.ends !== undefined ? this.ends[i]! : i < this.length - 1 ? this.starts[i + 1]! - this.eolWidth : this.lastEnd;
    return this.textBetween(this.starts[i]!, e);
  }

  /** Text of lines [from, to), endings included. */
  textOfLines(from: number, to: number): string {
    return this.textBetween(this.starts[from]!, this.starts[to]!);
  }

  eolAt(i: number): string {
    const e = this.ends !== undefined ? this.ends[i]! : i < this.length - 1 ? this.starts[i + 1]! - this.eolWidth : this.lastEnd;
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

  /** First line from `fromLine` (longer than `needle`, with `longer`) containing it (no line break), or -1;
   *  no search without a wide enough line. */
  lineContaining(needle: string, fromLine: number, longer = false): number {
    const width = this.unitsOf(needle);
    const need = longer ? width + 1 : width;
    let wide = fromLine;
    while (wide < this.length && this.end(wide) - this.starts[wide]! < need) wide++;
    if (wide >= this.length) return -1;
    for (let at = this.search(needle, this.starts[wide]!); at >= 0; at = this.search(needle, at + 1)) {
      const line = this.lineOfOffset(at);
      if (at + width <= this.end(line) && this.end(line) - this.starts[line]! >= need) return line;
    }
    return -1;
  }

  /** Offset of the first `needle` at or after `from`, or -1. */
  protected abstract search(needle: string, from: number): number;
  /** Length of `needle` in this table's units (a line equal to it is this wide: end(i) - start(i)). */
  abstract unitsOf(needle: string): number;

  /** The line holding offset `at`. */
  private lineOfOffset(at: number): number {
    return lastAtOrBefore(this.starts, this.length, at);
  }

  /** Does any line end in whitespace (a character trimEnd() drops)? */
  anyEndsInSpace(): boolean {
    for (let i = 0; i < this.length; i++) if (this.trailingSpace(this.starts[i]!, this.end(i)) > 0) return true;
    return false;
  }

  /** Does line i's text equal `s` exactly? */
  equals(i: number, s: string): boolean {
    const e = this.ends !== undefined ? this.ends[i]! : i < this.length - 1 ? this.starts[i + 1]! - this.eolWidth : this.lastEnd;
    return this.rangeEquals(this.starts[i]!, e, s);
  }

  /** Does line i's text, with trailing (and, if `both`, leading) whitespace dropped, equal `s`? */
  equalsTrimmed(i: number, s: string, both: boolean): boolean {
    let st = this.starts[i]!;
    let e = this.ends !== undefined ? this.ends[i]! : i < this.length - 1 ? this.starts[i + 1]! - this.eolWidth : this.lastEnd;
    for (let w = this.trailingSpace(st, e); w > 0; w = this.trailingSpace(st, e)) e -= w;
    if (both) for (let w = this.leadingSpace(st, e); w > 0; w = this.leadingSpace(st, e)) st += w;
    return this.rangeEquals(st, e, s);
  }

  /**
   * A 32-bit FNV-1a hash of line i's length and sampled units (hashChars), with trailing (trim 1) or
   * surrounding (trim 2) whitespace dropped as equalsTrimmed drops it, over the
   * backing's code units: what the matcher's line index is keyed by, so
   * indexing a file needs no string per line.
   */
  hashLine(i: number, trim: 0 | 1 | 2, full = false): number {
    let st = this.starts[i]!;
    let e = this.ends !== undefined ? this.ends[i]! : i < this.length - 1 ? this.starts[i + 1]! - this.eolWidth : this.lastEnd;
    if (trim > 0) for (let w = this.trailingSpace(st, e); w > 0; w = this.trailingSpace(st, e)) e -= w;
    if (trim > 1) for (let w = this.leadingSpace(st, e); w > 0; w = this.leadingSpace(st, e)) st += w;
    return this.hashRange(st, e, full);
  }

  /**
   * hashLine of every `stride`-th line (lines 0, stride, 2 * stride, ...:
   * entry q is line q * stride), in one pass: the hot loop of building an
   * index, which runs once per file, often before the JIT has warmed up, so a
   * backing overrides it with a loop that makes no call per line.
   */
  hashAll(trim: 0 | 1 | 2, stride = 1, full = false): Int32Array {
    const out = new Int32Array(Math.ceil(this.length / stride));
    for (let q = 0; q < out.length; q++) out[q] = this.hashLine(q * stride, trim, full);
    return out;
  }

  /** hashLine's hash of a string, as this table would hold it (`full`: of every unit, not sampled). */
  abstract hashString(s: string, full?: boolean): number;
  protected abstract hashRange(from: number, to: number, full: boolean): number;

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
    split: Split,
    origins: Int32Array | undefined,
  ) {
    super(split, origins);
  }

  protected codeAt(offset: number): number {
    return this.text.charCodeAt(offset);
  }

  units(): string {
    return this.text;
  }

  protected search(needle: string, from: number): number {
    return searchString(this.text, needle, from);
  }

  unitsOf(needle: string): number {
    return needle.length;
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

  protected hashRange(from: number, to: number, full: boolean): number {
    return hashChars(this.text, from, to, full);
  }

  hashString(s: string, full = false): number {
    return hashChars(s, 0, s.length, full);
  }
}

class Utf8Lines extends LineTable {
  /** The last string compared, and its UTF-8 bytes when it is not ASCII: scans compare one string with many lines. */
  private want: string | undefined;
  private wantBytes: Buffer | undefined;

  constructor(
    private readonly bytes: Buffer,
    split: Split,
  ) {
    super(split, undefined);
  }

  protected codeAt(offset: number): number {
    return this.bytes[offset]!;
  }

  units(): Uint8Array {
    return this.bytes;
  }

  protected search(needle: string, from: number): number {
    return searchBytes(this.bytes, Buffer.from(needle, 'utf8'), from);
  }

  unitsOf(needle: string): number {
    return Buffer.byteLength(needle, 'utf8');
  }

  protected textBetween(from: number, to: number): string {
    return this.bytes.toString('utf8', from, to);
  }

  protected rangeEquals(from: number, to: number, s: string): boolean {
    const bytes = this.bytes;
    const n = s.length;
    if (to - from === n) {
      // As many bytes as chars: equal only as ASCII (other chars take two bytes or
      // more). First and last chars turn most lines away; then one native decode
      // (n bytes of valid UTF-8 give n chars only if all are ASCII) replaces a
      // per-char loop that ran in the interpreter for every line of every placed hunk.
      if (n === 0) return true;
      const first = s.charCodeAt(0);
      const last = s.charCodeAt(n - 1);
      if (first >= 0x80 || last >= 0x80 || bytes[from] !== first || bytes[to - 1] !== last) return false;
      return n < 3 || bytes.toString('utf8', from, to) === s;
    }
    // Fewer bytes never match; more only for a non-ASCII string, as its UTF-8 (kept: a scan compares one string with many lines).
    if (to - from < n) return false;
    if (s !== this.want) {
      this.want = s;
      this.wantBytes = isAsciiString(s) ? undefined : Buffer.from(s, 'utf8');
    }
    const wb = this.wantBytes;
    if (wb === undefined || to - from !== wb.length) return false;
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

  protected hashRange(from: number, to: number, full: boolean): number {
    return hashBytes(this.bytes, from, to, full);
  }

  override anyEndsInSpace(): boolean {
    const { bytes, starts, ends, eolWidth } = this;
    const last = this.length - 1;
    // end(i) and the ASCII test inline, as in hashAll: no call per line but at a line ending in a non-ASCII character.
    for (let i = 0; i <= last; i++) {
      const st = starts[i]!;
      const e = ends !== undefined ? ends[i]! : i < last ? starts[i + 1]! - eolWidth : this.lastEnd;
      if (e === st) continue;
      const c = bytes[e - 1]!;
      if (c < 0x80 ? c === 32 || (c >= 9 && c <= 13) : this.trailingSpace(st, e) > 0) return true;
    }
    return false;
  }

  override hashAll(trim: 0 | 1 | 2, stride = 1, full = false): Int32Array {
    const { bytes, starts, ends, eolWidth } = this;
    const last = this.length - 1;
    const out = new Int32Array(Math.ceil(this.length / stride));
    for (let q = 0, i = 0; q < out.length; q++, i += stride) {
      let st = starts[i]!;
      // end(i), inline: this loop makes no call per line.
      let e = ends !== undefined ? ends[i]! : i < last ? starts[i + 1]! - eolWidth : this.lastEnd;
      // ASCII whitespace inline; anything else through the general test.
      while (trim > 0 && e > st) {
        const c = bytes[e - 1]!;
        const w = c < 0x80 ? (c === 32 || (c >= 9 && c <= 13) ? 1 : 0) : this.trailingSpace(st, e);
        if (w === 0) break;
        e -= w;
      }
      while (trim > 1 && st < e) {
        const c = bytes[st]!;
        const w = c < 0x80 ? (c === 32 || (c >= 9 && c <= 13) ? 1 : 0) : this.leadingSpace(st, e);
        if (w === 0) break;
        st += w;
      }
      out[q] = hashBytes(bytes, st, e, full);
    }
    return out;
  }

  hashString(s: string, full = false): number {
    // ASCII chars are their own bytes; anything else is hashed as its UTF-8.
    if (!isAsciiString(s)) {
      const b = Buffer.from(s, 'utf8');
      return hashBytes(b, 0, b.length, full);
    }
    return hashChars(s, 0, s.length, full);
  }
}
