// Start-up shortcuts of the CLI. chord-patch starts once per model edit, so
// what it does before and after the edit is paid on every call; under `node`
// (the npm CLI) each shortcut below is here because it measurably pays. The
// Bun-compiled binary runs the same code, where it is harmless.
//
// Measured on the 2-core VM (2026-11-30, Node 20.20, shared with other jobs,
// so in CPU time, user + sys, median of 30 paired rounds; `node -e 0` took
// 45 ms of CPU, the CLI's small patch 62 ms, `--version` 50 ms). Each figure
// is what the run costs more without the shortcut:
//   - fastCommand (the usual command lines parsed without commander):
//     +7 ms on a small patch, +7 ms on --version;
//   - writeFd and mayBeTerminal (no process.stdout/stdin streams):
//     +12 ms on a small patch written to /dev/null, +15 ms to a pipe;
//   - CLI_SYNC_FS_CALLS (the first file-system calls synchronous):
//     +2 ms of CPU on a small patch; its gain is in wall time (no thread-pool
//     start and round trips), which the shared machine's noise hides.
// scripts/build-startup.mjs has the build side (code cache, lazy packages).

import { fstatSync, statSync, writeSync } from 'node:fs';
import { APPLY_COMMANDS, type ApplyFlags } from './cli-options.js';

/**
 * Whether stdin is a terminal, asking process.stdin only when it may be one:
 * creating that stream loads Node's stream and net or fs-promises modules
 * (several ms at every start) just to be dropped, since input is read with
 * readFileSync(0).
 */
export function stdinIsTerminal(): boolean {
  return mayBeTerminal(0) && !!process.stdin.isTTY;
}

/**
 * False when `fd` certainly is no terminal (a file, a pipe, /dev/null); when
 * in doubt (no fstat, no /dev/null to compare with), true: ask the stream.
 */
export function mayBeTerminal(fd: number): boolean {
  try {
    const s = fstatSync(fd);
    if (!s.isCharacterDevice()) return false;
    return s.rdev !== statSync('/dev/null').rdev;
  } catch {
    return true;
  }
}

/**
 * Write a report with write(2) rather than through process.stdout/stderr:
 * Node builds those streams on first use, loading its stream (and, for a
 * pipe, net) modules, 3-6 ms of a run that may only take 20 ms more than
 * `node -e 0`. A non-blocking descriptor (EAGAIN) hands the rest to the
 * stream; a reader that went away (EPIPE) just gets nothing more.
 */
export function writeFd(fd: 1 | 2, text: string): void {
  let bytes = Buffer.from(text, 'utf8');
  try {
    while (bytes.length > 0) bytes = bytes.subarray(writeSync(fd, bytes));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN') (fd === 1 ? process.stdout : process.stderr).write(bytes);
    else if (code !== 'EPIPE') throw e;
  }
}

/**
 * The usual command lines, answered without commander: `--version`, and
 * apply/check/edit with the options of src/cli-options.ts written out in full
 * (`--json`, `-C DIR`, `--cwd=DIR`) and at most one FILE. Loading commander
 * and building the program is the cost given at the top of this file;
 * unused, commander is not even read (dist/lazy/, see
 * scripts/build-startup.mjs). Anything else — help, an unknown
 * option, grouped short flags (`-qC`), `--`, an option value starting with
 * `-`, a second FILE, the other commands — returns undefined and goes to
 * commander, which parses it as before; for the command lines it accepts,
 * this yields exactly the options commander would (last value wins;
 * --color/--no-color set `color`; options given nowhere stay unset).
 */
export function fastCommand(
  args: readonly string[],
): { command: keyof typeof APPLY_COMMANDS | 'version'; file?: string; flags: ApplyFlags } | undefined {
  const [command, ...rest] = args;
  if (rest.length === 0 && (command === '--version' || command === '-V')) return { command: 'version', flags: {} };
  if (command !== 'apply' && command !== 'check' && command !== 'edit') return undefined;
  const byFlag = new Map<string, { key: string; value: boolean | 'arg' }>();
  for (const [flags] of APPLY_COMMANDS[command]) {
    const m = /^(?:(-[A-Za-z]), )?--([a-z][a-z-]*)( <[a-z]+>)?$/.exec(flags);
    if (!m) continue; // not understood here: using it goes to commander
    const negate = m[2]!.startsWith('no-');
    const key = (negate ? m[2]!.slice(3) : m[2]!).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    const spec = { key, value: m[3] ? ('arg' as const) : !negate };
    byFlag.set(`--${m[2]}`, spec);
    if (m[1]) byFlag.set(m[1], spec);
  }
  const flags: Record<string, string | boolean> = {};
  let file: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '-' || !arg.startsWith('-')) {
      if (file !== undefined) return undefined;
      file = arg;
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const spec = byFlag.get(eq < 0 ? arg : arg.slice(0, eq));
    if (!spec) return undefined;
    if (spec.value !== 'arg') {
      if (eq >= 0) return undefined;
      flags[spec.key] = spec.value;
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : rest[++i];
    if (value === undefined || value === '' || value.startsWith('-')) return undefined;
    flags[spec.key] = value;
  }
  return { command, ...(file !== undefined ? { file } : {}), flags: flags as ApplyFlags };
}

/**
 * File-system calls the CLI makes synchronously before using libuv's thread
 * pool (node-fs.ts): the CLI serves one request and exits, so nothing else
 * waits on its event loop, and a small patch never starts the pool at all.
 */
export const CLI_SYNC_FS_CALLS = 64;
