// `apply FILE`, `edit FILE` and `check` with one file: read the input, run
// the library, print the outcome.

import { apply } from '../index.js';
import type { Fs } from '../types.js';
import { emit, reported } from './emit.js';
import { readInput, requireDirectory } from './input.js';
import type { ApplyFlags } from './options.js';
import { formatOf } from './report.js';
import { applyOptions, configFor } from './run-options.js';

/** `run` is apply (auto-detect) for apply/check, edit (edit JSON only) for the edit command. */
export async function runApply(file: string | undefined, flags: ApplyFlags, fs: Fs, run: typeof apply = apply): Promise<number> {
  formatOf(flags); // a bad --format is a usage error before anything is read
  requireDirectory(flags.cwd);
  const config = await configFor(flags.config, flags.cwd);
  const input = readInput(file);
  return reported(async () => emit(await run(input, { fs, ...applyOptions(flags, config) }), flags, file));
}
