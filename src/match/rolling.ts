// Block hashes over a file's line hashes (Rabin-Karp over lines): the hash of
// any m consecutive lines in O(1), so a candidate place for a hunk is ruled
// out without comparing its lines. Without it, a hunk of many identical lines
// checked against a file of the same lines compares nearly the whole hunk at
// every place before it differs: file x hunk comparisons for one miss.
// Equal blocks always have equal hashes; unequal ones rarely do, and every
// place whose hash agrees is still compared in full, so nothing is found that
// is not there and nothing is missed.

import type { LineTable } from '../text/table.js';
import type { Derived, LineIndex } from './seek.js';

/** The polynomial's base: odd, so multiplying by it is invertible modulo 2^32. */
const BASE = 0x9e3779b1 | 0;

export interface Rolling {
  /** prefix[i]: the hash of lines [0, i) (prefix[0] = 0). */
  prefix: Int32Array;
}

/**
 * The prefix hashes of every line's full hash under a trim mode (table.hashAll,
 * every unit read: the index's sampled hashes cannot tell apart lines that
 * differ only between samples, the near-duplicate lines this is for).
 */
function buildRolling(table: LineTable, trim: 0 | 1 | 2): Rolling {
  return rollingOf(table.hashAll(trim, 1, true));
}

/** The prefix hashes of a sequence of line hashes. */
export function rollingOf(hashes: Int32Array): Rolling {
  const prefix = new Int32Array(hashes.length + 1);
  for (let i = 0; i < hashes.length; i++) prefix[i + 1] = (Math.imul(prefix[i]!, BASE) + hashes[i]!) | 0;
  return { prefix };
}

/** One derived table per trim mode, built on first use and kept with the index. */
export const ROLLING: readonly Derived<Rolling>[] = ([0, 1, 2] as const).map((trim) => ({
  build: (index: LineIndex) => buildRolling(index.table, trim),
}));

/** BASE^m modulo 2^32. */
export function basePower(m: number): number {
  let r = 1;
  let b = BASE;
  for (let e = m; e > 0; e >>>= 1) {
    if (e & 1) r = Math.imul(r, b);
    b = Math.imul(b, b);
  }
  return r | 0;
}

/** The block hash of a sequence of line hashes, as blockAt computes it for the file. */
export function hashOfBlock(hashes: ArrayLike<number>): number {
  let h = 0;
  for (let k = 0; k < hashes.length; k++) h = (Math.imul(h, BASE) + hashes[k]!) | 0;
  return h;
}

/** The block hash of file lines [i, i + m), given basePower(m). */
export function blockAt(r: Rolling, i: number, m: number, power: number): number {
  return (r.prefix[i + m]! - Math.imul(r.prefix[i]!, power)) | 0;
}
