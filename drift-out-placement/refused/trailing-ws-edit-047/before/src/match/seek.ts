// Finding a block of lines in a file: Codex's ordered passes (exact, then
// ignoring trailing whitespace, then ignoring surrounding whitespace), each
// returning the first position at or after `start`, and naming the pass that
// matched. The punctuation-tolerant step is deliberately not a pass here: it
// lives in match/tolerant.ts and must land in exactly one place.
//
// Each pass first scans forward from `start`: hunks arrive in file order, so
// the scans of a whole patch touch each line about once, with no allocation.
// Searches that keep scanning without a hit (misses; a whitespace pass after
// the exact one failed for hunk after hunk) switch that pass to an index, built
// once: every file line hashed in place, candidates looked up through the
// pattern's rarest line. Scanning is capped at a few passes over the file per pass
// before the switch, so a 500-hunk patch on a 100,000-line file stays linear
// either way, and the common case never pays for hashing every line.

import { LineTable } from '../text/table.js';

export type PassName = 'exact' | 'trim-end' | 'trim';

export const PASSES: readonly PassName[] = ['exact', 'trim-end', 'trim'];

/**
 * Scanning budget per pass before its table is built: this many comparisons
 * per file line, plus a floor so small files never build one. A table costs a
 * few scans of the file (every line hashed into a Map), so scanning up to
 * about that much first never loses much and usually saves all of it.
 */
const SCAN_FILES = 3;
const SCAN_MIN = 20_000;

const KEY: Record<PassName, (s: string) => string> = {
  exact: (s) => s,
  'trim-end': (s) => s.trimEnd(),
  trim: (s) => s.trim(),
};

interface HashIndex {
  hashes: Int32Array;
  offsets: Int32Array;
  order: Int32Array;
  mask: number;
}

export interface SeekHit {
  index: number;
  pass: PassName;
}

/** The file side of matching: the file's line table plus lazily built per-pass indexes. */
export class LineIndex {
  readonly table: LineTable;
  /** Per pass, once scanning has cost enough: the hash index of every line. */
  private readonly hashed = new Map<PassName, HashIndex>();
  /** Line comparisons spent scanning, per pass, before its table exists. */
  private readonly scanned = new Map<PassName, number>();

  constructor(source: LineTable | readonly string[]) {
    this.table = source instanceof LineTable ? source : LineTable.fromTexts(source);
  }

  /** Line texts as strings: built on first use, for the slow paths (tables, tolerant step, diagnostics). */
  get lines(): readonly string[] {
    return this.table.texts();
  }

  get length(): number {
    return this.table.length;
  }

  /** Does file line i match `want` (already keyed for `pass`)? Compares in place, no allocation. */
  private same(i: number, want: string, pass: PassName): boolean {
    return pass === 'exact' ? this.table.equals(i, want) : this.table.equalsTrimmed(i, want, pass === 'trim');
  }

  /**
   * The pass's index: every line's hash (table.ts), and the lines bucketed by
   * hash in ascending order (offsets[b]..offsets[b + 1] in `order`). Typed
   * arrays only: about 1.3 MB for 100,000 lines, where a Map of line strings
   * cost ten times that and a string per line besides.
   */
  private hashIndex(pass: PassName): HashIndex {
    let t = this.hashed.get(pass);
    if (!t) {
      const table = this.table;
      const n = table.length;
      const trim = pass === 'exact' ? 0 : pass === 'trim-end' ? 1 : 2;
      const hashes = new Int32Array(n);
      for (let i = 0; i < n; i++) hashes[i] = table.hashLine(i, trim);
      let size = 1;
      while (size < n) size <<= 1;
      const mask = size - 1;
      const offsets = new Int32Array(size + 1);
      for (let i = 0; i < n; i++) offsets[(hashes[i]! & mask) + 1]! += 1;
      for (let b = 0; b < size; b++) offsets[b + 1]! += offsets[b]!;
      const next = offsets.slice(0, size);
      const order = new Int32Array(n);
      for (let i = 0; i < n; i++) {
        const b = hashes[i]! & mask;
        order[next[b]!] = i;
        next[b]! += 1;
      }
      t = { hashes, offsets, order, mask };
      this.hashed.set(pass, t);
    }
    return t;
  }

  /** First index >= start where `pattern` matches under `pass`, or -1. */
  find(pattern: readonly string[], start: number, pass: PassName, eof = false): number {
    const n = this.table.length;
    const m = pattern.length;
    if (m === 0) return eof ? n : Math.min(start, n);
    if (m > n - start) return -1;
    const key = KEY[pass];
    const want = pattern.map(key);
    if (eof) return this.matchesAt(want, n - m, pass) ? n - m : -1;
    if (!this.hashed.has(pass)) {
      const spent = this.scanned.get(pass) ?? 0;
      const scan = this.scan(want, start, pass, SCAN_FILES * n + SCAN_MIN - spent);
      this.scanned.set(pass, spent + scan.cost);
      if (scan.index !== undefined) return scan.index;
    }
    const { hashes, offsets, order, mask } = this.hashIndex(pass);
    const wantHash = want.map((w) => this.table.hashString(w));

    // Anchor on the pattern line whose bucket holds the fewest lines.
    let anchor = 0;
    let lo = 0;
    let hi = -1;
    for (let k = 0; k < m; k++) {
      const b = wantHash[k]! & mask;
      const from = offsets[b]!;
      const to = offsets[b + 1]!;
      if (from === to) return -1;
      if (hi < 0 || to - from < hi - lo) {
        lo = from;
        hi = to;
        anchor = k;
      }
    }
    for (let j = lowerBound(order, start + anchor, lo, hi); j < hi; j++) {
      const line = order[j]!;
      if (hashes[line] !== wantHash[anchor]) continue;
      const i = line - anchor;
      if (i + m > n) return -1;
      if (this.matchesAt(want, i, pass)) return i;
    }
    return -1;
  }

  /** Does `want` (already keyed) match at `i` under `pass`? */
  private matchesAt(want: readonly string[], i: number, pass: PassName): boolean {
    for (let k = 0; k < want.length; k++) if (!this.same(i + k, want[k]!, pass)) return false;
    return true;
  }

  /**
   * First index >= start where `want` matches, by scanning; `index` is
   * undefined when `budget` line comparisons ran out first (undecided).
   */
  private scan(want: readonly string[], start: number, pass: PassName, budget: number): { index?: number; cost: number } {
    const m = want.length;
    const last = this.table.length - m;
    const first = want[0]!;
    let cost = 0;
    for (let i = start; i <= last; i++) {
      if (cost >= budget) return { cost };
      cost++;
      if (!this.same(i, first, pass)) continue;
      let k = 1;
      while (k < m && this.same(i + k, want[k]!, pass)) k++;
      cost += k - 1;
      if (k === m) return { index: i, cost };
    }
    return { index: -1, cost };
  }

  /** Try the passes in order; the first pass with a hit wins. */
  seek(pattern: readonly string[], start: number, eof = false): SeekHit | undefined {
    for (const pass of PASSES) {
      const index = this.find(pattern, start, pass, eof);
      if (index >= 0) return { index, pass };
    }
    return undefined;
  }
}

/** First index in an ascending list (or its [lo, hi) slice) whose value is >= `value`. */
export function lowerBound(list: ArrayLike<number>, value: number, lo = 0, hi = list.length): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
