// Finding a block of lines in a file: Codex's ordered passes (exact, then
// ignoring trailing whitespace, then ignoring surrounding whitespace), each
// returning the first position at or after `start` (or every position in a
// range, for counting a hunk's places), and naming the pass that matched.
// The punctuation-tolerant step is deliberately not a pass here: it lives in
// match/tolerant.ts and must land in exactly one place.
//
// Each pass first scans forward from `start`: hunks arrive in file order, so
// the scans of a whole patch touch each line about once, with no allocation.
// Searches that keep scanning without a hit (misses; a whitespace pass after
// the exact one failed for hunk after hunk) switch to an index, built once for
// every pass (INDEXED): every file line (or every 2nd or 4th: strided.ts)
// hashed in place (sampled: table.ts), candidates looked up through the
// pattern's rarest lines. Scanning is capped at a few passes over the file per
// pass before the switch, so a 500-hunk patch on a 100,000-line file stays linear
// either way. Counting places (is there a second one?) would scan to the end
// of the file for every hunk, so beyond a small file it uses the index at
// once: one pass over the file, then a bucket look-up per hunk.

import { LineTable } from '../text/table.js';
import { LINE, LINE_PASSES, type PassName } from './passes.js';
import { basePower, blockAt, hashOfBlock, ROLLING, type Rolling } from './rolling.js';
import { buildStrided, eachCandidate, type Strided, strideFor } from './strided.js';

export type { PassName } from './passes.js';

/** The line passes in order (the registry, match/passes.ts, names and words them). */
export const PASSES: readonly PassName[] = LINE_PASSES;

/**
 * Scanning budget per pass before its table is built: this many comparisons
 * per file line, plus a floor so small files never build one. A table costs a
 * few scans of the file (every line hashed into a Map), so scanning up to
 * about that much first never loses much and usually saves all of it.
 */
const SCAN_FILES = 3;
const SCAN_MIN = 20_000;
/**
 * A comparison of a line as long as the wanted one may read the whole line:
 * it costs one more unit of the budget per this many characters. Lines of
 * ordinary code cost 1, as before; on lines of 5,000 characters that differ
 * near their end the budget runs out after a few hundred lines and the
 * (sampled, so cheap) index takes over, so a miss no longer compares every
 * line in full once per pass.
 */
const UNITS_PER_COST = 256;
/**
 * Line comparisons the look-ups may spend on candidates, per file line plus a
 * floor, before every later candidate is first checked by its block hash
 * (rolling.ts): a hunk of many repeated lines against a file of the same lines
 * would otherwise compare most of the hunk at every place.
 */
const ROLL_FILES = 2;
const ROLL_MIN = 50_000;

/** A pattern line as the pass compares it (the file's lines are trimmed in place by the table). */
const KEYS: readonly ((s: string) => string)[] = [(s) => s, (s) => s.trimEnd(), (s) => s.trim()];
const keyOf = (pass: PassName): ((s: string) => string) => KEYS[LINE[pass].trim]!;

/**
 * The one pass whose keys the hash index holds: the loosest line pass. A line
 * equal to a pattern line under any line pass is equal to it ignoring
 * surrounding whitespace too, so that bucket holds every candidate a stricter
 * pass could have, and each candidate is then compared in full under the pass
 * that asked. One index thus serves every pass: a file whose hunks match only
 * ignoring whitespace (the exact pass counts first, for every hunk) hashes the
 * file once, not twice, and a hunk found nowhere (every pass counts) once, not
 * three times. Lines that differ only in indentation share a bucket, which
 * costs a stricter pass a comparison each, never a wrong place.
 */
const INDEXED: PassName = LINE_PASSES[LINE_PASSES.length - 1]!;
const indexKey = keyOf(INDEXED);

/** A kind of table derived from a LineIndex (LineIndex.derived): how to build it. */
export interface Derived<T> {
  build(index: LineIndex): T;
}

export interface SeekHit {
  index: number;
  pass: PassName;
}

/** The file side of matching: the file's line table plus the hash index every pass shares, built when first needed. */
export class LineIndex {
  readonly table: LineTable;
  /** Once scanning has cost enough: the hash indexes of INDEXED's keys (strided.ts), the first one usually the only one. */
  private readonly hashed: Strided[] = [];
  /** Candidates checked through strided indexes (stride > 1): see hashIndex. */
  private sparseChecks = 0;
  /** Line comparisons spent checking the index's candidates, over every look-up (see ROLL_FILES). */
  private candidateCost = 0;
  /** Line comparisons spent scanning, per pass, before its table exists. */
  private readonly scanned = new Map<PassName, number>();
  /** Tables other matchers build from this file (see `derived`). */
  private readonly tables = new Map<Derived<unknown>, unknown>();

  constructor(source: LineTable | readonly string[]) {
    this.table = source instanceof LineTable ? source : LineTable.fromTexts(source);
  }

  get length(): number {
    return this.table.length;
  }

  /** Has `derived(kind)` been built? */
  hasDerived(kind: Derived<unknown>): boolean {
    return this.tables.has(kind);
  }

  /**
   * A table another matcher derives from this file (the tolerant step's line
   * signatures, header blocks' ends), built on first use and kept with the
   * index: it lives and dies with the file it describes, where a module-level
   * cache keyed on the index was state no caller could see.
   */
  derived<T>(kind: Derived<T>): T {
    let t = this.tables.get(kind) as T | undefined;
    if (t === undefined) this.tables.set(kind, (t = kind.build(this)));
    return t;
  }

  /** Does file line i match `want` (already keyed for `pass`)? Compares in place, no allocation. */
  private same(i: number, want: string, pass: PassName): boolean {
    const trim = LINE[pass].trim;
    return trim === 0 ? this.table.equals(i, want) : this.table.equalsTrimmed(i, want, trim === 2);
  }

  /**
   * The index for a block of m lines: line hashes (table.ts, INDEXED's keys) bucketed
   * in ascending order (offsets[b]..offsets[b + 1] in `order`), of every
   * stride-th line (strided.ts). Typed arrays only, where a Map of line
   * strings cost a string per line besides. An index already built serves every block at
   * least as long as its stride, the densest first; a shorter block gets a
   * denser one. Strided indexes look up some candidates a dense one would not
   * (a remainder whose block lines are all common): once they have checked
   * as many as the file has lines, lookups get the dense index, so a patch
   * of such hunks costs at most about twice the dense index, never more.
   */
  private hashIndex(m: number): Strided {
    const widest = this.sparseChecks > this.table.length ? 1 : m;
    let best: Strided | undefined;
    for (const t of this.hashed) if (t.stride <= widest && (!best || t.stride < best.stride)) best = t;
    if (best) return best;
    const t = buildStrided(this.table, LINE[INDEXED].trim, widest === 1 ? 1 : strideFor(m));
    this.hashed.push(t);
    return t;
  }

  /** First index >= start where `pattern` matches under `pass`, or -1. */
  find(pattern: readonly string[], start: number, pass: PassName, eof = false): number {
    return this.matches(pattern, start, this.table.length, pass, 1, eof)[0] ?? -1;
  }

  /**
   * Every index in [from, to] where `pattern` matches under `pass`, ascending,
   * at most `limit` of them (a caller deciding "one or several" asks for two).
   * With `eof` only the file's tail qualifies. Scans while the pass's scanning
   * budget lasts, then continues through the shared hash index: counting a
   * hunk's places costs a look-up in its rarest line's bucket, not a scan of
   * the rest of the file, so 500 hunks on a 100,000-line file stay linear.
   */
  matches(pattern: readonly string[], from: number, to: number, pass: PassName, limit = Infinity, eof = false): number[] {
    const n = this.table.length;
    const m = pattern.length;
    const last = Math.min(to, n - m);
    const start = Math.max(0, from);
    if (m === 0) {
      const at = eof ? n : Math.min(start, n);
      return at <= to ? [at] : [];
    }
    if (start > last || limit <= 0) return [];
    // The exact pass compares the pattern as it is: no copy of it per call.
    const want = LINE[pass].trim === 0 ? pattern : pattern.map(keyOf(pass));
    if (eof) return n - m >= start && n - m <= to && this.matchesAt(want, n - m, pass) ? [n - m] : [];
    const out: number[] = [];
    let next = start;
    // Counting places (limit > 1) scans to the end of the range: beyond a
    // small file's worth of lines the index is cheaper from the start.
    if (this.hashed.length === 0 && (limit === 1 || last - start <= SCAN_MIN)) {
      const spent = this.scanned.get(pass) ?? 0;
      const scan = this.scan(want, start, last, pass, SCAN_FILES * n + SCAN_MIN - spent, limit, out);
      this.scanned.set(pass, spent + scan.cost);
      if (scan.next === undefined) return out;
      next = scan.next;
    }
    this.lookup(want, next, last, pass, limit, out);
    return out;
  }

  /**
   * matches() through the shared hash index: candidates from the buckets of
   * the pattern's rarest lines, each checked in full under `pass`.
   */
  private lookup(want: readonly string[], start: number, last: number, pass: PassName, limit: number, out: number[]): void {
    const index = this.hashIndex(want.length);
    const m = want.length;
    // The pattern keyed as the index holds lines (for the stricter passes, a copy).
    const keyed = LINE[pass].trim === LINE[INDEXED].trim ? want : want.map(indexKey);
    let checked = 0;
    let rolling = this.rollingFor(pass, m);
    let power = 0;
    let wanted = 0;
    eachCandidate(
      index,
      m,
      (k) => this.table.hashString(keyed[k]!),
      (k) => keyed[k]!.length,
      start,
      last,
      (i) => {
        checked++;
        if (rolling === undefined && m > 1 && this.candidateCost > ROLL_FILES * this.table.length + ROLL_MIN) {
          rolling = this.rollingFor(pass, m, true);
        }
        if (rolling !== undefined) {
          if (power === 0) {
            power = basePower(m);
            wanted = hashOfBlock(want.map((s) => this.table.hashString(s, true)));
          }
          if (blockAt(rolling, i, m, power) !== wanted) return false;
        }
        const k = this.agreeing(want, i, pass);
        this.candidateCost += k + 1;
        if (k === m) out.push(i);
        return out.length >= limit;
      },
    );
    if (index.stride > 1) this.sparseChecks += checked;
  }

  /** The block hashes for `pass`'s keys when built (or `build`), for blocks of more than one line. */
  private rollingFor(pass: PassName, m: number, build = false): Rolling | undefined {
    if (m < 2) return undefined;
    const kind = ROLLING[LINE[pass].trim]!;
    return build || this.hasDerived(kind) ? this.derived(kind) : undefined;
  }

  /** How many lines of `want` (already keyed) agree with the file from `i` on, before the first that differs. */
  private agreeing(want: readonly string[], i: number, pass: PassName): number {
    let k = 0;
    while (k < want.length && this.same(i + k, want[k]!, pass)) k++;
    return k;
  }

  /** Does `want` (already keyed) match at `i` under `pass`? */
  private matchesAt(want: readonly string[], i: number, pass: PassName): boolean {
    for (let k = 0; k < want.length; k++) if (!this.same(i + k, want[k]!, pass)) return false;
    return true;
  }

  /**
   * Indexes in [start, last] where `want` matches, by scanning, pushed onto
   * `out` until `limit`; `next` is where scanning stopped when `budget` line
   * comparisons ran out first (undecided from there on).
   */
  private scan(
    want: readonly string[],
    start: number,
    last: number,
    pass: PassName,
    budget: number,
    limit: number,
    out: number[],
  ): { next?: number; cost: number } {
    const m = want.length;
    const first = want[0]!;
    let cost = 0;
    const table = this.table;
    const wide = first.length >= UNITS_PER_COST;
    // The exact pass compares a line only when it is as wide as the first
    // pattern line, read off the table's offsets: a comparison made three
    // calls per line (a scan runs for every hunk, mostly before the JIT warms
    // up: on the 1,000-file envelope, most of locating a hunk).
    const width = LINE[pass].trim === 0 ? table.unitsOf(first) : -1;
    for (let i = start; i <= last; i++) {
      if (cost >= budget) return { next: i, cost };
      cost++;
      // Only a line at least as long as the wanted one can be read far.
      if (wide && table.end(i) - table.start(i) >= first.length) cost += (first.length / UNITS_PER_COST) | 0;
      if (width >= 0 ? table.end(i) - table.start(i) !== width || !table.equals(i, first) : !this.same(i, first, pass)) continue;
      let k = 1;
      while (k < m && this.same(i + k, want[k]!, pass)) k++;
      cost += k - 1;
      if (k === m) {
        out.push(i);
        if (out.length >= limit) return { cost };
      }
    }
    return { cost };
  }

  /** Try the passes in order; the first pass with a hit wins. */
  seek(pattern: readonly string[], start: number, eof = false): SeekHit | undefined {
    for (const pass of PASSES) {
      const index = this.find(pattern, start, pass, eof);
      if (index >= 0) return { index, pass };
    }
    return undefined;
  }

  /** The first pass under which `pattern` matches at line `at`, if any. */
  passAt(pattern: readonly string[], at: number): PassName | undefined {
    for (const pass of PASSES) if (this.matches(pattern, at, at, pass, 1).length > 0) return pass;
    return undefined;
  }
}
