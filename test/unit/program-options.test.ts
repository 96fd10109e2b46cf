// buildProgram adds options only to the command the command line names: the
// help of every command, and the program's own, must read exactly as when
// every command has its options.

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
  });

  it.each(['apply', 'check', 'edit', 'tools', 'mcp', 'recover', 'validate', 'grammar', 'end-session'])(
    "leave %s's help as it is with every option, named or asked of help",
    async (command) => {
      const full = await helpOf([], command);
      expect(await helpOf([command, '--help'], command)).toBe(full);
      expect(await helpOf(['help', command], command)).toBe(full);
    },
  );

  it('are not built for --version', async () => {
    const program = await buildProgram(noop, undefined, ['--version']);
    expect(program.commands.find((c) => c.name() === 'apply')!.options).toHaveLength(0);
  });
});
