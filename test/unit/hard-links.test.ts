// A file with other hard links is replaced like any other, as git apply and
// GNU patch replace it: the edited name gets a new inode, and the file's other
// names, which may be anywhere (.git/config, a file outside the root, a
// package manager's store), keep the old content. Writing into the shared
// inode instead let a tree that ships `notes.txt` as a second name of
// `.git/config` have a patch to notes.txt rewrite git's configuration.
// On the in-memory file system, which can stop a run at any change.

import { describe, expect, it } from 'vitest';
import { recover } from '../../src/index.js';
import { runPatchText } from '../../src/run/pipeline.js';
import { killedDuring, MemFs } from '../support/memfs.js';

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
const run = (fs: MemFs, text: string) => runPatchText(text, { fs, cwd: '/work' });
const eio = () => Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
const stateFiles = (fs: MemFs) => [...fs.nodes.keys()].filter((p) => p.includes('.chord-patch'));
const PATCH = P('*** Update File: a.txt', '-old a', '+new a', '*** Update File: c.txt', '-old c', '+new c');

/** a.txt and b.txt: two names of one file; c.txt: a file of its own. */
function linked(): MemFs {
  const fs = new MemFs({ 'c.txt': 'old c\n' });
  fs.put('/work/a.txt', 'old a\n');
  fs.nodes.set('/work/b.txt', fs.nodes.get('/work/a.txt')!);
  return fs;
}

describe('a file with two hard links', () => {
  it('is replaced by a new file: its other name keeps the old content, and a note says so', async () => {
    const fs = linked();
    const o = await run(fs, PATCH);
    expect(o.status).toBe('applied');
    expect(fs.text('/work/a.txt')).toBe('new a\n');
    expect(fs.text('/work/b.txt')).toBe('old a\n');
    expect(fs.nodes.get('/work/a.txt')).not.toBe(fs.nodes.get('/work/b.txt'));
    expect(o.notes).toContainEqual({
      code: 'info',
      message: 'a.txt had 2 hard links: it was replaced by a new file, so its other names keep the previous content',
    });
    expect(stateFiles(fs)).toEqual([]);
  });

  it('is back as the same inode, both names one file, when the commit fails after its switch', async () => {
    const fs = linked();
    const node = fs.nodes.get('/work/a.txt');
    fs.hooks.beforeWrite = (path, _n, op) => {
      if (op === 'rename' && /\/done-[^/]+$/.test(path)) throw eio();
    };
    const o = await run(fs, PATCH);
    expect(o.error?.code).toBe('write_failed');
    expect(o.error?.message).toContain('were restored; no file was changed');
    expect(fs.nodes.get('/work/a.txt')).toBe(node);
    expect(fs.nodes.get('/work/b.txt')).toBe(node);
    expect(fs.text('/work/a.txt')).toBe('old a\n');
    expect(fs.text('/work/c.txt')).toBe('old c\n');
    expect(stateFiles(fs)).toEqual([]);
  });

  it('is rolled back or finished after a kill at each change, its other name never changed', async () => {
    const done = linked();
    await run(done, PATCH);
    let kills = 0;
    for (let at = 1; at <= 30; at++) {
      const fs = linked();
      const before = fs.dump();
      const node = fs.nodes.get('/work/b.txt');
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
      expect([before, done.dump()]).toContainEqual(fs.dump());
      expect(fs.nodes.get('/work/b.txt')).toBe(node);
      expect(fs.text('/work/b.txt')).toBe('old a\n');
      expect(stateFiles(fs)).toEqual([]);
    }
    expect(kills).toBeGreaterThan(5);
  });
});
