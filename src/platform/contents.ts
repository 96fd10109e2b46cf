// File contents as one buffer or as pieces written in order. An updated file
// is mostly ranges of the file it came from (plan/planner.ts copies them as views of
// the snapshot's bytes), so handing the pieces to writev instead of joining
// them saves allocating, and on first touch faulting in, a second copy of
// every file written: as much fresh memory as the file's size.

export type Bytes = Uint8Array | readonly Uint8Array[];

export function byteLength(b: Bytes): number {
  if (b instanceof Uint8Array) return b.length;
  let n = 0;
  for (const p of b) n += p.length;
  return n;
}

/** Do the pieces, in order, hold exactly `bytes`? */
export function sameBytes(b: Bytes, bytes: Uint8Array): boolean {
  if (b instanceof Uint8Array) return Buffer.compare(b, bytes) === 0;
  if (byteLength(b) !== bytes.length) return false;
  let at = 0;
  for (const p of b) {
    if (Buffer.compare(p, bytes.subarray(at, at + p.length)) !== 0) return false;
    at += p.length;
  }
  return true;
}

/** Bytes compared natively at first; each block that matches doubles the next. */
const FIRST_BLOCK = 4096;

/** How many bytes at the start of `a` and `b` are the same, compared natively a block at a time. */
export function commonPrefixLength(a: Uint8Array, b: Uint8Array): number {
  return commonRun(a, b, (x, from, to) => x.subarray(from, to));
}

/** How many bytes at the end of `a` and `b` are the same. */
export function commonSuffixLength(a: Uint8Array, b: Uint8Array): number {
  return commonRun(a, b, (x, from, to) => x.subarray(x.length - to, x.length - from));
}

/** The common run of `a` and `b` read through `window` (bytes [from, to) counted from its own end). */
function commonRun(a: Uint8Array, b: Uint8Array, window: (x: Uint8Array, from: number, to: number) => Uint8Array): number {
  const n = Math.min(a.length, b.length);
  const same = (from: number, to: number) => Buffer.compare(window(a, from, to), window(b, from, to)) === 0;
  let at = 0;
  for (let block = FIRST_BLOCK; at < n; block *= 2) {
    const to = Math.min(n, at + block);
    if (same(at, to)) {
      at = to;
      continue;
    }
    // The first difference is in [at, to): halve the range until it is one byte.
    let hi = to;
    while (hi - at > 1) {
      const mid = (at + hi) >>> 1;
      if (same(at, mid)) at = mid;
      else hi = mid;
    }
    return at;
  }
  return n;
}
