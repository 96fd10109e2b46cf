// Bench stand-in for src/startup/fast-args.ts: every command line goes to commander.

export type FastOption = readonly [flags: string, ...rest: string[]];

export type FastFlags = Record<string, string | boolean>;

export function fastCommand<C extends string>(
  _args: readonly string[],
  _commands: Readonly<Record<C, readonly FastOption[]>>,
): { command: C | 'version'; file?: string; flags: FastFlags } | undefined {
  return undefined;
}
