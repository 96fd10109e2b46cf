// Run the built CLI (dist/cli-node.cjs through bin/) as a user would.

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], opts: { cwd?: string; input?: string | Buffer; bin?: string; env?: Record<string, string> } = {}): CliResult {
  const bin = join(ROOT, 'bin', opts.bin ?? 'chord-patch');
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: opts.cwd ?? ROOT,
    input: opts.input ?? '',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', CHORD_PATCH_SESSION: '', ...opts.env },
    encoding: 'utf8',
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
