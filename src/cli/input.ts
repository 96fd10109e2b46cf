// What a command reads before the library runs: the input's bytes (FILE or
// stdin) and the -C directory. A problem with either is a usage error: the
// command line cannot be run as given, and nothing was read or written.

import { readFileSync, statSync } from 'node:fs';
import { isatty } from 'node:tty';

/** A command line that cannot be run as given; cli/index.ts prints it and exits 64. */
export class UsageError extends Error {}

/** The input's bytes: the library decodes them, refusing any that are not valid text (never U+FFFD). */
export function readInput(file: string | undefined): Buffer {
  if (file !== undefined && file !== '-') {
    try {
      return readFileSync(file);
    } catch (e) {
      throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
    }
  }
  if (isatty(0)) throw new UsageError('no input: pass a FILE or pipe the patch on stdin');
  try {
    return readFileSync(0);
  } catch (e) {
    // stdin redirected from a directory (`< dir`), or closed: the command line cannot run as given.
    const code = (e as NodeJS.ErrnoException).code;
    const what = code === 'EISDIR' ? 'stdin is a directory' : `stdin cannot be read (${code ?? (e as Error).message})`;
    throw new UsageError(`${what}: pass a FILE or pipe the patch on stdin; nothing was read or written`);
  }
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
