// The CLI's commander-free fast path (fastCommand) must read every command
// line it accepts exactly as commander does: same command, FILE and options.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { APPLY_COMMANDS } from '../../src/cli/options.js';
import { type FastOption, fastCommand } from '../../src/startup/fast-args.js';
import { VERSION } from '../../src/version.js';

/** What commander makes of `args`: the command, FILE and options its action receives, or the error. */
async function viaCommander(args: string[]): Promise<unknown> {
  const program = await buildProgram(() => {});
  let seen: unknown = 'no action';
  for (const cmd of program.commands) {
    cmd.action((arg: string | string[] | undefined, flags: Record<string, unknown>) => {
      // check takes several files (an array); the fast path answers only one, or none.
      const file = Array.isArray(arg) ? (arg.length === 1 ? arg[0] : arg.length === 0 ? undefined : arg) : arg;
      seen = { command: cmd.name(), ...(file !== undefined ? { file } : {}), flags: { ...flags } };
    });
  }
  program.configureOutput({ writeOut: () => {}, writeErr: () => {} });
  try {
    await program.parseAsync(['node', 'chord-patch', ...args]);
  } catch (e) {
    return { error: (e as Error).message };
  }
  return seen;
}

const COMMANDS = ['apply', 'check', 'edit', 'tools', '--version', '-V', '--help', 'p.patch'];
const WORDS = [
  'apply',
  '--check',
  '--json',
  '--model',
  '-q',
  '--quiet',
  '-C',
  '--cwd',
  '--cwd=dir',
  '--cwd=',
  '-Cdir',
  '-qC',
  '--allow-outside',
  '--allow-vcs-dirs',
  '--encoding',
  '--encoding=gbk',
  'gbk',
  '--config',
  '--config=c.yaml',
  '--session',
  '--session=s1',
  '--color',
  '--no-color',
  '--color=1',
  '--color=never',
  '-R',
  '--reverse',
  '-p',
  '--strip',
  '--strip=2',
  '2',
  '--dry-run',
  '--stat',
  '-v',
  '--verbose',
  '-',
  '--',
  'p.patch',
  'other.patch',
  'dir',
  '-V',
  '--version',
  '-h',
  '--help',
  '--frobnicate',
  '-x',
  '-5',
];

/** The fast path over the CLI's own option table, as cli/index.ts calls it. */
const fast = (args: string[]) => fastCommand(args, APPLY_COMMANDS);

describe('fastCommand', () => {
  it('answers the usual command lines', () => {
    expect(fast(['apply'])).toEqual({ command: 'apply', flags: {} });
    expect(fast(['apply', '-C', 'repo', '--json', 'p.patch'])).toEqual({
      command: 'apply',
      file: 'p.patch',
      flags: { cwd: 'repo', json: true },
    });
    expect(fast(['check', '--no-color', '--json', '--no-color'])).toEqual({ command: 'check', flags: { color: false, json: true } });
    expect(fast(['apply', '-R', '-p', '1', '--dry-run', '--stat', '-v'])).toEqual({
      command: 'apply',
      flags: { reverse: true, strip: '1', dryRun: true, stat: true, verbose: true },
    });
    // --color=WHEN reaches both parsers as --color / --no-color (cli/choices.ts colorArgs).
    expect(fast(['apply', '--color'])).toEqual({ command: 'apply', flags: { color: true } });
    expect(fast(['--version'])).toEqual({ command: 'version', flags: {} });
    expect(fast(['apply', '--help'])).toBeUndefined();
    // check is apply --check: it takes --check as well, as its help says, and has no --apply.
    expect(fast(['check', '--check'])).toEqual({ command: 'check', flags: { check: true } });
    expect(fast(['check', '--apply'])).toBeUndefined();
    expect(fast(['tools', '--model', 'gpt-5'])).toBeUndefined();
  });

  it('answers a command without options without reading its option table', () => {
    // The table is read only when an option is met: a bare `apply`, as agents
    // run it, never compiles the table's regular expressions.
    const unread = new Proxy([] as FastOption[], {
      get() {
        throw new Error('option table read');
      },
    });
    const table = { apply: unread, check: unread };
    expect(fastCommand(['apply'], table)).toEqual({ command: 'apply', flags: {} });
    expect(fastCommand(['check', 'p.patch'], table)).toEqual({ command: 'check', file: 'p.patch', flags: {} });
    expect(() => fastCommand(['apply', '--json'], table)).toThrow('option table read');
  });

  it('agrees with commander on every command line it accepts', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...COMMANDS), fc.array(fc.constantFrom(...WORDS), { maxLength: 6 }), async (command, rest) => {
        const args = [command, ...rest];
        const read = fast(args);
        if (!read) return;
        accepted++;
        const theirs = await viaCommander(args);
        // commander's --version ends with a CommanderError whose message is the version.
        if (read.command === 'version') expect(theirs).toEqual({ error: VERSION });
        else expect(theirs).toEqual({ command: read.command, ...(read.file !== undefined ? { file: read.file } : {}), flags: read.flags });
      }),
      { numRuns: 3000 },
    );
    expect(accepted).toBeGreaterThan(300);
  });
});
