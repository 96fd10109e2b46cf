// Run the built CLI as a user would: the Node CLI (bin/chord-patch, the npm
// package's shim, which runs Node in a checkout: no platform package is
// installed there) or the Bun-compiled binary (build/, npm run binary).
// vitest.config.mts runs the end-to-end suite once for each: the project sets
// CHORD_PATCH_TEST_RUNTIME, and every test here runs whichever it names.

import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

export type Runtime = 'node' | 'binary';
export const RUNTIME: Runtime = process.env.CHORD_PATCH_TEST_RUNTIME === 'binary' ? 'binary' : 'node';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The command that starts the CLI under `name` (chord-patch, or apply_patch for the Codex-compatible entry). */
export function cliCommand(name: 'chord-patch' | 'apply_patch' = 'chord-patch'): { file: string; args: string[] } {
  return { file: join(ROOT, RUNTIME === 'binary' ? 'build' : 'bin', name), args: [] };
}

/** Make `link` a symlink to the CLI (as agents install apply_patch) and return the command that runs it through the link. */
export function linkCli(link: string): { file: string; args: string[] } {
  symlinkSync(join(ROOT, RUNTIME === 'binary' ? 'build' : 'bin', 'chord-patch'), link);
  return { file: link, args: [] };
}

export function runCli(
  args: string[],
  opts: {
    cwd?: string;
    input?: string | Buffer;
    bin?: 'chord-patch' | 'apply_patch';
    env?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): CliResult {
  const cmd = cliCommand(opts.bin);
  const r = spawnSync(cmd.file, [...cmd.args, ...args], {
    cwd: opts.cwd ?? ROOT,
    input: opts.input ?? '',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', CHORD_PATCH_SESSION: '', ...opts.env },
    encoding: 'utf8',
    // A run that would hang is killed and reported as exit -1, not left to stall the suite.
    ...(opts.timeoutMs !== undefined ? { timeout: opts.timeoutMs } : {}),
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
