// The planner's in-memory view of the tree: what each path holds after the
// operations played so far, starting from the snapshot. Operations read and
// write it through this class only; it also records, per operation, the states
// that operation left (what commits if it survives) and what it reports
// (placements, tolerance used, invisible characters cleaned), so a failed
// operation's reports can be dropped with it.

import type { Replacement } from '../match/hunks.js';
import type { Decoded, DecodeOptions, TextEncoding } from '../text/decode.js';
import { snapshotLines } from './snapshot-lines.js';
import type { Run } from '../text/runs.js';
import { wholeRuns } from '../text/runs.js';
import type { Line } from '../text/lines.js';
import type { LineTable } from '../text/table.js';
import type { Entry, FileOp, HunkPlacement } from '../types.js';
import { notAFile, OpError, outsideRoot, spelledAsDirectory } from './failure.js';
import { namesDirectory } from '../text/paths.js';
import { type PathRef, realSpelling, type Snapshot } from './snapshot.js';

/** Content of a file in the in-memory view. */
export type Content =
  | {
      type: 'text';
      /** The content: runs of `base` lines and new lines. */
      runs: Run[];
      /** The origin's lines as decoded from the snapshot (empty for new content): what base runs index. */
      base: LineTable;
      encoding: TextEncoding;
      /** Absolute path whose snapshot this content descends from (moves keep it); unset for an added file. */
      origin?: string;
      /** A copy of the origin (a diff's copy from/to), which stays: the report names a copy, not a rename. */
      copied?: true;
    }
  /** `patched`: a binary patch made the bytes (they are not the origin's, moved as they are). */
  | { type: 'bytes'; bytes: Uint8Array; origin?: string; patched?: boolean; copied?: true };

export type TextContent = Extract<Content, { type: 'text' }>;

export type FileState = { kind: 'file'; mode?: number; content: Content };
/** `link`: a symbolic link this run creates or retargets (plan/plan-links.ts). */
export type VState =
  | { kind: 'missing' }
  | FileState
  | { kind: 'link'; target: string }
  | { kind: 'blocked'; entry: Exclude<Entry, { kind: 'file' }> };

export interface ViewOptions extends DecodeOptions {
  /**
   * Permission hook: a reason string denies the operation on that path.
   * `real`: where the path really is when a symbolic link on its way makes
   * that differ from the spelling (relative to the root's real location).
   */
  authorize?: (op: FileOp, path: string, role: 'source' | 'target', real?: string) => string | undefined;
  /**
   * Stale context (stale/), by operation index: the lines a three-way merge made of the file as read (they stand in
   * for the hunks), or the failure of hunks that fit both the file and an older state of it.
   */
  stale?: ReadonlyMap<number, readonly Line[] | OpError> | undefined;
}

/** What one operation reports if it commits. */
export interface OpReport {
  /** Invisible characters cleaned from its added lines. */
  cleaned?: Map<number, number>;
  /** Hunks placed before the preceding hunk (a note). */
  outOfOrder?: string;
}

export class PlanView {
  readonly root: string;
  private readonly states = new Map<string, VState>();
  /** The states each operation left on the paths it changed: what commits if it survives. */
  readonly post: Map<string, VState>[];
  readonly reports: OpReport[];
  readonly placements: HunkPlacement[] = [];
  /** Hunks matched by each tolerant pass (reported whether or not their operation commits). */
  readonly passCounts = new Map<string, number>();
  /** What tolerant matches adapted (re-indented lines, removed lines that drifted), one note each. */
  readonly hunkNotes: string[] = [];

  constructor(
    readonly snapshot: Snapshot,
    readonly options: ViewOptions,
    ops: number,
  ) {
    this.root = snapshot.root;
    this.post = Array.from({ length: ops }, () => new Map());
    this.reports = Array.from({ length: ops }, () => ({}));
  }

  /** Paths an operation of this run left a file at. */
  private readonly written = new Set<string>();
  /** Paths a simultaneous operation (a unified diff's) deletes or renames away: another may write them. */
  readonly vacated = new Set<string>();

  /** Operation `op` leaves `abs` in `state`. */
  put(op: number, abs: string, state: VState): void {
    this.states.set(abs, state);
    this.post[op]!.set(abs, state);
    if (state.kind === 'file' || state.kind === 'link') this.written.add(abs);
  }

  /** Whether an operation of this run left a file or link at `abs`. */
  wrote(abs: string): boolean {
    return this.written.has(abs);
  }

  /**
   * A simultaneous operation leaves its source: missing, unless another
   * operation of the set writes it (a swap), whichever comes first.
   */
  vacate(op: number, abs: string, simultaneous: boolean | undefined): void {
    if (simultaneous && this.written.has(abs)) return;
    this.put(op, abs, { kind: 'missing' });
  }

  stateOf(abs: string): VState {
    let s = this.states.get(abs);
    if (!s) {
      s = this.snapshotState(abs);
      this.states.set(abs, s);
    }
    return s;
  }

  private snapshotOf(ref: PathRef): VState {
    this.nameable(ref);
    return this.snapshotState(ref.abs);
  }

  /** A path an operation may name at all: inside the working directory (unless allowed), and a file's spelling. */
  private nameable(ref: PathRef): void {
    if (this.snapshot.outside.has(ref.abs)) throw outsideRoot(this.root).at(ref.raw);
    if (namesDirectory(ref.raw)) throw spelledAsDirectory().at(ref.raw);
  }

  /** The path as the snapshot holds it, whatever this run's operations did to it. */
  snapshotState(abs: string): VState {
    const e = this.snapshot.entries.get(abs);
    if (!e || (e.kind === 'missing' && e.blockedBy === undefined)) return { kind: 'missing' };
    if (e.kind === 'file') return { kind: 'file', mode: e.mode, content: { type: 'bytes', bytes: e.bytes, origin: abs } };
    return { kind: 'blocked', entry: e };
  }

  /**
   * A path an operation creates (add, a move's destination) must hold no
   * file: as the earlier operations left it (an envelope), or, for a
   * simultaneous operation, as the snapshot has it unless the set vacates it.
   */
  requireAbsent(ref: PathRef, s: VState, simultaneous: boolean | undefined, message: string): void {
    if (s.kind !== 'file' && s.kind !== 'link') return;
    if (simultaneous && !this.written.has(ref.abs) && this.vacated.has(ref.abs)) return;
    throw new OpError('file_exists', message, {}, ref.raw);
  }

  /** The state of a path the operation may write (inside the working directory unless allowed). */
  target(ref: PathRef): VState {
    this.nameable(ref);
    return this.stateOf(ref.abs);
  }

  /** The file an operation reads (delete, update): anything else fails the operation. */
  requireFile(op: FileOp, ref: PathRef, fromSnapshot?: boolean): FileState {
    const s = fromSnapshot ? this.snapshotOf(ref) : this.target(ref);
    if (s.kind === 'file') return s;
    const verb = op.kind === 'delete' ? 'delete' : 'update';
    const moves = op.kind === 'update' && op.moveTo !== undefined;
    if (s.kind === 'link')
      throw new OpError('symlink', 'is a symbolic link this diff creates; chord-patch never writes through a link', {}, ref.raw);
    const entry = s.kind === 'missing' ? { kind: 'missing' as const } : s.entry;
    throw notAFile(this.root, entry, () => `cannot ${verb} a file that does not exist`, moves ? 'move' : verb).at(ref.raw);
  }

  /** A path an operation creates (add, a move's destination) must not be blocked by a non-directory or be one. */
  requireCreatable(ref: PathRef, s: VState, simultaneous?: boolean): void {
    // A link the same diff deletes (git's type change, link to file) leaves room for the file.
    const vacated = simultaneous && this.vacated.has(ref.abs) && !this.written.has(ref.abs);
    if (s.kind === 'blocked' && !(vacated && s.entry.kind === 'symlink'))
      throw notAFile(this.root, s.entry, () => 'cannot be created').at(ref.raw);
  }

  authorize(op: FileOp, ref: PathRef, role: 'source' | 'target'): void {
    const reason = this.options.authorize?.(op, ref.raw, role, realSpelling(this.snapshot, ref.abs));
    if (reason) throw new OpError('permission_denied', reason, {}, ref.raw);
  }

  /** Content as text, or the decoder's refusal when its bytes are not text. */
  decode(content: Content): TextContent | Extract<Decoded, { ok: false }> {
    if (content.type === 'text') return content;
    const d = snapshotLines(this.snapshot.lines, content.bytes, this.options);
    if (!d.ok) return d;
    const base = d.table;
    return { type: 'text', runs: wholeRuns(base), base, encoding: d.encoding, ...(content.origin ? { origin: content.origin } : {}) };
  }

  /** Count the tolerant passes a section's hunks needed. */
  countPasses(replacements: readonly Replacement[]): void {
    for (const r of replacements) {
      if (r.pass === 'exact' || r.pass === 'append') continue;
      this.passCounts.set(r.pass, (this.passCounts.get(r.pass) ?? 0) + 1);
    }
  }
}
