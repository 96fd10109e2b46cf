// Where each line of a text or byte buffer starts and where its content ends,
// found in one pass into typed arrays (the backing of text/table.ts), with the
// count of each line ending so the file's convention is known without another
// pass.

type Split = { starts: Int32Array; ends: Int32Array; uniform: string | undefined | null };

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
  const common = splitCommon(content as Searchable, text ? '\n' : 10, text ? '\r' : 13);
  if (common) return common;
  const codeAt = text ? (i: number) => content.charCodeAt(i) : (i: number) => content[i]!;
  return splitAny(content.length, codeAt);
}

/**
 * The split of content whose every '\r' belongs to a '\r\n' (LF, CRLF or a
 * mix: nearly every file), or undefined at the first lone '\r'. Line ends are
 * then exactly the '\n's, which the native search finds; the first '\r' at or
 * after the current line is kept to hand, so a CRLF file costs one more
 * search per line and an LF file one search in all. The loop makes no other
 * call per line: this runs once per file before the JIT has warmed up, where
 * the generic loop (a closure call per search and per unit read, a method
 * call per line, and a separate pass looking for lone '\r's) cost about 20 ms
 * of CPU on a 100,000-line file and this one about 12 (isolated runs of the
 * compiled binary's policy, 2-core VM, 2026-11-30).
 */
function splitCommon(s: Searchable, lf: string | number, crUnit: string | number): Split | undefined {
  const length = s.length;
  let cap = Math.max(16, (length >>> 5) + 1);
  let starts = new Int32Array(cap + 1);
  let ends = new Int32Array(cap);
  let n = 0;
  let crlf = 0;
  let start = 0;
  // The first '\r' at or after `start`, or -1 when none is left.
  let cr = s.indexOf(crUnit, 0);
  for (let nl = s.indexOf(lf, 0); nl >= 0; nl = s.indexOf(lf, start)) {
    if (n === cap) {
      cap *= 2;
      starts = grown(starts, cap + 1);
      ends = grown(ends, cap);
    }
    let end = nl;
    if (cr >= 0 && cr < nl) {
      // Before this '\n' and not right before it: not followed by '\n'.
      if (cr !== nl - 1) return undefined;
      end = cr;
      crlf++;
      cr = s.indexOf(crUnit, nl + 1);
    }
    starts[n] = start;
    ends[n++] = end;
    start = nl + 1;
  }
  // A '\r' after the last '\n' ends a line on its own.
  if (cr >= 0) return undefined;
  const terminated = n;
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
  const uniform = crlf === 0 ? '\n' : crlf === terminated ? '\r\n' : undefined;
  return { starts: starts.subarray(0, n + 1), ends: ends.subarray(0, n), uniform };
}

function grown(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}

/**
 * The split of any content, lone '\r's included, one unit at a time (old Mac
 * files: rare). Its one-unit endings may be '\r' or '\n', so the uniform
 * ending is left uncounted (null).
 */
function splitAny(length: number, codeAt: (i: number) => number): Split {
  let cap = Math.max(16, (length >>> 5) + 1);
  let starts = new Int32Array(cap + 1);
  let ends = new Int32Array(cap);
  let n = 0;
  let start = 0;
  const push = (end: number, next: number): void => {
    if (n === cap) {
      cap *= 2;
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
  return { starts: starts.subarray(0, n + 1), ends: ends.subarray(0, n), uniform: null };
}
