// The command-line front end: picks the entry (apply_patch under that name,
// the commander-free fast path, else commander), runs the command's runner
// (one file each in this folder) and turns usage errors into exit 64. Every
// decision is made by the library the runners call; the start-up shortcuts
// used here are in src/startup/, each with the figure that keeps it.

import { basename } from 'node:path';
import { NodeFs } from '../platform/node-fs.js';
import { CLI_POOL_THREADS } from '../platform/thread-pool.js';
import { apply, edit } from '../index.js';
import { EXIT_USAGE } from '../report/exit.js';
import { fastCommand } from '../startup/fast-args.js';
import { countingReads, settleCompilers } from '../startup/jit-policy.js';
import { writeFd } from '../startup/no-stdio-streams.js';
import { isWriteError } from '../report/lost.js';
import { reportLost } from './emit.js';
import { CLI_SYNC_FS_CALLS } from '../startup/sync-fs-calls.js';
import type { Fs } from '../types.js';
import { VERSION } from '../version.js';
import { runApply } from './apply.js';
import { applyPatchMain } from './apply-patch.js';
import { runCheck } from './check.js';
import { colorArgs, oneLineError, OptionError } from './choices.js';
import { UsageError } from './input.js';
import { APPLY_COMMANDS, type ApplyFlags } from './options.js';
import { buildProgram } from './program.js';
import { programName, usageDocument, wantsJson } from './usage.js';

export async function main(argv: string[] = process.argv): Promise<number> {
  const code = await runMain(argv);
  await settleCompilers(); // a heavy edit run under Node (startup/jit-policy.ts)
  return code;
}

async function runMain(argv: string[]): Promise<number> {
  // One file system for the whole run, its synchronous-call budget included.
  // Past the budget only fsync goes to the thread pool: on the 1,000-file
  // envelope (binary, 6 alternating runs on the busy 2-core VM) a median 1.77 s
  // of CPU against 2.05 s with every call through the pool, 3.3 s of wall
  // time against 3.6 s. The pool gets as many threads as the commit keeps
  // fsyncs in flight (platform/thread-pool.ts, which has the figures).
  // Files read count towards a heavy run: Bun's normal JIT thresholds back, Node's TurboFan off or settled (startup/jit-policy.ts).
  const fs = countingReads(new NodeFs({ syncCalls: CLI_SYNC_FS_CALLS, fsyncOnlyInPool: true, poolThreads: CLI_POOL_THREADS }));
  const invokedAs = basename(process.argv0 ?? '');
  const script = basename(argv[1] ?? '');
  try {
    if (invokedAs === 'apply_patch' || script === 'apply_patch') return await applyPatchMain(argv.slice(2), fs);
    const args = colorArgs(argv.slice(2));
    const fast = fastCommand(args, APPLY_COMMANDS);
    if (fast?.command === 'version') {
      writeFd(1, `${VERSION}\n`); // what commander's --version prints
      return 0;
    }
    if (fast) {
      // The fast path reads the same option table: its keys are ApplyFlags'.
      const { file, flags } = fast as { file?: string; flags: ApplyFlags };
      if (fast.command === 'check') return await runCheck(file === undefined ? [] : [file], flags, fs);
      return await runApply(file, flags, fs, fast.command === 'edit' ? edit : apply);
    }
    return await runCommander([...argv.slice(0, 2), ...args], fs);
  } catch (e) {
    if (e instanceof UsageError || e instanceof OptionError) return usageError(argv, e.message);
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

async function runCommander(argv: string[], fs: Fs): Promise<number> {
  let code = 0;
  const program = await buildProgram((c) => (code = c), fs);
  try {
    await program.parseAsync(argv);
  } catch (e) {
    const { CommanderError } = await import('commander');
    if (!(e instanceof CommanderError)) throw e;
    if (e.exitCode === 0) return 0;
    // commander has printed its one line on stderr; under --json stdout gets the document too.
    if (wantsJson(argv.slice(2))) writeFd(1, usageDocument(argv.slice(2), oneLineError(e.message).replace(/^chord-patch: |\n$/g, '')));
    return EXIT_USAGE;
  }
  return code;
}

/** A usage error: one line on stderr signed with the command's name, and the JSON document under --json; exit 64. */
function usageError(argv: readonly string[], message: string): number {
  process.stderr.write(`${programName(argv, process.argv0)}: ${message}\n`);
  const args = argv.slice(2);
  if (programName(argv, process.argv0) === 'chord-patch' && wantsJson(args)) writeFd(1, usageDocument(args, message));
  return EXIT_USAGE;
}
