// Bench stand-in for src/startup/fast-args.ts: every command line goes to commander.
import type { ApplyFlags } from '../../../src/cli-options.js';

export function fastCommand(_args: readonly string[]): { command: 'apply'; file?: string; flags: ApplyFlags } | undefined {
  return undefined;
}
