// Where each line of a text or byte buffer starts and where its content ends,
// found in one pass into typed arrays (the backing of text/table.ts), with the
// count of each line ending so the file's convention is known without another
// pass.
//
// Sized to the file, not to a bound: the arrays are the largest allocation
// after the file itself, and on the Bun binary every byte allocated counts
// towards the collector's first trigger and is faulted in fresh. A file gets
// one array of about its line count: the count is estimated from a sample, and a file
// with one line ending (nearly all) keeps no `ends`, since each line's content
// then ends a fixed width before the next line starts.

export interface Split {
  /** starts[i]: where line i starts; starts[n] is the content's length. */
  starts: Int32Array;
  /**
   * ends[i]: where line i's content ends (its ending follows). Undefined when
   * every line that has an ending has `uniform`: line i < n - 1 then ends at
   * starts[i + 1] - uniform.length, and the last line at `lastEnd`.
   */
  ends: Int32Array | undefined;
  /** Where the last line's content ends (0 for empty content). */
  lastEnd: number;
  /** The one ending of every ended line, undefined for a mix, null when not counted (lone '\r's). */
  uniform: string | undefined | null;
}

/** Whole lines (an empty ending only on the last) joined into one text, with their offsets. */
export function joinLines(lines: readonly { text: string; eol: string }[]): { text: string; split: Split } {
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
  return { text, split: { starts, ends, lastEnd: n === 0 ? 0 : ends[n - 1]!, uniform: null } };
}

/** What both backings offer: a string and a Buffer each search natively for a unit ('\n' or 10). */
interface Searchable {
  readonly length: number;
  indexOf(unit: string | number, from: number): number;
}

/**
 * Line offsets of decoded text or of UTF-8 bytes: lines end at '\n', '\r\n'
 * or a lone '\r'.
 */
export function splitOffsets(content: string | Buffer): Split {
  const text = typeof content === 'string';
  const lf = text ? '\n' : 10;
  const common = splitCommon(content as Searchable, lf, text ? '\r' : 13);
  if (common) return common;
  const codeAt = text ? (i: number) => content.charCodeAt(i) : (i: number) => content[i]!;
  return splitAny(content.length, estimatedLines(content as Searchable, lf), codeAt);
}

/**
 * The split of content whose every '\r' belongs to a '\r\n' (LF, CRLF or a
 * mix: nearly every file), or undefined at the first lone '\r'. Line ends are
 * then exactly the '\n's, which the native search finds; the first '\r' at or
 * after the current line is kept to hand, so a CRLF file costs one more
 * search per line and an LF file one search in all. The loop makes no other
 * call per line: this runs once per file before the JIT has warmed up, where
 * the generic loop (a closure call per search and per unit read, a method
 * call per line, and a separate pass looking for lone '\r's) cost more.
 */
function splitCommon(s: Searchable, lf: string | number, crUnit: string | number): Split | undefined {
  const length = s.length;
  let cap = estimatedLines(s, lf);
  let starts = new Int32Array(cap + 1);
  let n = 0;
  let crlf = 0;
  let start = 0;
  // The first '\r' at or after `start`, or -1 when none is left.
  let cr = s.indexOf(crUnit, 0);
  // Every line so far has one ending ('\n' when crlf is 0, else '\r\n'): only starts are kept.
  for (let nl = s.indexOf(lf, 0); nl >= 0; nl = s.indexOf(lf, start)) {
    if (n === cap) {
      cap = grownCapacity(cap, n, start, length);
      starts = grown(starts, cap + 1);
    }
    if (cr >= 0 && cr < nl) {
      // Before this '\n' and not right before it: not followed by '\n'.
      if (cr !== nl - 1) return undefined;
      if (crlf !== n) return splitMixed(s, lf, crUnit, { starts, cap, n, start, cr, crlf });
      crlf++;
      cr = s.indexOf(crUnit, nl + 1);
    } else if (crlf !== 0) return splitMixed(s, lf, crUnit, { starts, cap, n, start, cr, crlf });
    starts[n++] = start;
    start = nl + 1;
  }
  // A '\r' after the last '\n' ends a line on its own.
  if (cr >= 0) return undefined;
  const terminated = n;
  if (start < length) {
    if (n === cap) starts = grown(starts, n + 2);
    starts[n++] = start;
  }
  starts[n] = length;
  const lastEnd = n === 0 ? 0 : terminated === n ? length - (crlf === 0 ? 1 : 2) : length;
  return { starts: starts.subarray(0, n + 1), ends: undefined, lastEnd, uniform: crlf === 0 ? '\n' : '\r\n' };
}

/** Where splitCommon stood when line n turned out to end unlike the lines before it. */
interface Scan {
  starts: Int32Array;
  cap: number;
  n: number;
  start: number;
  cr: number;
  crlf: number;
}

/**
 * splitCommon from line n of a file that mixes '\n' and '\r\n' (rare), now
 * keeping every end: those of the lines before follow from the starts, as
 * they all had the one ending.
 */
function splitMixed(s: Searchable, lf: string | number, crUnit: string | number, at: Scan): Split | undefined {
  const length = s.length;
  let { starts, cap, n, start, cr, crlf } = at;
  let ends = new Int32Array(cap);
  const width = crlf === 0 ? 1 : 2;
  starts[n] = start;
  for (let k = 0; k < n; k++) ends[k] = starts[k + 1]! - width;
  for (let nl = s.indexOf(lf, start); nl >= 0; nl = s.indexOf(lf, start)) {
    if (n === cap) {
      cap = grownCapacity(cap, n, start, length);
      starts = grown(starts, cap + 1);
      ends = grown(ends, cap);
    }
    let end = nl;
    if (cr >= 0 && cr < nl) {
      if (cr !== nl - 1) return undefined;
      end = cr;
      crlf++;
      cr = s.indexOf(crUnit, nl + 1);
    }
    starts[n] = start;
    ends[n++] = end;
    start = nl + 1;
  }
  if (cr >= 0) return undefined;
  if (start < length) {
    if (n === cap) {
      cap += 1;
      starts = grown(starts, cap + 1);
      ends = grown(ends, cap);
    }
    starts[n] = start;
    ends[n++] = length;
  }
  starts[n] = length;
  return { starts: starts.subarray(0, n + 1), ends: ends.subarray(0, n), lastEnd: ends[n - 1]!, uniform: undefined };
}

/** Bytes (or chars) sampled to estimate the line count, in windows spread over the content. */
const WINDOWS = 8;
const WINDOW = 2048;

/**
 * A first guess at the number of lines, meant to be a little over: the
 * density of '\n's in a few windows spread over the content, plus an
 * eighth. Small content gets the old bound (a line every 32 units at most;
 * a few KB at worst), where sampling would read most of it.
 */
function estimatedLines(s: Searchable, lf: string | number): number {
  const length = s.length;
  if (length <= 4 * WINDOWS * WINDOW) return Math.max(16, (length >>> 5) + 1);
  let seen = 0;
  for (let w = 0; w < WINDOWS; w++) {
    const from = Math.floor((w * (length - WINDOW)) / (WINDOWS - 1));
    const to = from + WINDOW;
    for (let nl = s.indexOf(lf, from); nl >= 0 && nl < to; nl = s.indexOf(lf, nl + 1)) seen++;
  }
  const lines = (seen * length) / (WINDOWS * WINDOW);
  return Math.ceil(lines + lines / 8) + 64;
}

/**
 * The capacity after `n` lines filled `cap` at offset `at` of `length`: the
 * count the lines so far extrapolate to, and at least a quarter more than
 * now, so that a file whose sample misled costs a few copies, never one per
 * line (the total copied stays linear).
 */
function grownCapacity(cap: number, n: number, at: number, length: number): number {
  const extrapolated = Math.ceil((n / at) * length * 1.0625) + 64;
  return Math.max(extrapolated, cap + (cap >>> 2) + 16);
}

function grown(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}

/**
 * The split of any content, lone '\r's included, one unit at a time (old Mac
 * files: rare). Its one-unit endings may be '\r' or '\n', so the uniform
 * ending is left uncounted (null) and every end is kept.
 */
function splitAny(length: number, estimate: number, codeAt: (i: number) => number): Split {
  let cap = estimate;
  let starts = new Int32Array(cap + 1);
  let ends = new Int32Array(cap);
  let n = 0;
  let start = 0;
  const push = (end: number, next: number): void => {
    if (n === cap) {
      cap = grownCapacity(cap, n, start, length);
      starts = grown(starts, cap + 1);
      ends = grown(ends, cap);
    }
    starts[n] = start;
    ends[n++] = end;
    start = next;
  };
  for (let i = 0; i < length; i++) {
    const c = codeAt(i);
    if (c === 10) push(i, i + 1);
    else if (c === 13) {
      const crlf = codeAt(i + 1) === 10;
      push(i, crlf ? i + 2 : i + 1);
      if (crlf) i++;
    }
  }
  if (start < length) push(length, length);
  starts[n] = length;
  return { starts: starts.subarray(0, n + 1), ends: ends.subarray(0, n), lastEnd: n === 0 ? 0 : ends[n - 1]!, uniform: null };
}
