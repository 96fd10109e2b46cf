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
import { parsePatch } from '../../src/input/envelope.js';
import { decodeLines } from '../../src/text/decode.js';
import type { Fs } from '../../src/types.js';
import { lockedWriteBack } from './locked-apply.js';

export async function runApply(_file: string | undefined, flags: { cwd?: string }, fs: Fs): Promise<number> {
  const patch = parsePatch(readFileSync(0, 'utf8'));
  await lockedWriteBack(flags, fs, (files) => {
    const read = new Map<string, Uint8Array>();
    let lines = 0;
    for (const f of files) {
      const bytes = readFileSync(f);
      const d = decodeLines(bytes);
      if (!d.ok) throw new Error(`${f}: ${d.message}`);
      lines += d.table.length;
      read.set(f, bytes);
    }
    if (patch.ops.length === 0 || lines === 0) throw new Error('the decoded probe read no patch or no lines');
    return read;
  });
  return 0;
}

export const runApplyDiffs = runApply;
