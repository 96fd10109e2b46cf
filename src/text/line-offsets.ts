// Where each line of a text or byte buffer starts and where its content ends,
// found in one pass into typed arrays (the backing of text/table.ts), with the
// count of each line ending so the file's convention is known without another
// pass.

/**
 * Line offsets over `length` code units (chars or bytes): lines end at '\n',
 * '\r\n' or a lone '\r'. `codeAt` reads one unit; `find` is the backing's
 * native search for a '\n' (10) or '\r' (13) at or after `from`.
 */
export function splitOffsets(
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
