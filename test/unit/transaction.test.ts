// The transaction through an injectable Fs: rollback on a failing write,
// "changed after planning", dependency groups, per-file atomicity.

import { describe, expect, it } from 'vitest';
import { runPatchText } from '../../src/run/pipeline.js';
import { MemFs } from '../support/memfs.js';

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
const run = (fs: MemFs, text: string, check = false) => runPatchText(text, { fs, cwd: '/work', check });

const threeFiles = () => {
  const fs = new MemFs({ 'a.txt': 'a1\n', 'b.txt': 'b1\n', 'c.txt': 'c1\n', 'gone.txt': 'bye\n' });
  fs.put('/work/x.sh', '#!/bin/sh\necho x\n', 0o755);
  return fs;
};
const bigPatch = P(
  '*** Update File: a.txt',
  '-a1',
  '+a2',
  '*** Update File: x.sh',
  ' #!/bin/sh',
  '-echo x',
  '+echo y',
  '*** Add File: new/dir/n.txt',
  '+n',
  '*** Update File: b.txt',
  '*** Move to: moved/b.txt',
  '-b1',
  '+b2',
  '*** Delete File: gone.txt',
);

describe('commit with rollback', () => {
  it('applies every operation and keeps the mode of an updated file', async () => {
    const fs = threeFiles();
    const o = await run(fs, bigPatch);
    expect(o.status).toBe('applied');
    expect(fs.text('/work/a.txt')).toBe('a2\n');
    expect(fs.dump()['/work/x.sh']).toEqual(['#!/bin/sh\necho y\n', 0o755]);
    expect(fs.text('/work/new/dir/n.txt')).toBe('n\n');
    expect(fs.text('/work/moved/b.txt')).toBe('b2\n');
    expect(fs.nodes.has('/work/b.txt')).toBe(false);
    expect(fs.nodes.has('/work/gone.txt')).toBe(false);
  });

  it.each([1, 2, 3, 4])('restores every file byte for byte and mode for mode when write %i fails', async (n) => {
    const fs = threeFiles();
    const before = fs.dump();
    const dirs = [...fs.nodes.keys()].filter((p) => fs.nodes.get(p)!.kind === 'dir').sort();
    let k = 0;
    fs.hooks.beforeWrite = (path, _nth, op) => {
      if (op === 'writeTemp' && !path.includes('/.chord-patch/') && ++k === n)
        throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
    };
    const o = await run(fs, bigPatch);
    expect(o.status).toBe('rejected');
    expect(o.error?.code).toBe('write_failed');
    expect(o.error?.message).toContain('disk full');
    expect(fs.dump()).toEqual(before);
    expect([...fs.nodes.keys()].filter((p) => fs.nodes.get(p)!.kind === 'dir').sort()).toEqual(dirs);
  });

  it('writes nothing when a planned file changes between planning and commit', async () => {
    const fs = threeFiles();
    fs.hooks.onRevalidate = (f) => f.put('/work/a.txt', 'edited by someone else\n');
    const o = await run(fs, bigPatch);
    expect(o.status).toBe('rejected');
    expect(o.error?.code).toBe('changed_after_planning');
    expect(o.error?.message).toContain('a.txt');
    expect(fs.text('/work/a.txt')).toBe('edited by someone else\n');
    expect(fs.text('/work/c.txt')).toBe('c1\n');
    expect(fs.nodes.has('/work/new/dir/n.txt')).toBe(false);
    expect(fs.text('/work/b.txt')).toBe('b1\n');
  });

  it('treats a mode change between planning and commit as a change', async () => {
    const fs = threeFiles();
    fs.hooks.onRevalidate = (f) => f.put('/work/a.txt', 'a1\n', 0o600);
    const o = await run(fs, P('*** Update File: a.txt', '-a1', '+a2'));
    expect(o.error?.code).toBe('changed_after_planning');
    expect(fs.text('/work/a.txt')).toBe('a1\n');
  });

  it('never clobbers a file that appears at an Add target after planning', async () => {
    const fs = new MemFs({ 'a.txt': 'a1\n' });
    fs.hooks.beforeWrite = (path) => {
      if (path === '/work/new.txt') fs.put('/work/new.txt', 'mine\n');
    };
    const o = await run(fs, P('*** Update File: a.txt', '-a1', '+a2', '*** Add File: new.txt', '+theirs'));
    expect(o.status).toBe('rejected');
    expect(o.error?.message).toContain('appeared');
    expect(fs.text('/work/new.txt')).toBe('mine\n');
    expect(fs.text('/work/a.txt')).toBe('a1\n');
  });

  it('writes nothing when any named file cannot be read (unreadable snapshot)', async () => {
    const fs = threeFiles();
    fs.unreadable.add('/work/c.txt');
    const before = fs.dump();
    const o = await run(fs, P('*** Update File: a.txt', '-a1', '+a2', '*** Delete File: c.txt'));
    expect(o.status).toBe('rejected');
    expect(o.error?.code).toBe('unreadable_snapshot');
    expect(o.error?.message).toContain('c.txt: EACCES');
    expect(fs.dump()).toEqual(before);
  });

  it('writes nothing in check mode', async () => {
    const fs = threeFiles();
    const before = fs.dump();
    const o = await run(fs, bigPatch, true);
    expect(o.status).toBe('checked');
    expect(o.changes).toHaveLength(5);
    expect(fs.dump()).toEqual(before);
    expect(fs.writes).toBe(0);
  });
});

describe('dependency groups', () => {
  it('commits independent files when one file group fails', async () => {
    const fs = threeFiles();
    const o = await run(fs, P('*** Update File: a.txt', '-a1', '+a2', '*** Update File: b.txt', '-nope', '+b2'));
    expect(o.status).toBe('partial');
    expect(fs.text('/work/a.txt')).toBe('a2\n');
    expect(fs.text('/work/b.txt')).toBe('b1\n');
    expect(o.failed).toHaveLength(1);
    expect(o.failed[0]!.paths).toEqual(['b.txt']);
    expect(o.failed[0]!.failures[0]!.code).toBe('hunk_not_found');
  });

  it('drags earlier sections of the same file when a later section fails', async () => {
    const fs = threeFiles();
    const o = await run(fs, P('*** Update File: a.txt', '-a1', '+a2', '*** Update File: a.txt', '-zzz', '+a3'));
    expect(o.status).toBe('rejected');
    expect(fs.text('/work/a.txt')).toBe('a1\n');
    expect(o.failed[0]!.operations.map((x) => x.status)).toEqual(['carried', 'failed']);
  });

  it('chains repeated sections for one path in memory and commits once', async () => {
    const fs = threeFiles();
    const o = await run(fs, P('*** Update File: a.txt', '-a1', '+a2', '*** Update File: a.txt', '-a2', '+a3'));
    expect(o.status).toBe('applied');
    expect(fs.text('/work/a.txt')).toBe('a3\n');
    expect(fs.writes).toBe(1);
  });

  it('commits a successful move when a later edit of its destination fails: the edit depended on the move, not the other way', async () => {
    const fs = threeFiles();
    const o = await run(
      fs,
      P(
        '*** Update File: b.txt',
        '*** Move to: c2.txt',
        '-b1',
        '+b2',
        '*** Update File: c2.txt',
        '-nope',
        '+x',
        '*** Update File: a.txt',
        '-a1',
        '+a2',
      ),
    );
    expect(o.status).toBe('partial');
    expect(fs.nodes.has('/work/b.txt')).toBe(false);
    expect(fs.text('/work/c2.txt')).toBe('b2\n');
    expect(fs.text('/work/a.txt')).toBe('a2\n');
    expect(o.changes).toEqual([
      { kind: 'move', path: 'b.txt', to: 'c2.txt' },
      { kind: 'update', path: 'a.txt' },
    ]);
    expect(o.failed).toHaveLength(1);
    expect(o.failed[0]!.paths).toEqual(['c2.txt']);
    expect(o.failed[0]!.operations).toEqual([{ op: 1, label: 'Update File: c2.txt', status: 'failed' }]);
  });

  it('keeps the state the move left when a later section on the destination matched but a still later one failed', async () => {
    const fs = threeFiles();
    const o = await run(
      fs,
      P(
        '*** Update File: b.txt',
        '*** Move to: d.txt',
        '-b1',
        '+b2',
        '*** Update File: d.txt',
        '-b2',
        '+b3',
        '*** Update File: d.txt',
        '-nope',
        '+x',
      ),
    );
    expect(o.status).toBe('partial');
    expect(fs.text('/work/d.txt')).toBe('b2\n');
    expect(o.failed[0]!.operations.map((x) => x.status)).toEqual(['carried', 'failed']);
  });

  it('keeps an earlier successful update of a path when a later move onto that path fails', async () => {
    const fs = threeFiles();
    const o = await run(fs, P('*** Update File: b.txt', '-b1', '+b2', '*** Update File: a.txt', '*** Move to: b.txt', '-nope', '+x'));
    expect(o.status).toBe('partial');
    expect(fs.text('/work/b.txt')).toBe('b2\n');
    expect(fs.text('/work/a.txt')).toBe('a1\n');
    expect(o.changes).toEqual([{ kind: 'update', path: 'b.txt' }]);
    expect(o.failed[0]!.paths).toEqual(['a.txt', 'b.txt']);
    expect(o.failed[0]!.operations).toEqual([{ op: 1, label: 'Update File: a.txt (Move to: b.txt)', status: 'failed' }]);
  });

  it("drags a destination edit with the move when the move's own source group fails later", async () => {
    const fs = threeFiles();
    // The move matched, the edit of its destination matched, then a later
    // section on the move's source failed: the source group goes, and the
    // destination edit that depended on the move goes with it.
    const o = await run(
      fs,
      P(
        '*** Update File: b.txt',
        '*** Move to: d.txt',
        '-b1',
        '+b2',
        '*** Update File: d.txt',
        '-b2',
        '+b3',
        '*** Add File: b.txt',
        '+again',
        '*** Update File: b.txt',
        '-nope',
        '+x',
        '*** Update File: a.txt',
        '-a1',
        '+a2',
      ),
    );
    expect(o.status).toBe('partial');
    expect(fs.text('/work/b.txt')).toBe('b1\n');
    expect(fs.nodes.has('/work/d.txt')).toBe(false);
    expect(fs.text('/work/a.txt')).toBe('a2\n');
    expect(o.failed).toHaveLength(1);
    expect(o.failed[0]!.paths).toEqual(['b.txt', 'd.txt']);
    expect(o.failed[0]!.operations.map((x) => [x.op, x.status])).toEqual([
      [0, 'carried'],
      [1, 'carried'],
      [2, 'carried'],
      [3, 'failed'],
    ]);
  });

  it('chains sections for two spellings of one path and writes the file once', async () => {
    const fs = threeFiles();
    const o = await run(
      fs,
      P('*** Update File: a.txt', '-a1', '+a2', '*** Update File: ./a.txt', '-a2', '+a3', '*** Update File: sub/../a.txt', '-a3', '+a4'),
    );
    expect(o.status).toBe('applied');
    expect(fs.text('/work/a.txt')).toBe('a4\n');
    expect(fs.writes).toBe(1);
    expect(o.changes).toEqual([{ kind: 'update', path: 'a.txt' }]);
  });

  it("drags the first spelling's section when a section under the second spelling fails", async () => {
    const fs = threeFiles();
    const o = await run(fs, P('*** Update File: a.txt', '-a1', '+a2', '*** Update File: ./a.txt', '-nope', '+a3'));
    expect(o.status).toBe('rejected');
    expect(fs.text('/work/a.txt')).toBe('a1\n');
    expect(o.failed[0]!.paths).toEqual(['a.txt']);
    expect(o.failed[0]!.operations.map((x) => x.status)).toEqual(['carried', 'failed']);
  });
});
