// The apply command's runner in the binary's locked probe (`node
// scripts/binary.mjs --locked-probe FILE`): the front-end probe
// (front-end-apply.cjs) plus the locks every writing run takes before it
// plans anything, from chord-patch's own code: the root's commit lock (with
// its recovery scan of interrupted commits) and the files' own locks against
// runs from other roots. What it pays over the front-end probe is what the
// promises of a commit (a crash is recoverable, no run overwrites another's
// write) cost before any parsing, matching or journal. The bench names the
// files in CHORD_PATCH_FRONT_END_FILES, one per line.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { lockTimeoutOption } from '../../src/cli/run-options.js';
import { withCommitLock } from '../../src/commit/recover.js';
import type { Fs } from '../../src/types.js';
// @ts-expect-error: plain CommonJS without types, shared with the durable floor.
import { durableWriteBack } from './durable-floor.cjs';

/**
 * The workload's files written back under the locks a writing run takes;
 * `read` runs once they are held, before the write, and may hand over the
 * bytes it read (by path) so that no file is read twice.
 */
export async function lockedWriteBack(
  flags: { cwd?: string },
  fs: Fs,
  read: (files: string[]) => Map<string, Uint8Array> | undefined = () => undefined,
): Promise<void> {
  const root = resolve(flags.cwd ?? '.');
  const files = (process.env.CHORD_PATCH_FRONT_END_FILES ?? '')
    .split('\n')
    .filter(Boolean)
    .map((f) => resolve(root, f));
  await withCommitLock(fs, root, lockTimeoutOption(), async (guard) => {
    await guard.lockFiles?.(files);
    await durableWriteBack(files, read(files));
    return { notes: guard.notes };
  });
}

export async function runApply(_file: string | undefined, flags: { cwd?: string }, fs: Fs): Promise<number> {
  readFileSync(0);
  await lockedWriteBack(flags, fs);
  return 0;
}

export const runApplyDiffs = runApply;
