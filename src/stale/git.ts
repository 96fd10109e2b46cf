// A tracked file's index and HEAD versions, read through git when it is
// installed: the states a model most often wrote its hunk against when the
// working tree moved on (the user's uncommitted change). Only `rev-parse`
// and `show` of a blob run, with hooks, fsmonitor, pagers, textconv and the
// system config turned off, so no program the repository's config names is
// started; no git, no work tree, an untracked file or a slow git: no
// pre-images, nothing else changes.

import { realpathSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { sha256Hex } from '../platform/sha256.js';
import type { Preimage } from './types.js';

/** Largest blob read back (a larger file has no git pre-image). */
const MAX_BLOB = 8 * 1024 * 1024;

const SAFE_CONFIG = ['-c', 'core.fsmonitor=', '-c', 'core.hooksPath=/dev/null', '-c', 'core.pager=cat', '-c', 'core.untrackedCache=false'];

/** Runs git; node:child_process is loaded here, not at start-up, since only a stale hunk asks git. */
function git(cwd: string, args: readonly string[]): Buffer | undefined {
  try {
    return <Buffer>process.getBuiltinModule('node:child_process').execFileSync('git', ['--no-pager', ...SAFE_CONFIG, ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: MAX_BLOB,
      timeout: 5000,
      encoding: 'buffer',
      env: {
        ...process.env,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_OPTIONAL_LOCKS: '0',
        GIT_TERMINAL_PROMPT: '0',
        GIT_NO_REPLACE_OBJECTS: '1',
        GIT_PAGER: 'cat',
        GIT_EXTERNAL_DIFF: '',
      },
    });
  } catch {
    return undefined;
  }
}

/** The index and HEAD versions of the file at `abs` (identical ones once, as HEAD), newest first. */
export async function gitPreimages(path: string): Promise<Preimage[]> {
  let abs: string;
  try {
    abs = realpathSync(path);
  } catch {
    return [];
  }
  const dir = dirname(abs);
  const top = git(dir, ['rev-parse', '--show-toplevel'])?.toString('utf8').trim();
  if (!top) return [];
  const rel = relative(top, abs).split(sep).join('/');
  if (rel === '' || rel.startsWith('../')) return [];
  const out: Preimage[] = [];
  const index = git(top, ['show', '--no-textconv', `:${rel}`]);
  const head = git(top, ['show', '--no-textconv', `HEAD:${rel}`]);
  if (index && (!head || !index.equals(head))) out.push({ source: 'index', bytes: index, hash: sha256Hex(index) });
  if (head) out.push({ source: 'head', bytes: head, hash: sha256Hex(head) });
  return out;
}
