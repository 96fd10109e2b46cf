// A parsed diff's files, entry by entry, as git apply takes them: the ones
// --include / --exclude leave out are dropped, the ones chord-patch does not
// write (binary content without data or full blob ids, renamed links,
// submodules) are refused one by one with their reason (the others are still
// planned, and written with --reject), and the rest become file operations.

import { ChordPatchError, isChordPatchError } from '../errors.js';
import type { FileOp } from '../types.js';
import type { UnifiedFile } from './unified.js';
import { type PathRule, usePath } from './unified-filter.js';
import { refuseUnsupported, textFileOp, usedName } from './unified-ops.js';

/** A file of the diff that is not applied, and why (the report lists it as that file's failure). */
export interface RefusedEntry {
  path: string;
  code: 'binary' | 'symlink' | 'not_a_file';
  message: string;
  patchLine: number;
}

export interface DiffEntries {
  ops: FileOp[];
  /** The diff file each operation came from (for --reject's .rej files). */
  sources: UnifiedFile[];
  refused: RefusedEntry[];
  /** Paths --include / --exclude left out. */
  excluded: string[];
}

/** The entries of one diff read at strip level `level`; `exists` chooses between two different names. */
export function diffEntries(
  files: readonly UnifiedFile[],
  level: number,
  exists: (p: string) => boolean,
  rules: readonly PathRule[] = [],
  unidiffZero = false,
): DiffEntries {
  const out: DiffEntries = { ops: [], sources: [], refused: [], excluded: [] };
  for (const f of files) {
    const name = usedName(f, level);
    if (rules.length > 0 && !usePath(name, rules)) {
      out.excluded.push(name);
      continue;
    }
    try {
      refuseUnsupported(f);
    } catch (e) {
      if (!isChordPatchError(e)) throw e;
      const code = e.code === 'binary_patch' ? 'binary' : /symbolic link/.test(e.message) ? 'symlink' : 'not_a_file';
      out.refused.push({ path: name, code, message: e.message.replace(/^line \d+: /, ''), patchLine: f.patchLine });
      continue;
    }
    const op = textFileOp(f, level, exists, unidiffZero);
    if (op) {
      out.ops.push(op);
      out.sources.push(f);
    }
  }
  return refuseBeyondLinks(out);
}

const segments = (p: string) => p.split('/').filter((s) => s !== '' && s !== '.');

/**
 * An entry whose path goes through a link the diff names (git: "affected file
 * is beyond a symbolic link") is refused: writing it would follow the link.
 */
function refuseBeyondLinks(out: DiffEntries): DiffEntries {
  const links = out.ops.filter((op) => op.symlink).map((op) => segments(op.path).join('/'));
  if (links.length === 0) return out;
  const kept: DiffEntries = { ...out, ops: [], sources: [] };
  out.ops.forEach((op, i) => {
    const path = segments(op.kind === 'update' && op.moveTo !== undefined ? op.moveTo : op.path).join('/');
    const src = segments(op.path).join('/');
    const link = links.find((l) => path.startsWith(`${l}/`) || src.startsWith(`${l}/`));
    if (link === undefined) {
      kept.ops.push(op);
      kept.sources.push(out.sources[i]!);
      return;
    }
    const message = `is beyond a symbolic link (${link}, named by the same diff): chord-patch never writes through a link`;
    kept.refused.push({ path: op.path, code: 'symlink', message, patchLine: op.patchLine });
  });
  return kept;
}

/**
 * Several diffs in one run act one after another on what the earlier ones
 * left, but a rename or copy reads its source from the snapshot: one whose
 * source an earlier diff changed would lose that change, so it is refused.
 */
export function refuseStaleRenames(earlier: readonly FileOp[], later: readonly FileOp[], name: string): void {
  const touched = new Set<string>();
  for (const op of earlier) {
    touched.add(op.path);
    if (op.kind === 'update' && op.moveTo !== undefined) touched.add(op.moveTo);
  }
  for (const op of later) {
    if (op.kind === 'update' && op.moveTo !== undefined && touched.has(op.path)) {
      throw new ChordPatchError(
        'parse_error',
        `${name}: renames or copies ${op.path}, which an earlier diff of this run changes; ` +
          'apply the diffs one at a time (nothing was written)',
        op.patchLine,
      );
    }
  }
}
