// What a rollback and `recover` say is what is on disk, also when one of
// their own steps fails or is killed: a created file whose removal failed is
// still found by the next try (its temp file stays as the proof that it is the
// commit's), a single-file commit past its switch is never reported as rolled
// back, a target whose switch never happened is never reported as restored,
// and chord-patch's own state left behind is named. Each case was an exit-0
// (or "recovered") report that did not match the disk before.

import { describe, expect, it } from 'vitest';
import { recover } from '../../src/index.js';
import { runPatchText } from '../../src/run/pipeline.js';
import { killedDuring, type MemOp, MemFs } from '../support/memfs.js';

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
const run = (fs: MemFs, text: string) => runPatchText(text, { fs, cwd: '/work', isAlive: () => false });
const again = (fs: MemFs) => recover({ fs, cwd: '/work', isAlive: () => false });
const stateFiles = (fs: MemFs) => [...fs.nodes.keys()].filter((p) => p.includes('.chord-patch'));

const FILES = { 'a.txt': 'a\n', 'c.txt': 'c\n', 'd.txt': 'd\n' };
/** An update, a created file, a deletion and a move to a new directory. */
const FOUR = P(
  '*** Update File: a.txt',
  '-a',
  '+A',
  '*** Add File: n.txt',
  '+n',
  '*** Delete File: c.txt',
  '*** Update File: d.txt',
  '*** Move to: moved/e.txt',
  '-d',
  '+D',
);

/** The tree's files and their text, chord-patch's own files left out. */
const tree = (fs: MemFs) =>
  Object.fromEntries(
    [...fs.nodes]
      .filter(([p, n]) => n.kind === 'file' && p.startsWith('/work/') && !p.includes('.chord-patch'))
      .map(([p]) => [p.slice('/work/'.length), fs.text(p)]),
  );

/** Fail the changes `when` picks with EIO, once each. */
function failing(fs: MemFs, when: (path: string, op: MemOp, nth: number) => boolean): void {
  fs.hooks.beforeWrite = (path, nth, op) => {
    if (when(path, op, nth)) throw Object.assign(new Error(`EIO: i/o error, ${op} '${path}'`), { code: 'EIO' });
  };
}

describe('a rollback whose removal of a created file fails', () => {
  it('keeps the proof that the file is the commit’s, so recover removes it and the tree is whole again', async () => {
    const fs = new MemFs(FILES);
    let unlinks = 0;
    failing(fs, (path, op) => {
      // The deletion's switch fails: the commit rolls back; then the rollback's removal of the moved file fails once.
      if (op === 'rename' && path.includes('.chord-patch-') && path.endsWith('.old')) return true;
      return op === 'unlink' && path === '/work/moved/e.txt' && unlinks++ === 0;
    });
    const o = await run(fs, FOUR);
    delete fs.hooks.beforeWrite;
    expect(o.status).not.toBe('applied');
    expect(JSON.stringify(o)).toContain('moved/e.txt');
    expect(fs.nodes.has('/work/moved/e.txt')).toBe(true);
    const r = await again(fs);
    expect(r.ok).toBe(true);
    expect(r.message).toContain('restored moved/e.txt');
    expect(tree(fs)).toEqual(FILES);
    expect(stateFiles(fs)).toEqual([]);
  });
});

describe('recover interrupted or failing, then run again', () => {
  it('finds a created file whose removal failed the first time', async () => {
    const fs = new MemFs(FILES);
    // Killed with every target switched, before the journal's done mark.
    expect(
      await killedDuring(
        fs,
        () => run(fs, FOUR),
        (path, _n, op) => op === 'rename' && path.includes('/done-'),
      ),
    ).toBe(true);
    failing(fs, (path, op) => op === 'unlink' && path === '/work/moved/e.txt');
    const first = await again(fs);
    delete fs.hooks.beforeWrite;
    expect(first.ok).toBe(false);
    expect(first.message).toContain('COULD NOT RESTORE moved/e.txt');
    const second = await again(fs);
    expect(second.ok).toBe(true);
    expect(second.message).toContain('restored moved/e.txt');
    expect(tree(fs)).toEqual(FILES);
    expect(stateFiles(fs)).toEqual([]);
  });

  it.each(['kill', 'EIO'] as const)(
    'never reports a switched single-file commit as rolled back when the first recover is cut short (%s)',
    async (how) => {
      const fs = new MemFs({ 'a.txt': 'old\n' });
      const one = P('*** Update File: a.txt', '-old', '+new');
      expect(
        await killedDuring(
          fs,
          () => run(fs, one),
          (path, _n, op) => op === 'rename' && path.includes('/done-'),
        ),
      ).toBe(true);
      expect(fs.text('/work/a.txt')).toBe('new\n');
      // The first recover stops once it has removed the backup: killed there, or its next step failing.
      let removedBackup = false;
      const cut = (path: string, op: MemOp) => {
        if (removedBackup) return true;
        if (op === 'unlink' && path.endsWith('.old')) removedBackup = true;
        return false;
      };
      if (how === 'kill')
        await killedDuring(
          fs,
          () => again(fs),
          (path, _n, op) => cut(path, op),
        );
      else {
        failing(fs, (path, op) => cut(path, op) && op === 'unlink');
        await again(fs);
        delete fs.hooks.beforeWrite;
      }
      const r = await again(fs);
      expect(fs.text('/work/a.txt')).toBe('new\n');
      expect(r.message).not.toContain('no file had been changed yet');
      if (r.commits > 0) expect(r.message).toContain('its change to a.txt was made in full');
      expect(stateFiles(fs)).toEqual([]);
    },
  );
});

describe('a commit killed after a backup is linked but before its switch', () => {
  it('is recovered without claiming to restore the file it never changed', async () => {
    const fs = new MemFs(FILES);
    // The first update's backup link made, its rename over the target not.
    let linked = false;
    const killed = await killedDuring(
      fs,
      () => run(fs, FOUR),
      (path, _n, op) => {
        if (linked) return op === 'rename';
        linked = op === 'link' && path.endsWith('.old');
        return false;
      },
    );
    expect(killed).toBe(true);
    const r = await again(fs);
    expect(r.ok).toBe(true);
    for (const name of ['a.txt', 'd.txt']) expect(r.message).not.toMatch(new RegExp(`restored[^;]*\\b${name.replace('.', '\\.')}`));
    expect(tree(fs)).toEqual(FILES);
    expect(stateFiles(fs)).toEqual([]);
  });
});

describe("chord-patch's own state left behind", () => {
  it('names the done journal a successful commit could not remove', async () => {
    const fs = new MemFs(FILES);
    failing(fs, (path, op) => op === 'unlink' && path.includes('/.chord-patch/done-'));
    const o = await run(fs, FOUR);
    delete fs.hooks.beforeWrite;
    expect(o.status).toBe('applied');
    const left = stateFiles(fs).filter((p) => p.includes('/done-'));
    expect(left).toHaveLength(1);
    expect(o.notes.map((n) => n.message).join('\n')).toContain(left[0]!.slice('/work/'.length));
  });

  it('names the journal a rollback could not remove', async () => {
    const fs = new MemFs(FILES);
    failing(fs, (path, op) => (op === 'rename' && path.endsWith('.old')) || (op === 'unlink' && path.includes('/.chord-patch/journal-')));
    const o = await run(fs, FOUR);
    delete fs.hooks.beforeWrite;
    expect(tree(fs)).toEqual(FILES);
    const left = stateFiles(fs).filter((p) => p.includes('/journal-'));
    expect(left).toHaveLength(1);
    expect(JSON.stringify(o)).toContain(left[0]!.slice('/work/'.length));
  });

  it('names the state directory a run could not remove for any reason, not only an append-only root', async () => {
    const fs = new MemFs(FILES);
    failing(fs, (path, op) => op === 'rmdir' && path === '/work/.chord-patch');
    const o = await run(fs, P('*** Update File: a.txt', '-a', '+A'));
    delete fs.hooks.beforeWrite;
    expect(o.status).toBe('applied');
    expect(fs.nodes.has('/work/.chord-patch')).toBe(true);
    expect(o.notes.map((n) => n.message).join('\n')).toContain(
      "could not remove chord-patch's empty state directory /work/.chord-patch (EIO)",
    );
  });
});
