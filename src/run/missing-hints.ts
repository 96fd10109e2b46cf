// A file the patch updates or deletes is missing: was the command run from the
// wrong directory, or does the patch name it with a prefix? Before the report
// goes out, look where the file would be if the paths counted from the
// repository root (the nearest `.git` above the working directory) or had
// their leading components (git's a/ b/) stripped, and when it is there, say
// where chord-patch looked and what to pass instead (-C DIR, -p N). Only the
// failure's text changes: nothing is applied on a guess.

import { dirname, join, relative, resolve } from 'node:path';
import { GIT_PREFIX, stripPath } from '../input/unified-ops.js';
import type { FailedGroup, Fs, Outcome } from '../types.js';

export interface MissingContext {
  fs: Fs;
  /** The working directory the paths resolved against. */
  root: string;
  /** Unified diffs: the strip level used (a stripped path is then a `-p` away); undefined for envelopes and edits. */
  stripLevel?: number;
}

/** Leading components tried: git's a/ b/ and one more (a diff taken one directory up). */
const MAX_STRIP = 2;

export async function explainMissing(outcome: Outcome, ctx: MissingContext): Promise<Outcome> {
  if (!outcome.failed.some((g) => g.failures.some((f) => f.code === 'file_missing'))) return outcome;
  const repo = await repositoryRoot(ctx.fs, ctx.root);
  const failed: FailedGroup[] = [];
  for (const group of outcome.failed) {
    const failures = [];
    for (const f of group.failures) {
      const path = f.code === 'file_missing' ? f.path : undefined;
      const hint = path === undefined ? undefined : await whereInstead(ctx, repo, path);
      failures.push(hint === undefined ? f : { ...f, message: `${f.message}; ${hint}` });
    }
    failed.push({ ...group, failures });
  }
  return { ...outcome, failed };
}

/** The nearest directory at or above `dir` holding `.git` (a directory, or a worktree's file). */
async function repositoryRoot(fs: Fs, dir: string): Promise<string | undefined> {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (await fs.lstat(join(d, '.git')).catch(() => null)) return d;
    if (dirname(d) === d) return undefined;
  }
}

/** The advice for one missing path, or undefined when it is nowhere else either. */
async function whereInstead(ctx: MissingContext, repo: string | undefined, path: string): Promise<string | undefined> {
  const { fs, root } = ctx;
  const isFile = async (abs: string) => (await fs.lstat(abs).catch(() => null))?.kind === 'file';
  const looked = `looked for it at ${resolve(root, path)}`;
  const bases = repo !== undefined && repo !== root ? [root, repo] : [root];
  for (const base of bases) {
    for (let n = 0; n <= MAX_STRIP; n++) {
      if (base === root && n === 0) continue;
      // An envelope's path is as the model wrote it: only git's one-letter prefix is a known slip, not any first directory.
      if (n > 0 && ctx.stripLevel === undefined && (n > 1 || !GIT_PREFIX.test(path))) continue;
      const p = stripPath(path, n);
      if (p === undefined || !(await isFile(resolve(base, p)))) continue;
      const where = base === root ? '' : ` relative to the repository root ${base} (the nearest .git)`;
      return `${looked}, but ${resolve(base, p)} exists${where}: ${advice(ctx, base, n, p)}`;
    }
  }
  return undefined;
}

function advice(ctx: MissingContext, base: string, n: number, stripped: string): string {
  const dir = base === ctx.root ? '' : `-C ${cdArgument(base)}`;
  if (n === 0) return `pass ${dir} (the patch's paths count from the repository root)`;
  const strip = ctx.stripLevel !== undefined ? `-p ${ctx.stripLevel + n}` : undefined;
  if (strip === undefined) {
    const also = dir === '' ? '' : `, and pass ${dir}`;
    return `write the path as ${JSON.stringify(stripped)} in the patch${also}`;
  }
  return `pass ${dir === '' ? strip : `${dir} ${strip}`}`;
}

/** `dir` as the user would type it for -C: `..`, `../..` when it is straight up from here, else absolute. */
function cdArgument(dir: string): string {
  const rel = relative(process.cwd(), dir);
  return rel === '' ? '.' : /^\.\.(\/\.\.)*$/.test(rel) ? rel : dir;
}
