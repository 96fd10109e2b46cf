// The commit against interference: the lock, the re-check right before each
// switch, rollback failures reported as they are, journals that roll back an
// interrupted commit, confinement at commit time, and names/owners/links.

import { describe, expect, it } from 'vitest';
import { runPatchText } from '../../src/run/pipeline.js';
import { recover } from '../../src/index.js';
import { jsonReport } from '../../src/report/json.js';
import { humanReport } from '../../src/report/human.js';
import { modelMessage } from '../../src/report/message.js';
import { exitCodeFor } from '../../src/report/exit.js';
import { killedDuring, MemFs } from '../support/memfs.js';

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
const run = (fs: MemFs, text: string, extra: object = {}) => runPatchText(text, { fs, cwd: '/work', ...extra });
const eio = (what: string) => Object.assign(new Error(`EIO: i/o error, ${what}`), { code: 'EIO' });
const files = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}.txt`, `old ${i}\n`]));
const updateAll = (n: number) => P(...Array.from({ length: n }, (_, i) => [`*** Update File: f${i}.txt`, `-old ${i}`, `+new ${i}`]).flat());
const stateFiles = (fs: MemFs) => [...fs.nodes.keys()].filter((p) => p.includes('.chord-patch'));

describe('the commit lock', () => {
  it('waits for a lock held by a live process, then refuses naming the holder and writes nothing', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    fs.put(
      '/work/.chord-patch/lock',
      JSON.stringify({ pid: 4242, host: (await import('node:os')).hostname(), since: '2026-01-01T00:00:00.000Z', id: 'x' }),
    );
    const o = await run(fs, P('*** Update File: a.txt', '-a', '+b'), { lockTimeoutMs: 30, isAlive: () => true });
    expect(o.status).toBe('rejected');
    expect(o.error?.code).toBe('locked');
    expect(o.error?.message).toContain('pid 4242');
    expect(o.error?.message).toContain('2026-01-01T00:00:00.000Z');
    expect(o.error?.message).toContain('/work/.chord-patch/lock');
    expect(fs.text('/work/a.txt')).toBe('a\n');
  });

  it('breaks the lock of a process that no longer exists and commits', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    fs.put('/work/.chord-patch/lock', JSON.stringify({ pid: 4242, host: (await import('node:os')).hostname(), since: 'then', id: 'x' }));
    const o = await run(fs, P('*** Update File: a.txt', '-a', '+b'), { lockTimeoutMs: 30, isAlive: () => false });
    expect(o.status).toBe('applied');
    expect(fs.text('/work/a.txt')).toBe('b\n');
    expect(stateFiles(fs)).toEqual([]);
  });

  it('commits unlocked, and says so, in a working directory that does not exist yet', async () => {
    const fs = new MemFs({});
    const o = await runPatchText(P('*** Add File: x.txt', '+x'), { fs, cwd: '/work/new/root' });
    expect(o.status).toBe('applied');
    expect(fs.text('/work/new/root/x.txt')).toBe('x\n');
    expect(o.notes.map((n) => n.message).join('\n')).toContain('no commit lock or journal');
  });

  it('leaves no lock, journal or temp file behind after a normal run', async () => {
    const fs = new MemFs(files(3));
    expect((await run(fs, updateAll(3))).status).toBe('applied');
    expect(stateFiles(fs)).toEqual([]);
  });
});

describe('the re-check right before each switch', () => {
  it('aborts and restores everything when another program changes a target after the temp files are written', async () => {
    const fs = new MemFs(files(4));
    // After every temp file is written, just before the first switch.
    let temps = 0;
    fs.hooks.beforeWrite = (path, _n, op) => {
      if (op === 'writeTemp' && !path.includes('/.chord-patch/') && ++temps === 4)
        queueMicrotask(() => fs.put('/work/f3.txt', 'an editor saved this\n'));
    };
    const o = await run(fs, updateAll(4));
    expect(o.status).toBe('rejected');
    expect(o.error?.code).toBe('changed_after_planning');
    expect(o.error?.message).toContain('f3.txt');
    expect(fs.text('/work/f3.txt')).toBe('an editor saved this\n');
    for (const i of [0, 1, 2]) expect(fs.text(`/work/f${i}.txt`)).toBe(`old ${i}\n`);
    expect(stateFiles(fs)).toEqual([]);
  });
});

describe('a rollback after another program wrote a switched target', () => {
  it("keeps that program's write instead of restoring the old content over it, and says so", async () => {
    const fs = new MemFs(files(3));
    let wrote = false;
    fs.hooks.beforeWrite = (path, _n, op) => {
      // f2's switch fails after f0's, and a formatter saved f0 in between.
      if (op !== 'rename' || path !== '/work/f2.txt' || wrote) return;
      expect(fs.text('/work/f0.txt')).toBe('new 0\n');
      fs.put('/work/f0.txt', 'a formatter wrote this\n');
      wrote = true;
      throw eio('rename');
    };
    const o = await run(fs, updateAll(3));
    expect(wrote).toBe(true);
    expect(o.status).toBe('rejected');
    expect(fs.text('/work/f0.txt')).toBe('a formatter wrote this\n');
    expect(fs.text('/work/f0.txt.chord-patch-orig')).toBe('old 0\n');
    for (const i of [1, 2]) expect(fs.text(`/work/f${i}.txt`)).toBe(`old ${i}\n`);
    expect(o.error?.message).toContain(
      "NOT restored, to keep another program's later change: f0.txt: changed by another program after chord-patch wrote it",
    );
    expect(modelMessage(o)).not.toContain('Nothing was written');
    expect(stateFiles(fs).filter((p) => !p.endsWith('.chord-patch-orig'))).toEqual([]);
  });

  it('keeps a file another program created where the commit had already deleted one', async () => {
    const fs = new MemFs({ 'd0.txt': 'zero\n', 'd1.txt': 'one\n' });
    let wrote = false;
    fs.hooks.beforeWrite = (path, _n, op) => {
      // d1's deletion (a rename to its backup) fails after d0's, and d0 was made again in between.
      if (op !== 'rename' || !/\/d1\.txt$|-1\.old$/.test(path) || wrote) return;
      fs.put('/work/d0.txt', 'made again\n');
      wrote = true;
      throw eio('rename');
    };
    const o = await run(fs, P('*** Delete File: d0.txt', '*** Delete File: d1.txt'));
    expect(wrote).toBe(true);
    expect(fs.text('/work/d0.txt')).toBe('made again\n');
    expect(fs.text('/work/d0.txt.chord-patch-orig')).toBe('zero\n');
    expect(fs.text('/work/d1.txt')).toBe('one\n');
    expect(o.error?.message).toContain('d0.txt: changed by another program after chord-patch wrote it (a file was created');
  });
});

describe('a rollback that fails too', () => {
  // The third switch fails, then every restore fails (the device is gone).
  const broken = () => {
    const fs = new MemFs(files(4));
    let renames = 0;
    let dead = false;
    fs.hooks.beforeWrite = (path, _n, op) => {
      if (path.includes('/.chord-patch/')) return;
      if (dead) throw eio(op);
      if (op === 'rename' && ++renames === 3) {
        dead = true;
        throw eio('rename');
      }
    };
    return fs;
  };

  it('exits 2 with rollback_failed and lists which files hold new content and which were restored', async () => {
    const fs = broken();
    const o = await run(fs, updateAll(4));
    expect(o.error?.code).toBe('rollback_failed');
    expect(o.status).toBe('partial');
    expect(exitCodeFor(o)).toBe(2);
    const newer = [0, 1, 2, 3].filter((i) => fs.text(`/work/f${i}.txt`) === `new ${i}\n`).map((i) => `f${i}.txt`);
    expect(newer.length).toBeGreaterThan(0);
    expect([...o.disk!.newContent].sort()).toEqual(newer);
    for (const text of [modelMessage(o), jsonReport(o), humanReport(o, { quiet: false }).err]) {
      expect(text).not.toMatch(/nothing was (written|changed)/i);
      for (const f of newer) expect(text).toContain(f);
    }
    expect(JSON.parse(jsonReport(o)).disk.newContent.sort()).toEqual(newer);
  });

  it('keeps the journal so that recover restores the files once the device works again', async () => {
    const fs = broken();
    await run(fs, updateAll(4));
    delete fs.hooks.beforeWrite;
    const r = await recover({ fs, cwd: '/work', isAlive: () => false });
    expect(r.ok).toBe(true);
    expect(r.message).toContain('rolled back 1 interrupted chord-patch commit');
    for (const i of [0, 1, 2, 3]) expect(fs.text(`/work/f${i}.txt`)).toBe(`old ${i}\n`);
    expect(stateFiles(fs)).toEqual([]);
  });
});

describe('an interrupted commit', () => {
  /** Run until the `at`-th change, then never return (the process "dies" there). */
  const killedAt = async (at: number) => {
    const fs = new MemFs({ ...files(3), 'gone.txt': 'bye\n' });
    const before = fs.dump();
    const patch = P(
      '*** Update File: f0.txt',
      '-old 0',
      '+new 0',
      '*** Add File: n/m/new.txt',
      '+x',
      '*** Update File: f1.txt',
      '*** Move to: moved/f1.txt',
      '-old 1',
      '+new 1',
      '*** Delete File: gone.txt',
    );
    // A "kill" leaves disk as it is at that call: the undo a live process would do is skipped.
    const reached = await killedDuring(
      fs,
      () => run(fs, patch),
      (_p, nth) => nth === at,
    );
    return { fs, before, patch, reached };
  };

  it.each(Array.from({ length: 30 }, (_, i) => i + 1))(
    'is rolled back (or, past its commit point, finished) by the next run after a kill at change %i',
    async (at) => {
      const { fs, before, patch, reached } = await killedAt(at);
      if (!reached) return;
      const whole = new MemFs({ ...files(3), 'gone.txt': 'bye\n' });
      await run(whole, patch);
      const o = await run(fs, P('*** Add File: unrelated.txt', '+u'), { isAlive: () => false });
      expect(o.status).toBe('applied');
      fs.nodes.delete('/work/unrelated.txt');
      expect([before, whole.dump()]).toContainEqual(fs.dump());
      expect(stateFiles(fs)).toEqual([]);
      // A rolled-back commit also takes back the directories it created.
      if (fs.text('/work/f0.txt') === 'old 0\n') expect(fs.nodes.has('/work/n')).toBe(false);
    },
  );

  /** The first kill point after which `ready` holds, with the commit's journal still waiting for recovery. */
  const killedWhen = async (ready: (fs: MemFs) => boolean) => {
    for (let at = 1; at <= 30; at++) {
      const k = await killedAt(at);
      if (k.reached && ready(k.fs) && stateFiles(k.fs).some((p) => /\/journal-[^/]+\.json$/.test(p))) return k;
    }
    throw new Error('no kill point with that state');
  };

  it("keeps another program's change made after the kill instead of rolling it back, and keeps the pre-image beside it", async () => {
    const { fs } = await killedWhen((f) => f.text('/work/f0.txt') === 'new 0\n');
    fs.nodes.set('/work/f0.txt', { kind: 'file', bytes: Buffer.from('edited by hand after the crash\n'), mode: 0o644, ino: 9999 });
    const r = await recover({ fs, cwd: '/work', isAlive: () => false });
    expect(fs.text('/work/f0.txt')).toBe('edited by hand after the crash\n');
    expect(fs.text('/work/f0.txt.chord-patch-orig')).toBe('old 0\n');
    expect(r.message).toContain(
      "NOT restored, to keep another program's later change: " +
        'f0.txt: changed by another program after the interruption (it no longer holds what the commit wrote); ' +
        'kept as it is, and its content from before the commit is in f0.txt.chord-patch-orig',
    );
    expect(r.ok).toBe(true);
    // Everything else is rolled back, and the journal is done with.
    expect(fs.nodes.has('/work/n/m/new.txt')).toBe(false);
    expect(stateFiles(fs).filter((p) => !p.endsWith('.chord-patch-orig'))).toEqual([]);
  });

  it('keeps a file another program created where the interrupted commit had deleted one', async () => {
    const { fs } = await killedWhen((f) => !f.nodes.has('/work/gone.txt'));
    fs.nodes.set('/work/gone.txt', { kind: 'file', bytes: Buffer.from('a new file\n'), mode: 0o644, ino: 9998 });
    const r = await recover({ fs, cwd: '/work', isAlive: () => false });
    expect(fs.text('/work/gone.txt')).toBe('a new file\n');
    expect(fs.text('/work/gone.txt.chord-patch-orig')).toBe('bye\n');
    expect(r.message).toContain(
      'gone.txt: changed by another program after the interruption (a file was created where the commit had deleted one)',
    );
  });

  it('still rolls back a target that holds exactly what the commit wrote', async () => {
    const { fs, before } = await killedWhen((f) => f.text('/work/f0.txt') === 'new 0\n');
    const r = await recover({ fs, cwd: '/work', isAlive: () => false });
    expect(r.message).not.toContain('NOT restored');
    expect(fs.dump()).toEqual(before);
  });

  it('tells the next run what it rolled back', async () => {
    const { fs } = await killedAt(14);
    const o = await run(fs, P('*** Add File: unrelated.txt', '+u'), { isAlive: () => false });
    expect(o.notes.map((n) => n.message).join('\n')).toMatch(/rolled back 1 interrupted chord-patch commit/);
  });
});

describe('SIGINT and SIGTERM during a commit', () => {
  it('stops at the next step and rolls everything back before the signal takes effect', async () => {
    const fs = new MemFs(files(4));
    // A listener of our own keeps the test process alive (the commit re-raises only when none is left).
    const keep = () => {};
    process.on('SIGTERM', keep);
    let temps = 0;
    fs.hooks.beforeWrite = (path, _n, op) => {
      if (op === 'writeTemp' && !path.includes('/.chord-patch/') && ++temps === 2) process.emit('SIGTERM');
    };
    try {
      const o = await run(fs, updateAll(4));
      expect(o.status).toBe('rejected');
      expect(o.error?.code).toBe('interrupted');
      expect(o.error?.message).toContain('SIGTERM');
    } finally {
      process.off('SIGTERM', keep);
    }
    for (const i of [0, 1, 2, 3]) expect(fs.text(`/work/f${i}.txt`)).toBe(`old ${i}\n`);
    expect(stateFiles(fs)).toEqual([]);
    expect(process.listenerCount('SIGTERM')).toBe(0);
  });
});

describe('confinement at commit time', () => {
  it('refuses the commit when a parent directory was replaced after planning, writing nothing', async () => {
    const fs = new MemFs({ 'sub/f.txt': 'a\n' });
    // Between planning and commit: sub is moved away and another directory takes its place.
    fs.hooks.beforePin = (dir) => {
      if (dir === '/work/sub') fs.nodes.set('/work/sub', { kind: 'dir', mode: 0o755, ino: 999 });
    };
    const o = await run(fs, P('*** Update File: sub/f.txt', '-a', '+b', '*** Add File: sub/new.txt', '+n'));
    expect(o.status).toBe('rejected');
    expect(o.error?.code).toBe('changed_after_planning');
    expect(o.error?.message).toContain('sub');
    expect(fs.text('/work/sub/f.txt')).toBe('a\n');
    expect(fs.nodes.has('/work/sub/new.txt')).toBe(false);
  });

  it('refuses a whole patch that names a path outside the root, even with valid paths inside', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    const o = await run(fs, P('*** Update File: a.txt', '-a', '+b', '*** Add File: ../escape.txt', '+x'));
    expect(o.status).toBe('rejected');
    expect(o.error?.code).toBe('outside_root');
    expect(o.error?.message).toContain('../escape.txt');
    expect(fs.text('/work/a.txt')).toBe('a\n');
  });
});

describe('no side effects before an error', () => {
  it('removes the directories it created when a later write fails', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    fs.hooks.beforeWrite = (path, _n, op) => {
      if (op === 'writeTemp' && path.startsWith('/work/x/'))
        throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    };
    const o = await run(fs, P('*** Update File: a.txt', '-a', '+b', '*** Add File: x/y/z/new.txt', '+n'));
    expect(o.error?.code).toBe('write_failed');
    expect(o.error?.message).toContain('no file was changed');
    expect([...fs.nodes.keys()].filter((p) => p.startsWith('/work/x'))).toEqual([]);
    expect(fs.text('/work/a.txt')).toBe('a\n');
  });

  it('changes no target and leaves no temp file when a later temp file cannot be written (disk full)', async () => {
    // Every temp file is written and made durable before the first switch,
    // so a write failing at the 35th file finds every target untouched.
    const fs = new MemFs(files(40));
    let temps = 0;
    let switches = 0;
    fs.hooks.beforeWrite = (path, _n, op) => {
      if (path.includes('/.chord-patch/')) return;
      if (op === 'rename' || op === 'link') switches++;
      if (op === 'writeTemp' && ++temps === 35) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    };
    const o = await run(fs, updateAll(40));
    expect(o.error?.code).toBe('write_failed');
    expect(o.error?.message).toMatch(/: ENOSPC: no space left on device; no file was changed$/);
    expect(o.error?.message).not.toContain('restored');
    expect(switches).toBe(0);
    for (let i = 0; i < 40; i++) expect(fs.text(`/work/f${i}.txt`)).toBe(`old ${i}\n`);
    expect(stateFiles(fs)).toEqual([]);
  });

  it('names the state directory it could not remove from an append-only working directory', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    // Append-only root: .chord-patch/ can be made and used, but not removed from the root.
    fs.hooks.beforeWrite = (path, _n, op) => {
      if (op === 'rmdir' && path === '/work/.chord-patch')
        throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' });
    };
    const o = await run(fs, P('*** Update File: a.txt', '-a', '+b'));
    expect(o.status).toBe('applied');
    expect(fs.nodes.get('/work/.chord-patch')?.kind).toBe('dir');
    expect(stateFiles(fs)).toEqual(['/work/.chord-patch']);
    expect(o.notes.map((n) => n.message)).toContain(
      "could not remove chord-patch's empty state directory /work/.chord-patch " +
        '(the working directory lets entries be added but not removed: append-only?); it holds nothing and can be deleted',
    );
  });

  it('names the temp file it could not remove in an append-only directory instead of saying nothing changed', async () => {
    const fs = new MemFs({ 'keep.txt': 'k\n' });
    // Append-only: creating and linking work, unlink and rename of entries fail.
    fs.hooks.beforeWrite = (path, _n, op) => {
      if (!path.includes('/.chord-patch/') && (op === 'unlink' || op === 'rename'))
        throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' });
    };
    const o = await run(fs, P('*** Add File: new.txt', '+n'));
    const left = [...fs.nodes.keys()].filter((p) => p.includes('.chord-patch-'));
    expect(o.status).toBe('applied');
    expect(fs.text('/work/new.txt')).toBe('n\n');
    expect(left).toHaveLength(1);
    expect(o.notes.map((n) => n.message).join('\n')).toContain(left[0]!.split('/').pop());
  });
});

describe('names, owners and links', () => {
  it('keeps temp names short enough for a 255-byte file name, so check and apply agree', async () => {
    const name = `${'n'.repeat(251)}.txt`;
    const fs = new MemFs({ [name]: 'a\n' });
    const patch = P(`*** Update File: ${name}`, '-a', '+b');
    expect((await run(fs, patch, { check: true })).status).toBe('checked');
    expect((await run(fs, patch)).status).toBe('applied');
    const longest = Math.max(...[...fs.nodes.keys()].map((p) => Buffer.byteLength(p.split('/').pop()!)));
    expect(longest).toBeLessThanOrEqual(255);
  });

  it('replaces a file with other hard links, as git apply does, their content kept, and says so', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    fs.nodes.set('/work/b.txt', fs.nodes.get('/work/a.txt')!);
    const o = await run(fs, P('*** Update File: a.txt', '-a', '+b'));
    expect(o.status).toBe('applied');
    expect(o.notes.map((n) => n.message).join('\n')).toContain('a.txt had 2 hard links: it was replaced by a new file');
    expect(fs.text('/work/a.txt')).toBe('b\n');
    expect(fs.text('/work/b.txt')).toBe('a\n');
  });
});
