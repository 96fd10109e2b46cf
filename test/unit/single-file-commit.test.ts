// A commit of exactly one file skips the fsyncs and the hash that only a
// multi-file rollback needs (commit/commit.ts): killed at any moment, the file
// is whole (old or new content), the next run removes the side files and
// says which content the file holds; a lock left unreadable by a power cut
// does not block the directory.

import { describe, expect, it } from 'vitest';
import { runPatchText } from '../../src/run/pipeline.js';
import { recover } from '../../src/index.js';
import { killedDuring, MemFs } from '../support/memfs.js';

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
const run = (fs: MemFs, text: string, extra: object = {}) => runPatchText(text, { fs, cwd: '/work', ...extra });
const stateFiles = (fs: MemFs) => [...fs.nodes.keys()].filter((p) => p.includes('.chord-patch'));
const UPDATE = P('*** Update File: a.txt', '-old', '+new');
const ADD = P('*** Add File: b.txt', '+added');

/** Run `patch` until its `at`-th change to the disk, then "die" there: the disk stays as it is at that call. */
async function killedAt(patch: string, at: number): Promise<{ fs: MemFs; reached: boolean }> {
  const fs = new MemFs({ 'a.txt': 'old\n' });
  const reached = await killedDuring(
    fs,
    () => run(fs, patch),
    (_path, nth) => nth === at,
  );
  return { fs, reached };
}

describe('a single-file commit killed at any moment', () => {
  it.each(Array.from({ length: 12 }, (_, i) => i + 1))(
    'leaves the replaced file whole, and the next run removes the side files and says which content it holds (kill at change %i)',
    async (at) => {
      const { fs, reached } = await killedAt(UPDATE, at);
      if (!reached) return;
      const text = fs.text('/work/a.txt');
      expect(['old\n', 'new\n']).toContain(text);
      const o = await run(fs, P('*** Add File: unrelated.txt', '+u'), { isAlive: () => false });
      expect(o.status).toBe('applied');
      expect(fs.text('/work/a.txt')).toBe(text);
      expect(stateFiles(fs)).toEqual([]);
      expect([...fs.nodes.keys()].filter((p) => p.startsWith('/work/.chord-patch-'))).toEqual([]);
      const said = o.notes.map((n) => n.message).join('\n');
      const journaled = said.includes('interrupted chord-patch commit');
      if (text === 'new\n' && journaled)
        expect(said).toContain('its change to a.txt was made in full; nothing undone, the file left as it is');
      if (text === 'old\n' && journaled) expect(said).toContain('no file had been changed yet');
    },
  );

  it.each(Array.from({ length: 10 }, (_, i) => i + 1))(
    'leaves an added file either absent or whole, never a stray temp file (kill at change %i)',
    async (at) => {
      const { fs, reached } = await killedAt(ADD, at);
      if (!reached) return;
      const added = fs.nodes.has('/work/b.txt');
      if (added) expect(fs.text('/work/b.txt')).toBe('added\n');
      const r = await recover({ fs, cwd: '/work', isAlive: () => false });
      expect(r.ok).toBe(true);
      expect(fs.nodes.has('/work/b.txt')).toBe(added);
      expect([...fs.nodes.keys()].filter((p) => p.includes('.chord-patch'))).toEqual([]);
      if (added && r.commits > 0) expect(r.message).toContain('its change to b.txt was made in full');
    },
  );

  it("keeps another program's change made after the kill: the file is never rolled back over", async () => {
    for (let at = 1; at <= 12; at++) {
      const { fs, reached } = await killedAt(UPDATE, at);
      if (!reached || fs.text('/work/a.txt') !== 'new\n' || !stateFiles(fs).some((p) => p.includes('/journal-'))) continue;
      fs.nodes.set('/work/a.txt', { kind: 'file', bytes: Buffer.from('edited after the crash\n'), mode: 0o644, ino: 9999 });
      const r = await recover({ fs, cwd: '/work', isAlive: () => false });
      expect(fs.text('/work/a.txt')).toBe('edited after the crash\n');
      expect(r.message).toContain('its change to a.txt was made in full; nothing undone, the file left as it is');
      expect(stateFiles(fs)).toEqual([]);
      return;
    }
    throw new Error('no kill point leaves the switched file with its journal');
  });

  it('still rolls back a multi-file commit killed after its first switch', async () => {
    const fs = new MemFs({ 'a.txt': 'old\n', 'c.txt': 'c\n' });
    const patch = P('*** Update File: a.txt', '-old', '+new', '*** Update File: c.txt', '-c', '+C');
    // The second rename over a target: a.txt or c.txt has switched, the other not yet.
    const killed = await killedDuring(
      fs,
      () => run(fs, patch),
      (path, _n, op) => op === 'rename' && !path.includes('/.chord-patch/') && stateSwitched(fs),
    );
    expect(killed).toBe(true);
    expect([fs.text('/work/a.txt'), fs.text('/work/c.txt')].sort()).not.toEqual(['c\n', 'old\n']);
    const r = await recover({ fs, cwd: '/work', isAlive: () => false });
    expect(r.message).toMatch(/^rolled back 1 interrupted chord-patch commit; restored /);
    expect(fs.text('/work/a.txt')).toBe('old\n');
    expect(fs.text('/work/c.txt')).toBe('c\n');
  });
});

describe('a commit killed past its commit point', () => {
  it('is reported as finished, naming the files that keep the new content, not as rolled back', async () => {
    const fs = new MemFs({ 'a.txt': 'old\n', 'c.txt': 'c\n', 'gone.txt': 'bye\n' });
    const patch = P('*** Update File: a.txt', '-old', '+new', '*** Update File: c.txt', '-c', '+C', '*** Delete File: gone.txt');
    let marked = false;
    const killed = await killedDuring(
      fs,
      () => run(fs, patch),
      (path, _n, op) => {
        if (marked) return true;
        // The journal renamed to its done mark: the next change is past the commit point.
        marked = op === 'rename' && path.includes('/.chord-patch/done-');
        return false;
      },
    );
    expect(killed).toBe(true);
    expect(stateFiles(fs).some((p) => p.includes('/done-'))).toBe(true);
    const r = await recover({ fs, cwd: '/work', isAlive: () => false });
    expect(r.message).toBe(
      'finished 1 interrupted chord-patch commit found past its commit point: ' +
        'its changes to a.txt, c.txt, gone.txt (deleted) were made in full; nothing undone, the files left as they are.',
    );
    expect(fs.text('/work/a.txt')).toBe('new\n');
    expect(fs.text('/work/c.txt')).toBe('C\n');
    expect(fs.nodes.has('/work/gone.txt')).toBe(false);
    expect(stateFiles(fs)).toEqual([]);
  });
});

/** Has one of a.txt / c.txt already been switched to its new content? */
function stateSwitched(fs: MemFs): boolean {
  return fs.nodes.has('/work/a.txt') && (fs.text('/work/a.txt') === 'new\n' || fs.text('/work/c.txt') === 'C\n');
}

describe('the lock after a power cut', () => {
  it('breaks a lock whose content never reached the disk (an empty file) and commits', async () => {
    const fs = new MemFs({ 'a.txt': 'old\n' });
    fs.put('/work/.chord-patch/lock', '');
    const o = await run(fs, UPDATE, { lockTimeoutMs: 30, isAlive: () => true });
    expect(o.status).toBe('applied');
    expect(fs.text('/work/a.txt')).toBe('new\n');
    expect(stateFiles(fs)).toEqual([]);
  });
});
