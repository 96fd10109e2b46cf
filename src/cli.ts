// The command-line front end: the only module that touches process, colour
// and exit codes. Every decision is made by the library it calls.

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { apply } from './index.js';
import { exitCodeFor, EXIT_USAGE } from './report/exit.js';
import { humanReport } from './report/human.js';
import { jsonReport } from './report/json.js';
import { modelMessage } from './report/message.js';
import type { Outcome } from './types.js';
import { VERSION } from './version.js';

interface ApplyFlags {
  check?: boolean;
  json?: boolean;
  model?: boolean;
  quiet?: boolean;
  cwd?: string;
  allowOutside?: boolean;
  encoding?: string;
  color?: boolean;
}

class UsageError extends Error {}

function readInput(file: string | undefined): string {
  if (file !== undefined && file !== '-') {
    try {
      return readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
    }
  }
  if (process.stdin.isTTY) throw new UsageError('no input: pass a FILE or pipe the patch on stdin');
  return readFileSync(0, 'utf8');
}

function useColor(flag: boolean | undefined): boolean {
  if (flag !== undefined) return flag;
  if ('NO_COLOR' in process.env && process.env.NO_COLOR !== '') return false;
  if (process.env.FORCE_COLOR && process.env.FORCE_COLOR !== '0') return true;
  return !!process.stdout.isTTY;
}

function emit(outcome: Outcome, flags: ApplyFlags): number {
  if (flags.json) {
    process.stdout.write(jsonReport(outcome));
  } else if (flags.model) {
    (outcome.status === 'applied' || outcome.status === 'checked' ? process.stdout : process.stderr).write(modelMessage(outcome));
  } else {
    const { out, err } = humanReport(outcome, { color: useColor(flags.color), quiet: !!flags.quiet });
    if (out) process.stdout.write(out);
    if (err) process.stderr.write(err);
  }
  return exitCodeFor(outcome);
}

async function runApply(file: string | undefined, flags: ApplyFlags): Promise<number> {
  const input = readInput(file);
  const outcome = await apply(input, {
    check: !!flags.check,
    ...(flags.cwd !== undefined ? { cwd: flags.cwd } : {}),
    allowOutside: !!flags.allowOutside,
    ...(flags.encoding !== undefined ? { encoding: flags.encoding } : {}),
  });
  return emit(outcome, flags);
}

function applyOptions(cmd: Command): Command {
  return cmd
    .option('--json', 'print one JSON document (status, changes, failures, notes, message, diff)')
    .option('--model', 'print the model-facing result text instead of the diff')
    .option('-q, --quiet', 'print only the summary, not the diff')
    .option('-C, --cwd <dir>', 'resolve relative paths against DIR (default: the current directory)')
    .option('--allow-outside', 'permit paths that resolve outside the working directory')
    .option('--encoding <name>', 'decode files that are not UTF-8 with this encoding (e.g. gb18030, shift_jis)')
    .addOption(new Option('--color', 'force coloured output'))
    .addOption(new Option('--no-color', 'disable coloured output (also NO_COLOR)'));
}

export function buildProgram(setCode: (code: number) => void): Command {
  const program = new Command('chord-patch')
    .description('Apply model-emitted code edits safely: Codex apply_patch envelopes and old_string/new_string replacements.')
    .version(VERSION, '-V, --version')
    .showHelpAfterError()
    .exitOverride();

  applyOptions(
    program
      .command('apply')
      .argument('[file]', 'patch or edit JSON to apply (default: stdin)')
      .description('apply a patch envelope, {"patch": ...} JSON, or an edit request')
      .option('--check', 'plan everything and write nothing'),
  ).action(async (file: string | undefined, flags: ApplyFlags) => setCode(await runApply(file, flags)));

  applyOptions(
    program
      .command('check')
      .argument('[file]', 'patch or edit JSON to check (default: stdin)')
      .description('report whether the input would apply cleanly; writes nothing (= apply --check)'),
  ).action(async (file: string | undefined, flags: ApplyFlags) => setCode(await runApply(file, { ...flags, check: true })));

  return program;
}

/** `apply_patch [PATCH]`: the Codex-compatible entry that models already call. */
async function applyPatchMain(args: string[]): Promise<number> {
  if (args.length > 1 || (args[0] !== undefined && /^--?(h|help)$/.test(args[0]))) {
    process.stderr.write('usage: apply_patch [PATCH]   (the patch is the single argument or stdin)\n');
    return args.length > 1 ? EXIT_USAGE : 0;
  }
  const input = args[0] ?? readInput(undefined);
  return emit(await apply(input, {}), { model: true });
}

export async function main(argv: string[] = process.argv): Promise<number> {
  const invokedAs = basename(process.argv0 ?? '');
  const script = basename(argv[1] ?? '');
  try {
    if (invokedAs === 'apply_patch' || script === 'apply_patch') return await applyPatchMain(argv.slice(2));
    let code = 0;
    const program = buildProgram((c) => (code = c));
    await program.parseAsync(argv);
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    if (e instanceof UsageError) {
      process.stderr.write(`chord-patch: ${e.message}\n`);
      return EXIT_USAGE;
    }
    throw e;
  }
}
