// `check` over several patch files (or globs the shell expanded): each is
// checked against the same tree (check writes nothing), one summary line each
// and a total; the exit code is the worst of them (report.ts worstExit).

import { apply } from '../index.js';
import { colorsAt } from '../report/colors.js';
import { writeFd } from './write.js';
import type { Fs } from '../types.js';
import { runApply } from './apply.js';
import { isWriteError } from '../report/lost.js';
import { checkResult, useColor } from './emit.js';
import { reportLost } from './write.js';
import { readInput, requireDirectory, UsageError } from './input.js';
import type { ApplyFlags } from './options.js';
import { type CheckResult, formatOf, printCheckText, printFormatted } from './report.js';
import { applyOptions, configFor } from './run-options.js';

export async function runCheck(files: readonly string[], flags: ApplyFlags, fs: Fs): Promise<number> {
  const format = formatOf(flags);
  // JSON has one shape for any number of files (check-json.ts); one file in another format reads as `apply --check`.
  if (files.length <= 1 && format !== 'json') return runApply(files[0], { ...flags, check: true }, fs);
  requireDirectory(flags.cwd);
  const config = await configFor(flags.config, flags.cwd);
  const options = { fs, ...applyOptions({ ...flags, check: true }, config, true) };
  const results: CheckResult[] = [];
  for (const file of files.length > 0 ? files : [undefined]) {
    let input: Buffer;
    try {
      input = readInput(file, flags.cwd);
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      results.push(checkResult(file, flags, { unreadable: e.message }));
      continue;
    }
    results.push(checkResult(file, flags, { outcome: await apply(input, options) }));
  }
  const printed =
    format === 'text'
      ? printCheckText(results, { quiet: !!flags.quiet, style: (await colorsAt(0, await useColor(flags.color, 2))).style })
      : printFormatted(format, results, true);
  try {
    writeFd(1, printed.out);
    if (printed.err) writeFd(2, printed.err);
  } catch (e) {
    // check writes no file: the last line says so.
    if (!isWriteError(e)) throw e;
    return reportLost(undefined, e);
  }
  return printed.code;
}
