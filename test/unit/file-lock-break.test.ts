// Breaking a dead holder's file lock (commit/file-locks.ts) against the
// breakers that race it. A breaker's guard is a symbolic link beside the lock
// whose name starts `<key>.break`; the tests find the guards by that prefix
// only, plant dead or live ones where a breaker first tries to make one, and
// play the other breakers' steps inside the file-system calls of one of them
// (node:fs is wrapped here), so each interleaving is exact.

import * as realFs from 'node:fs';
import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { breakStale, lockDir, lockFiles } from '../../src/commit/file-locks.js';
import { thisProcess } from '../../src/commit/liveness.js';
import { NodeFs } from '../../src/platform/node-fs.js';
import { within } from '../support/within.js';

type Real = typeof import('node:fs');
interface Hooks {
  symlink?: (real: Real, target: string, path: string) => void;
  readlink?: (real: Real, path: string) => string;
  unlink?: (real: Real, path: string) => void;
}
const hooks = vi.hoisted(() => ({ now: {} as Hooks }));

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<Real>();
  const wrapped = {
    ...real,
    symlinkSync: (target: string, path: string) =>
      hooks.now.symlink ? hooks.now.symlink(real, target, path) : real.symlinkSync(target, path),
    readlinkSync: ((path: string, ...rest: never[]) =>
      hooks.now.readlink ? hooks.now.readlink(real, path) : real.readlinkSync(path, ...rest)) as Real['readlinkSync'],
    unlinkSync: (path: string) => (hooks.now.unlink ? hooks.now.unlink(real, path) : real.unlinkSync(path)),
  };
  return { ...wrapped, default: wrapped };
});

const DEAD = 999_991;
const LIVE = 999_992;
const isAlive = (pid: number) => pid !== DEAD;
const me = thisProcess();
const text = (pid: number, id: string, ns = me.ns) => `cp1 ${me.boot} ${ns} ${pid} 1 ${id} ${me.host}`;
const STALE = text(DEAD, 'stale');
const FRESH = text(LIVE, 'fresh');
const isGuard = (p: string) => basename(p).includes('.break');

let top: string;
let n = 0;
const saved = process.env.XDG_STATE_HOME;
beforeAll(() => {
  top = realFs.mkdtempSync(join(tmpdir(), 'chord-file-break-'));
  process.env.XDG_STATE_HOME = join(top, 'state');
});
afterAll(() => {
  if (saved === undefined) delete process.env.XDG_STATE_HOME;
  else process.env.XDG_STATE_HOME = saved;
  realFs.rmSync(top, { recursive: true, force: true });
});
afterEach(() => {
  hooks.now = {};
});

/** A fresh lock path holding the stale lock, for calling breakStale directly. */
function staleLock(): string {
  const dir = join(top, `locks${n++}`);
  realFs.mkdirSync(dir);
  const path = join(dir, '1-2');
  realFs.symlinkSync(STALE, path);
  return path;
}

const read = (p: string) => {
  try {
    return realFs.readlinkSync(p);
  } catch {
    return undefined;
  }
};
const guardsOf = (path: string) =>
  realFs
    .readdirSync(join(path, '..'))
    .filter((f) => f.startsWith(`${basename(path)}.break`))
    .map((f) => join(path, '..', f));

/** Plant each of `texts` where a breaker next tries to make a guard (so that try meets it: EEXIST). */
function planting(texts: string[], planted: string[]): NonNullable<Hooks['symlink']> {
  return (real, target, path) => {
    if (isGuard(path) && planted.length < texts.length && read(path) === undefined) {
      real.symlinkSync(texts[planted.length]!, path);
      planted.push(path);
    }
    real.symlinkSync(target, path);
  };
}

/** The lock of a tree's directory, planted with the stale lock: the key path lockFiles will take. */
function staleTree(): { file: string; key: string } {
  const d = join(top, `tree${n++}`);
  realFs.mkdirSync(join(d, 'sub'), { recursive: true });
  realFs.writeFileSync(join(d, 'sub', 'f.txt'), 'a\n');
  realFs.mkdirSync(lockDir(), { recursive: true });
  const s = statSync(join(d, 'sub'));
  const key = join(lockDir(), `${s.dev}-${s.ino}`);
  realFs.symlinkSync(STALE, key);
  return { file: join(d, 'sub', 'f.txt'), key };
}

describe('breaking a stale file lock', () => {
  it('skips a dead breaker\u2019s guard, leaves it, and still breaks the stale lock', () => {
    const path = staleLock();
    const planted: string[] = [];
    hooks.now = { symlink: planting([text(DEAD, 'g1')], planted) };
    breakStale(path, STALE, isAlive);
    hooks.now = {};
    expect(planted).toHaveLength(1);
    expect(read(planted[0]!)).toBe(text(DEAD, 'g1'));
    expect(read(path)).toBeUndefined();
  });

  it('never removes a guard it did not make, even one a live breaker made after the dead one was read', () => {
    const path = staleLock();
    const planted: string[] = [];
    let swapped = false;
    hooks.now = {
      symlink: planting([text(DEAD, 'g1')], planted),
      readlink: (real, p) => {
        const got = real.readlinkSync(p);
        if (isGuard(p) && !swapped) {
          // Meanwhile the dead guard went and a live breaker made its own under that name.
          swapped = true;
          real.unlinkSync(p);
          real.symlinkSync(text(LIVE, 'g2'), p);
        }
        return got;
      },
    };
    breakStale(path, STALE, isAlive);
    hooks.now = {};
    expect(swapped).toBe(true);
    expect(read(planted[0]!)).toBe(text(LIVE, 'g2'));
  });

  it('never removes a fresh lock taken between a breaker\u2019s check and its unlink', () => {
    const path = staleLock();
    const planted: string[] = [];
    const plant = planting([text(DEAD, 'g1')], planted);
    let actor = 'B';
    const guarding = new Set<string>();
    let frozen: string | undefined;
    const deferred: (() => void)[] = [];
    const as = (who: string, f: () => unknown) => {
      const was = actor;
      actor = who;
      try {
        f();
      } finally {
        actor = was;
      }
    };
    let nested = false;
    hooks.now = {
      symlink: (real, target, p) => {
        if (actor === frozen) throw new Error('a frozen breaker asked for a result');
        plant(real, target, p);
        if (isGuard(p)) guarding.add(actor);
      },
      readlink: (real, p) => {
        if (actor === frozen) throw new Error('a frozen breaker asked for a result');
        const got = real.readlinkSync(p);
        if (p === path && got === STALE && guarding.has(actor) && frozen === undefined) {
          // The first breaker to pass its check stops right there (a paused process): what it does next, it does later.
          frozen = actor;
        }
        if (isGuard(p) && actor === 'B' && !nested) {
          // While B looks at the dead guard, C and D try to break the same lock.
          nested = true;
          as('C', () => breakStale(path, STALE, isAlive));
          as('D', () => breakStale(path, STALE, isAlive));
        }
        return got;
      },
      unlink: (real, p) => {
        if (isGuard(p)) guarding.delete(actor);
        if (actor === frozen) deferred.push(() => real.unlinkSync(p));
        else real.unlinkSync(p);
      },
    };
    breakStale(path, STALE, isAlive);
    for (let i = 0; i < 3; i++) breakStale(path, STALE, isAlive);
    let taken = false;
    const take = () => {
      if (taken || read(path) !== undefined) return;
      realFs.symlinkSync(FRESH, path);
      taken = true;
    };
    // F takes the lock once, as soon as it is free (and holds it); the paused breaker goes on meanwhile.
    take();
    const thawed = frozen;
    frozen = undefined;
    for (const d of deferred.splice(0)) {
      try {
        d();
      } catch {}
    }
    take();
    breakStale(path, STALE, isAlive);
    hooks.now = {};
    expect(nested).toBe(true);
    expect(thawed).toBeDefined();
    expect(taken).toBe(true);
    expect(read(path)).toBe(FRESH);
  });
});

describe('taking a file lock whose dead holder a breaker guards', () => {
  it('gets past several dead guards, removing none while the stale lock is there, and leaves none behind', async () => {
    const { file, key } = staleTree();
    const planted: string[] = [];
    const plant = planting([text(DEAD, 'g1'), text(DEAD, 'g2'), text(DEAD, 'g3')], planted);
    const early: string[] = [];
    hooks.now = {
      symlink: plant,
      unlink: (real, p) => {
        if (planted.includes(p) && read(key) === STALE) early.push(p);
        real.unlinkSync(p);
      },
    };
    const held = await lockFiles(new NodeFs(), [file], { lockTimeoutMs: 2000, isAlive });
    try {
      expect(planted).toHaveLength(3);
      expect(early).toEqual([]);
      expect(read(key)).not.toBe(STALE);
      expect(guardsOf(key)).toEqual([]);
    } finally {
      held.release();
      hooks.now = {};
    }
  });

  it('waits with backoff while a live breaker guards it, then takes it once that guard is gone', async () => {
    const { file, key } = staleTree();
    const planted: string[] = [];
    let guardReads = 0;
    hooks.now = {
      symlink: planting([text(LIVE, 'g1')], planted),
      readlink: (real, p) => {
        if (isGuard(p)) guardReads++;
        return real.readlinkSync(p);
      },
    };
    const taking = lockFiles(new NodeFs(), [file], { lockTimeoutMs: 5000, isAlive });
    await new Promise((r) => setTimeout(r, 300));
    const reads = guardReads;
    const during = read(key);
    for (const p of planted) realFs.unlinkSync(p);
    const held = await taking;
    held.release();
    hooks.now = {};
    expect(during).toBe(STALE);
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThan(25);
  });

  it('waits up to the deadline, never spinning, when what holds the key is not a link at all', async () => {
    const { file, key } = staleTree();
    realFs.unlinkSync(key);
    realFs.writeFileSync(key, 'not a link\n');
    const got = await within(lockFiles(new NodeFs(), [file], { lockTimeoutMs: 300, isAlive }), 3000);
    realFs.rmSync(key, { force: true });
    expect(got).not.toBe('hung');
    const e = (got as { e?: { code?: string; message?: string } }).e;
    expect(e?.code).toBe('locked');
    expect(e?.message).toContain('an unknown holder');
  });

  it('gives up at the deadline, naming the holder, when a guard from another PID namespace never goes away', async () => {
    const { file, key } = staleTree();
    const planted: string[] = [];
    hooks.now = { symlink: planting([text(7, 'g1', '4026530000')], planted) };
    const got = await within(lockFiles(new NodeFs(), [file], { lockTimeoutMs: 300, isAlive }), 3000);
    // Let a run that never gave up finish, so that it stops.
    for (const p of planted) realFs.rmSync(p, { force: true });
    hooks.now = {};
    expect(got).not.toBe('hung');
    const e = (got as { e?: { code?: string; message?: string } }).e;
    expect(e?.code).toBe('locked');
    expect(e?.message).toContain(`pid ${DEAD}`);
    expect(read(key)).toBe(STALE);
  });
});
