// A repository can ship `.chord-patch/` with anything in it: a lock committed
// from another machine, a lock that is a symbolic link or a FIFO, a journal
// that is a link. None of them may block every run, be followed out of the
// tree, or hang a read; a lock a live run holds is still respected.

import { execFileSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, uptime } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock } from '../../src/commit/lock.js';
import { recordedTimeStale, TIME_SLACK_MS, thisProcess } from '../../src/commit/liveness.js';
import { recover } from '../../src/index.js';
import { NodeFs } from '../../src/platform/node-fs.js';
import { runPatchText } from '../../src/run/pipeline.js';

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A root with a.txt, its .chord-patch/, and a directory outside it. */
function tree(): { root: string; state: string; outside: string } {
  const base = mkdtempSync(join(tmpdir(), 'chord-planted-'));
  dirs.push(base);
  const root = join(base, 'repo');
  const state = join(root, '.chord-patch');
  const outside = join(base, 'outside');
  mkdirSync(state, { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(root, 'a.txt'), 'a\n');
  return { root, state, outside };
}

/** A holder on another machine: never judged dead by pid, boot or namespace, only by the time it records. */
const elsewhere = (since: Date | string) =>
  JSON.stringify({ pid: 4242, host: 'ci-runner-7', since: typeof since === 'string' ? since : since.toISOString(), id: 'x', boot: 'b' });

const edit = (root: string, lockTimeoutMs = 2000) =>
  runPatchText(P('*** Update File: a.txt', '-a', '+b'), { fs: new NodeFs(), cwd: root, lockTimeoutMs });

describe('a lock planted in the repository', () => {
  it('breaks at once a committed lock whose recorded time is far from its file time', async () => {
    const { root, state } = tree();
    writeFileSync(join(state, 'lock'), elsewhere(new Date(Date.now() - 3 * 24 * 3600_000)));
    const o = await edit(root);
    expect(o.status).toBe('applied');
    expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe('b\n');
    expect(existsSync(state)).toBe(false);
  });

  it('breaks a lock recording a time before this machine booted, even with a matching file time (an archive keeps mtimes)', async () => {
    const { root, state } = tree();
    const before = new Date(Date.now() - uptime() * 1000 - 3600_000);
    writeFileSync(join(state, 'lock'), elsewhere(before));
    utimesSync(join(state, 'lock'), before, before);
    expect((await edit(root)).status).toBe('applied');
  });

  it('breaks a lock recording a time ahead of this clock', async () => {
    const { root, state } = tree();
    const ahead = new Date(Date.now() + 24 * 3600_000);
    writeFileSync(join(state, 'lock'), elsewhere(ahead));
    utimesSync(join(state, 'lock'), ahead, ahead);
    expect((await edit(root)).status).toBe('applied');
  });

  it('breaks a lock whose recorded time is no time at all, and a 0-byte lock', async () => {
    for (const text of [elsewhere('yesterday'), JSON.stringify({ pid: 4242, host: 'ci-runner-7', id: 'x' }), '', 'null']) {
      const { root, state } = tree();
      writeFileSync(join(state, 'lock'), text);
      expect((await edit(root)).status).toBe('applied');
    }
  });

  it('still waits for a lock elsewhere whose recorded time agrees with its file, then refuses naming it', async () => {
    const { root, state } = tree();
    writeFileSync(join(state, 'lock'), elsewhere(new Date()));
    const o = await edit(root, 100);
    expect(o.error?.code).toBe('locked');
    expect(o.error?.message).toContain('pid 4242 on host ci-runner-7');
    expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe('a\n');
  });

  it('breaks a lock that is a symbolic link to a file outside, without reading or touching that file', async () => {
    const { root, state, outside } = tree();
    const target = join(outside, 'holder.json');
    writeFileSync(target, elsewhere(new Date()));
    symlinkSync(target, join(state, 'lock'));
    expect((await edit(root)).status).toBe('applied');
    expect(readFileSync(target, 'utf8')).toBe(elsewhere(new Date(JSON.parse(readFileSync(target, 'utf8')).since)));
    expect(existsSync(join(state, 'lock'))).toBe(false);
  });

  it('breaks a lock hard-linked to a file outside by removing only its own name', async () => {
    const { root, state, outside } = tree();
    const target = join(outside, 'precious');
    writeFileSync(target, 'precious\n');
    linkSync(target, join(state, 'lock'));
    expect((await edit(root)).status).toBe('applied');
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
  });

  it('breaks a lock that is a FIFO without waiting on it', { timeout: 10_000 }, async () => {
    const { root, state } = tree();
    execFileSync('mkfifo', [join(state, 'lock')]);
    expect((await edit(root)).status).toBe('applied');
  });

  it('breaks a lock that is a file too large to be one', async () => {
    const { root, state } = tree();
    writeFileSync(join(state, 'lock'), `${elsewhere(new Date())}${' '.repeat(100_000)}`);
    expect((await edit(root)).status).toBe('applied');
  });

  it('refuses within the timeout, never hanging, when the lock is a directory', { timeout: 10_000 }, async () => {
    const { root, state } = tree();
    mkdirSync(join(state, 'lock'));
    const o = await edit(root, 100);
    expect(o.error?.code).toBe('locked');
    expect(o.error?.message).toContain('cannot be read');
  });

  it('refuses a state directory that is itself a symbolic link', async () => {
    const { root, state, outside } = tree();
    rmSync(state, { recursive: true });
    symlinkSync(outside, state);
    const o = await edit(root);
    expect(o.error?.code).toBe('protected_path');
    expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe('a\n');
  });

  it('removes a waiter file planted as a symbolic link or FIFO, never following it', { timeout: 10_000 }, async () => {
    const { root, state, outside } = tree();
    writeFileSync(join(outside, 'keep'), 'keep\n');
    symlinkSync(join(outside, 'keep'), join(state, `lock.1-planted`));
    execFileSync('mkfifo', [join(state, 'lock.1-fifo')]);
    const r = await recover({ fs: new NodeFs(), cwd: root });
    expect(r.ok).toBe(true);
    expect(existsSync(state)).toBe(false);
    expect(readFileSync(join(outside, 'keep'), 'utf8')).toBe('keep\n');
  });

  it('respects a fresh lock this process holds', async () => {
    const { root } = tree();
    const fs = new NodeFs();
    const held = await acquireLock(fs, root, { lockTimeoutMs: 100 });
    try {
      const o = await edit(root, 100);
      expect(o.error?.code).toBe('locked');
      expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe('a\n');
    } finally {
      await held.release();
    }
  });
});

describe('a live holder and the clock', () => {
  it('keeps the lock of a holder seen alive even when the clock has stepped back past the slack', async () => {
    const { root, state } = tree();
    const fs = new NodeFs();
    const held = await acquireLock(fs, root, { lockTimeoutMs: 100 });
    try {
      // The clock now reads a day earlier than when the lock was taken: by its time alone the lock lies ahead.
      const dayBefore = Date.now() - 24 * 3600_000;
      const r = acquireLock(fs, root, { lockTimeoutMs: 200, now: () => dayBefore });
      await expect(r).rejects.toMatchObject({ code: 'locked' });
      expect(existsSync(join(state, 'lock'))).toBe(true);
    } finally {
      await held.release();
    }
  });
});

describe('a journal planted in the repository', () => {
  it('leaves a journal that is a symbolic link in place, unread, and says why', async () => {
    const { root, state, outside } = tree();
    writeFileSync(join(outside, 'j.json'), '{"version":2}\n');
    symlinkSync(join(outside, 'j.json'), join(state, 'journal-abc.json'));
    const r = await recover({ fs: new NodeFs(), cwd: root });
    expect(r.message).toContain('journal-abc.json left in place');
    expect(r.message).toContain('is a symbolic link, which is not followed');
    expect(lstatSync(join(state, 'journal-abc.json')).isSymbolicLink()).toBe(true);
  });

  it('leaves a journal that is a FIFO in place without waiting on it', { timeout: 10_000 }, async () => {
    const { root, state } = tree();
    execFileSync('mkfifo', [join(state, 'journal-abc.json')]);
    const r = await recover({ fs: new NodeFs(), cwd: root });
    expect(r.message).toContain('is a FIFO, not a regular file');
  });
});

describe('the time a lock records', () => {
  const now = Date.now();
  const at = (ms: number) => new Date(ms).toISOString();
  const never = async () => {
    throw new Error('asked whether the disk is local');
  };

  const local = async () => true;
  const network = async () => false;

  it('is stale far from its file time either way on a local disk, and fine within the slack', async () => {
    expect(await recordedTimeStale(at(now), now + TIME_SLACK_MS + 1, now, local)).toBe(true);
    expect(await recordedTimeStale(at(now), now - TIME_SLACK_MS - 1, now, local)).toBe(true);
    expect(await recordedTimeStale(at(now), now + TIME_SLACK_MS - 1000, now, never)).toBe(false);
  });

  it("never judges by clocks on a network disk, where the mtime is the server's and the time another host's", async () => {
    expect(await recordedTimeStale(at(now), now + TIME_SLACK_MS + 1, now, network)).toBe(false);
    expect(await recordedTimeStale(at(now + 24 * 3600_000), now + 24 * 3600_000, now, network)).toBe(false);
    expect(await recordedTimeStale('not a time', now, now, network)).toBe(true);
  });

  it('judges a time before boot stale only on a local disk', async () => {
    const early = now - uptime() * 1000 - 2 * TIME_SLACK_MS;
    expect(await recordedTimeStale(at(early), early, now, async () => true)).toBe(true);
    expect(await recordedTimeStale(at(early), early, now, async () => false)).toBe(false);
  });

  it('records this process as a live holder would: its own lock is never stale', async () => {
    expect(thisProcess().pid).toBe(process.pid);
    expect(await recordedTimeStale(at(now), now, now, never)).toBe(false);
  });
});

describe('reading a state file', () => {
  const fs = new NodeFs();
  const code = (p: Promise<unknown>) =>
    p.then(
      () => 'read',
      (e) => (e as NodeJS.ErrnoException).code,
    );

  it('reads a regular file up to its limit and refuses a byte more', async () => {
    const { state } = tree();
    writeFileSync(join(state, 'f'), 'x'.repeat(10));
    expect(Buffer.from((await fs.readRegular(join(state, 'f'), 10)).bytes).toString()).toBe('x'.repeat(10));
    expect(await code(fs.readRegular(join(state, 'f'), 9))).toBe('EFBIG');
    expect(await code(fs.readRegular(join(state, 'gone'), 9))).toBe('ENOENT');
  });

  it('refuses a link (ELOOP), a directory and a FIFO (ENOTREG), with or without readRegular', { timeout: 10_000 }, async () => {
    const { state, outside } = tree();
    writeFileSync(join(outside, 't'), 't');
    symlinkSync(join(outside, 't'), join(state, 'link'));
    mkdirSync(join(state, 'dir'));
    execFileSync('mkfifo', [join(state, 'fifo')]);
    const { readStateFile } = await import('../../src/commit/state-dir.js');
    const { readRegular: _, localDisk: __, ...without } = fs;
    for (const f of [fs, without]) {
      expect(await code(readStateFile(f, join(state, 'link'), 100))).toBe('ELOOP');
      expect(await code(readStateFile(f, join(state, 'dir'), 100))).toBe('ENOTREG');
      expect(await code(readStateFile(f, join(state, 'fifo'), 100))).toBe('ENOTREG');
    }
  });
});

describe('a waiter that takes the lock after a wait', () => {
  const sinceIn = (state: string) => JSON.parse(readFileSync(join(state, 'lock'), 'utf8')) as { since: string; pid: number };

  it('records the time of taking it, not of its first try, with its pid', async () => {
    const { root, state } = tree();
    const fs = new NodeFs();
    const first = await acquireLock(fs, root);
    let t = Date.now();
    const t0 = t;
    const waiter = acquireLock(fs, root, { now: () => t, lockTimeoutMs: 5000 });
    await new Promise((r) => setTimeout(r, 100));
    // Its file, written at its first try, records t0; the clock then moves on past the wait.
    t += 2000;
    await first.release();
    const second = await waiter;
    try {
      expect(sinceIn(state)).toMatchObject({ since: new Date(t0 + 2000).toISOString(), pid: process.pid });
    } finally {
      await second.release();
    }
  });

  it('links a lock whose recorded time is within a second of when it was taken', async () => {
    const { root, state } = tree();
    const fs = new NodeFs();
    const first = await acquireLock(fs, root);
    const waiter = acquireLock(fs, root, { lockTimeoutMs: 10_000 });
    await new Promise((r) => setTimeout(r, 2500));
    const released = Date.now();
    await first.release();
    const second = await waiter;
    try {
      expect(Date.parse(sinceIn(state).since)).toBeGreaterThan(released - 1500);
    } finally {
      await second.release();
    }
  });
});
