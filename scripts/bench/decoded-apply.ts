// The apply command's runner in the binary's decoded probe (`node
// scripts/binary.mjs --decoded-probe FILE`): the locked probe
// (locked-apply.ts) plus the two steps no byte-exact, line-based tool can
// skip before it matches anything, from chord-patch's own code: parsing the
// patch, and decoding each file into lines (the check that its bytes are
// text that round-trips, and where every line starts). What it pays over the
// locked probe is that reading; matching, planning, the journal and the
// report come after it. The bench names the files in
// CHORD_PATCH_FRONT_END_FILES, one per line.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { lockTimeoutOption } from '../../src/cli/run-options.js';
import { withCommitLock } from '../../src/commit/recover.js';
import { parsePatch } from '../../src/input/envelope.js';
import { decodeLines } from '../../src/text/decode.js';
import type { Fs } from '../../src/types.js';
// @ts-expect-error: plain CommonJS without types, shared with the durable floor.
import { durableWriteBack } from './durable-floor.cjs';

export async function runApply(_file: string | undefined, flags: { cwd?: string }, fs: Fs): Promise<number> {
  const patch = parsePatch(readFileSync(0, 'utf8'));
  const root = resolve(flags.cwd ?? '.');
  const files = (process.env.CHORD_PATCH_FRONT_END_FILES ?? '')
    .split('\n')
    .filter(Boolean)
    .map((f) => resolve(root, f));
  await withCommitLock(fs, root, lockTimeoutOption(), async (guard) => {
    await guard.lockFiles?.(files);
    let lines = 0;
    for (const f of files) {
      const d = decodeLines(readFileSync(f));
      if (!d.ok) throw new Error(`${f}: ${d.message}`);
      lines += d.table.length;
    }
    if (patch.ops.length === 0 || lines === 0) throw new Error('the decoded probe read no patch or no lines');
    await durableWriteBack(files);
    return { notes: guard.notes };
  });
  return 0;
}

export const runApplyDiffs = runApply;
