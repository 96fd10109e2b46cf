// A file's lines without an object per line: the content once, plus where each
// line starts and where its content ends (its ending runs from there to the
// next start). On this kind of machine, and for Node in general, the cost of a
// 100,000-line file was dominated by allocating, collecting and faulting in
// 100,000 small objects and strings; offsets in two typed arrays cost 0.8 MB
// and no garbage. Matching, hashing and trimming read the offsets in place; a
// line becomes a string only when one is asked for (a tolerant key, a line a
// diagnostic quotes, the diff's few lines).
//
// Two backings with one behaviour:
//   TextLines  over decoded text (UTF-16, legacy encodings, the edit tool);
//   Utf8Lines  over a UTF-8 file's own bytes, never decoded as a whole: the
//              common case skips a second copy of the file (and its page
//              faults), and its offsets are already byte offsets for writing.
// A property test holds the two to the same answers on random text.

import { searchBytes, searchString } from './linear-search.js';
import type { Line } from './lines.js';
import { lastAtOrBefore } from './search.js';

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
  /** See uniformEol(); null until known (the splitters count it on the way when they can). */
  private uniform: string | undefined | null;

  protected constructor(starts: Int32Array, ends: Int32Array, origins: Int32Array | undefined, uniform: string | undefined | null) {
    this.length = ends.length;
    this.starts = starts;
    this.ends = ends;
    this.origins = origins;
    this.uniform = uniform;
  }

  /** Split decoded text at '\n', '\r\n' and lone '\r'. */
  static fromText(text: string): LineTable {
    const { starts, ends, uniform } = splitOffsets(
      text.length,
      (i) => text.charCodeAt(i),
      (code, from) => text.indexOf(code === 10 ? '\n' : '\r', from),
    );
    return new TextLines(text, starts, ends, undefined, uniform);
  }

  /** Split valid UTF-8 bytes (no BOM) the same way, without decoding them. */
  static fromUtf8(bytes: Uint8Array): LineTable {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const { starts, ends, uniform } = splitOffsets(
      buf.length,
      (i) => buf[i]!,
      (code, from) => buf.indexOf(code, from),
    );
    return new Utf8Lines(buf, starts, ends, uniform);
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
    return new TextLines(text, starts, ends, origins, null);
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

  /** Where line i's content ends (its ending, if any, follows). */
  end(i: number): number {
    return this.ends[i]!;
  }

  /** The code unit (char or byte) at an offset. */
  protected abstract codeAt(offset: number): number;

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
    return this.textBetween(this.starts[i]!, this.ends[i]!);
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

  /**
   * The first line at or after `fromLine` whose text contains `needle` (which
   * holds no line break), or -1: a native search over the file itself, with
   * hits that run into a line ending skipped.
   */
  lineContaining(needle: string, fromLine: number): number {
    if (fromLine >= this.length) return -1;
    const width = this.unitsOf(needle);
    for (let at = this.search(needle, this.starts[fromLine]!); at >= 0; at = this.search(needle, at + 1)) {
      const line = this.lineOfOffset(at);
      if (at + width <= this.ends[line]!) return line;
    }
    return -1;
  }

  /** Offset of the first `needle` at or after `from`, or -1. */
  protected abstract search(needle: string, from: number): number;
  /** Length of `needle` in this table's units. */
  protected abstract unitsOf(needle: string): number;

  /** The line holding offset `at`. */
  private lineOfOffset(at: number): number {
    return lastAtOrBefore(this.starts, this.length, at);
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

  /**
   * A 32-bit FNV-1a hash of line i's length and sampled units (hashChars), with trailing (trim 1) or
   * surrounding (trim 2) whitespace dropped as equalsTrimmed drops it, over the
   * backing's code units: what the matcher's line index is keyed by, so
   * indexing a file needs no string per line.
   */
  hashLine(i: number, trim: 0 | 1 | 2): number {
    let st = this.starts[i]!;
    let e = this.ends[i]!;
    if (trim > 0) for (let w = this.trailingSpace(st, e); w > 0; w = this.trailingSpace(st, e)) e -= w;
    if (trim > 1) for (let w = this.leadingSpace(st, e); w > 0; w = this.leadingSpace(st, e)) st += w;
    return this.hashRange(st, e);
  }

  /**
   * hashLine of every line, in one pass: the hot loop of building an index,
   * which runs once per file, often before the JIT has warmed up, so a
   * backing overrides it with a loop that makes no call per line.
   */
  hashAll(trim: 0 | 1 | 2): Int32Array {
    const out = new Int32Array(this.length);
    for (let i = 0; i < out.length; i++) out[i] = this.hashLine(i, trim);
    return out;
  }

  /** hashLine's hash of a string, as this table would hold it. */
  abstract hashString(s: string): number;
  protected abstract hashRange(from: number, to: number): number;

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
    starts: Int32Array,
    ends: Int32Array,
    origins: Int32Array | undefined,
    uniform: string | undefined | null,
  ) {
    super(starts, ends, origins, uniform);
  }

  protected codeAt(offset: number): number {
    return this.text.charCodeAt(offset);
  }

  protected search(needle: string, from: number): number {
    return searchString(this.text, needle, from);
  }

  protected unitsOf(needle: string): number {
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

  protected hashRange(from: number, to: number): number {
    return hashChars(this.text, from, to);
  }

  hashString(s: string): number {
    return hashChars(s, 0, s.length);
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
    uniform: string | undefined | null,
  ) {
    super(starts, ends, undefined, uniform);
  }

  protected codeAt(offset: number): number {
    return this.bytes[offset]!;
  }

  protected search(needle: string, from: number): number {
    return searchBytes(this.bytes, Buffer.from(needle, 'utf8'), from);
  }

  protected unitsOf(needle: string): number {
    return Buffer.byteLength(needle, 'utf8');
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

  protected hashRange(from: number, to: number): number {
    return hashBytes(this.bytes, from, to);
  }

  override hashAll(trim: 0 | 1 | 2): Int32Array {
    const { bytes, starts, ends } = this;
    const out = new Int32Array(this.length);
    for (let i = 0; i < out.length; i++) {
      let st = starts[i]!;
      let e = ends[i]!;
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
      out[i] = hashBytes(bytes, st, e);
    }
    return out;
  }

  hashString(s: string): number {
    // ASCII chars are their own bytes; anything else is hashed as its UTF-8.
    if (!isAsciiString(s)) {
      const b = Buffer.from(s, 'utf8');
      return hashBytes(b, 0, b.length);
    }
    return hashChars(s, 0, s.length);
  }
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

/**
 * A line's hash only picks its bucket (every candidate is then compared in
 * full), so it reads the length and at most SAMPLE units spread evenly over
 * the line, plus its last unit: indexing a file costs the same for
 * 200-character lines as for 40-character ones, cheap enough to build
 * whenever a hunk's places must be counted. Lines that differ only between
 * the sampled units share a bucket, which costs a comparison, nothing more.
 */
const SAMPLE = 16;

/** The sampled FNV-1a hash of chars [from, to) of `s`. */
function hashChars(s: string, from: number, to: number): number {
  const len = to - from;
  let h = Math.imul(FNV_OFFSET ^ len, FNV_PRIME);
  if (len <= SAMPLE) {
    for (let k = from; k < to; k++) h = Math.imul(h ^ s.charCodeAt(k), FNV_PRIME);
    return h;
  }
  for (let k = 0; k < SAMPLE; k++) h = Math.imul(h ^ s.charCodeAt(from + ((k * len) >> 4)), FNV_PRIME);
  return Math.imul(h ^ s.charCodeAt(to - 1), FNV_PRIME);
}

/** hashChars over bytes [from, to) of `b` (equal to hashChars for ASCII text). */
function hashBytes(b: Uint8Array, from: number, to: number): number {
  const len = to - from;
  let h = Math.imul(FNV_OFFSET ^ len, FNV_PRIME);
  if (len <= SAMPLE) {
    for (let k = from; k < to; k++) h = Math.imul(h ^ b[k]!, FNV_PRIME);
    return h;
  }
  for (let k = 0; k < SAMPLE; k++) h = Math.imul(h ^ b[from + ((k * len) >> 4)]!, FNV_PRIME);
  return Math.imul(h ^ b[to - 1]!, FNV_PRIME);
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
 * Line offsets over `length` code units (chars or bytes): lines end at '\n',
 * '\r\n' or a lone '\r'. `codeAt` reads one unit; `find` is the backing's
 * native search for a '\n' (10) or '\r' (13) at or after `from`.
 */
function splitOffsets(
  length: number,
  codeAt: (i: number) => number,
  find: (code: 10 | 13, from: number) => number,
): { starts: Int32Array; ends: Int32Array; uniform: string | undefined | null } {
  const o = new Offsets(length);
  // A '\r' not followed by '\n' is an old Mac line end.
  let lone = false;
  for (let i = find(13, 0); i >= 0 && !lone; i = find(13, i + 1)) lone = codeAt(i + 1) !== 10;
  if (!lone) {
    // Every '\r' belongs to a '\r\n' (LF, CRLF or a mix: nearly every file),
    // so line ends are exactly the '\n's, which the native search finds fast.
    let start = 0;
    for (let nl = find(10, 0); nl >= 0; nl = find(10, start)) {
      o.push(start, nl > start && codeAt(nl - 1) === 13 ? nl - 1 : nl, nl + 1);
      start = nl + 1;
    }
  } else {
    for (let i = 0; i < length; i++) {
      const c = codeAt(i);
      if (c === 10) o.push(o.next, i, i + 1);
      else if (c === 13) {
        const crlf = codeAt(i + 1) === 10;
        o.push(o.next, i, crlf ? i + 2 : i + 1);
        if (crlf) i++;
      }
    }
  }
  return o.finish(length, lone);
}

/**
 * Line offsets collected in one pass, into typed arrays sized from the content
 * (about one line per 32 code units) that double when a file has shorter
 * lines; with the count of each ending, so the file's convention is known
 * without another pass.
 */
class Offsets {
  private starts: Int32Array;
  private ends: Int32Array;
  private n = 0;
  /** Where the next line starts. */
  next = 0;
  private readonly endings = { lf: 0, crlf: 0, cr: 0 };

  constructor(length: number) {
    const guess = Math.max(16, (length >>> 5) + 1);
    this.starts = new Int32Array(guess + 1);
    this.ends = new Int32Array(guess);
  }

  /** A line: content [start, end), its ending [end, next). */
  push(start: number, end: number, next: number): void {
    if (this.n === this.ends.length) {
      const starts = new Int32Array(this.ends.length * 2 + 1);
      starts.set(this.starts);
      const ends = new Int32Array(this.ends.length * 2);
      ends.set(this.ends);
      this.starts = starts;
      this.ends = ends;
    }
    this.starts[this.n] = start;
    this.ends[this.n++] = end;
    this.next = next;
    const width = next - end;
    if (width === 2) this.endings.crlf++;
    else if (width === 1) this.endings.lf++;
  }

  /**
   * The arrays, with a last line that has no ending, and the uniform ending
   * (undefined: mixed; null: not counted, for content with lone '\r's, whose
   * one-unit endings may be '\r' or '\n').
   */
  finish(length: number, lone: boolean): { starts: Int32Array; ends: Int32Array; uniform: string | undefined | null } {
    if (this.next < length) this.push(this.next, length, length);
    this.starts[this.n] = length;
    return { starts: this.starts.subarray(0, this.n + 1), ends: this.ends.subarray(0, this.n), uniform: lone ? null : this.uniform() };
  }

  private uniform(): string | undefined {
    const { lf, crlf } = this.endings;
    if (lf > 0 && crlf > 0) return undefined;
    return crlf > 0 ? '\r\n' : '\n';
  }
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
    c === 160 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
