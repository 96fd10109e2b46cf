// Failures as data, shared by both tools (the patch planner and the edit
// tool's): how a failure is built from its fields and rendered into the one
// sentence the model reads, and the one policy that decides when a path cannot
// be touched at all (outside the working directory, missing, a directory, a
// link, unreadable). Renderers read the fields; nothing parses `message`.

import { shownPath } from '../text/paths.js';
import type { Entry, FailureCode, OpFailure } from '../types.js';

/** Where in the input a failure sits, beyond its operation and path. */
export interface FailureSite {
  /** 1-based hunk within the operation. */
  hunk?: number;
  /** 1-based line of the patch text. */
  patchLine?: number;
  /** 1-based file lines: the closest match, the candidates, or where the text already stands. */
  lines?: number[];
}

/**
 * Thrown inside a planner for the operation it is planning, caught once by the
 * loop over operations: `reason` is the cause without the path; `path` is the
 * path it is about when that is not the operation's own (a move's
 * destination), as the patch spelled it.
 */
export class OpError extends Error {
  constructor(
    readonly code: FailureCode,
    readonly reason: string,
    readonly site: FailureSite = {},
    readonly path?: string,
  ) {
    super(reason);
  }

  /** The same error, about `path`. */
  at(path: string): OpError {
    return new OpError(this.code, this.reason, this.site, path);
  }
}

/** The fields of a site that are set (exactOptionalPropertyTypes: no `undefined` values). */
function siteFields(site: FailureSite): FailureSite {
  return {
    ...(site.hunk !== undefined ? { hunk: site.hunk } : {}),
    // Line 0 is what an operation built from a tool call (no patch text) carries: it comes from no line.
    ...(site.patchLine !== undefined && site.patchLine > 0 ? { patchLine: site.patchLine } : {}),
    ...(site.lines !== undefined && site.lines.length > 0 ? { lines: site.lines } : {}),
  };
}

/** A failure about a path (a patch operation, or the edit tool's whole file): "PATH: reason". */
export function pathFailure(op: number, code: FailureCode, path: string, reason: string, site: FailureSite = {}): OpFailure {
  return { op, code, path, message: `${path}: ${reason}`, ...siteFields(site) };
}

/**
 * A failure of one edit entry: a batch names the entry ("edits[2]: reason");
 * a single edit's headline already names the file, so the reason stands alone.
 */
export function entryFailure(
  entry: number,
  batch: boolean,
  code: FailureCode,
  path: string,
  reason: string,
  lines?: readonly number[],
): OpFailure {
  return {
    op: entry,
    code,
    path,
    message: batch ? `edits[${entry}]: ${reason}` : reason,
    ...(lines !== undefined && lines.length > 0 ? { lines: [...lines] } : {}),
    entry,
  };
}

/**
 * Turn an OpError thrown while planning operation `op` (on `path`, unless the
 * error names another) into its failure; `patchLine`: the operation's line,
 * unless the error has a closer one (its hunk's).
 */
export function failureOf(op: number, path: string, e: OpError, patchLine?: number): OpFailure {
  return pathFailure(op, e.code, e.path ?? path, e.reason, { ...(patchLine !== undefined ? { patchLine } : {}), ...e.site });
}

/** A path spelled as a directory (text/paths.ts namesDirectory) names no file to change. */
export const spelledAsDirectory = (): OpError => new OpError('not_a_file', 'names a directory, not a file');

export const outsideRoot = (root: string): OpError =>
  new OpError('outside_root', `path is outside the working directory (${root}); pass --allow-outside to permit it`);

/**
 * Why a snapshot entry that is not a regular file cannot be edited (or, for
 * `blockedBy`, created). `missing` is the tool's own wording for a file that
 * does not exist (the patch says which verb failed, the edit tool points at
 * the tools that create files); everything else is worded once for both.
 */
export function notAFile(
  root: string,
  entry: Exclude<Entry, { kind: 'file' }>,
  missing: () => string,
  verb: 'update' | 'delete' | 'move' = 'update',
): OpError {
  switch (entry.kind) {
    case 'missing':
      if (entry.blockedBy === undefined) return new OpError('file_missing', missing());
      return new OpError('not_a_file', `cannot be created: ${shownPath(root, entry.blockedBy)} is not a directory`);
    case 'dir':
      return new OpError('not_a_file', 'is a directory, not a file');
    case 'symlink':
      // Deleting or moving the link itself touches nothing through it: say what chord-patch does with links instead.
      return verb === 'delete' || verb === 'move'
        ? new OpError('symlink', `is a symbolic link; chord-patch ${verb}s a link only as a git diff's link entry (mode 120000)`)
        : new OpError('symlink', 'is a symbolic link; chord-patch does not edit through links (edit the file it points to)');
    case 'unreadable':
      return new OpError('unreadable', entry.error);
    default:
      return new OpError('not_a_file', 'is not a regular file');
  }
}
