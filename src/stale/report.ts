// The failures and notes of a stale change merged or refused under --3way
// (docs/stale-context.md has their JSON shape).

import type { Note, OpFailure } from '../types.js';
import { type mapRange, preimageName, staleDetail } from './describe.js';
import type { Conflict } from './merge.js';
import type { BaseMatch } from './resolve.js';

const shown = (lines: readonly string[], sign: string) =>
  lines.length === 0 ? `    ${sign} (nothing)` : lines.map((l) => `    ${sign} ${l}`).join('\n');

/** merge_conflict: the regions both the file and the change rewrote, both sides' lines; nothing written. */
export function conflictFailure(
  f: OpFailure,
  match: BaseMatch,
  conflicts: readonly Conflict[],
  mapped: ReturnType<typeof mapRange>,
): OpFailure {
  const regions = conflicts.map((c) => {
    const where =
      c.ours.length === 0
        ? `at line ${c.oursStart + 1}`
        : c.ours.length === 1
          ? `line ${c.oursStart + 1}`
          : `lines ${c.oursStart + 1}-${c.oursStart + c.ours.length}`;
    return `${where}: the file now has\n${shown(c.ours, '|')}\n  the change would make it\n${shown(c.theirs, '|')}`;
  });
  const lines = conflicts.flatMap((c) => (c.ours.length === 0 ? [c.oursStart + 1] : c.ours.map((_, k) => c.oursStart + k + 1)));
  return {
    ...f,
    code: 'merge_conflict',
    message:
      `${f.path}: ${f.hunk !== undefined ? `hunk ${f.hunk}` : 'old_string'} matches ${preimageName(match.preimage, f.path)}, ` +
      `but the file changed the same lines since, so the three-way merge conflicts and nothing was written:\n${regions.join('\n')}\n` +
      'rebuild the change from the file as it is now (or pass --3way=markers to write conflict markers)',
    lines,
    stale: {
      ...staleDetail(match.preimage, match.range, mapped),
      conflicts: conflicts.map((c) => ({ line: c.oursStart + 1, ours: c.ours, theirs: c.theirs })),
    },
  };
}

/** Two pre-images fit and their merges differ: two readings, none chosen. */
export function ambiguousFailure(f: OpFailure, matches: readonly BaseMatch[]): OpFailure {
  const names = matches.map((m) => preimageName(m.preimage, f.path));
  return {
    ...f,
    code: 'stale_context',
    message:
      `${f.path}: ${f.hunk !== undefined ? `hunk ${f.hunk}` : 'old_string'} does not match the file now; ` +
      `it matches both ${names.join(' and ')}, ` +
      'and merging from each gives a different file, so nothing was written: rebuild it from the file as it is now',
  };
}

/** The note of a change merged three-way: which base it was written against. */
export function mergedNote(path: string, what: string, match: BaseMatch, conflicts: readonly Conflict[]): Note {
  const base = preimageName(match.preimage, path);
  const marked =
    conflicts.length === 0
      ? ''
      : `; ${conflicts.length} conflicting region${conflicts.length === 1 ? '' : 's'} ` +
        'written with conflict markers (<<<<<<< ======= >>>>>>>) at ' +
        conflicts.map((c) => `line ${c.oursStart + 1}`).join(', ');
  return {
    code: 'merged',
    message:
      `${path}: ${what} was written against ${base} (sha256 ${match.preimage.hash.slice(0, 12)}); ` +
      `merged three-way into the file as it is now${marked}`,
  };
}
