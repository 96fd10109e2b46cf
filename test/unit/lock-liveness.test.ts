// The commit lock across roots and containers: one lock per real directory
// of the files a run writes (whatever -C it was given), and a holder judged
// by boot id, PID namespace and start time, never by pid alone.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockFiles } from '../../src/commit/file-locks.js';
import { startTime, thisProcess, verdict } from '../../src/commit/liveness.js';
import { NodeFs } from '../../src/platform/node-fs.js';
import { runPatchText } from '../../src/run/pipeline.js';
import { recover } from '../../src/index.js';
import { rootIdentity, signJournal } from '../../src/commit/journal-file.js';
import { journalKey } from '../../src/commit/journal-key.js';
import { MemFs } from '../support/memfs.js';

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const me = () => thisProcess();

describe('who holds a lock', () => {
  it('reads its own start time from /proc', () => {
    expect(me().start).toMatch(/^\d+$/);
    expect(startTime(process.pid)).toBe(me().start);
    expect(me().ns).toMatch(/^\d+$/);
    expect(me().boot).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('calls a pid of this namespace with another start time dead (the pid was reused)', () => {
    expect(verdict({ ...me(), pid: process.ppid, start: '1' }, () => false)).toBe('dead');
    expect(verdict({ ...me(), pid: process.ppid, start: startTime(process.ppid)! }, () => false)).toBe('alive');
  });

  it('calls a gone pid dead, and this process alive only for a lock it holds now', () => {
    expect(verdict({ ...me(), pid: 2 ** 22 + 7 }, () => false)).toBe('dead');
    expect(verdict(me(), () => true)).toBe('alive');
    expect(verdict(me(), () => false)).toBe('dead');
  });

  it('never calls a holder in another PID namespace or on another host dead; one from before a reboot is', () => {
    expect(verdict({ ...me(), ns: '1' }, () => false)).toBe('unknown');
    expect(verdict({ ...me(), boot: 'other', host: 'elsewhere' }, () => false)).toBe('unknown');
    expect(verdict({ ...me(), boot: 'before-reboot' }, () => false)).toBe('dead');
  });
});

describe('the root lock', () => {
  const lockOf = (extra: object) =>
    JSON.stringify({ pid: process.pid, host: hostname(), since: '2026-01-01T00:00:00.000Z', id: 'old', ...extra });

  it('never waits on itself: a lock with this pid and start time that this process does not hold is stale', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    fs.put('/work/.chord-patch/lock', lockOf({ boot: me().boot, ns: me().ns, start: me().start }));
    const o = await runPatchText(P('*** Update File: a.txt', '-a', '+b'), { fs, cwd: '/work', lockTimeoutMs: 200 });
    expect(o.status).toBe('applied');
    expect(fs.text('/work/a.txt')).toBe('b\n');
  });

  it('breaks a lock whose pid now belongs to another process (a container restarted with the same pids)', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    fs.put('/work/.chord-patch/lock', lockOf({ pid: process.ppid, boot: me().boot, ns: me().ns, start: '12' }));
    const o = await runPatchText(P('*** Update File: a.txt', '-a', '+b'), { fs, cwd: '/work', lockTimeoutMs: 200 });
    expect(o.status).toBe('applied');
  });

  it('waits for a holder in another PID namespace, then refuses naming it, never breaking it', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    fs.put('/work/.chord-patch/lock', lockOf({ pid: 1, boot: me().boot, ns: '4026530000', start: '5' }));
    const o = await runPatchText(P('*** Update File: a.txt', '-a', '+b'), { fs, cwd: '/work', lockTimeoutMs: 100 });
    expect(o.error?.code).toBe('locked');
    expect(o.error?.message).toContain('another PID namespace');
    expect(fs.text('/work/a.txt')).toBe('a\n');
    expect(fs.text('/work/.chord-patch/lock')).toContain('4026530000');
  });
});

describe('file locks', () => {
  const tree = () => {
    const d = mkdtempSync(join(tmpdir(), 'chord-locks-'));
    dirs.push(d);
    mkdirSync(join(d, 'sub'));
    writeFileSync(join(d, 'sub', 'f.txt'), 'a\n');
    return d;
  };

  it('keeps out a run from another root (-C ROOT/sub, a linked spelling) that writes the same file', async () => {
    const root = tree();
    symlinkSync(root, `${root}-link`);
    dirs.push(`${root}-link`);
    const held = await lockFiles(new NodeFs(), [join(root, 'sub', 'f.txt')]);
    try {
      for (const [cwd, path] of [
        [join(root, 'sub'), 'f.txt'],
        [`${root}-link`, 'sub/f.txt'],
      ] as const) {
        // The default Fs, and a copy of NodeFs's methods (what the CLI runs with) alike.
        for (const fs of [undefined, { ...new NodeFs() }]) {
          const o = await runPatchText(P(`*** Update File: ${path}`, '-a', '+b'), { cwd, lockTimeoutMs: 100, ...(fs ? { fs } : {}) });
          expect(o.error?.code).toBe('locked');
          expect(o.error?.message).toContain('in the same directory');
        }
      }
      expect(readFileSync(join(root, 'sub', 'f.txt'), 'utf8')).toBe('a\n');
    } finally {
      held.release();
    }
    const o = await runPatchText(P('*** Update File: f.txt', '-a', '+b'), { cwd: join(root, 'sub'), lockTimeoutMs: 100 });
    expect(o.status).toBe('applied');
  });

  it('locks a new file by its nearest existing directory', async () => {
    const root = tree();
    const held = await lockFiles(new NodeFs(), [join(root, 'sub', 'new', 'deep', 'x.txt')]);
    try {
      const o = await runPatchText(P('*** Add File: new/deep/y.txt', '+y'), { cwd: join(root, 'sub'), lockTimeoutMs: 100 });
      expect(o.error?.code).toBe('locked');
    } finally {
      held.release();
    }
  });

  it('breaks the lock of a process that has exited', async () => {
    const root = tree();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    await new Promise((r) => child.once('spawn', r));
    const start = startTime(child.pid!)!;
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const fs = new NodeFs();
    const held = await lockFiles(fs, [join(root, 'sub', 'f.txt')]);
    held.release();
    // Plant the dead child's lock under the key the directory has.
    const { lockDir } = await import('../../src/commit/file-locks.js');
    const { statSync } = await import('node:fs');
    const s = statSync(join(root, 'sub'));
    const key = join(lockDir(), `${s.dev}-${s.ino}`);
    symlinkSync(`cp1 ${me().boot} ${me().ns} ${child.pid} ${start} dead ${me().host}`, key);
    const o = await runPatchText(P('*** Update File: f.txt', '-a', '+b'), { cwd: join(root, 'sub'), lockTimeoutMs: 2000 });
    expect(o.status).toBe('applied');
  });
});

describe('recovery and the file locks', () => {
  it('leaves a journal in place while a run from another root holds its files, and recovers it after', async () => {
    const root = mkdtempSync(join(tmpdir(), 'chord-locks-'));
    dirs.push(root);
    writeFileSync(join(root, 'a.txt'), 'new\n');
    writeFileSync(join(root, '.chord-patch-rk1-0.old'), 'old\n');
    mkdirSync(join(root, '.chord-patch'));
    const here = await rootIdentity(new NodeFs(), root);
    const key = journalKey();
    if (!('key' in key)) throw new Error(key.error);
    const entry = { target: join(root, 'a.txt'), op: 'replace' as const, tmp: join(root, '.chord-patch-rk1-0.tmp') };
    const journal = { version: 2 as const, id: 'rk1', pid: 999_999, root, realRoot: here.real, rootId: here.id, dirs: [] };
    const entries = [{ ...entry, backup: join(root, '.chord-patch-rk1-0.old') }];
    writeFileSync(join(root, '.chord-patch', 'journal-rk1.json'), signJournal({ ...journal, entries }, key.key));
    const held = await lockFiles(new NodeFs(), [join(root, 'a.txt')]);
    try {
      const r = await recover({ cwd: root, lockTimeoutMs: 100 });
      expect(r.ok).toBe(false);
      expect(r.message).toContain('left in place for now');
      expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe('new\n');
    } finally {
      held.release();
    }
    const r = await recover({ cwd: root });
    expect(r.ok).toBe(true);
    expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe('old\n');
  });
});
