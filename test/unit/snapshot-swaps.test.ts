// The snapshot on the real file system while something swaps what it reads.
// Found by red-teaming with a racer process: a directory swapped for a link
// to outside between planning's look at it and the read let the MCP read tool
// return, and a failed edit quote, a file outside the root; a file swapped for
// a FIFO hung the run. Here the swap is made at the exact call in between.

import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveRef, takeSnapshot } from '../../src/plan/snapshot.js';
import { NodeFs } from '../../src/platform/node-fs.js';
import type { Fs } from '../../src/types.js';
import { scratchDirs } from '../support/tree.js';

const temp = scratchDirs();

/** A tree with root/d/f.txt inside and outside/f.txt beside the root. */
function tree() {
  const base = temp();
  const root = join(base, 'root');
  mkdirSync(join(root, 'd'), { recursive: true });
  mkdirSync(join(base, 'outside'));
  writeFileSync(join(root, 'd', 'f.txt'), 'inside\n');
  writeFileSync(join(base, 'outside', 'f.txt'), 'SECRET\n');
  return { base, root };
}

/** The real file system, with `swap` run once right after the first call of `method` on a path ending in `path`. */
function swappingFs(method: 'realpath' | 'lstat', path: string, swap: () => void): Fs {
  const real = new NodeFs();
  let done = false;
  const wrapped = { ...real } as Fs;
  const orig = real[method] as (p: string) => Promise<unknown>;
  (wrapped as unknown as Record<string, unknown>)[method] = async (p: string) => {
    const r = await orig(p);
    if (!done && p.endsWith(path)) {
      done = true;
      swap();
    }
    return r;
  };
  return wrapped;
}

describe('a snapshot whose directory is swapped for a link to outside after planning looked at it', () => {
  it('never reads the outside file: the path is unreadable, and says its directory changed', async () => {
    const { base, root } = tree();
    const d = join(root, 'd');
    const fs = swappingFs('realpath', d, () => {
      renameSync(d, join(root, 'd.real'));
      symlinkSync(join(base, 'outside'), d);
    });
    const snapshot = takeSnapshot(fs, root, [resolveRef(root, 'd/f.txt')]);
    await expect(snapshot).rejects.toThrow(/its directory .*d changed while it was being read/);
    await expect(snapshot).rejects.not.toThrow(/SECRET/);
  });

  it('reads nothing in a directory that was missing when planned and is a link to outside by the read: refused', async () => {
    const { base, root } = tree();
    const d = join(root, 'd');
    rmSync(d, { recursive: true });
    const fs = swappingFs('lstat', d, () => symlinkSync(join(base, 'outside'), d));
    const snapshot = takeSnapshot(fs, root, [resolveRef(root, 'd/f.txt')]);
    await expect(snapshot).rejects.toThrow(/appeared while it was being read/);
    await expect(snapshot).rejects.not.toThrow(/SECRET/);
  });
});

describe('a snapshot whose file is swapped after it was looked at', () => {
  it('for a FIFO: refused at once, never waiting on it', { timeout: 10_000 }, async () => {
    const { root } = tree();
    const f = join(root, 'd', 'f.txt');
    const fs = swappingFs('lstat', '/f.txt', () => {
      unlinkSync(f);
      execFileSync('mkfifo', [f]);
    });
    await expect(takeSnapshot(fs, root, [resolveRef(root, 'd/f.txt')])).rejects.toThrow(/is a FIFO, not a regular file/);
  });

  it('for a link to outside: refused, never followed', async () => {
    const { base, root } = tree();
    const f = join(root, 'd', 'f.txt');
    const fs = swappingFs('lstat', '/f.txt', () => {
      unlinkSync(f);
      symlinkSync(join(base, 'outside', 'f.txt'), f);
    });
    const snapshot = takeSnapshot(fs, root, [resolveRef(root, 'd/f.txt')]);
    await expect(snapshot).rejects.toThrow(/is a symbolic link, which is not followed/);
  });

  it('for another file: refused as replaced while it was being read', async () => {
    const { root } = tree();
    const f = join(root, 'd', 'f.txt');
    const fs = swappingFs('lstat', '/f.txt', () => {
      writeFileSync(`${f}.new`, 'other\n');
      renameSync(`${f}.new`, f);
    });
    await expect(takeSnapshot(fs, root, [resolveRef(root, 'd/f.txt')])).rejects.toThrow(/was replaced while it was being read/);
  });
});
