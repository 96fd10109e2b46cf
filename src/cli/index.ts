// The command-line front end: apply_patch under that name, else the
// commander program (program.ts), whose actions run the command's runner
// (one file each in this folder); usage errors exit 64. Every decision is
// made by the library the runners call.

import { basename } from 'node:path';
import { NodeFs } from '../platform/node-fs.js';
import { CLI_POOL_THREADS } from '../platform/thread-pool.js';
import { EXIT_USAGE } from '../report/exit.js';
import { isWriteError } from '../report/lost.js';
import type { Fs } from '../types.js';
import { colorArgs, OptionError } from './choices.js';
import { UsageError } from './input.js';
import { buildProgram, usageLine } from './program.js';
import { reportLost, writeFd } from './write.js';

/**
 * File-system calls made synchronously before any goes to the thread pool:
 * the CLI serves one request and exits, so nothing waits on its event loop,
 * and a small patch never starts the pool. Past them only fsync goes to the
 * pool, where the commit keeps several in flight (platform/thread-pool.ts).
 */
const SYNC_FS_CALLS = 64;

export async function main(argv: string[] = process.argv): Promise<number> {
  const fs = new NodeFs({ syncCalls: SYNC_FS_CALLS, fsyncOnlyInPool: true, poolThreads: CLI_POOL_THREADS });
  const name = invokedName(argv) === 'apply_patch' ? 'apply_patch' : 'chord-patch';
  try {
    if (name === 'apply_patch') return await (await import('./apply-patch.js')).applyPatchMain(argv.slice(2), fs);
    return await runCommander(argv, fs);
  } catch (e) {
    if (e instanceof UsageError || e instanceof OptionError) return await usageError(argv, e.message, name);
    // Output that could not be written (a full disk): not a bug, and no outcome to name (emit.ts names one when there is).
    if (isWriteError(e)) return reportLost(undefined, e);
    if ((e as NodeJS.ErrnoException | undefined)?.syscall === 'uv_cwd') {
      // Relative paths have nothing to resolve against: say so, not "internal error".
      process.stderr.write(
        'chord-patch: the current directory no longer exists (deleted or moved); ' +
          'nothing was read or written: cd into the project and retry\n',
      );
      return EXIT_USAGE;
    }
    throw e;
  }
}

/**
 * The name the command was invoked under: the npm package's shim
 * (bin/chord-patch) passes it in CHORD_PATCH_AS, since it execs the binary
 * or Node by path; otherwise the binary's own name (a link named apply_patch)
 * or the script's.
 */
function invokedName(argv: string[]): string {
  const passed = process.env.CHORD_PATCH_AS;
  delete process.env.CHORD_PATCH_AS;
  if (passed) return passed;
  const binary = basename(process.argv0 ?? '');
  return binary === 'apply_patch' ? binary : basename(argv[1] ?? '');
}

async function runCommander(argv: string[], fs: Fs): Promise<number> {
  let code = 0;
  const raw = argv.slice(2);
  const args = colorArgs(raw);
  const program = await buildProgram((c) => (code = c), fs, args, raw);
  try {
    await program.parseAsync([...argv.slice(0, 2), ...args]);
  } catch (e) {
    const { CommanderError } = await import('commander');
    if (!(e instanceof CommanderError)) throw e;
    if (e.exitCode === 0) return 0;
    // commander has printed its one line on stderr; under --json stdout gets the document too.
    await printUsageDocument(args, usageLine(program, raw, e.message).replace(/^chord-patch: |\n$/g, ''));
    return EXIT_USAGE;
  }
  return code;
}

/** A usage error: one line on stderr signed with the command's name, and the JSON document under --json; exit 64. */
async function usageError(argv: readonly string[], message: string, name: 'apply_patch' | 'chord-patch'): Promise<number> {
  process.stderr.write(`${name}: ${message}\n`);
  const args = argv.slice(2);
  if (name === 'chord-patch') await printUsageDocument(args, message);
  return EXIT_USAGE;
}

/** Under --json, the usage error's JSON document on stdout (its shapes come with the engine's reports, loaded only here). */
async function printUsageDocument(args: readonly string[], message: string): Promise<void> {
  const { usageDocument, wantsJson } = await import('./usage.js');
  if (wantsJson(args)) writeFd(1, usageDocument(args, message));
}
