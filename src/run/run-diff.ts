// Running a unified diff: parse, reverse on request, pick the paths it means
// (the strip level and old/new choice look at which files exist: see
// input/unified-ops.ts), then the same snapshot, plan and commit as an
// envelope. Several diffs, --reject and the per-entry refusals: run-diffs.ts.

import { ChordPatchError } from '../errors.js';
import type { FileOp, Outcome } from '../types.js';
import type { RunOptions } from './pipeline.js';
import { readDiffs, runUnifiedTexts } from './run-diffs.js';

export async function runUnifiedText(text: string, options: RunOptions = {}): Promise<Outcome> {
  return runUnifiedTexts([{ text }], options);
}

/** A unified diff's file operations (throws ChordPatchError for a diff that cannot be read, or an entry that is refused). */
export async function unifiedOps(text: string, options: RunOptions): Promise<FileOp[]> {
  const read = await readDiffs([{ text }], options);
  const refused = read.refused[0];
  if (refused) {
    const code = refused.code === 'binary' ? 'binary_patch' : 'unsupported_diff';
    throw new ChordPatchError(code, `line ${refused.patchLine}: ${refused.message}`, refused.patchLine);
  }
  return read.ops;
}
