// Finding a block of lines in a file: Codex's ordered passes (exact, then
// ignoring trailing whitespace, then ignoring surrounding whitespace), each
// returning the first position at or after `start`, and naming the pass that
// matched. The punctuation-tolerant step is deliberately not a pass here: it
// lives in match/tolerant.ts and must land in exactly one place.
//
// Each pass first scans forward from `start`: hunks arrive in file order, so
// the scans of a whole patch touch each line about once, with no allocation.
// Searches that keep scanning without a hit (misses; a whitespace pass after
// the exact one failed for hunk after hunk) switch that pass to a table, built
// once: every file line keyed, candidates looked up through the pattern's
// rarest line. Scanning is capped at a few passes over the file per pass
// before the switch, so a 500-hunk patch on a 100,000-line file stays linear
// either way, and the common case never pays for hashing every line.

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

export interface SeekHit {
  index: number;
  pass: PassName;
}

/** The file side of matching: line texts plus lazily built per-pass indexes. */
export class LineIndex {
  readonly lines: readonly string[];
  private readonly keyed = new Map<PassName, { keys: string[]; positions: Map<string, number[]> }>();
  /** Line comparisons spent scanning, per pass, before its table exists. */
  private readonly scanned = new Map<PassName, number>();

  constructor(lines: readonly string[]) {
    this.lines = lines;
  }

  get length(): number {
    return this.lines.length;
  }

  private table(pass: PassName) {
    let t = this.keyed.get(pass);
    if (!t) {
      const key = KEY[pass];
      const keys = pass === 'exact' ? (this.lines as string[]) : this.lines.map(key);
      const positions = new Map<string, number[]>();
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i]!;
        const list = positions.get(k);
        if (list) list.push(i);
        else positions.set(k, [i]);
      }
      t = { keys, positions };
      this.keyed.set(pass, t);
    }
    return t;
  }

  /** First index >= start where `pattern` matches under `pass`, or -1. */
  find(pattern: readonly string[], start: number, pass: PassName, eof = false): number {
    const n = this.lines.length;
    const m = pattern.length;
    if (m === 0) return eof ? n : Math.min(start, n);
    if (m > n - start) return -1;
    const key = KEY[pass];
    const want = pattern.map(key);
    if (eof) return this.matchesAt(want, n - m, pass) ? n - m : -1;
    if (!this.keyed.has(pass)) {
      const spent = this.scanned.get(pass) ?? 0;
      const scan = this.scan(want, start, pass, SCAN_FILES * n + SCAN_MIN - spent);
      this.scanned.set(pass, spent + scan.cost);
      if (scan.index !== undefined) return scan.index;
    }
    const { keys, positions } = this.table(pass);
    const at = (i: number): boolean => {
      for (let k = 0; k < m; k++) if (keys[i + k] !== want[k]) return false;
      return true;
    };

    // Anchor on the pattern line with the fewest occurrences in the file.
    let anchor = 0;
    let best: number[] | undefined;
    for (let k = 0; k < m; k++) {
      const found = positions.get(want[k]!);
      if (found === undefined) return -1;
      const list = typeof found === 'number' ? [found] : found;
      if (!best || list.length < best.length) {
        best = list;
        anchor = k;
      }
    }
    const list = best!;
    for (let j = lowerBound(list, start + anchor); j < list.length; j++) {
      const i = list[j]! - anchor;
      if (i + m > n) return -1;
      if (at(i)) return i;
    }
    return -1;
  }

  /** Does `want` (already keyed) match at `i` under `pass`? Keys file lines on the fly. */
  private matchesAt(want: readonly string[], i: number, pass: PassName): boolean {
    const key = KEY[pass];
    const exact = pass === 'exact';
    for (let k = 0; k < want.length; k++) {
      const line = this.lines[i + k]!;
      if ((exact ? line : key(line)) !== want[k]) return false;
    }
    return true;
  }

  /**
   * First index >= start where `want` matches, by scanning; `index` is
   * undefined when `budget` line comparisons ran out first (undecided).
   */
  private scan(want: readonly string[], start: number, pass: PassName, budget: number): { index?: number; cost: number } {
    const lines = this.lines;
    const m = want.length;
    const last = lines.length - m;
    const key = KEY[pass];
    const exact = pass === 'exact';
    const first = want[0];
    let cost = 0;
    for (let i = start; i <= last; i++) {
      if (cost >= budget) return { cost };
      cost++;
      const line = lines[i]!;
      if ((exact ? line : key(line)) !== first) continue;
      let k = 1;
      for (; k < m; k++) {
        const next = lines[i + k]!;
        if ((exact ? next : key(next)) !== want[k]) break;
      }
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

/** First index in an ascending list whose value is >= `value`. */
export function lowerBound(list: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
