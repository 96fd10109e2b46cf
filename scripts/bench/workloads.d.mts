// Types for workloads.mjs (plain JS so `node scripts/bench.mjs` runs without a build).

export interface BenchFile {
  path: string;
  bytes: Buffer;
}

export interface Workload {
  name: string;
  /** The starting tree. */
  files: BenchFile[];
  /** The tree every tool must leave (for a failing workload: the starting tree). */
  after: BenchFile[];
  /** Codex `*** Begin Patch` envelope (null for the edit tool's own workloads). */
  patch: string | null;
  /** The same change as a unified diff (git apply -p1, patch -p1). */
  diff: string | null;
  /** git apply / patch need their whitespace-tolerant option for this diff. */
  diffNeedsWhitespaceTolerance: boolean;
  /** An old_string/new_string request, for the edit workload. */
  edit:
    | { path: string; old_string: string; new_string: string }
    | { path: string; edits: { old_string: string; new_string: string }[] }
    | null;
  expectSuccess: boolean;
  bytesTouched: number;
  lines: number;
  hunks?: number;
  /** Batch edits: how many entries. */
  entries?: number;
}

export function hunksWorkload(o: { name?: string; lines: number; hunks: number; eol?: string; drift?: boolean; seed?: number }): Workload;
export function smallWorkload(): Workload;
export function manyFilesWorkload(o?: { files?: number; linesPerFile?: number; seed?: number }): Workload;
export function bigFileWorkload(o?: { bytes?: number; seed?: number }): Workload;
export function missWorkload(o?: { lines?: number; seed?: number; match?: boolean; long?: boolean }): Workload;
export function nearDuplicateWorkload(o?: { lines?: number; match?: boolean }): Workload;
export function repeatedLinesWorkload(o?: { lines?: number; hunk?: number; match?: boolean }): Workload;
export function batchWorkload(o: { entries: number; seed?: number }): Workload;
export function oneLineWorkload(o?: { bytes?: number; match?: boolean }): Workload;
export function scaled(fraction: number, extra?: { eol?: string; drift?: boolean }): Workload;
export function allWorkloads(scale?: number): {
  small: Workload;
  hunks: Workload;
  crlf: Workload;
  drift: Workload;
  files: Workload;
  bigFile: Workload;
  miss: Workload;
  missMatch: Workload;
  longMiss: Workload;
  longMatch: Workload;
  lineMissEdit: Workload;
  lineMatchEdit: Workload;
  batches: Workload[];
  scaling: Workload[];
};
