// A file with other hard links is written in place (commit/in-place.ts):
// every name keeps seeing one inode, with the new content once committed and
// the old one after a rollback, a kill at any change and recovery, or a torn
// write. On the in-memory file system, which can stop a run at any change.

import { describe, expect, it, vi } from 'vitest';
import { recover } from '../../src/index.js';
import { runPatchText } from '../../src/run/pipeline.js';
import { killedDuring, MemFs } from '../support/memfs.js';

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
const run = (fs: MemFs, text: string, extra: object = {}) => runPatchText(text, { fs, cwd: '/work', ...extra });
const eio = () => Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
const stateFiles = (fs: MemFs) => [...fs.nodes.keys()].filter((p) => p.includes('.chord-patch'));
const PATCH = P('*** Update File: a.txt', '-old a', '+new a', '*** Update File: c.txt', '-old c', '+new c');

/** a.txt and b.txt: two names of one file; c.txt: a file of its own. */
function linked(mode = 0o644): MemFs {
  const fs = new MemFs({ 'c.txt': 'old c\n' });
  fs.put('/work/a.txt', 'old a\n', mode);
  fs.nodes.set('/work/b.txt', fs.nodes.get('/work/a.txt')!);
  return fs;
}

/** Both names are still one inode (the one planned), holding `text`. */
function oneInode(fs: MemFs, ino: number | undefined, text: string): void {
  expect(fs.nodes.get('/work/b.txt')).toBe(fs.nodes.get('/work/a.txt'));
  expect(fs.inode('/work/a.txt')).toBe(ino);
  expect(fs.text('/work/b.txt')).toBe(text);
}

describe('a file with two hard links', () => {
  it('is written in place: both names show the new content, one inode, two links, and a note says so', async () => {
    const fs = linked();
    const ino = fs.inode('/work/a.txt');
    const o = await run(fs, PATCH);
    expect(o.status).toBe('applied');
    oneInode(fs, ino, 'new a\n');
    expect((await fs.lstat('/work/a.txt'))?.links).toBe(2);
    expect(o.notes).toContainEqual({
      code: 'info',
      message: 'a.txt has 2 hard links: it was written in place to keep them, so its other names show the new content too',
    });
    expect(stateFiles(fs)).toEqual([]);
  });

  it('is written in place even alone, with a durable journal (never the single-file shortcut)', async () => {
    const fs = linked();
    const journals: string[] = [];
    fs.hooks.beforeWrite = (path, _n, op) => {
      if (op === 'writeTemp' && path.includes('/.chord-patch/part-')) journals.push(path);
      if (op === 'writeInPlace') {
        const j = [...fs.nodes.keys()].find((p) => /\/journal-[a-z0-9]+\.json$/.test(p));
        journals.push(fs.text(j!)!);
      }
    };
    expect((await run(fs, P('*** Update File: a.txt', '-old a', '+new a'))).status).toBe('applied');
    expect(journals[1]).not.toContain('"single"');
    expect(journals[1]).toContain('"inPlace"');
    expect(fs.text('/work/b.txt')).toBe('new a\n');
  });

  it('drops set-uid and set-gid when its content changes in place', async () => {
    const fs = linked(0o6755);
    const ino = fs.inode('/work/a.txt');
    const o = await run(fs, PATCH);
    expect(o.status).toBe('applied');
    oneInode(fs, ino, 'new a\n');
    expect(fs.nodes.get('/work/a.txt')?.mode).toBe(0o755);
    expect(o.notes.map((n) => n.message).join('\n')).toContain('set-uid/set-gid bits were dropped');
  });

  it('does not follow a symbolic link planted at it after the re-check, right before the write', async () => {
    const fs = linked();
    fs.put('/work/secret.txt', 'secret\n');
    fs.hooks.beforeWrite = (path, _n, op) => {
      if (op === 'writeInPlace' && path === '/work/a.txt') fs.putLink('/work/a.txt', '/work/secret.txt');
    };
    const o = await run(fs, PATCH);
    expect(o.status).toBe('rejected');
    expect(o.error?.code).toBe('changed_after_planning');
    expect(fs.text('/work/secret.txt')).toBe('secret\n');
    expect(fs.text('/work/b.txt')).toBe('old a\n');
    expect(fs.text('/work/c.txt')).toBe('old c\n');
  });
});

describe('a file with two hard links this user may not open for writing', () => {
  it('is replaced as before (a rename needs only the directory), its other name keeping the old content, and a note says so', async () => {
    const fs = linked(0o444);
    const euid = vi.spyOn(process, 'geteuid').mockReturnValue(1000);
    try {
      const o = await run(fs, PATCH);
      expect(o.status).toBe('applied');
      expect(o.notes.map((n) => n.message).join('\n')).toContain('a.txt had 2 hard links: it was replaced by a new file');
    } finally {
      euid.mockRestore();
    }
    expect(fs.text('/work/a.txt')).toBe('new a\n');
    expect(fs.text('/work/b.txt')).toBe('old a\n');
  });
});

describe('rolling back an in-place write', () => {
  it('writes the old bytes back into the same inode when the commit point fails after the write', async () => {
    const fs = linked();
    const ino = fs.inode('/work/a.txt');
    let wrote = false;
    fs.hooks.beforeWrite = (path, _n, op) => {
      if (op === 'writeInPlace' && path === '/work/a.txt') wrote = true;
      if (op === 'rename' && /\/done-[^/]+$/.test(path)) throw eio();
    };
    const o = await run(fs, PATCH);
    expect(wrote).toBe(true);
    expect(o.error?.code).toBe('write_failed');
    expect(o.error?.message).toContain('were restored; no file was changed');
    oneInode(fs, ino, 'old a\n');
    expect(fs.text('/work/c.txt')).toBe('old c\n');
    expect(stateFiles(fs)).toEqual([]);
  });

  it('writes the old bytes back when a second file fails after the in-place write', async () => {
    const fs = linked();
    const ino = fs.inode('/work/a.txt');
    let wrote = false;
    fs.hooks.beforeWrite = (path, _n, op) => {
      if (op === 'writeInPlace' && path === '/work/a.txt') wrote = true;
      if (op === 'rename' && path === '/work/c.txt' && wrote) throw eio();
    };
    const o = await run(fs, PATCH);
    expect(o.error?.code).toBe('write_failed');
    expect(o.error?.message).toContain('c.txt');
    oneInode(fs, ino, 'old a\n');
    expect(fs.text('/work/c.txt')).toBe('old c\n');
  });

  it('restores a write that failed halfway, from the copy', async () => {
    const fs = linked();
    const ino = fs.inode('/work/a.txt');
    const write = fs.writeInPlace.bind(fs);
    let first = true;
    fs.writeInPlace = async (path, bytes, expect) => {
      if (!first) return write(path, bytes, expect);
      first = false;
      fs.setInode(fs.nodes.get(path)!, new TextEncoder().encode('new'));
      throw eio();
    };
    const o = await run(fs, PATCH);
    expect(o.error?.code).toBe('write_failed');
    oneInode(fs, ino, 'old a\n');
  });
});

describe('rolling back an in-place write another program wrote over since', () => {
  it("keeps that program's in-place write, with the old content beside it, and says NOT restored", async () => {
    const fs = linked();
    const ino = fs.inode('/work/a.txt');
    let wrote = false;
    fs.hooks.beforeWrite = (path, _n, op) => {
      // c.txt's switch fails after a.txt's in-place write, and an editor wrote a.txt in place in between.
      if (op !== 'rename' || path !== '/work/c.txt' || wrote) return;
      expect(fs.text('/work/a.txt')).toBe('new a\n');
      fs.setInode(fs.nodes.get('/work/a.txt')!, new TextEncoder().encode('an editor wrote this\n'));
      wrote = true;
      throw eio();
    };
    const o = await run(fs, PATCH);
    expect(wrote).toBe(true);
    expect(o.status).toBe('rejected');
    oneInode(fs, ino, 'an editor wrote this\n');
    expect(fs.text('/work/a.txt.chord-patch-orig')).toBe('old a\n');
    expect(fs.text('/work/c.txt')).toBe('old c\n');
    expect(o.error?.message).toContain(
      "NOT restored, to keep another program's later change: a.txt: changed by another program after chord-patch wrote it",
    );
    expect(stateFiles(fs).filter((p) => !p.endsWith('.chord-patch-orig'))).toEqual([]);
  });

  it('still restores its own write when nobody else touched it, and a write that failed halfway', async () => {
    const fs = linked();
    const ino = fs.inode('/work/a.txt');
    const write = fs.writeInPlace.bind(fs);
    fs.writeInPlace = async (path) => {
      // Part of the new bytes written, then the disk fails: the torn content is chord-patch's own.
      fs.setInode(fs.nodes.get(path)!, new TextEncoder().encode('new ad\n'));
      fs.writeInPlace = write;
      throw eio();
    };
    const o = await run(fs, PATCH);
    expect(o.error?.code).toBe('write_failed');
    expect(o.error?.message).not.toContain('NOT restored');
    oneInode(fs, ino, 'old a\n');
    expect(stateFiles(fs)).toEqual([]);
  });
});

describe('an in-place commit killed at any change', () => {
  const whole = async () => {
    const fs = linked();
    await run(fs, PATCH);
    return fs.dump();
  };

  it('is rolled back or finished, in the same inode, after a kill at each of its changes', async () => {
    const done = await whole();
    let kills = 0;
    for (let at = 1; at <= 30; at++) {
      const fs = linked();
      const before = fs.dump();
      const ino = fs.inode('/work/a.txt');
      if (
        !(await killedDuring(
          fs,
          () => run(fs, PATCH),
          (_p, nth) => nth === at,
        ))
      )
        continue;
      kills++;
      const r = await recover({ fs, cwd: '/work', isAlive: () => false });
      expect(r.ok).toBe(true);
      expect([before, done]).toContainEqual(fs.dump());
      oneInode(fs, ino, fs.text('/work/c.txt') === 'new c\n' ? 'new a\n' : 'old a\n');
      expect(stateFiles(fs)).toEqual([]);
    }
    expect(kills).toBeGreaterThan(10);
  });

  /** Killed at its first change of the given kind (the disk as it was right before it). */
  const killedAt = async (op: string, path?: RegExp) => {
    const fs = linked();
    const ino = fs.inode('/work/a.txt');
    const reached = await killedDuring(
      fs,
      () => run(fs, PATCH),
      (p, _n, o) => o === op && (!path || path.test(p)),
    );
    expect(reached).toBe(true);
    return { fs, ino };
  };

  it('keeps the old content when killed after the journal, before the copy was written', async () => {
    const { fs, ino } = await killedAt('writeTemp', /\/\.chord-patch-[a-z0-9]+-0\.old$/);
    expect(stateFiles(fs).some((p) => /\/journal-/.test(p))).toBe(true);
    await recover({ fs, cwd: '/work', isAlive: () => false });
    oneInode(fs, ino, 'old a\n');
    expect(stateFiles(fs)).toEqual([]);
  });

  it('ignores a copy cut short by the kill: the in-place write had not begun', async () => {
    const { fs, ino } = await killedAt('writeInPlace');
    const copy = [...fs.nodes.keys()].find((p) => p.endsWith('-0.old'))!;
    fs.put(copy, 'old');
    const r = await recover({ fs, cwd: '/work', isAlive: () => false });
    expect(r.restored).toEqual([]);
    oneInode(fs, ino, 'old a\n');
    expect(stateFiles(fs)).toEqual([]);
  });

  it('writes the old content back into a torn file', async () => {
    const { fs, ino } = await killedAt('writeInPlace');
    // Part of the new bytes over the old ones, the length not yet cut.
    fs.setInode(fs.nodes.get('/work/a.txt')!, new TextEncoder().encode('new ad\n'));
    const r = await recover({ fs, cwd: '/work', isAlive: () => false });
    expect(r.restored).toEqual(['a.txt']);
    oneInode(fs, ino, 'old a\n');
    expect(fs.text('/work/c.txt')).toBe('old c\n');
    expect(stateFiles(fs)).toEqual([]);
  });

  it('writes the old content back after the write, before the commit point', async () => {
    const { fs, ino } = await killedAt('rename', /\/done-[^/]+$/);
    expect(fs.text('/work/b.txt')).toBe('new a\n');
    const r = await recover({ fs, cwd: '/work', isAlive: () => false });
    expect(r.restored).toContain('a.txt');
    oneInode(fs, ino, 'old a\n');
  });

  it('keeps the new content when killed past the commit point', async () => {
    const { fs, ino } = await killedAt('unlink', /-0\.old$/);
    const r = await recover({ fs, cwd: '/work', isAlive: () => false });
    expect(r.finished).toContain('a.txt');
    oneInode(fs, ino, 'new a\n');
    expect(stateFiles(fs)).toEqual([]);
  });

  it('leaves a file another program put at the name after the kill, and keeps the old content beside it', async () => {
    const { fs } = await killedAt('rename', /\/done-[^/]+$/);
    fs.put('/work/a.txt', 'saved by an editor\n');
    const r = await recover({ fs, cwd: '/work', isAlive: () => false });
    expect(fs.text('/work/a.txt')).toBe('saved by an editor\n');
    expect(fs.text('/work/a.txt.chord-patch-orig')).toBe('old a\n');
    expect(r.message).toContain('NOT restored');
  });
});
