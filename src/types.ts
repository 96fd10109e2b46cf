import type { ErrorCode } from './errors.js';
import type { BinaryChange } from './input/git-binary.js';
import type { StaleDetail } from './stale/types.js';

// Shared data types. No logic lives here: every stage of the pipeline
// (parse -> snapshot -> plan -> commit -> render) speaks these shapes.

// ---------------------------------------------------------------- patch input

/** One line of an update hunk, with its raw prefix. */
export interface HunkLine {
  op: ' ' | '-' | '+';
  text: string;
  /**
   * A context line that SEARCH and REPLACE both hold, as their line diff
   * paired them: not quoted as context, so it is also one of the new lines.
   */
  paired?: true;
  /** A context line copied from the file itself (--unidiff-zero's): it shows nothing of how the patch was typed. */
  fromFile?: true;
}

/** One `@@` section of an `*** Update File:` operation. */
export interface Hunk {
  /** Text after `@@` (a soft anchor), if any. */
  header?: string;
  /**
   * Outer anchors from consecutive `@@ text` lines before `header` (Codex's
   * tool instructions suggest `@@ class Foo` then `@@ def bar():` to reach a
   * repeated block); each is sought after the previous one.
   */
  anchors?: string[];
  /**
   * OpenAI's apply_patch_call: the hunk opened with two or more `@@` lines,
   * so each named one must be a line of the file, in order, as OpenAI's
   * applier requires; elsewhere headers and anchors are soft.
   */
  anchorsRequired?: boolean;
  /**
   * OpenAI's apply_patch_call: only added lines, no `@@` text and no
   * `*** End of File`. In a file with lines it has no place: OpenAI's applier
   * puts it at the previous hunk's end (the top for the first), Codex's at
   * the file's end.
   */
  needsAnchor?: boolean;
  lines: HunkLine[];
  /** `*** End of File` followed the hunk: its old side must be the file's tail. */
  endOfFile: boolean;
  /**
   * Unified diffs: the hunk states line 1 and opens with added lines, so they
   * go at the file's start (git apply and GNU patch read it so) or, if its old
   * side stands further down, just before it: found anywhere but the start,
   * it is refused as two readings.
   */
  startOfFile?: boolean;
  /** 1-based line in the patch text where the hunk starts. */
  patchLine: number;
  /**
   * Unified diffs only: the 1-based file line the old side starts at, as the
   * diff states it (0 for a hunk adding to an empty file). A hint, used only
   * to choose among several places the old side matches.
   */
  hintLine?: number;
  /**
   * Unified diffs only: the text after the header's second `@@`, the line
   * above the hunk git names as its function context (match/func-context.ts).
   * A witness against a stated line that picks another copy of a repeated block.
   */
  funcContext?: string;
  /**
   * Unified diffs: the header counted every line, so a trailing blank
   * context line is a line the file must have (no retry without it).
   */
  counted?: boolean;
}

/**
 * What a unified diff says beyond an envelope's hunks: git's executable bit
 * (undefined: keep the file's mode) and `\ No newline at end of file` on the
 * new side (the written file ends without a line ending).
 */
export interface FileTraits {
  executable?: boolean;
  noNewlineAtEnd?: boolean;
  /** OpenAI's apply_patch_call and SEARCH/REPLACE blocks: the file ends with a line ending after the update exactly when it did before. */
  keepFinalEol?: boolean;
  /**
   * Unified diffs: the operations act at once, as git applies them. A rename
   * or copy reads its source as the snapshot holds it, a path another
   * operation of the set vacates may be written, and a vacated path written
   * by another operation keeps what that one wrote.
   */
  simultaneous?: boolean;
  /**
   * Unified diffs: the end-of-file rule. The file's final line ending stays as
   * it is unless the last hunk reaches the end of the file; then the
   * `\ No newline at end of file` markers decide, exactly on their side.
   */
  eof?: { oldNoEol: boolean; newNoEol: boolean };
  /**
   * Unified diffs: the entry is a symbolic link (git's mode 120000). An add's
   * one line is the new link's target, a delete's expected line the old one,
   * an update's one hunk replaces the old target with the new.
   */
  symlink?: boolean;
  /** Unified diffs: a `GIT binary patch` gives the content, byte for byte (plan/plan-binary.ts); the op has no lines or hunks. */
  binary?: BinaryChange;
}

export type FileOp =
  /**
   * `replace`: a whole-file write (the write tool, a text-editor create told to
   * overwrite) that may replace an existing file, keeping its mode, encoding
   * and uniform line ending. `eol`: the ending every line gets, when the
   * written text said (CRLF content); otherwise the file's own, else LF.
   */
  | ({ kind: 'add'; path: string; lines: string[]; patchLine: number; replace?: boolean; eol?: string } & FileTraits)
  /** `expectLines`: the content the patch says is being deleted (unified diffs, reversed adds); a file that differs is not deleted. */
  | ({ kind: 'delete'; path: string; patchLine: number; expectLines?: string[] } & Pick<FileTraits, 'simultaneous' | 'symlink' | 'binary'>)
  /**
   * `copy`: with `moveTo`, the source stays (git's `copy from` / `copy to`).
   * `eol`: the ending of the patch's own lines (CRLF throughout), which new
   * lines take in a file that has no ending of its own (empty, or one line without one).
   */
  | ({ kind: 'update'; path: string; moveTo?: string; copy?: boolean; hunks: Hunk[]; patchLine: number; eol?: string } & FileTraits);

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
export type EditRequest = { mode: 'single'; path: string; edit: EditEntry } | { mode: 'batch'; path: string; edits: EditEntry[] };

// --------------------------------------------------------------- file system

export type EntryKind = 'file' | 'missing' | 'dir' | 'symlink' | 'other';

export interface Stat {
  kind: Exclude<EntryKind, 'missing'>;
  mode: number;
  /** dev:ino, to spot two names for one file (hard links). */
  identity: string;
  /** Hard links to the file (the commit replaces it all the same, and the report says its other names keep the old content). */
  links?: number;
  /** Owner, kept by the commit when it can (running as root). */
  uid?: number;
  gid?: number;
  /** Size in bytes, where the file system gives it. */
  size?: number;
}

/** A temp file written and still open (Fs.createTemp). */
export interface OpenTemp {
  /** fsync it: its content and mode are durable once this resolves. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A directory the commit writes in, opened once and then named through
 * `path` (on Linux /proc/self/fd/N): a directory swapped for a symlink after
 * it was opened is never followed.
 */
export interface DirPin {
  /** Prefix to name entries of the pinned directory with (`${path}/${name}`). */
  path: string;
  /** dev:ino of the directory actually opened. */
  identity: string;
  /** Its real path when opened (symlinks resolved). */
  real: string;
  /** fsync the directory (makes renames and links in it durable). */
  sync(): Promise<void>;
  /**
   * Optional: its real path now, asked through the open directory (one
   * readlink of /proc/self/fd/N), wherever it was moved; rejects when it was
   * removed. Without it the commit asks realpath(path).
   */
  where?(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The only door to the outside world the core uses. The node implementation
 * lives in platform/node-fs.ts; tests use an in-memory one that can fail on demand.
 */
export interface Fs {
  /** Its paths name the real file system (a copy of NodeFs's methods keeps it): the file locks key on their identities. */
  readonly realDisk?: boolean;
  /** lstat; null when the path does not exist. */
  lstat(path: string): Promise<Stat | null>;
  /** A regular file's bytes (never through a link, never waiting on a FIFO); with `identity`, of that file only (ECHANGED). */
  readFile(path: string, identity?: string): Promise<Uint8Array>;
  /** Resolves symlinks of the longest existing ancestor (for escape checks). */
  realpath(path: string): Promise<string>;
  /**
   * Optional: is the regular file at `path` exactly `bytes` right now? Lets the
   * commit's revalidation compare a file without reading it into a second
   * buffer of its size. Without it, the commit reads the file and compares.
   */
  hasBytes?(path: string, bytes: Uint8Array): Promise<boolean>;
  /** Names in a directory (recovery looks for interrupted commits' journals). */
  readDir(dir: string): Promise<string[]>;
  /**
   * Optional: a state file (.chord-patch/'s lock, journals) and its mtime, never through a symbolic link (ELOOP), never
   * waiting on a FIFO; ENOTREG when not a regular file, EFBIG past `maxBytes`. Without it: lstat, then readFile.
   */
  readRegular?(path: string, maxBytes: number): Promise<{ bytes: Uint8Array; mtimeMs: number }>;
  /** Optional: is `path` on a disk only this machine writes (no network share)? Without it, never assumed. */
  localDisk?(path: string): Promise<boolean>;

  // The commit's primitives. The commit (commit/commit.ts) composes them: temp
  // files, a journal, hard-link backups and renames, undone on failure.

  /** Open `dir` (with `noFollow`, refusing a symlink as its last component) for naming entries through it. */
  pinDir(dir: string, noFollow: boolean): Promise<DirPin>;
  /**
   * Create `path` exclusively (EEXIST when anything is there), write `bytes`
   * (one buffer, or pieces in order), set exactly `mode` (and `owner`, when
   * the process may), fsync, close. `durable: false` skips the fsync, for a
   * file whose loss in a power cut leaves nothing to repair (the lock, a
   * single-file commit's journal: commit/lock.ts, commit/commit.ts say why).
   */
  writeTemp(
    path: string,
    bytes: Uint8Array | readonly Uint8Array[],
    mode: number | undefined,
    owner?: { uid: number; gid: number },
    durable?: boolean,
  ): Promise<void>;
  /**
   * Optional: writeTemp in two steps. Creates, writes and sets mode and owner
   * like writeTemp, and returns the file still open, not yet fsynced: a
   * commit of many files creates every temp file of a batch before it waits
   * for any fsync (commit/temp-files.ts has the figures). On failure the
   * temp file is removed, as by writeTemp. Without it the commit uses
   * writeTemp, which fsyncs each file as it writes it.
   */
  createTemp?(
    path: string,
    bytes: Uint8Array | readonly Uint8Array[],
    mode: number | undefined,
    owner?: { uid: number; gid: number },
  ): Promise<OpenTemp>;
  /**
   * Optional: copy the extended attributes of `from` onto `to` (a temp file
   * about to replace it), throwing when one cannot be kept. Without it a
   * replaced file's attributes are not kept (docs/safety.md).
   */
  copyXattrs?(from: string, to: string): Promise<void>;
  /** rename(2): replaces `to` atomically. */
  rename(from: string, to: string): Promise<void>;
  /** link(2): a second name for `from`; EEXIST when `to` exists (never replaces). */
  link(from: string, to: string): Promise<void>;
  /**
   * Optional: swap the files at `a` and `b` in one step (renameat2's
   * RENAME_EXCHANGE); false, with nothing moved, where it cannot. The commit
   * then sees which file its new content displaced. Without it the commit
   * renames, after a last look at the target.
   */
  exchange?(a: string, b: string): Promise<boolean>;
  /** Optional: readlink(2), the link's own target (never followed); without it links are read as blocked entries. */
  readlink?(path: string): Promise<string>;
  /** Optional: symlink(2), EEXIST when `path` exists; without it a diff's link entries fail. */
  symlink?(target: string, path: string): Promise<void>;
  unlink(path: string): Promise<void>;
  mkdir(dir: string): Promise<void>;
  /** Remove an empty directory. */
  rmdir(dir: string): Promise<void>;
}

/** What the snapshot saw at a path before anything was planned. */
export type Entry =
  /** `blockedBy`: the nearest existing ancestor, when it is not a directory (nothing can be created here). */
  | { kind: 'missing'; blockedBy?: string }
  | { kind: 'file'; bytes: Uint8Array; mode: number; identity: string; links?: number; uid?: number; gid?: number }
  /** `target`: a link's readlink, when the file system reads links. */
  | { kind: 'dir' | 'symlink' | 'other'; mode: number; identity: string; target?: string }
  | { kind: 'unreadable'; error: string };

// ------------------------------------------------------------------- results

/** Stable machine-readable failure causes (also used as JSON `code`). */
export type FailureCode =
  | 'hunk_not_found'
  | 'hunk_ambiguous'
  /** A patch section some of whose hunks already stand in the file and others do not (nothing written). */
  | 'partly_applied'
  | 'file_exists'
  | 'file_missing'
  | 'not_a_file'
  | 'symlink'
  | 'binary'
  | 'undecodable'
  | 'control_chars'
  /** The new text adds a placeholder for left-out code (`// ... existing code ...`) where it drops lines (text/placeholder.ts). */
  | 'placeholder'
  | 'invisible_only'
  | 'unencodable'
  | 'same_path'
  | 'outside_root'
  /** A version-control directory or the config file (config/reserved.ts). */
  | 'protected_path'
  | 'unreadable'
  | 'permission_denied'
  | 'old_string_not_found'
  | 'old_string_ambiguous'
  /**
   * Sent before: the edit's new_string already stands where its old_string
   * matches, or a patch section's new text already stands in the file;
   * applying it again would duplicate text.
   */
  | 'already_applied'
  | 'identical_strings'
  | 'edits_overlap'
  | 'content_differs'
  /** The text matches an older state of the file (docs/stale-context.md), not the file now. */
  | 'stale_context'
  /** --3way: the file changed the same lines the stale change does. */
  | 'merge_conflict';

export type ChangeKind = 'add' | 'update' | 'delete' | 'move' | 'copy';

/** One committed (or, for check, committable) change, as the summary lists it. */
export interface ChangeSummary {
  kind: ChangeKind;
  path: string;
  /** For moves and copies: the destination. */
  to?: string;
  /** A symbolic link's target: the one it gets (add, update) or had (delete). */
  link?: string;
}

/**
 * A single reason one operation was not applied, as data: renderers (model
 * text, terminal, JSON, CI formats) read the fields; `message` is rendered
 * from them once (plan/failure.ts) and never parsed back.
 */
export interface OpFailure {
  /** Index of the operation in the submitted patch (0-based); the edit tool: the entry's index (0 for a single edit). */
  op: number;
  code: FailureCode;
  /** The file, as the patch or edit request spelled it. */
  path: string;
  /** The model-facing sentence: location and cause. */
  message: string;
  /** 1-based hunk within the operation, when one hunk failed. */
  hunk?: number;
  /** 1-based line of the patch text the failure comes from (the hunk's, else the operation's). */
  patchLine?: number;
  /** 1-based file lines the failure points at: the closest match, the candidates, or where the text already stands. */
  lines?: number[];
  /** Edit tool: index of the failing entry in `edits` (0 for a single edit); unset when the file itself failed. */
  entry?: number;
  /** stale_context, merge_conflict: the older state that matched, and what changed since. */
  stale?: StaleDetail;
}

/** A dependency group (one file, or the files a move binds) that was not applied. */
export interface FailedGroup {
  paths: string[];
  /** Own failures of operations in the group. */
  failures: OpFailure[];
  /** Every operation of the group, in patch order, described for the model. */
  operations: { op: number; label: string; status: 'failed' | 'carried' }[];
  /** Edit tool only: whether the request was one edit or a batch of `edits`. */
  edit?: 'single' | 'batch';
}

export interface Note {
  code: 'tolerance' | 'invisible_cleaned' | 'repair' | 'repeated_failure' | 'no_changes' | 'info' | 'merged';
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
  oldMode?: number | undefined;
  newMode?: number | undefined;
  binary: boolean;
  hunks: DiffHunk[];
}

export type Status = 'applied' | 'partial' | 'rejected' | 'checked';

/** Where one hunk matched (what --verbose shows). */
export interface HunkPlacement {
  path: string;
  /** Index of the operation in the submitted patch (0-based). */
  op: number;
  /** 1-based hunk number within the operation, of `hunks`. */
  hunk: number;
  hunks: number;
  /** 1-based line of the file (as that operation saw it) where the hunk's old side starts. */
  line: number;
  /** The matching pass: exact, trim-end, trim, punctuation, punctuation-wide, or append. */
  pass: string;
}

/** Everything a run produced; every renderer works from this one value. */
export interface Outcome {
  status: Status;
  /** Whether the run was --check (nothing written by design). */
  dryRun: boolean;
  /** The run applied the patch backwards (-R): an `already_applied` failure there means the patch is not applied. */
  reversed?: true;
  /** The tool whose call this was; `write` and `delete` are the MCP server's whole-file tools. */
  tool: 'apply_patch' | 'edit' | 'write' | 'delete';
  changes: ChangeSummary[];
  diffs: FileDiff[];
  failed: FailedGroup[];
  /** Envelope-wide error (parse, overlap, changed after planning...). */
  error?: { code: ErrorCode; message: string; line?: number };
  notes: Note[];
  /** Edit tool only, when the edit applied (or would): what it did to the file. */
  edit?: EditStats;
  /**
   * Only when a commit failed and undoing it failed too (`rollback_failed`):
   * exactly what is on disk. Paths as the patch wrote them.
   */
  disk?: { newContent: string[]; restored: string[]; leftovers: string[] };
  /** Patches: where each located hunk matched, in patch order. */
  placements?: HunkPlacement[];
  /**
   * What the input asked to be answered with besides the report: a
   * text-editor `view` (numbered lines), or the `apply_patch_call_output`
   * items of OpenAI calls (JSON). The CLI prints it in place of its text report.
   */
  answer?: string;
}

/** The edit tool's success summary: replacements made and the file's size change. */
export interface EditStats {
  path: string;
  mode: 'single' | 'batch';
  /** Occurrences replaced (replace_all counts each one; skipped entries count none). */
  replacements: number;
  /** Batch entries skipped as requesting no change, with why. */
  skipped: { entry: number; reason: string }[];
  bytesBefore: number;
  bytesAfter: number;
}
