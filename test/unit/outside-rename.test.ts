// Another program that replaces a target by renaming its own file into place
// (an editor's safe save, a formatter) in the instant between the commit's
// re-check and its switch: its file must never be overwritten or deleted
// unseen. The commit checks the file it takes away under its backup name,
// and where it can swap (renameat2's RENAME_EXCHANGE, the binary on Linux)
// sees which file its swap displaced. Each case wrote over, or deleted, the
// other program's file with an "applied" report before.

import { describe, expect, it } from 'vitest';
import { recover } from '../../src/index.js';
import { runPatchText } from '../../src/run/pipeline.js';
import { killedDuring, MemFs } from '../support/memfs.js';

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
const run = (fs: MemFs, text: string) => runPatchText(text, { fs, cwd: '/work', isAlive: () => false });
const stateFiles = (fs: MemFs) => [...fs.nodes.keys()].filter((p) => p.includes('.chord-patch'));
const UPDATE = P('*** Update File: a.txt', '@@', '-old', '+new');
const isBackup = (path: string) => path.includes('.chord-patch-') && path.endsWith('.old');

/** The other program's save: a new file renamed over the target (a new inode). */
const save = (fs: MemFs, text = 'saved by an editor\n') => fs.put('/work/a.txt', text);

for (const swaps of [false, true]) {
  const how = swaps ? 'with a swap' : 'with a rename';
  const fresh = (files: Record<string, string>) => {
    const fs = new MemFs(files);
    if (swaps) fs.exchange = fs.swap;
    return fs;
  };

  describe(`replacing a file, ${how}`, () => {
    it('keeps a file renamed into place right after the backup was linked', async () => {
      const fs = fresh({ 'a.txt': 'old\n' });
      fs.hooks.beforeWrite = (path, _n, op) => {
        if (op === 'link' && isBackup(path)) queueMicrotask(() => save(fs));
      };
      const o = await run(fs, UPDATE);
      expect(o.status).toBe('rejected');
      expect(o.error?.code).toBe('changed_after_planning');
      expect(fs.text('/work/a.txt')).toBe('saved by an editor\n');
      expect(stateFiles(fs)).toEqual([]);
    });

    it('keeps a file renamed into place an instant before the switch, and rolls the other targets back', async () => {
      const fs = fresh({ 'a.txt': 'old\n', 'b.txt': 'b\n' });
      fs.hooks.beforeWrite = (path, _n, op) => {
        // The last step before a.txt's switch: its swap, or the rename itself.
        if (path === '/work/a.txt' && (op === 'exchange' || op === 'rename')) save(fs);
      };
      const o = await run(fs, P('*** Update File: b.txt', '-b', '+B', '*** Update File: a.txt', '-old', '+new'));
      if (swaps) {
        expect(o.status).toBe('rejected');
        expect(o.error?.code).toBe('changed_after_planning');
        expect(fs.text('/work/a.txt')).toBe('saved by an editor\n');
        expect(fs.text('/work/b.txt')).toBe('b\n');
      } else {
        // Without a swap, a save inside the rename call itself cannot be seen (docs/commit-safety.md states this window).
        expect(o.status).toBe('applied');
      }
      expect(stateFiles(fs)).toEqual([]);
    });

    it('reports a backup link that lost a race with a rename (ENOENT) as a change, not a failed write', async () => {
      const fs = fresh({ 'a.txt': 'old\n' });
      fs.hooks.beforeWrite = (path, _n, op) => {
        if (op === 'link' && isBackup(path)) throw Object.assign(new Error(`ENOENT: link '${path}'`), { code: 'ENOENT' });
      };
      const o = await run(fs, UPDATE);
      expect(o.error?.code).toBe('changed_after_planning');
      expect(fs.text('/work/a.txt')).toBe('old\n');
      expect(stateFiles(fs)).toEqual([]);
    });

    it('reports a directory put in the file’s place before its backup link as a change, not a failed write', async () => {
      const fs = fresh({ 'a.txt': 'old\n' });
      fs.hooks.beforeWrite = (path, _n, op) => {
        if (op === 'link' && isBackup(path)) fs.nodes.set('/work/a.txt', { kind: 'dir', mode: 0o755, ino: 9999 });
      };
      const o = await run(fs, UPDATE);
      expect(o.error?.code).toBe('changed_after_planning');
      expect(stateFiles(fs)).toEqual([]);
    });

    it('applies as before when nobody else writes, leaving no side file', async () => {
      const fs = fresh({ 'a.txt': 'old\n', 'b.txt': 'b\n' });
      const o = await run(fs, P('*** Update File: a.txt', '-old', '+new', '*** Update File: b.txt', '-b', '+B'));
      expect(o.status).toBe('applied');
      expect(fs.text('/work/a.txt')).toBe('new\n');
      expect(fs.text('/work/b.txt')).toBe('B\n');
      expect(stateFiles(fs)).toEqual([]);
    });
  });

  describe(`deleting a file, ${how}`, () => {
    it('reports a file another program deleted first as a change, not a failed write', async () => {
      const fs = fresh({ 'a.txt': 'old\n' });
      fs.hooks.beforeWrite = (path, _n, op) => {
        if (op === 'rename' && isBackup(path)) fs.nodes.delete('/work/a.txt');
      };
      const o = await run(fs, P('*** Delete File: a.txt'));
      expect(o.error?.code).toBe('changed_after_planning');
      expect(stateFiles(fs)).toEqual([]);
    });

    it('puts back a file renamed into place an instant before the deletion', async () => {
      const fs = fresh({ 'a.txt': 'old\n' });
      fs.hooks.beforeWrite = (path, _n, op) => {
        if (op === 'rename' && isBackup(path)) save(fs);
      };
      const o = await run(fs, P('*** Delete File: a.txt'));
      expect(o.status).toBe('rejected');
      expect(o.error?.code).toBe('changed_after_planning');
      expect(fs.text('/work/a.txt')).toBe('saved by an editor\n');
      expect(stateFiles(fs)).toEqual([]);
    });
  });
}

describe('a single-file commit killed right after its swap', () => {
  it('is read as switched by the next run: the new content stays and the side files go', async () => {
    const fs = new MemFs({ 'a.txt': 'old\n' });
    fs.exchange = fs.swap;
    let swapped = false;
    const killed = await killedDuring(
      fs,
      () => run(fs, UPDATE),
      (_path, _n, op) => {
        if (swapped) return true;
        swapped = op === 'exchange';
        return false;
      },
    );
    expect(killed).toBe(true);
    expect(fs.text('/work/a.txt')).toBe('new\n');
    const r = await recover({ fs, cwd: '/work', isAlive: () => false });
    expect(r.message).toContain('a.txt');
    expect(r.message).not.toContain('no file had been changed');
    expect(fs.text('/work/a.txt')).toBe('new\n');
    expect(stateFiles(fs)).toEqual([]);
  });

  it('is rolled back whole when the commit had more files', async () => {
    const fs = new MemFs({ 'a.txt': 'old\n', 'b.txt': 'b\n' });
    fs.exchange = fs.swap;
    let swapped = false;
    const killed = await killedDuring(
      fs,
      () => run(fs, P('*** Update File: a.txt', '-old', '+new', '*** Update File: b.txt', '-b', '+B')),
      (_path, _n, op) => {
        if (swapped) return true;
        swapped = op === 'exchange';
        return false;
      },
    );
    expect(killed).toBe(true);
    const r = await recover({ fs, cwd: '/work', isAlive: () => false });
    expect(r.message).toContain('restored');
    expect(fs.text('/work/a.txt')).toBe('old\n');
    expect(fs.text('/work/b.txt')).toBe('b\n');
    expect(stateFiles(fs)).toEqual([]);
  });
});

describe('a swap that displaced another program’s file and was stopped before swapping back', () => {
  /** Another program's save right after the backup link, so the commit's swap displaces it; `at` stops the swap back. */
  const racing = (fs: MemFs) => {
    fs.exchange = fs.swap;
    let saved = false;
    return (path: string, op: string) => {
      if (!saved && op === 'link' && isBackup(path)) {
        saved = true;
        queueMicrotask(() => save(fs));
      }
    };
  };
  const others = (fs: MemFs) => [...fs.nodes.keys()].filter((p) => p.endsWith('.chord-patch-other')).map((p) => fs.text(p));

  for (const files of [{ 'a.txt': 'old\n' }, { 'a.txt': 'old\n', 'b.txt': 'b\n' }]) {
    const n = Object.keys(files).length;
    const patch = n === 1 ? UPDATE : P('*** Update File: b.txt', '-b', '+B', '*** Update File: a.txt', '-old', '+new');
    it(`killed there (${n} file${n === 1 ? '' : 's'}): recover keeps the other program's file and says so`, async () => {
      const fs = new MemFs(files);
      const race = racing(fs);
      let swaps = 0;
      const killed = await killedDuring(
        fs,
        () => run(fs, patch),
        (path, _n, op) => {
          race(path, op);
          return op === 'exchange' && path === '/work/a.txt' && ++swaps === 2;
        },
      );
      expect(killed).toBe(true);
      const r = await recover({ fs, cwd: '/work', isAlive: () => false });
      expect(others(fs)).toEqual(['saved by an editor\n']);
      expect(r.message).toContain('a.txt.chord-patch-other');
      expect(r.message).not.toContain('no file had been changed');
      expect(stateFiles(fs).filter((p) => !p.endsWith('.chord-patch-other'))).toEqual([]);
    });

    it(`failing there (${n} file${n === 1 ? '' : 's'}): the rollback keeps the other program's file and says so`, async () => {
      const fs = new MemFs(files);
      const race = racing(fs);
      let swaps = 0;
      fs.hooks.beforeWrite = (path, _n, op) => {
        race(path, op);
        if (op === 'exchange' && path === '/work/a.txt' && ++swaps === 2) throw Object.assign(new Error('EIO: swap'), { code: 'EIO' });
      };
      const o = await run(fs, patch);
      expect(o.status).not.toBe('applied');
      expect(others(fs)).toEqual(['saved by an editor\n']);
      expect(o.error?.message).toContain('a.txt.chord-patch-other');
      expect(stateFiles(fs).filter((p) => !p.endsWith('.chord-patch-other'))).toEqual([]);
    });
  }
});
