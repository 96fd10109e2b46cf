// `apply FILE`, `edit FILE` and `check` with one file: read the input, run
// the library, print the outcome.

import { apply } from '../index.js';
import { decodeInputBytes } from '../input/bytes.js';
import { duplicateKey, duplicateKeyMessage } from '../input/json.js';
import { ChordPatchError } from '../errors.js';
import { errorOutcome } from '../run/pipeline.js';
import { runPatchCalls } from '../run/run-calls.js';
import { runUnifiedTexts } from '../run/run-diffs.js';
import { CR_BREAKS_NOTE, crLineBreaks, patchFormat } from '../input/detect.js';
import type { Fs } from '../types.js';
import { emit, reported } from './emit.js';
import { InputTooLarge, inputLimit, tooLarge } from './bounded-read.js';
import { readInput, requireDirectory, UsageError } from './input.js';
import type { ApplyFlags } from './options.js';
import { formatOf } from './report.js';
import { applyOptions, configFor } from './run-options.js';

/** `run` is apply (auto-detect) for apply/check, edit (edit JSON only) for the edit command. */
export async function runApply(file: string | undefined, flags: ApplyFlags, fs: Fs, run: typeof apply = apply): Promise<number> {
  // A bad --format is a usage error before anything is read; openai also says how to read the input.
  if (formatOf(flags) === 'openai' && run === apply) run = applyPatchCallsOnly;
  requireDirectory(flags.cwd);
  const config = await configFor(flags.config, flags.cwd);
  const input = readInput(file, flags.cwd);
  return reported(async () => emit(await run(input, { fs, ...applyOptions(flags, config) }), flags, file));
}

/** `apply A.diff B.diff ...`: unified diffs, applied in order as one transaction (nothing written unless all apply, or --reject). */
export async function runApplyDiffs(files: readonly string[], flags: ApplyFlags, fs: Fs): Promise<number> {
  requireDirectory(flags.cwd);
  const config = await configFor(flags.config, flags.cwd);
  // One budget for all of them: a hundred files each under the cap would together hold a hundred times it.
  const limit = inputLimit();
  let budget = limit;
  const diffs = files.map((name) => {
    let bytes: Buffer;
    try {
      bytes = readInput(name, undefined, budget);
    } catch (e) {
      if (!(e instanceof InputTooLarge) || budget === limit) throw e;
      throw tooLarge(`${name} with the patch files before it`, limit);
    }
    budget -= bytes.length;
    const sent = decodeInputBytes(bytes);
    // CR-only line breaks are read as LF, as for one patch (input/detect.ts crLineBreaks), and the outcome says so.
    const lf = crLineBreaks(sent);
    const text = lf ?? sent;
    if (patchFormat(text) !== 'unified' && !flags.allowEmpty) {
      // GNU patch's `patch FILE PATCHFILE` names the file to patch first; here the diff names it.
      const gnu =
        files.length === 2 && name === files[0] ? `; to apply ${files[1]} (the diff names its files): chord-patch apply ${files[1]}` : '';
      throw new UsageError(`${name} is not a unified diff: several patch files must all be unified diffs (git diff, diff -u)${gnu}`);
    }
    return { text, name, crBreaks: lf !== undefined };
  });
  const notes = diffs.filter((d) => d.crBreaks).map((d) => ({ code: 'repair' as const, message: `${d.name}: ${CR_BREAKS_NOTE}` }));
  return reported(async () => {
    const o = await runUnifiedTexts(diffs, { fs, ...applyOptions(flags, config) });
    return emit(notes.length > 0 ? { ...o, notes: [...notes, ...o.notes] } : o, flags);
  });
}

/** --format openai: the input is OpenAI apply_patch_call items (one, a list, or a response), whatever else it might read as. */
const applyPatchCallsOnly: typeof apply = async (input, options = {}) => {
  let value: unknown;
  try {
    const text = typeof input === 'string' ? input : decodeInputBytes(input);
    value = JSON.parse(text);
    const dup = duplicateKey(text);
    if (dup) return errorOutcome(new ChordPatchError('bad_input', duplicateKeyMessage(dup), dup.line), 'apply_patch', !!options.check);
  } catch (e) {
    const message = `--format openai reads apply_patch_call items as JSON: ${(e as Error).message}`;
    return errorOutcome(new ChordPatchError('bad_input', message), 'apply_patch', !!options.check);
  }
  return runPatchCalls(value, options);
};
