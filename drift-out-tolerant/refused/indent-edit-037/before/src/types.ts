// Shared data types. No logic lives here: every stage of the pipeline
// (parse -> snapshot -> plan -> commit -> render) speaks these shapes.

// ---------------------------------------------------------------- patch input

/** One line of an update hunk, with its raw prefix. */
export interface HunkLine {
  op: ' ' | '-' | '+';
  text: string;
}

/** One `@@` section of an `*** Update File:` operation. */
export interface Hunk {
  /** Text after `@@` (a soft anchor), if any. */
  header?: string;
  lines: HunkLine[];
  /** `*** End of File` followed the hunk: its old side must be the file's tail. */
  endOfFile: boolean;
  /** 1-based line in the patch text where the hunk starts. */
  patchLine: number;
}

export type FileOp =
  | { kind: 'add'; path: string; lines: string[]; patchLine: number }
  | { kind: 'delete'; path: string; patchLine: number }
  | { kind: 'update'; path: string; moveTo?: string; hunks: Hunk[]; patchLine: number };

export interface ParsedPatch {
  ops: FileOp[];
  /** Leniencies the parser applied (missing markers added, heredoc unwrapped, ...). */
  repairs: string[];
}

/** A Claude-Code-style replacement request (the `edit` tool). */
export interface EditEntry {
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}
export type EditRequest =
  | { mode: 'single'; path: string; edit: EditEntry }
  | { mode: 'batch'; path: string; edits: EditEntry[] };

// --------------------------------------------------------------- file system

export type EntryKind = 'file' | 'missing' | 'dir' | 'symlink' | 'other';

export interface Stat {
  kind: Exclude<EntryKind, 'missing'>;
  mode: number;
  /** dev:ino, to spot two names for one file (hard links). */
  identity: string;
}

/**
 * The only door to the outside world the core uses. The node implementation
 * lives in core/node-fs.ts; tests use an in-memory one that can fail on demand.
 */
export interface Fs {
  /** lstat; null when the path does not exist. */
  lstat(path: string): Promise<Stat | null>;
  readFile(path: string): Promise<Uint8Array>;
  /** Resolves symlinks of the longest existing ancestor (for escape checks). */
  realpath(path: string): Promise<string>;
  /**
   * Atomically replace or create `path` with `bytes` and exactly `mode`
   * (temp file in the same directory, fsync, rename). With `exclusive`, fail
   * with code EEXIST when something already exists at `path`.
   */
  writeAtomic(path: string, bytes: Uint8Array, mode: number | undefined, exclusive: boolean): Promise<void>;
  unlink(path: string): Promise<void>;
  /** mkdir -p; returns the directories it created, outermost first. */
  mkdirp(dir: string): Promise<string[]>;
  /** Remove an empty directory (used to undo mkdirp on rollback). */
  rmdir(dir: string): Promise<void>;
}

/** What the snapshot saw at a path before anything was planned. */
export type Entry =
  | { kind: 'missing' }
  | { kind: 'file'; bytes: Uint8Array; mode: number; identity: string }
  | { kind: 'dir' | 'symlink' | 'other'; mode: number; identity: string }
  | { kind: 'unreadable'; error: string };

// ------------------------------------------------------------------- results

/** Stable machine-readable failure causes (also used as JSON `code`). */
export type FailureCode =
  | 'hunk_not_found'
  | 'hunk_ambiguous'
  | 'file_exists'
  | 'file_missing'
  | 'not_a_file'
  | 'symlink'
  | 'binary'
  | 'undecodable'
  | 'control_chars'
  | 'invisible_only'
  | 'same_path'
  | 'outside_root'
  | 'unreadable'
  | 'permission_denied'
  | 'old_string_not_found'
  | 'old_string_ambiguous'
  | 'identical_strings'
  | 'edits_overlap'
  | 'dependency_failed'
  | 'changed_after_planning'
  | 'write_failed'
  | 'repeated_failure';

export type ChangeKind = 'add' | 'update' | 'delete' | 'move';

/** One committed (or, for check, committable) change, as the summary lists it. */
export interface ChangeSummary {
  kind: ChangeKind;
  path: string;
  /** For moves: the destination. */
  to?: string;
}

/** A single reason one operation was not applied. */
export interface OpFailure {
  /** Index of the operation in the submitted patch (0-based). */
  op: number;
  code: FailureCode;
  message: string;
}

/** A dependency group (one file, or the files a move binds) that was not applied. */
export interface FailedGroup {
  paths: string[];
  /** Own failures of operations in the group. */
  failures: OpFailure[];
  /** Every operation of the group, in patch order, described for the model. */
  operations: { op: number; label: string; status: 'failed' | 'carried' }[];
}

export interface Note {
  code: 'tolerance' | 'invisible_cleaned' | 'repair' | 'repeated_failure' | 'no_changes' | 'info';
  message: string;
}

/** One line of a rendered diff. */
export interface DiffLine {
  type: ' ' | '-' | '+';
  text: string;
  /** The line's own ending ('' when the file has none at that point). */
  eol: string;
}

export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: DiffLine[];
}

/** The textual difference of one committed path, computed from matched ranges. */
export interface FileDiff {
  kind: ChangeKind;
  path: string;
  to?: string;
  oldMode?: number;
  newMode?: number;
  binary: boolean;
  hunks: DiffHunk[];
}

export type Status = 'applied' | 'partial' | 'rejected' | 'checked';

/** Everything a run produced; every renderer works from this one value. */
export interface Outcome {
  status: Status;
  /** Whether the run was --check (nothing written by design). */
  dryRun: boolean;
  tool: 'apply_patch' | 'edit';
  changes: ChangeSummary[];
  diffs: FileDiff[];
  failed: FailedGroup[];
  /** Envelope-wide error (parse, overlap, changed after planning...). */
  error?: { code: string; message: string; line?: number };
  notes: Note[];
}
