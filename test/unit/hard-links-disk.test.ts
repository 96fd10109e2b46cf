// A file with other hard links on the real file system (commit/in-place.ts):
// written into its own inode, never through a symbolic link, set-uid dropped;
// rolled back and recovered (also from a torn write) into the same inode.

import {
  chmodSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recover } from '../../src/index.js';
import { nodeFs } from '../../src/platform/node-fs.js';
import { runPatchText } from '../../src/run/pipeline.js';
import type { Fs } from '../../src/types.js';
import { faultyFs } from '../support/faults.js';

const base = mkdtempSync(join(tmpdir(), 'chord-hardlinks-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let n = 0;

const PATCH = [
  '*** Begin Patch',
  '*** Update File: a.txt',
  '-old a',
  '+new a',
  '*** Update File: c.txt',
  '-old c',
  '+new c',
  '*** End Patch',
].join('\n');

/** A tree where a.txt and b.txt are two names of one file, and c.txt is a file of its own. */
function tree(mode = 0o644): { dir: string; ino: number } {
  const dir = join(base, `t${n++}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'a.txt'), 'old a\n');
  chmodSync(join(dir, 'a.txt'), mode);
  linkSync(join(dir, 'a.txt'), join(dir, 'b.txt'));
  writeFileSync(join(dir, 'c.txt'), 'old c\n');
  return { dir, ino: statSync(join(dir, 'a.txt')).ino };
}

/** Both names are the inode `ino`, with two links, holding `text`; no side file or state is left. */
function oneInode(dir: string, ino: number, text: string): void {
  const [a, b] = ['a.txt', 'b.txt'].map((f) => statSync(join(dir, f)));
  expect([a!.ino, b!.ino, a!.nlink]).toEqual([ino, ino, 2]);
  expect([readFileSync(join(dir, 'a.txt'), 'utf8'), readFileSync(join(dir, 'b.txt'), 'utf8')]).toEqual([text, text]);
  expect(readdirSync(dir).filter((f) => f.includes('chord-patch'))).toEqual([]);
}

const eio = () => Object.assign(new Error('EIO: injected'), { code: 'EIO' });

describe('an in-place write on disk', () => {
  it('gives both names the new content in the same inode, with two links', async () => {
    const { dir, ino } = tree();
    const o = await runPatchText(PATCH, { cwd: dir });
    expect(o.status).toBe('applied');
    oneInode(dir, ino, 'new a\n');
  });

  it('drops set-uid and set-gid, also when root writes (the kernel keeps them then)', async () => {
    const { dir, ino } = tree(0o6755);
    expect((await runPatchText(PATCH, { cwd: dir })).status).toBe('applied');
    oneInode(dir, ino, 'new a\n');
    expect(statSync(join(dir, 'b.txt')).mode & 0o7777).toBe(0o755);
  });

  it('never writes through a symbolic link, nor into another file at the name', async () => {
    const { dir, ino } = tree();
    const secret = join(base, `secret${n}`);
    writeFileSync(secret, 'secret\n');
    symlinkSync(secret, join(dir, 'link'));
    await expect(nodeFs.writeInPlace!(join(dir, 'link'), Buffer.from('x'), { identity: '0:0', mode: 0o644 })).rejects.toMatchObject({
      code: 'ELOOP',
    });
    const other = `${statSync(join(dir, 'c.txt')).dev}:${ino}`;
    await expect(nodeFs.writeInPlace!(join(dir, 'c.txt'), Buffer.from('x'), { identity: other, mode: 0o644 })).rejects.toMatchObject({
      code: 'ECHANGED',
    });
    expect(readFileSync(secret, 'utf8')).toBe('secret\n');
    expect(readFileSync(join(dir, 'c.txt'), 'utf8')).toBe('old c\n');
  });

  it('refuses as changed after planning a symbolic link planted between the re-check and the write', async () => {
    const { dir } = tree();
    const secret = join(base, `secret${n}`);
    writeFileSync(secret, 'secret\n');
    const fs: Fs = {
      ...nodeFs,
      writeInPlace: async (path, bytes, expect) => {
        unlinkSync(path);
        symlinkSync(secret, path);
        return nodeFs.writeInPlace!(path, bytes, expect);
      },
    };
    const o = await runPatchText(PATCH, { cwd: dir, fs });
    expect(o.error?.code).toBe('changed_after_planning');
    expect(readFileSync(secret, 'utf8')).toBe('secret\n');
    expect(readFileSync(join(dir, 'b.txt'), 'utf8')).toBe('old a\n');
    expect(readFileSync(join(dir, 'c.txt'), 'utf8')).toBe('old c\n');
  });
});

describe('an in-place write undone on disk', () => {
  it('is written back into the same inode when the commit point fails after it', async () => {
    const { dir, ino } = tree();
    let seen = '';
    const fs: Fs = {
      ...nodeFs,
      rename: async (from, to) => {
        if (!/\/done-[^/]+$/.test(to)) return nodeFs.rename(from, to);
        // The other name shows the new content: the write was in place.
        seen = readFileSync(join(dir, 'b.txt'), 'utf8');
        throw eio();
      },
    };
    const o = await runPatchText(PATCH, { cwd: dir, fs });
    expect(seen).toBe('new a\n');
    expect(o.error?.code).toBe('write_failed');
    expect(o.error?.message).toContain('restored');
    oneInode(dir, ino, 'old a\n');
    expect(readFileSync(join(dir, 'c.txt'), 'utf8')).toBe('old c\n');
  });

  it("keeps another program's write into the same inode after the in-place write, the old content beside it", async () => {
    const { dir, ino } = tree();
    const fs: Fs = {
      ...nodeFs,
      rename: async (from, to) => {
        if (!/\/done-[^/]+$/.test(to)) return nodeFs.rename(from, to);
        // An editor writes a.txt in place (same inode) after chord-patch's write, before the commit point fails.
        writeFileSync(join(dir, 'b.txt'), 'an editor wrote this\n');
        throw eio();
      },
    };
    const o = await runPatchText(PATCH, { cwd: dir, fs });
    expect(o.error?.code).toBe('write_failed');
    expect(o.error?.message).toContain("NOT restored, to keep another program's later change: a.txt");
    expect(readFileSync(join(dir, 'a.txt.chord-patch-orig'), 'utf8')).toBe('old a\n');
    rmSync(join(dir, 'a.txt.chord-patch-orig'));
    oneInode(dir, ino, 'an editor wrote this\n');
    expect(readFileSync(join(dir, 'c.txt'), 'utf8')).toBe('old c\n');
  });

  /** nodeFs that dies at its `at`-th change of the tree: that call and every later change fail, as after kill -9. */
  function dyingFs(at: number): Fs & { died: () => boolean } {
    let changes = 0;
    const changing = new Set(['writeTemp', 'createTemp', 'writeInPlace', 'rename', 'link', 'unlink', 'mkdir', 'rmdir']);
    const wrapped = {} as Record<string, unknown>;
    for (const [name, fn] of Object.entries(nodeFs) as [string, (...a: unknown[]) => Promise<unknown>][]) {
      wrapped[name] = async (...args: unknown[]) => {
        const path = String(name === 'writeInPlace' ? args[0] : (args[args.length - 1] ?? ''));
        if (changing.has(name) && (changes >= at || (!path.includes('/.chord-patch/') && ++changes >= at))) throw eio();
        return fn.apply(nodeFs, args);
      };
    }
    wrapped.died = () => changes >= at;
    return wrapped as unknown as Fs & { died: () => boolean };
  }

  it('is recovered into the same inode after a kill at each change, old or new with the rest of its commit', async () => {
    let kills = 0;
    let afterWrite = 0;
    for (let at = 1; at <= 12; at++) {
      const { dir, ino } = tree();
      const fs = dyingFs(at);
      await runPatchText(PATCH, { cwd: dir, fs });
      if (!fs.died()) continue;
      kills++;
      // Killed after the in-place write: the other name shows the new content until recovery decides.
      if (readFileSync(join(dir, 'b.txt'), 'utf8') === 'new a\n') afterWrite++;
      expect((await recover({ cwd: dir })).ok).toBe(true);
      const c = readFileSync(join(dir, 'c.txt'), 'utf8');
      oneInode(dir, ino, c === 'new c\n' ? 'new a\n' : 'old a\n');
    }
    expect(kills).toBeGreaterThan(4);
    expect(afterWrite).toBeGreaterThan(0);
  });

  it('writes the old content back into a file torn by a kill halfway through the write', async () => {
    const { dir, ino } = tree();
    const fs = dyingFs(Number.MAX_SAFE_INTEGER);
    let dead = false;
    const torn: Fs = {
      ...fs,
      writeInPlace: async (path) => {
        if (dead) throw eio();
        // A part of the new bytes reached the file, then the process died: nothing after it changes the tree.
        writeFileSync(path, 'new ad\n');
        dead = true;
        throw eio();
      },
      unlink: async (path) => (dead ? Promise.reject(eio()) : fs.unlink(path)),
      rename: async (from, to) => (dead ? Promise.reject(eio()) : fs.rename(from, to)),
    };
    expect((await runPatchText(PATCH, { cwd: dir, fs: torn })).error?.code).toBe('rollback_failed');
    expect(readFileSync(join(dir, 'b.txt'), 'utf8')).toBe('new ad\n');
    const r = await recover({ cwd: dir });
    expect(r.restored).toContain('a.txt');
    oneInode(dir, ino, 'old a\n');
    expect(readFileSync(join(dir, 'c.txt'), 'utf8')).toBe('old c\n');
  });
});

describe('faults at any call of an in-place commit', () => {
  it('leave both names one inode, old or new with the rest of the commit, or the report names the file', async () => {
    const counting = faultyFs(Number.MAX_SAFE_INTEGER, 'once');
    expect((await runPatchText(PATCH, { cwd: tree().dir, fs: counting })).status).toBe('applied');
    let rolledBack = 0;
    for (const mode of ['once', 'from-then-on'] as const) {
      for (let k = 1; k <= counting.calls; k++) {
        const { dir, ino } = tree();
        const o = await runPatchText(PATCH, { cwd: dir, fs: faultyFs(k, mode), lockTimeoutMs: 50 });
        const [a, b] = ['a.txt', 'b.txt'].map((f) => statSync(join(dir, f)));
        expect([a!.ino, b!.ino]).toEqual([ino, ino]);
        const text = readFileSync(join(dir, 'b.txt'), 'utf8');
        if (o.status === 'applied') expect(text).toBe('new a\n');
        else if (o.disk?.newContent.includes('a.txt')) {
          // Its restore failed, as every later call did: recovery rolls the journal back (or finishes one marked done).
          expect(mode).toBe('from-then-on');
          expect((await recover({ cwd: dir })).ok).toBe(true);
          oneInode(dir, ino, readFileSync(join(dir, 'c.txt'), 'utf8') === 'new c\n' ? 'new a\n' : 'old a\n');
        } else {
          expect(text).toBe('old a\n');
          rolledBack++;
        }
      }
    }
    expect(rolledBack).toBeGreaterThan(10);
  });
});
