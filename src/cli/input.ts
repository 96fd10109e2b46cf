// What a command reads before the library runs: the input's bytes (FILE or
// stdin) and the -C directory. A problem with either is a usage error: the
// command line cannot be run as given, and nothing was read or written.

import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { InputTooLarge, inputLimit, readFdBounded, readFileBounded } from './bounded-read.js';
import { readPasted } from './pasted.js';
import { isTerminal } from './terminal.js';
import { UsageError } from './usage-error.js';

export { UsageError };

/**
 * The input's bytes: the library decodes them, refusing any that are not
 * valid text (never U+FFFD). At most `limit` bytes ($CHORD_PATCH_MAX_INPUT_BYTES
 * by default): more is InputTooLarge, a usage error.
 */
export function readInput(file: string | undefined, cwd?: string, limit = inputLimit()): Buffer {
  if (file !== undefined && file !== '-') {
    try {
      return readFileBounded(file, limit);
    } catch (e) {
      if (e instanceof InputTooLarge) throw e;
      throw new UsageError(`cannot read ${file}: ${(e as Error).message}${besideCwd(file, cwd)}`);
    }
  }
  // An explicit `-` on a terminal is a paste; nothing at all is a forgotten pipe.
  if (isTerminal(0)) {
    if (file === '-') return readPasted(limit);
    throw new UsageError('no input: pass a FILE, pipe the patch on stdin, or pass - to paste it');
  }
  try {
    return readFdBounded(0, limit, 'the input on stdin');
  } catch (e) {
    if (e instanceof InputTooLarge) throw e;
    // stdin redirected from a directory (`< dir`), or closed: the command line cannot run as given.
    const code = (e as NodeJS.ErrnoException).code;
    const what = code === 'EISDIR' ? 'stdin is a directory' : `stdin cannot be read (${code ?? (e as Error).message})`;
    throw new UsageError(`${what}: pass a FILE or pipe the patch on stdin; nothing was read or written`);
  }
}

/**
 * FILE is read from where chord-patch runs, not from -C DIR (unlike `git -C`
 * and `patch -d`, which change directory first): when the name is found
 * under DIR instead, the error says how to name it.
 */
function besideCwd(file: string, cwd: string | undefined): string {
  if (cwd === undefined || isAbsolute(file) || !existsSync(join(cwd, file))) return '';
  return `; -C ${cwd} sets where the patch's paths resolve, not where FILE is read (unlike git -C): pass ${join(cwd, file)}`;
}

/** -C DIR must name an existing directory: nothing is created to hold a patch's files. */
export function requireDirectory(dir: string | undefined): void {
  if (dir === undefined) return;
  let isDir: boolean;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw new UsageError(`-C ${dir}: no such directory; nothing was read or written`);
  }
  if (!isDir) throw new UsageError(`-C ${dir}: not a directory; nothing was read or written`);
}
