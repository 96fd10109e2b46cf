// buildProgram builds only the command the command line names, with its
// options: the help of every command, and the program's own, must read
// exactly as when every command is built with its options, and a mistyped
// command must still be told the closest name.

import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';

const noop = () => {};
const helpOf = async (args: string[], command?: string) => {
  const program = await buildProgram(noop, undefined, args);
  const cmd = command === undefined ? program : program.commands.find((c) => c.name() === command)!;
  return cmd.helpInformation();
};

describe('options built for the named command only', () => {
  it("leave the program's help as it is with every option", async () => {
    const full = await helpOf([]);
    expect(full).toContain('apply [options] [files...]');
    expect(await helpOf(['--help'])).toBe(full);
    expect(await helpOf(['help'])).toBe(full);
    // What commander prints for help about a command that does not exist.
    expect(await helpOf(['help', 'aply'])).toBe(full);
  });

  it.each(['apply', 'check', 'edit', 'tools', 'mcp', 'recover', 'validate', 'grammar', 'end-session'])(
    "leave %s's help as it is with every option, named or asked of help",
    async (command) => {
      const full = await helpOf([], command);
      expect(await helpOf([command, '--help'], command)).toBe(full);
      expect(await helpOf(['help', command], command)).toBe(full);
    },
  );

  it('are not built for --version, and no command is', async () => {
    expect((await buildProgram(noop, undefined, ['--version'])).commands).toHaveLength(0);
    expect((await buildProgram(noop, undefined, ['-V'])).commands).toHaveLength(0);
  });

  it('build only the named command, and every command for a mistyped one', async () => {
    const named = await buildProgram(noop, undefined, ['apply', '-']);
    expect(named.commands.map((c) => c.name())).toEqual(['apply']);
    expect(named.commands[0]!.options.length).toBeGreaterThan(10);
    const mistyped = await buildProgram(noop, undefined, ['aply']);
    expect(mistyped.commands.map((c) => c.name())).toEqual([
      'apply',
      'check',
      'edit',
      'tools',
      'mcp',
      'recover',
      'end-session',
      'grammar',
      'validate',
    ]);
    let said = '';
    mistyped.configureOutput({ writeErr: (t) => (said += t), outputError: (t, write) => write(t) });
    await expect(mistyped.parseAsync(['node', 'chord-patch', 'aply'])).rejects.toThrow();
    expect(said).toContain('(Did you mean apply?)');
  });
});
