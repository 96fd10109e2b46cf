// Writing one outcome: --format json/github/junit through report.ts, else
// the model-facing text (--model) or the coloured diff and summary. Returns
// the exit code.

import { relative, resolve } from 'node:path';
import { type ColorLevel, colorsAt } from '../report/colors.js';
import { isTerminal } from './terminal.js';
import { queuedWrites, reportLost, writeFd } from './write.js';
import { holdSignalsUntilReported } from '../commit/signals.js';
import { exitCodeFor } from '../report/exit.js';
import { isWriteError } from '../report/lost.js';
import { humanReport } from '../report/human.js';
import { modelMessage } from '../report/message.js';
import type { Outcome } from '../types.js';
import { colorLevel, type ColorFlag } from './choices.js';
import type { ApplyFlags } from './options.js';
import { type CheckResult, formatOf, printFormatted } from './report.js';

/**
 * The colour level for stdout (1) or stderr (2): --color, the environment,
 * else chalk's level for that stream when it is a terminal.
 */
export async function useColor(flag: ColorFlag, fd: 1 | 2 = 1): Promise<ColorLevel> {
  // chalk (node:tty with it) is loaded only when the terminal's level is what decides.
  let asked = false;
  const settled = colorLevel(flag, process.env, () => {
    asked = true;
    return 0;
  });
  if (!asked || !isTerminal(fd)) return settled;
  const chalk = await import('chalk');
  const terminal = ((fd === 1 ? chalk.supportsColor : chalk.supportsColorStderr) || { level: 1 }).level;
  return colorLevel(flag, process.env, () => terminal);
}

/** A patch file's result as the --format renderers take it; paths shown relative to where chord-patch runs (-C DIR joined). */
export function checkResult(
  file: string | undefined,
  flags: ApplyFlags,
  result: { outcome: Outcome } | { unreadable: string },
): CheckResult {
  const dir = resolve(flags.cwd ?? '.');
  return {
    name: file === undefined || file === '-' ? '<stdin>' : file,
    ...(file !== undefined && file !== '-' ? { file } : {}),
    display: (p: string) => relative(process.cwd(), resolve(dir, p)) || p,
    ...result,
  };
}

/**
 * Print the outcome; the exit code. A report that cannot be written (a full
 * disk, a closed descriptor) is not an internal error: the files may have
 * changed, so the code is EXIT_REPORT_FAILED and a last line on stderr says
 * what changed.
 */
export async function emit(outcome: Outcome, flags: ApplyFlags, file?: string): Promise<number> {
  try {
    return await print(outcome, flags, file);
  } catch (e) {
    if (!isWriteError(e)) throw e;
    return reportLost(outcome, e);
  }
}

/**
 * Run a command that may commit and then prints its report: a signal that
 * arrives once the commit has begun takes effect only after the report is
 * out (commit/signals.ts), so it is never cut short. Only around one run,
 * not a whole process (the MCP server lives on between calls).
 */
export async function reported(body: () => Promise<number>): Promise<number> {
  const signals = holdSignalsUntilReported();
  try {
    return await body();
  } finally {
    await signals.end(queuedWrites());
  }
}

async function print(outcome: Outcome, flags: ApplyFlags, file?: string): Promise<number> {
  const format = formatOf(flags);
  if (format !== 'text') {
    const printed = printFormatted(format, [checkResult(file, flags, { outcome })], false);
    writeFd(1, printed.out);
    if (printed.err) writeFd(2, printed.err);
    return printed.code;
  }
  if (outcome.answer !== undefined) {
    // A view or the OpenAI call outputs: the answer is what was asked for; a failure's report goes to stderr.
    writeFd(1, outcome.answer);
    if (outcome.status !== 'applied' && outcome.status !== 'checked') writeFd(2, modelMessage(outcome));
  } else if (flags.model) {
    writeFd(outcome.status === 'applied' || outcome.status === 'checked' ? 1 : 2, modelMessage(outcome));
  } else {
    const { out, err } = humanReport(outcome, {
      colors: await colorsAt(await useColor(flags.color), await useColor(flags.color, 2)),
      quiet: !!flags.quiet,
      stat: !!flags.stat,
      numstat: !!flags.numstat,
      summary: !!flags.summary,
      // A listing alone, as git prints it: no summary line unless the patch was applied too.
      listingOnly: (!!flags.stat || !!flags.numstat || !!flags.summary) && !flags.apply && !flags.check && !flags.dryRun,
      verbose: !!flags.verbose,
    });
    if (out) writeFd(1, out);
    if (err) writeFd(2, err);
  }
  return exitCodeFor(outcome);
}
