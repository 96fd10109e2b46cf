// `apply_patch [PATCH | -]`: the Codex-compatible entry that models already call
// (the binary or a link invoked under that name). The patch is the single
// argument, taken as the bytes sent (raw-argv.ts), or stdin (no argument, or
// `-` as every Unix filter spells it: no patch is the text `-`); the result is
// the model-facing text.

import { errorOutcome } from '../run/pipeline.js';
import { apply } from '../index.js';
import { EXIT_USAGE } from '../report/exit.js';
import type { Fs } from '../types.js';
import { emit, reported } from './emit.js';
import { readInput } from './input.js';
import { rawArgument } from './raw-argv.js';
import { configFor, lockTimeoutOption, permissionOptions, sessionOption } from './run-options.js';

export async function applyPatchMain(args: string[], fs: Fs): Promise<number> {
  if (args.length > 1 || (args[0] !== undefined && /^--?(h|help)$/.test(args[0]))) {
    process.stderr.write('usage: apply_patch [PATCH | -]   (the patch is the single argument, or stdin)\n');
    return args.length > 1 ? EXIT_USAGE : 0;
  }
  // Permission rules in the working directory's .chord-patch.yaml bind this
  // entry too: it is the one models call directly.
  const config = await configFor(undefined, undefined);
  let input: string | Uint8Array;
  try {
    input = args[0] === undefined || args[0] === '-' ? readInput(undefined) : rawArgument(args[0]);
  } catch (e) {
    return emit(errorOutcome(e, 'apply_patch', false), { model: true });
  }
  // The model-facing text names the changes, never shows their diff: none is built.
  const options = { fs, diffs: false, ...permissionOptions(config, undefined), ...sessionOption(undefined), ...lockTimeoutOption() };
  return reported(async () => emit(await apply(input, options), { model: true }));
}
