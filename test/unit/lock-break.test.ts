// Breaking a dead holder's root lock (commit/lock.ts) against the breakers
// that race it. A breaker's guard is a file in the state directory whose name
// starts with `break`; the tests find guards by that prefix only, plant dead
// or live ones where a breaker first tries to make one, and pause waiters of
// this process inside the file-system calls (an Fs wrapped per waiter, told
// apart by async context), so each interleaving is exact.

import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootIdentity } from '../../src/commit/journal-file.js';
import { acquireLock } from '../../src/commit/lock.js';
import { thisProcess } from '../../src/commit/liveness.js';
import { recoverJournals } from '../../src/commit/recover.js';
import { runPatchText } from '../../src/run/pipeline.js';
import { MemFs } from '../support/memfs.js';
import { within } from '../support/within.js';

const DEAD = 999_991;
const LIVE = 999_992;
const isAlive = (pid: number) => pid !== DEAD;
const me = thisProcess();
const record = (pid: number, id: string, ns = me.ns) =>
  JSON.stringify({ pid, host: me.host, since: '2026-01-01T00:00:00.000Z', id, boot: me.boot, ns, start: '1' });
const LOCK = '/work/.chord-patch/lock';
const STALE = record(DEAD, 'stale');
const isGuard = (p: string) => basename(p).startsWith('break');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Watch {
  /** A guard is about to be made at `path` (by writeTemp or link). */
  making?(path: string): void;
  made?(path: string): void;
  /** `path` was read: `bytes`, returned once this settles. */
  read?(path: string, bytes: Uint8Array | undefined): Promise<void> | void;
  unlinking?(path: string): void;
}

/** A MemFs holding the stale lock, whose guard-making, reads and unlinks `watch` sees. */
function watched(watch: Watch): MemFs {
  const fs = new MemFs({ 'a.txt': 'a\n' });
  fs.put(LOCK, STALE);
  const { writeTemp, link, readFile, unlink } = { writeTemp: fs.writeTemp, link: fs.link, readFile: fs.readFile, unlink: fs.unlink };
  fs.writeTemp = async (path, ...rest) => {
    if (isGuard(path)) watch.making?.(path);
    await writeTemp.call(fs, path, ...rest);
    if (isGuard(path)) watch.made?.(path);
  };
  fs.link = async (from, to) => {
    if (isGuard(to)) watch.making?.(to);
    await link.call(fs, from, to);
    if (isGuard(to)) watch.made?.(to);
  };
  fs.readFile = async (path) => {
    let bytes: Uint8Array | undefined;
    try {
      bytes = await readFile.call(fs, path);
      return bytes;
    } finally {
      await watch.read?.(path, bytes);
    }
  };
  fs.unlink = async (path) => {
    watch.unlinking?.(path);
    await unlink.call(fs, path);
  };
  return fs;
}

/** Plant each of `texts` where a breaker next tries to make a guard (so that try meets it: EEXIST). */
function planting(fs: () => MemFs, texts: string[], planted: string[]): (path: string) => void {
  return (path) => {
    if (planted.length < texts.length && !fs().nodes.has(path)) {
      fs().put(path, texts[planted.length]!);
      planted.push(path);
    }
  };
}

describe('breaking a stale root lock', () => {
  it('skips a dead breaker\u2019s guard, leaves it, and still breaks the stale lock', async () => {
    const planted: string[] = [];
    const fs = watched({ making: planting(() => fs, [record(DEAD, 'g1')], planted) });
    const lock = await acquireLock(fs, '/work', { isAlive, lockTimeoutMs: 2000 });
    expect(fs.text(LOCK)).toContain(lock.id);
    expect(planted).toHaveLength(1);
    expect(fs.text(planted[0]!)).toBe(record(DEAD, 'g1'));
    await lock.release();
  });

  it('gets past several dead guards, removing none of them', async () => {
    const planted: string[] = [];
    const dead = [record(DEAD, 'g1'), record(DEAD, 'g2'), '']; // the last one never reached the disk (a power cut)
    const fs = watched({ making: planting(() => fs, dead, planted) });
    const got = await within(acquireLock(fs, '/work', { isAlive, lockTimeoutMs: 2000 }), 3000);
    if (got === 'hung') for (const p of planted) fs.nodes.delete(p);
    expect(got).not.toBe('hung');
    const lock = (got as { v: Awaited<ReturnType<typeof acquireLock>> }).v;
    expect(fs.text(LOCK)).toContain(lock.id);
    expect(planted.map((p) => fs.text(p))).toEqual(dead);
    await lock.release();
  });

  it('never removes a guard it did not make, even one a live breaker made after the dead one was read', async () => {
    const planted: string[] = [];
    let swapped = false;
    const fs = watched({
      making: planting(() => fs, [record(DEAD, 'g1')], planted),
      read: (path) => {
        if (isGuard(path) && !swapped) {
          // Meanwhile the dead guard went and a live breaker made its own under that name.
          swapped = true;
          fs.nodes.delete(path);
          fs.put(path, record(LIVE, 'g2'));
        }
      },
    });
    const lock = await acquireLock(fs, '/work', { isAlive, lockTimeoutMs: 2000 });
    await lock.release();
    expect(swapped).toBe(true);
    expect(fs.text(planted[0]!)).toBe(record(LIVE, 'g2'));
  });

  it('waits with backoff while a live breaker guards it, then takes it once that guard is gone', async () => {
    const planted: string[] = [];
    let guardReads = 0;
    const fs = watched({
      making: planting(() => fs, [record(LIVE, 'g1')], planted),
      read: (path) => {
        if (isGuard(path)) guardReads++;
      },
    });
    const taking = acquireLock(fs, '/work', { isAlive, lockTimeoutMs: 5000 });
    await sleep(300);
    const reads = guardReads;
    const during = fs.text(LOCK);
    for (const p of planted) fs.nodes.delete(p);
    const lock = await taking;
    expect(fs.text(LOCK)).toContain(lock.id);
    await lock.release();
    expect(during).toBe(STALE);
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThan(25);
  });

  it('gives up at the deadline, naming the holder, when a guard from another PID namespace never goes away', async () => {
    const planted: string[] = [];
    const fs = watched({ making: planting(() => fs, [record(7, 'g1', '4026530000')], planted) });
    const got = await within(acquireLock(fs, '/work', { isAlive, lockTimeoutMs: 300 }), 3000);
    // Let a waiter that never gave up finish, so that it stops.
    for (const p of planted) fs.nodes.delete(p);
    expect(got).not.toBe('hung');
    const e = (got as { e?: { code?: string; message?: string } }).e;
    expect(e?.code).toBe('locked');
    expect(e?.message).toContain(`pid ${DEAD}`);
    expect(fs.text(LOCK)).toBe(STALE);
  });
});

describe('two waiters breaking the same stale root lock', () => {
  it('never both hold it: a lock taken between a breaker\u2019s check and its unlink stays', async () => {
    const who = new AsyncLocalStorage<string>();
    const actor = () => who.getStore() ?? '?';
    const planted: string[] = [];
    const plant = planting(() => fs, [record(DEAD, 'g1')], planted);
    const guarding = new Set<string>();
    let frozen: string | undefined;
    let paused = false;
    const gate = () => {
      let open!: () => void;
      const p = new Promise<void>((r) => {
        open = r;
      });
      // Never hang the test: a gate not opened by the schedule opens by itself.
      const t = setTimeout(open, 3000);
      return { wait: p.then(() => clearTimeout(t)), open };
    };
    const cFrozen = gate();
    const thaw = gate();
    let c: Promise<unknown> | undefined;
    let holders = 0;
    let most = 0;
    const lost: string[] = [];
    const hold = async (name: string) => {
      const lock = await acquireLock(fs, '/work', { isAlive, lockTimeoutMs: 3000 });
      holders++;
      most = Math.max(most, holders);
      if (name === 'B') thaw.open();
      await sleep(100);
      if (!fs.text(LOCK)?.includes(lock.id)) lost.push(name);
      holders--;
      await lock.release();
    };
    const fs = watched({
      making: plant,
      made: () => guarding.add(actor()),
      unlinking: (path) => {
        if (isGuard(path)) guarding.delete(actor());
      },
      read: async (path, bytes) => {
        const text = bytes ? Buffer.from(bytes).toString('utf8') : undefined;
        if (path === LOCK && text === STALE && guarding.has(actor()) && frozen === undefined) {
          // The first breaker to pass its check stops right there (a paused process) until B has gone on.
          frozen = actor();
          cFrozen.open();
          await thaw.wait;
        }
        if (isGuard(path) && actor() === 'B') {
          if (!paused) {
            // While B looks at the dead guard, C tries to break the same lock.
            paused = true;
            c = who.run('C', () => hold('C'));
            await cFrozen.wait;
          } else if (text && JSON.parse(text).pid !== DEAD) thaw.open(); // B is held off by a live guard
        }
      },
    });
    await who.run('B', () => hold('B'));
    await c;
    expect(paused).toBe(true);
    expect(frozen).toBeDefined();
    expect(lost).toEqual([]);
    expect(most).toBe(1);
  });
});

describe('what breakers leave in the state directory', () => {
  const STATE = '/work/.chord-patch';
  const h = createHash('sha256').update(STALE).digest('hex').slice(0, 16);
  const leftovers = {
    [`break-${h}-0`]: record(DEAD, 'g0'),
    [`break-${h}-1`]: '', // never reached the disk (a power cut)
    [`break-${h}-2`]: record(LIVE, 'g2'),
    [`break-${h}-3`]: record(7, 'g3', '4026530000'),
    [`lock.${DEAD}-w1`]: '', // a dead waiter's, half-written
    [`lock.${LIVE}-w2`]: '', // a live waiter's, being written
    'lock.w3': '', // an older chord-patch's, half-written: whose cannot be told
    [`lock.${LIVE}-w4`]: record(DEAD, 'w4'), // the content says whose
    [`lock.${DEAD}-w5`]: record(LIVE, 'w5'),
  };
  const planted = () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    for (const [name, text] of Object.entries(leftovers)) fs.put(`${STATE}/${name}`, text);
    return fs;
  };
  const names = async (fs: MemFs) => (await fs.readDir(STATE)).sort();

  it('under the lock: dead guards and dead waiters\u2019 files go; live ones, and one whose waiter cannot be told, stay', async () => {
    const fs = planted();
    await recoverJournals(fs, await rootIdentity(fs, '/work'), STATE, undefined, { isAlive });
    expect(await names(fs)).toEqual([`break-${h}-2`, `break-${h}-3`, `lock.${LIVE}-w2`, `lock.${DEAD}-w5`, 'lock.w3'].sort());
  });

  it('without the lock (recovery on a full disk): every guard stays, since one may guard a lock being broken now', async () => {
    const fs = planted();
    await recoverJournals(fs, await rootIdentity(fs, '/work'), STATE, undefined, { isAlive }, false);
    expect(await names(fs)).toEqual(
      [`break-${h}-0`, `break-${h}-1`, `break-${h}-2`, `break-${h}-3`, `lock.${LIVE}-w2`, `lock.${DEAD}-w5`, 'lock.w3'].sort(),
    );
  });

  it('a run that broke a stale lock past a dead guard leaves nothing behind', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    fs.put(LOCK, STALE);
    fs.put(`${STATE}/break-${h}-0`, record(DEAD, 'g0'));
    const patch = ['*** Begin Patch', '*** Update File: a.txt', '-a', '+b', '*** End Patch'].join('\n');
    const o = await runPatchText(patch, { fs, cwd: '/work', isAlive, lockTimeoutMs: 2000 });
    expect(o.status).toBe('applied');
    expect([...fs.nodes.keys()].filter((p) => p.startsWith(STATE))).toEqual([]);
  });
});
