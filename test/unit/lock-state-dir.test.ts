// The root's state directory is removed by the lock's last holder as it
// leaves; a run that made (or found) it a moment before must make it again
// and take the lock, never take the vanished directory for a root that
// cannot hold one and run unlocked: then it held neither the root's lock nor
// its files' locks, and wrote a file while a run from another root held it.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockFiles } from '../../src/commit/file-locks.js';
import { acquireLock } from '../../src/commit/lock.js';
import { NodeFs } from '../../src/platform/node-fs.js';
import { runEditText } from '../../src/run/run-edit.js';
import type { Fs } from '../../src/types.js';
import { MemFs } from '../support/memfs.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** `fs` with `leave` run once right after its first mkdir of `dir` (EEXIST or made), before anything looks at it. */
function leavingAfterMkdir<F extends Fs>(fs: F, dir: string, leave: () => Promise<unknown>): F {
  const mkdir = fs.mkdir.bind(fs);
  let left = false;
  fs.mkdir = async (d: string) => {
    try {
      await mkdir(d);
    } finally {
      if (d === dir && !left) {
        left = true;
        await leave();
      }
    }
  };
  return fs;
}

describe('the state directory removed by the last holder while a run opens it', () => {
  it('is made again and the lock taken (the holder left between our mkdir and our check)', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    const holder = await acquireLock(fs, '/work');
    leavingAfterMkdir(fs, '/work/.chord-patch', () => holder.release());
    const lock = await acquireLock(fs, '/work', { lockTimeoutMs: 200 });
    try {
      expect(fs.text('/work/.chord-patch/lock')).toContain(lock.id);
    } finally {
      await lock.release();
    }
    expect(fs.nodes.has('/work/.chord-patch')).toBe(false);
  });

  it('still keeps the run out of a file another root holds (-C ROOT/sub against -C ROOT)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'chord-state-race-'));
    dirs.push(root);
    mkdirSync(join(root, 'sub'));
    writeFileSync(join(root, 'sub', 'f.txt'), 'END\n');
    // The run from ROOT holds the file's lock; a run from ROOT/sub is just leaving ROOT/sub's root lock.
    const outer = await lockFiles(new NodeFs(), [join(root, 'sub', 'f.txt')]);
    try {
      const holder = await acquireLock(new NodeFs(), join(root, 'sub'));
      const fs = leavingAfterMkdir({ ...new NodeFs() }, join(root, 'sub', '.chord-patch'), () => holder.release());
      const o = await runEditText(JSON.stringify({ path: 'f.txt', old_string: 'END\n', new_string: 'inner\nEND\n' }), {
        cwd: join(root, 'sub'),
        fs,
        lockTimeoutMs: 100,
      });
      expect(o.notes.map((n) => n.message).join('\n')).not.toContain('no commit lock');
      expect(o.error?.code).toBe('locked');
      expect(readFileSync(join(root, 'sub', 'f.txt'), 'utf8')).toBe('END\n');
    } finally {
      outer.release();
    }
  });

  it('a root that cannot hold its state directory at all still locks the files it writes', async () => {
    const root = mkdtempSync(join(tmpdir(), 'chord-state-none-'));
    dirs.push(root);
    writeFileSync(join(root, 'f.txt'), 'END\n');
    const fs = { ...new NodeFs() };
    const mkdir = fs.mkdir;
    fs.mkdir = async (d: string) => {
      if (d === join(root, '.chord-patch')) throw Object.assign(new Error(`EACCES: permission denied, mkdir '${d}'`), { code: 'EACCES' });
      return mkdir(d);
    };
    const edit = JSON.stringify({ path: 'f.txt', old_string: 'END\n', new_string: 'x\nEND\n' });
    // Another root's run holds the file: this one waits, then refuses, with no root lock of its own to rely on.
    const other = await lockFiles(new NodeFs(), [join(root, 'f.txt')]);
    try {
      const o = await runEditText(edit, { cwd: root, fs, lockTimeoutMs: 100 });
      expect(o.error?.code).toBe('locked');
      expect(o.notes.map((n) => n.message).join('\n')).toContain('no commit lock or journal');
      expect(readFileSync(join(root, 'f.txt'), 'utf8')).toBe('END\n');
    } finally {
      other.release();
    }
    // Free, it applies, and leaves the file's lock released.
    const o = await runEditText(edit, { cwd: root, fs });
    expect(o.status).toBe('applied');
    const again = await lockFiles(new NodeFs(), [join(root, 'f.txt')], { lockTimeoutMs: 100 });
    again.release();
  });

  it('stops with an error, never unlocked, when something removes it every time it is made', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    const mkdir = fs.mkdir.bind(fs);
    fs.mkdir = async (d: string) => {
      await mkdir(d);
      if (d === '/work/.chord-patch') fs.nodes.delete(d);
    };
    await expect(acquireLock(fs, '/work')).rejects.toMatchObject({ code: 'write_failed', message: expect.stringContaining('vanished') });
  });
});

describe('a lock that cannot be written (a full disk)', () => {
  it('leaves no empty state directory behind, and writes nothing', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    fs.hooks.beforeWrite = (path, _n, op) => {
      if (op === 'writeTemp') throw Object.assign(new Error(`ENOSPC: no space left on device, write ${path}`), { code: 'ENOSPC' });
    };
    const o = await runEditText(JSON.stringify({ path: 'a.txt', old_string: 'a', new_string: 'b' }), { fs, cwd: '/work' });
    expect(o.error?.message).toContain('cannot take the commit lock');
    expect(fs.text('/work/a.txt')).toBe('a\n');
    expect([...fs.nodes.keys()].filter((p) => p.includes('.chord-patch'))).toEqual([]);
  });
});
