// The command-line front end (commander): reads the arguments and the input,
// calls the library, prints through cli-report.ts and report/, and exits.
// Every decision is made by the library it calls; the start-up shortcuts it
// uses are in src/startup/, each with the figure that keeps it.

import { readFileSync, statSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { APPLY_COMMANDS, type ApplyFlags, type OptionSpec } from './cli-options.js';
import { colorArgs, colorChoice, type ColorFlag, oneLineError, OptionError, stripOption } from './cli-choices.js';
import { type CheckResult, formatOf, printCheckText, printFormatted } from './cli-report.js';
import { fastCommand } from './startup/fast-args.js';
import { stderrIsTerminal, stdinIsTerminal, stdoutIsTerminal, writeFd } from './startup/no-stdio-streams.js';
import { CLI_SYNC_FS_CALLS } from './startup/sync-fs-calls.js';
import { type Config, ConfigError, loadConfig } from './config/config.js';
import { apply, edit, recover } from './index.js';
import { rawArgument } from './cli-raw-argv.js';
import { errorOutcome } from './core/pipeline.js';
import { decodeInputBytes } from './input/bytes.js';
import { isChordPatchError } from './errors.js';
import { formatValidation, validateInput } from './input/validate.js';
import { NodeFs } from './core/node-fs.js';
import { APPLY_PATCH_GRAMMAR } from './models/grammar.js';
import { authorizeEdit as editPermission, patchAuthorizer } from './config/permissions.js';
import { ENDPOINTS, type Endpoint, selectTools } from './models/tools.js';
import { exitCodeFor, EXIT_USAGE } from './report/exit.js';
import { humanReport } from './report/human.js';
import { modelMessage } from './report/message.js';
import { COLOR_STYLE, PLAIN_STYLE } from './report/terminal.js';
import type { Fs, Outcome } from './types.js';
import { VERSION } from './version.js';

class UsageError extends Error {}

/** The input's bytes: the library decodes them, refusing any that are not valid text (never U+FFFD). */
function readInput(file: string | undefined): Buffer {
  if (file !== undefined && file !== '-') {
    try {
      return readFileSync(file);
    } catch (e) {
      throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
    }
  }
  if (stdinIsTerminal()) throw new UsageError('no input: pass a FILE or pipe the patch on stdin');
  return readFileSync(0);
}

/** Colour for stdout (1) or stderr (2): --color, the environment, else whether that stream is a terminal. */
function useColor(flag: ColorFlag, fd: 1 | 2 = 1): boolean {
  return colorChoice(flag, process.env, fd === 1 ? stdoutIsTerminal : stderrIsTerminal);
}

/** A patch file's result as the --format renderers take it; paths shown relative to where chord-patch runs (-C DIR joined). */
function checkResult(file: string | undefined, flags: ApplyFlags, result: { outcome: Outcome } | { unreadable: string }): CheckResult {
  const dir = resolve(flags.cwd ?? '.');
  return {
    name: file === undefined || file === '-' ? '<stdin>' : file,
    ...(file !== undefined && file !== '-' ? { file } : {}),
    display: (p: string) => relative(process.cwd(), resolve(dir, p)) || p,
    ...result,
  };
}

function emit(outcome: Outcome, flags: ApplyFlags, file?: string): number {
  const format = formatOf(flags);
  if (format !== 'text') {
    const printed = printFormatted(format, [checkResult(file, flags, { outcome })], false);
    writeFd(1, printed.out);
    if (printed.err) writeFd(2, printed.err);
    return printed.code;
  }
  if (flags.model) {
    writeFd(outcome.status === 'applied' || outcome.status === 'checked' ? 1 : 2, modelMessage(outcome));
  } else {
    const { out, err } = humanReport(outcome, {
      color: useColor(flags.color),
      errColor: useColor(flags.color, 2),
      quiet: !!flags.quiet,
      stat: !!flags.stat,
      verbose: !!flags.verbose,
    });
    if (out) writeFd(1, out);
    if (err) writeFd(2, err);
  }
  return exitCodeFor(outcome);
}

/** --config FILE, else .chord-patch.yaml in `dir` when present; a bad config is a usage error. */
async function configFor(file: string | undefined, dir: string | undefined): Promise<Config | undefined> {
  try {
    return await loadConfig({ ...(file !== undefined ? { file } : {}), ...(dir !== undefined ? { cwd: dir } : {}) });
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(e.message);
    throw e;
  }
}

/** --session ID, else $CHORD_PATCH_SESSION; none: no per-session state is kept. */
function sessionOption(flag: string | undefined): { session?: string } {
  const id = flag ?? process.env.CHORD_PATCH_SESSION;
  return id ? { session: id } : {};
}

/** Permission rules become the planner's authorize hook; no rules, no hook (everything allowed). */
function permissionOptions(config: Config | undefined, dir: string | undefined) {
  if (!config?.permission) return {};
  const root = resolve(dir ?? '.');
  // Edit requests are judged by the `edit` rules (inheriting apply_patch's), patches by apply_patch's.
  return {
    authorize: patchAuthorizer(config.permission, root),
    authorizeEdit: (path: string) => editPermission(config, path, { cwd: root }),
  };
}

/** -C DIR must name an existing directory: nothing is created to hold a patch's files. */
function requireDirectory(dir: string | undefined): void {
  if (dir === undefined) return;
  let isDir: boolean;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw new UsageError(`-C ${dir}: no such directory; nothing was read or written`);
  }
  if (!isDir) throw new UsageError(`-C ${dir}: not a directory; nothing was read or written`);
}

/** `run` is apply (auto-detect) for apply/check, edit (edit JSON only) for the edit command. */
async function runApply(file: string | undefined, flags: ApplyFlags, fs: Fs, run: typeof apply = apply): Promise<number> {
  formatOf(flags); // a bad --format is a usage error before anything is read
  requireDirectory(flags.cwd);
  const config = await configFor(flags.config, flags.cwd);
  const input = readInput(file);
  const outcome = await run(input, { fs, ...applyOptions(flags, config) });
  return emit(outcome, flags, file);
}

/**
 * `check` over several patch files (or globs the shell expanded): each is
 * checked against the same tree (check writes nothing), one summary line each
 * and a total; the exit code is the worst of them (cli-report.ts worstExit).
 */
async function runCheck(files: readonly string[], flags: ApplyFlags, fs: Fs): Promise<number> {
  if (files.length <= 1) return runApply(files[0], { ...flags, check: true }, fs);
  const format = formatOf(flags);
  requireDirectory(flags.cwd);
  const config = await configFor(flags.config, flags.cwd);
  const options = { fs, ...applyOptions({ ...flags, check: true }, config) };
  const results: CheckResult[] = [];
  for (const file of files) {
    let input: Buffer;
    try {
      input = readInput(file);
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      results.push(checkResult(file, flags, { unreadable: e.message }));
      continue;
    }
    results.push(checkResult(file, flags, { outcome: await apply(input, options) }));
  }
  const printed =
    format === 'text'
      ? printCheckText(results, { quiet: !!flags.quiet, style: useColor(flags.color, 2) ? COLOR_STYLE : PLAIN_STYLE })
      : printFormatted(format, results, true);
  writeFd(1, printed.out);
  if (printed.err) writeFd(2, printed.err);
  return printed.code;
}

/** The library options an apply-like command line asks for. */
function applyOptions(flags: ApplyFlags, config: Config | undefined) {
  return {
    check: !!flags.check || !!flags.dryRun,
    ...(flags.cwd !== undefined ? { cwd: flags.cwd } : {}),
    allowOutside: !!flags.allowOutside,
    ...(flags.encoding !== undefined ? { encoding: flags.encoding } : {}),
    ...permissionOptions(config, flags.cwd),
    ...sessionOption(flags.session),
    ...(flags.reverse ? { reverse: true } : {}),
    ...(flags.allOrNothing ? { allOrNothing: true } : {}),
    ...(flags.extract ? { extract: true } : {}),
    ...stripOption(flags.strip),
  };
}

interface ToolsFlags {
  model: string;
  endpoint?: Endpoint;
  provider?: string;
  config?: string;
}

async function runTools(flags: ToolsFlags): Promise<number> {
  const config = await configFor(flags.config, undefined);
  const selection = selectTools({
    model: flags.model,
    ...(flags.provider !== undefined ? { provider: flags.provider } : {}),
    ...(flags.endpoint !== undefined ? { endpoint: flags.endpoint } : {}),
    ...(config ? { config } : {}),
  });
  process.stdout.write(`${JSON.stringify(selection, null, 2)}\n`);
  return 0;
}

async function runValidate(files: string[], flags: { json?: boolean }): Promise<number> {
  const inputs = files.length > 0 ? files : ['-'];
  type Checked =
    | { name: string; result: ReturnType<typeof validateInput> }
    | { name: string; error: { code: string; message: string; line?: number } };
  const results = inputs.map((f): Checked => {
    const name = f === '-' ? '<stdin>' : f;
    try {
      return { name, result: validateInput(decodeInputBytes(readInput(f))) };
    } catch (e) {
      // Bytes that are not valid text conform to no grammar; say where they are.
      if (!isChordPatchError(e)) throw e;
      return { name, error: { code: e.code, message: e.message, ...(e.line !== undefined ? { line: e.line } : {}) } };
    }
  });
  if (flags.json) {
    const docs = results.map((r) => ('error' in r ? { file: r.name, conforms: false, error: r.error } : { file: r.name, ...r.result }));
    process.stdout.write(`${JSON.stringify(docs.length === 1 ? docs[0] : docs, null, 2)}\n`);
  } else {
    for (const r of results) process.stdout.write('error' in r ? `${r.name}: ${r.error.message}\n` : formatValidation(r.result, r.name));
  }
  return results.every((r) => 'result' in r && r.result.conforms) ? 0 : 1;
}

function addOptions(cmd: Command, specs: readonly OptionSpec[], Option: typeof import('commander').Option): Command {
  for (const [flags, description] of specs) cmd.addOption(new Option(flags, description));
  return cmd;
}

/** The whole command line, through commander (loaded here, on first use: see startup/fast-args.ts). */
export async function buildProgram(setCode: (code: number) => void, fs: Fs = new NodeFs()): Promise<Command> {
  const { Command, Option } = await import('commander');
  const program = new Command('chord-patch')
    .description('Apply model-emitted code edits safely: Codex apply_patch envelopes and old_string/new_string replacements.')
    .version(VERSION, '-V, --version')
    // A mistyped option gets one line with the closest option, not the whole help.
    .configureOutput({ writeOut: (t) => writeFd(1, t), writeErr: (t) => writeFd(2, t), outputError: (t, write) => write(oneLineError(t)) })
    .exitOverride();

  addOptions(
    program
      .command('apply')
      .argument('[file]', 'patch or edit JSON to apply (default: stdin)')
      .description('apply a patch envelope, {"patch": ...} JSON, or an edit request'),
    APPLY_COMMANDS.apply,
    Option,
  ).action(async (file: string | undefined, flags: ApplyFlags) => setCode(await runApply(file, flags, fs)));

  addOptions(
    program
      .command('check')
      .argument('[files...]', 'patches or edit JSON to check, each against the same tree (default: stdin)')
      .description(
        'report whether the input would apply cleanly; writes nothing (= apply --check); several files: a line each and a total',
      ),
    APPLY_COMMANDS.check,
    Option,
  ).action(async (files: string[], flags: ApplyFlags) => setCode(await runCheck(files, flags, fs)));

  addOptions(
    program
      .command('edit')
      .argument('[file]', 'edit JSON to apply (default: stdin)')
      .description(
        'replace text in one existing file: {"path", "old_string", "new_string", "replace_all"?} or {"path", "edits": [{"old_string", "new_string", "replace_all"?}, ...]}',
      ),
    APPLY_COMMANDS.edit,
    Option,
  ).action(async (file: string | undefined, flags: ApplyFlags) => setCode(await runApply(file, flags, fs, edit)));

  program
    .command('tools')
    .description('print, as JSON, the edit tools to send to a model: surface, wire shape and exact definitions')
    .requiredOption('--model <name>', 'model name; a provider/ prefix and an @variant suffix are allowed')
    .addOption(
      new Option('--endpoint <kind>', "API the tools are sent to (default: the provider's type, else responses)").choices([...ENDPOINTS]),
    )
    .option('--provider <name>', "provider whose compat overrides apply (default: the model name's provider/ prefix)")
    .option('--config <file>', 'YAML config with compat overrides and permission rules (default: .chord-patch.yaml, if present)')
    .action(async (flags: ToolsFlags) => setCode(await runTools(flags)));

  program
    .command('recover')
    .description('roll back chord-patch commits in DIR that were interrupted halfway (killed, crashed) and remove their temporary files')
    .option('-C, --cwd <dir>', 'the directory to recover (default: the current directory)')
    .action(async (flags: { cwd?: string }) => {
      const r = await recover({ fs, ...(flags.cwd !== undefined ? { cwd: flags.cwd } : {}) });
      writeFd(r.ok ? 1 : 2, `chord-patch: ${r.message}\n`);
      setCode(r.ok ? 0 : 1);
    });

  program
    .command('grammar')
    .description('print the Lark grammar sent with the freeform apply_patch tool, byte for byte')
    .action(() => {
      process.stdout.write(APPLY_PATCH_GRAMMAR);
      setCode(0);
    });

  program
    .command('validate')
    .argument('[files...]', 'patch texts, or {"patch": ...} / {"input": ...} JSON (default: stdin)')
    .description('check patch text against the apply_patch grammar exactly; exit 0 when every input conforms, 1 otherwise')
    .option('--json', 'print the result as JSON (an array for several files)')
    .action(async (files: string[], flags: { json?: boolean }) => setCode(await runValidate(files, flags)));

  return program;
}

/** `apply_patch [PATCH]`: the Codex-compatible entry that models already call. */
async function applyPatchMain(args: string[], fs: Fs): Promise<number> {
  if (args.length > 1 || (args[0] !== undefined && /^--?(h|help)$/.test(args[0]))) {
    process.stderr.write('usage: apply_patch [PATCH]   (the patch is the single argument or stdin)\n');
    return args.length > 1 ? EXIT_USAGE : 0;
  }
  // Permission rules in the working directory's .chord-patch.yaml bind this
  // entry too: it is the one models call directly.
  const config = await configFor(undefined, undefined);
  let input: string | Uint8Array;
  try {
    input = args[0] === undefined ? readInput(undefined) : rawArgument(args[0], 0, 1);
  } catch (e) {
    return emit(errorOutcome(e, 'apply_patch', false), { model: true });
  }
  return emit(await apply(input, { fs, ...permissionOptions(config, undefined), ...sessionOption(undefined) }), { model: true });
}

export async function main(argv: string[] = process.argv): Promise<number> {
  // One file system for the whole run, its synchronous-call budget included.
  // Past the budget only fsync goes to the thread pool: on the 1,000-file
  // envelope (binary, 6 alternating runs on the busy 2-core VM) a median 1.77 s
  // of CPU against 2.05 s with every call through the pool, 3.3 s of wall
  // time against 3.6 s.
  const fs = new NodeFs({ syncCalls: CLI_SYNC_FS_CALLS, fsyncOnlyInPool: true });
  const invokedAs = basename(process.argv0 ?? '');
  const script = basename(argv[1] ?? '');
  try {
    if (invokedAs === 'apply_patch' || script === 'apply_patch') return await applyPatchMain(argv.slice(2), fs);
    const args = colorArgs(argv.slice(2));
    const fast = fastCommand(args);
    if (fast?.command === 'version') {
      writeFd(1, `${VERSION}\n`); // what commander's --version prints
      return 0;
    }
    if (fast) {
      const { file, flags } = fast;
      if (fast.command === 'check') return await runApply(file, { ...flags, check: true }, fs);
      return await runApply(file, flags, fs, fast.command === 'edit' ? edit : apply);
    }
    return await runCommander([...argv.slice(0, 2), ...args], fs);
  } catch (e) {
    if (e instanceof UsageError || e instanceof OptionError) {
      process.stderr.write(`chord-patch: ${e.message}\n`);
      return EXIT_USAGE;
    }
    if ((e as NodeJS.ErrnoException | undefined)?.syscall === 'uv_cwd') {
      // Relative paths have nothing to resolve against: say so, not "internal error".
      process.stderr.write(
        'chord-patch: the current directory no longer exists (deleted or moved); nothing was read or written: cd into the project and retry\n',
      );
      return EXIT_USAGE;
    }
    throw e;
  }
}

async function runCommander(argv: string[], fs: Fs): Promise<number> {
  let code = 0;
  const program = await buildProgram((c) => (code = c), fs);
  try {
    await program.parseAsync(argv);
  } catch (e) {
    const { CommanderError } = await import('commander');
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : EXIT_USAGE;
    throw e;
  }
  return code;
}
