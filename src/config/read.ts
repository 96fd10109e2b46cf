// Reading the config file from disk: data, never a way out of the project.
// `.chord-patch.yaml` is only read as a regular file inside the project (or,
// through a link, inside the user's own config directory), never through a
// link that leaves them: a checkout whose `.chord-patch.yaml` links to
// `~/.aws/credentials`, `/dev/zero` or a FIFO must not get its content into
// a message, grow the process without bound, or block it. `--config FILE` is
// the user's own choice and may be anywhere, but it too must be a regular
// file of bounded size. Both are opened without blocking and checked again
// on the open descriptor, then read at most one byte past the bound.

import { closeSync, constants, fstatSync, lstatSync, openSync, realpathSync, type Stats } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { homedir } from 'node:os';
import { kindText, readFullSync } from '../platform/regular.js';

/** Looked up in the working directory when no --config is given. */
export const DEFAULT_CONFIG_FILE = '.chord-patch.yaml';

/** Far above any real config (the stress test's 50,000 permission rules fit well within it); a bound on the read. */
export const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

/** The text read (with the real path it came from), or why it was not read. */
export type ConfigText = { source: string; text: string; real: string } | { source: string; problem: string };

/** The user's own config directory, where a project's config may link to. */
export function userConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'chord-patch');
}

/**
 * The config's text: `file` when given (missing is a problem), else
 * DEFAULT_CONFIG_FILE in `cwd` (undefined when there is none). A problem
 * names the file and what is wrong with it, never its content.
 */
export function readConfigText(options: { file?: string; cwd?: string } = {}): ConfigText | undefined {
  if (options.file !== undefined) {
    const source = options.file;
    const problem = (why: string) => ({ source, problem: why });
    let st: Stats;
    try {
      st = lstatSync(resolve(options.file));
    } catch (e) {
      return problem(`cannot read the config file (${errorCode(e)})`);
    }
    // The user named this file: a link is followed, but it must end at a regular file.
    return readRegular(st.isSymbolicLink() ? real(resolve(options.file)) : resolve(options.file), source);
  }
  const root = resolve(options.cwd ?? process.cwd());
  const path = join(root, DEFAULT_CONFIG_FILE);
  let st: Stats;
  try {
    st = lstatSync(path);
  } catch (e) {
    if (errorCode(e) === 'ENOENT' || errorCode(e) === 'ENOTDIR') return undefined;
    return { source: path, problem: `cannot read the config file (${errorCode(e)})` };
  }
  if (!st.isSymbolicLink()) return readRegular(path, path);
  const target = real(path);
  if (target === undefined) return { source: path, problem: 'is a symbolic link to nothing that exists; nothing was read' };
  const places = [real(root) ?? root, real(userConfigDir()) ?? userConfigDir()];
  if (!places.some((p) => inside(p, target)))
    return {
      source: path,
      problem:
        'is a symbolic link to a file outside the project; chord-patch reads its config only from inside the project ' +
        `or from ${userConfigDir()}: nothing was read (replace the link with a copy of the file)`,
    };
  return readRegular(target, path);
}

const real = (p: string): string | undefined => {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
};

const inside = (dir: string, p: string): boolean => {
  const rel = relative(dir, p);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
};

const errorCode = (e: unknown): string => (e as NodeJS.ErrnoException)?.code ?? 'unknown error';

/** Read `path` (no link in its last step) as a bounded regular file; problems are reported as `source`'s. */
function readRegular(path: string | undefined, source: string): ConfigText {
  const problem = (why: string) => ({ source, problem: why });
  if (path === undefined) return problem('is a symbolic link to nothing that exists; nothing was read');
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer.
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    return problem(`cannot read the config file (${errorCode(e)})`);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return problem(`is ${kindText(st)}, not a regular file; nothing was read`);
    if (st.size > MAX_CONFIG_BYTES) return problem(`is larger than the ${MAX_CONFIG_BYTES} bytes a config may hold`);
    const buf = Buffer.alloc(st.size + 1);
    const n = readFullSync(fd, buf);
    // One byte past what fstat said: the file grew while being read.
    if (n > st.size) return problem('changed while it was read; try again');
    return decode(buf.subarray(0, n), source, path);
  } catch (e) {
    return problem(`cannot read the config file (${errorCode(e)})`);
  } finally {
    closeSync(fd);
  }
}

function decode(bytes: Buffer, source: string, path: string): ConfigText {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { source, text, real: real(path) ?? path };
  } catch {
    return { source, problem: 'is not UTF-8 text' };
  }
}
