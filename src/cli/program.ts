// The whole command line as commander sees it: each command, its arguments
// and options, wired to its runner, from the one option table (options.ts).
// Commander is loaded here, on first use: the apply_patch entry never needs it.
// Each action loads its runner when it runs, so `--version`, `--help` and a
// usage error never load the engine, and one command never loads another's.

import { existsSync } from 'node:fs';
import { shellQuoted } from '../text/quote.js';
import type { Command } from 'commander';
import { writeFd } from './write.js';
import type { Fs } from '../types.js';
import { VERSION } from '../version.js';
import { NodeFs } from '../platform/node-fs.js';
import { type Misplaced, oneLineError } from './choices.js';
import { APPLY_COMMANDS, type ApplyFlags, type OptionSpec } from './options.js';
import type { McpFlags } from './mcp.js';
import type { ToolsFlags } from './tools.js';
import type { Endpoint } from '../config/config.js';

const ENDPOINTS: readonly Endpoint[] = ['responses', 'chat', 'messages'];

/**
 * A repeatable option keeps every value; --include and --exclude also go, in
 * command-line order, to `pathRules` (git: the first pattern that matches decides).
 */
function addOptions(cmd: Command, specs: readonly OptionSpec[]): Command {
  for (const [flags, description, repeatable] of specs) {
    const option = cmd.createOption(flags, description);
    if (repeatable) {
      option.argParser((value: string, previous: string[] | undefined) => {
        const rules = (cmd.getOptionValue('pathRules') as ApplyFlags['pathRules']) ?? [];
        cmd.setOptionValue('pathRules', [...rules, { pattern: value, include: option.long === '--include' }]);
        return [...(previous ?? []), value];
      });
    }
    cmd.addOption(option);
  }
  return cmd;
}

/** What a command's definition needs: where the exit code goes, and the file system. */
interface Context {
  setCode: (code: number) => void;
  fs: Fs;
}

/** One subcommand: how it is added to the program, and apart from that its options (most runs need none but its own). */
interface CommandSpec {
  name: string;
  /** Its arguments, description and action, on the command `program.command(name)` made. */
  define: (cmd: Command, c: Context) => Command;
  options?: (cmd: Command, c: Context) => void;
}

/** Every subcommand, in the order the program's help lists them. */
const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'apply',
    define: (cmd, { setCode, fs }) =>
      cmd
        .argument('[files...]', 'patch or edit JSON to apply (default: stdin); several unified diffs apply as one transaction')
        .description('apply a patch (envelope, unified diff, SEARCH/REPLACE blocks, tool calls, {"patch": ...} JSON) or an edit request')
        .action(async (files: string[], flags: ApplyFlags) => {
          const { runApply, runApplyDiffs } = await import('./apply.js');
          setCode(await (files.length > 1 ? runApplyDiffs(files, flags, fs) : runApply(files[0], flags, fs)));
        }),
    options: (cmd) => addOptions(cmd, APPLY_COMMANDS.apply),
  },
  {
    name: 'check',
    define: (cmd, { setCode, fs }) =>
      cmd
        .argument('[files...]', 'patches or edit JSON to check, each against the same tree (default: stdin)')
        .description(
          'report whether the input would apply cleanly; writes nothing (= apply --check); several files: a line each and a total',
        )
        .action(async (files: string[], flags: ApplyFlags) => setCode(await (await import('./check.js')).runCheck(files, flags, fs))),
    options: (cmd) => addOptions(cmd, APPLY_COMMANDS.check),
  },
  {
    name: 'edit',
    define: (cmd, { setCode, fs }) =>
      cmd
        .argument('[file]', 'edit JSON to apply (default: stdin)')
        .description(
          'replace text in one existing file: {"path", "old_string", "new_string", "replace_all"?} ' +
            'or {"path", "edits": [{"old_string", "new_string", "replace_all"?}, ...]}',
        )
        .action(async (file: string | undefined, flags: ApplyFlags) => {
          const [{ runApply }, { edit }] = await Promise.all([import('./apply.js'), import('../index.js')]);
          setCode(await runApply(file, flags, fs, edit));
        }),
    options: (cmd) => addOptions(cmd, APPLY_COMMANDS.edit),
  },
  {
    name: 'tools',
    define: (cmd, { setCode }) =>
      cmd
        .description('print, as JSON, the edit tools to send to a model: surface, wire shape and exact definitions')
        .action(async (flags: ToolsFlags) => setCode(await (await import('./tools.js')).runTools(flags))),
    options: (cmd) =>
      cmd
        .option('--model <name>', 'model name; a provider/ prefix and an @variant suffix are allowed (required unless --format mcp)')
        .addOption(
          cmd
            .createOption(
              '--format <kind>',
              'json: the selection and definitions (default); mcp: the tool list as `chord-patch mcp` lists it',
            )
            .choices(['json', 'mcp']),
        )
        .addOption(
          cmd
            .createOption('--endpoint <kind>', "API the tools are sent to (default: the provider's type, else responses)")
            .choices(ENDPOINTS),
        )
        .option('--provider <name>', "provider whose compat overrides apply (default: the model name's provider/ prefix)")
        .option('--config <file>', 'YAML config with compat overrides and permission rules (default: .chord-patch.yaml, if present)'),
  },
  {
    name: 'mcp',
    define: (cmd, { setCode, fs }) =>
      cmd
        .description('serve the edit tools over MCP on stdin/stdout (Claude Code, Codex CLI, Cursor, VS Code): docs/mcp.md')
        .action(async (flags: McpFlags) => setCode(await (await import('./mcp.js')).runMcp(flags, fs))),
    options: (cmd) =>
      cmd
        .option(
          '-C, --cwd <dir>',
          "the root every path resolves in and may not leave (default: the client's first root, else the current directory)",
        )
        .option('--model <name>', "offer that model's tools (as `tools --model`); default: both editors, write, delete and read")
        .option(
          '--config <file>',
          'YAML config with compat overrides and permission rules (default: .chord-patch.yaml in the root, if present)',
        )
        .option('--3way', "merge stale patches and edits into the file on every connection (as apply's --3way)")
        .option('--three-way-markers', '= --3way=markers: the same, writing conflict markers instead of refusing a conflict'),
  },
  {
    name: 'recover',
    define: (cmd, { setCode, fs }) =>
      cmd
        .description(
          'roll back chord-patch commits in DIR that were interrupted halfway (killed, crashed) and remove their temporary files',
        )
        .action(async (flags: { cwd?: string }) => setCode(await (await import('./recover.js')).runRecover(flags, fs))),
    options: (cmd) => cmd.option('-C, --cwd <dir>', 'the directory to recover (default: the current directory)'),
  },
  {
    name: 'end-session',
    define: (cmd, { setCode }) =>
      cmd
        .argument('<id>', 'the session id given to --session (or CHORD_PATCH_SESSION)')
        .description('end an agent session: remove its state and its pre-images (docs/stale-context.md)')
        .action(async (id: string) => {
          (await import('../session/store.js')).endSession({ session: id });
          setCode(0);
        }),
  },
  {
    name: 'grammar',
    define: (cmd, { setCode }) =>
      cmd.description('print the Lark grammar sent with the freeform apply_patch tool, byte for byte').action(async () => {
        writeFd(1, (await import('../models/grammar.js')).APPLY_PATCH_GRAMMAR);
        setCode(0);
      }),
  },
  {
    name: 'validate',
    define: (cmd, { setCode }) =>
      cmd
        .argument('[files...]', 'patch texts, or {"patch": ...} / {"input": ...} JSON (default: stdin)')
        .description('check patch text against the apply_patch grammar exactly; exit 0 when every input conforms, 1 otherwise')
        .option('--json', 'print one JSON document: {schemaVersion, conforms, files: [...]}, whatever the number of files')
        .action(async (files: string[], flags: { json?: boolean }) =>
          setCode(await (await import('./validate.js')).runValidate(files, flags)),
        ),
  },
];

/**
 * The commands a command line needs, and whether each needs its options:
 * building a command costs a run more than parsing it does (bench/house.md),
 * so only the one that `args` (the command line after the program's name)
 * names, or `help` asks about, is built, with its options; none for
 * `--version`. Anything else (no command, the program's help, a mistyped
 * command, whose error suggests the closest name) gets every command, and
 * the program's help gets their options too (it marks the commands that take
 * options).
 */
function commandsFor(args: readonly string[]): { spec: CommandSpec; options: boolean }[] {
  if (args[0] === '-V' || args[0] === '--version') return [];
  const name = args[0] === 'help' ? args[1] : args[0];
  const named = COMMANDS.find((spec) => spec.name === name);
  if (named) return [{ spec: named, options: true }];
  // `help` about no command, or one that does not exist, prints the program's help.
  const programHelp = name === undefined || name === '-h' || name === '--help' || args[0] === 'help';
  return COMMANDS.map((spec) => ({ spec, options: programHelp }));
}

/**
 * The program for this command line (commandsFor); each action hands its
 * exit code to `setCode`. `raw`: the command line as typed, before
 * --color=WHEN was rewritten (choices.ts), for usage errors to quote.
 */
export async function buildProgram(
  setCode: (code: number) => void,
  fs: Fs = new NodeFs(),
  args: readonly string[] = [],
  raw: readonly string[] = args,
): Promise<Command> {
  const { Command } = await import('commander');
  const program: Command = new Command('chord-patch')
    .description(
      'Apply model-emitted code edits safely: Codex apply_patch envelopes, unified diffs, SEARCH/REPLACE blocks, ' +
        'old_string/new_string replacements and tool calls.',
    )
    .version(VERSION, '-V, --version')
    // Someone who types `chord-patch < fix.patch`, as with GNU patch, reads this under the help.
    .addHelpText(
      'after',
      '\nTo apply a patch: chord-patch apply FILE (or chord-patch apply < FILE); to try it first: chord-patch check FILE',
    )
    // A mistyped option gets one line with the closest option, not the whole help.
    .configureOutput({
      writeOut: (t) => writeFd(1, t),
      writeErr: (t) => writeFd(2, t),
      outputError: (t, write) => write(usageLine(program, raw, t)),
    })
    .exitOverride();
  const context: Context = { setCode, fs };
  for (const { spec, options } of commandsFor(args)) {
    const cmd = spec.define(program.command(spec.name), context);
    if (options) spec.options?.(cmd, context);
  }
  return program;
}

/** commander's usage error as the one line chord-patch prints (on stderr, and in the JSON document under --json). */
export function usageLine(program: Command, raw: readonly string[], text: string): string {
  const file = /unknown command '(.+)'/.exec(text)?.[1];
  // GNU patch's and git apply's habit: the patch file first. Name the command that takes it.
  if (file !== undefined && existsSync(file)) {
    const arg = shellQuoted(file);
    const run = `run chord-patch apply ${arg} (or chord-patch check ${arg} to try it first)`;
    return `chord-patch: unknown command '${file}': to apply that file, ${run}\n`;
  }
  return oneLineError(text, (option) => misplacedOption(program, raw, option));
}

/**
 * Where an option the program refused belongs, when it is a command's option
 * written before the command's name (`chord-patch -C DIR apply`, git's habit
 * for its own -C): the commands that take it, and the command line with it
 * moved after the name. Only this error path builds every command to ask.
 */
function misplacedOption(program: Command, raw: readonly string[], option: string): Misplaced | undefined {
  const context: Context = { setCode: () => {}, fs: new NodeFs() };
  const commands = COMMANDS.map((spec) => {
    const cmd = spec.define(program.createCommand(spec.name), context);
    spec.options?.(cmd, context);
    return cmd;
  });
  const optionOf = (cmd: Command, arg: string) => {
    const flag = arg.split('=')[0];
    return cmd.options.find((o) => o.short === flag || o.long === flag);
  };
  const takesValue = (arg: string) =>
    !arg.includes('=') &&
    commands.some((cmd) => {
      const o = optionOf(cmd, arg);
      return o !== undefined && (o.required || o.optional);
    });
  // The command's name: the first argument naming one that is not an option's value (`-C apply check` checks).
  let at = -1;
  for (let i = 0; i < raw.length && at < 0; i++) {
    if (COMMANDS.some((spec) => spec.name === raw[i])) at = i;
    else if (raw[i]!.startsWith('-') && takesValue(raw[i]!)) i++;
  }
  const before = at < 0 ? raw : raw.slice(0, at);
  // The option as typed: --color=WHEN reaches commander as --color or --no-color.
  const typed = before.findIndex(
    (a) => a === option || a.startsWith(`${option}=`) || (/^--(no-)?color$/.test(option) && a.startsWith('--color=')),
  );
  const takers = commands.filter((cmd) => optionOf(cmd, option)).map((cmd) => cmd.name());
  if (typed < 0 || takers.length === 0) return undefined;
  const of = `it is an option of ${takers.length === 1 ? takers[0] : `${takers.slice(0, -1).join(', ')} and ${takers.at(-1)}`}`;
  const named = at >= 0 && takers.includes(raw[at]!);
  // Moved with its value when it takes one and was not written --option=value.
  const width = takesValue(raw[typed]!) && typed + 1 < before.length ? 2 : 1;
  const moved = raw.slice(typed, typed + width);
  const rest = [...before.slice(0, typed), ...before.slice(typed + width)];
  const line = named
    ? ['chord-patch', ...rest, raw[at]!, ...moved, ...raw.slice(at + 1)]
    : ['chord-patch', takers[0]!, ...moved, ...(at < 0 ? rest : [])];
  return {
    typed: raw[typed]!,
    hint: `${of}, and goes after the command's name${named ? ':' : ', as in'} ${line.map(shellQuoted).join(' ')}`,
  };
}
