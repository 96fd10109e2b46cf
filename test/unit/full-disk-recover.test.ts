// `recover` on a full disk: undoing renames backups back and needs no space,
// so a disk on which no lock file can be written is still recovered (unless
// a live run holds the lock, which is then named).

import { describe, expect, it } from 'vitest';
import { recover } from '../../src/index.js';
import { runPatchText } from '../../src/run/pipeline.js';
import { killedDuring, MemFs } from '../support/memfs.js';

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
const enospc = (op: string) => Object.assign(new Error(`ENOSPC: no space left on device, ${op}`), { code: 'ENOSPC' });

/** A three-file commit killed after its second switch, on a disk that is then full (no file can be created). */
async function crashedThenFull(): Promise<MemFs> {
  const fs = new MemFs({ 'a.txt': 'old a\n', 'b.txt': 'old b\n', 'c.txt': 'old c\n' });
  const patch = P(...['a', 'b', 'c'].flatMap((f) => [`*** Update File: ${f}.txt`, `-old ${f}`, `+new ${f}`]));
  let renames = 0;
  const killed = await killedDuring(
    fs,
    () => runPatchText(patch, { fs, cwd: '/work' }),
    (path, _n, op) => op === 'rename' && !path.includes('/.chord-patch/') && ++renames === 3,
  );
  expect(killed).toBe(true);
  expect(fs.text('/work/a.txt')).toBe('new a\n');
  // mkdir of an existing directory still says EEXIST on a full disk.
  fs.hooks.beforeWrite = (path, _n, op) => {
    if (op === 'writeTemp' || (op === 'mkdir' && !fs.nodes.has(path))) throw enospc(op);
  };
  return fs;
}

describe('recover on a full disk', () => {
  it('rolls the commit back without writing the lock file, and says so', async () => {
    const fs = await crashedThenFull();
    const r = await recover({ fs, cwd: '/work', isAlive: () => false });
    expect(r.message).toContain('the disk is full');
    expect(r.ok).toBe(true);
    for (const f of ['a', 'b', 'c']) expect(fs.text(`/work/${f}.txt`)).toBe(`old ${f}\n`);
  });

  it('leaves no state directory in a clean tree, where a directory still fits but no lock file does', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    fs.hooks.beforeWrite = (_path, _n, op) => {
      if (op === 'writeTemp') throw enospc(op);
    };
    const r = await recover({ fs, cwd: '/work' });
    expect(r.message).toContain('nothing to recover');
    expect([...fs.nodes.keys()].filter((p) => p.includes('.chord-patch'))).toEqual([]);
  });

  it('refuses while a live run holds the lock, naming it', async () => {
    const fs = await crashedThenFull();
    const { hostname } = await import('node:os');
    fs.nodes.set('/work/.chord-patch/lock', {
      kind: 'file',
      bytes: new TextEncoder().encode(JSON.stringify({ pid: 4242, host: hostname(), since: new Date().toISOString(), id: 'live' })),
      mode: 0o644,
      ino: 99_999,
    });
    const r = await recover({ fs, cwd: '/work', isAlive: () => true });
    expect(r.ok).toBe(false);
    expect(r.message).toContain('pid 4242');
    expect(fs.text('/work/a.txt')).toBe('new a\n');
  });
});
