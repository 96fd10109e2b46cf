// The command-line front end: the only module that touches process, colour
// and exit codes. Every decision is made by the library it calls.

import { fstatSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { type Config, ConfigError, loadConfig } from './config/config.js';
import { apply, edit } from './index.js';
import { formatValidation, validateInput } from './input/validate.js';
import { APPLY_PATCH_GRAMMAR } from './models/grammar.js';
import { authorizeEdit as editPermission, patchAuthorizer } from './models/permissions.js';
import { ENDPOINTS, type Endpoint, selectTools } from './models/tools.js';
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
  config?: string;
  session?: string;
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
  if (stdinIsTerminal()) throw new UsageError('no input: pass a FILE or pipe the patch on stdin');
  return readFileSync(0, 'utf8');
}

/**
 * Whether stdin is a terminal, asking process.stdin only when it may be one:
 * creating that stream loads Node's stream and net or fs-promises modules
 * (several ms at every start) just to be dropped, since input is read with
 * readFileSync(0).
 */
function stdinIsTerminal(): boolean {
  try {
    if (!fstatSync(0).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  return !!process.stdin.isTTY;
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
  return { authorize: patchAuthorizer(config.permission, root), authorizeEdit: (path: string) => editPermission(config, path, { cwd: root }) };
}

/** `run` is apply (auto-detect) for apply/check, edit (edit JSON only) for the edit command. */
async function runApply(file: string | undefined, flags: ApplyFlags, run: typeof apply = apply): Promise<number> {
  const config = await configFor(flags.config, flags.cwd);
  const input = readInput(file);
  const outcome = await run(input, {
    check: !!flags.check,
    ...(flags.cwd !== undefined ? { cwd: flags.cwd } : {}),
    allowOutside: !!flags.allowOutside,
    ...(flags.encoding !== undefined ? { encoding: flags.encoding } : {}),
    ...permissionOptions(config, flags.cwd),
    ...sessionOption(flags.session),
  });
  return emit(outcome, flags);
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
  const results = inputs.map((f) => {
    const name = f === '-' ? '<stdin>' : f;
    return { name, result: validateInput(readInput(f)) };
  });
  if (flags.json) {
    const docs = results.map(({ name, result }) => ({ file: name, ...result }));
    process.stdout.write(`${JSON.stringify(docs.length === 1 ? docs[0] : docs, null, 2)}\n`);
  } else {
    for (const { name, result } of results) process.stdout.write(formatValidation(result, name));
  }
  return results.every((r) => r.result.conforms) ? 0 : 1;
}

function applyOptions(cmd: Command): Command {
  return cmd
    .option('--json', 'print one JSON document (status, changes, failures, notes, message, diff)')
    .option('--model', 'print the model-facing result text instead of the diff')
    .option('-q, --quiet', 'print only the summary, not the diff')
    .option('-C, --cwd <dir>', 'resolve relative paths against DIR (default: the current directory)')
    .option('--allow-outside', 'permit paths that resolve outside the working directory')
    .option('--encoding <name>', 'read files without a BOM that are not UTF-8 (or are plain ASCII) as NAME instead of detecting it (e.g. gb18030, shift_jis, windows-1251, utf-16le)')
    .option('--config <file>', 'YAML config with permission rules (default: .chord-patch.yaml in the working directory, if present)')
    .option('--session <id>', 'agent session id (also CHORD_PATCH_SESSION): note repeated match failures, refuse identical failed resubmits')
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

  applyOptions(
    program
      .command('edit')
      .argument('[file]', 'edit JSON to apply (default: stdin)')
      .description(
        'replace text in one existing file: {"path", "old_string", "new_string", "replace_all"?} or {"path", "edits": [{"old_string", "new_string", "replace_all"?}, ...]}',
      )
      .option('--check', 'plan the edit and write nothing'),
  ).action(async (file: string | undefined, flags: ApplyFlags) => setCode(await runApply(file, flags, edit)));

  program
    .command('tools')
    .description('print, as JSON, the edit tools to send to a model: surface, wire shape and exact definitions')
    .requiredOption('--model <name>', 'model name; a provider/ prefix and an @variant suffix are allowed')
    .addOption(new Option('--endpoint <kind>', 'API the tools are sent to (default: the provider\'s type, else responses)').choices([...ENDPOINTS]))
    .option('--provider <name>', 'provider whose compat overrides apply (default: the model name\'s provider/ prefix)')
    .option('--config <file>', 'YAML config with compat overrides and permission rules (default: .chord-patch.yaml, if present)')
    .action(async (flags: ToolsFlags) => setCode(await runTools(flags)));

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
async function applyPatchMain(args: string[]): Promise<number> {
  if (args.length > 1 || (args[0] !== undefined && /^--?(h|help)$/.test(args[0]))) {
    process.stderr.write('usage: apply_patch [PATCH]   (the patch is the single argument or stdin)\n');
    return args.length > 1 ? EXIT_USAGE : 0;
  }
  // Permission rules in the working directory's .chord-patch.yaml bind this
  // entry too: it is the one models call directly.
  const config = await configFor(undefined, undefined);
  const input = args[0] ?? readInput(undefined);
  return emit(await apply(input, { ...permissionOptions(config, undefined), ...sessionOption(undefined) }), { model: true });
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
