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
