// Symbolic-link entries of git diffs (mode 120000): how they are read into
// operations, planned against the one snapshot and committed, on the
// in-memory file system: created, deleted and retargeted as links, never
// followed, refused when the old side is not exactly the link's target, and
// undone (or recovered after a kill) link for link.

import { describe, expect, it } from 'vitest';
import { parseUnified } from '../../src/input/unified.js';
import { diffEntries } from '../../src/input/unified-read.js';
import { runUnifiedTexts } from '../../src/run/run-diffs.js';
import { runPatchText } from '../../src/run/pipeline.js';
import { killedDuring, MemFs } from '../support/memfs.js';

const D = (...lines: string[]) => `${lines.join('\n')}\n`;
const NO_EOL = '\\ No newline at end of file';
const create = (path: string, target: string) =>
  D(
    `diff --git a/${path} b/${path}`,
    'new file mode 120000',
    'index 0000000..1111111',
    '--- /dev/null',
    `+++ b/${path}`,
    '@@ -0,0 +1 @@',
    `+${target}`,
    NO_EOL,
  );
const remove = (path: string, target: string) =>
  D(
    `diff --git a/${path} b/${path}`,
    'deleted file mode 120000',
    'index 1111111..0000000',
    `--- a/${path}`,
    '+++ /dev/null',
    '@@ -1 +0,0 @@',
    `-${target}`,
    NO_EOL,
  );
const retarget = (path: string, from: string, to: string) =>
  D(
    `diff --git a/${path} b/${path}`,
    'index 1111111..2222222 120000',
    `--- a/${path}`,
    `+++ b/${path}`,
    '@@ -1 +1 @@',
    `-${from}`,
    NO_EOL,
    `+${to}`,
    NO_EOL,
  );
const modify = (path: string, from: string, to: string) =>
  D(
    `diff --git a/${path} b/${path}`,
    'index 1111111..2222222 100644',
    `--- a/${path}`,
    `+++ b/${path}`,
    '@@ -1 +1 @@',
    `-${from}`,
    `+${to}`,
  );
const addFile = (path: string, line: string) =>
  D(
    `diff --git a/${path} b/${path}`,
    'new file mode 100644',
    'index 0000000..1111111',
    '--- /dev/null',
    `+++ b/${path}`,
    '@@ -0,0 +1 @@',
    `+${line}`,
  );
const delFile = (path: string, line: string) =>
  D(
    `diff --git a/${path} b/${path}`,
    'deleted file mode 100644',
    'index 1111111..0000000',
    `--- a/${path}`,
    '+++ /dev/null',
    '@@ -1 +0,0 @@',
    `-${line}`,
  );

const run = (fs: MemFs, text: string, extra: object = {}) => runUnifiedTexts([{ text }], { fs, cwd: '/work', ...extra });
const messages = (o: Awaited<ReturnType<typeof run>>) =>
  [o.error?.message ?? '', ...o.failed.flatMap((g) => g.failures.map((f) => f.message))].join('\n');
const stateFiles = (fs: MemFs) => [...fs.nodes.keys()].filter((p) => p.includes('.chord-patch'));

describe('reading link entries', () => {
  it('reads a new link, a deleted one and a retargeted one as link operations with their targets', () => {
    const files = parseUnified(create('l', 'a/b') + remove('m', 'x') + retarget('n', 'old', 'new'));
    const { ops, refused } = diffEntries(files, 1, () => false);
    expect(refused).toEqual([]);
    expect(ops.map((op) => [op.kind, op.path, op.symlink])).toEqual([
      ['add', 'l', true],
      ['delete', 'm', true],
      ['update', 'n', true],
    ]);
    expect(ops[0]).toMatchObject({ lines: ['a/b'] });
    expect(ops[1]).toMatchObject({ expectLines: ['x'] });
  });

  it('refuses a rename of a link, and an entry beyond a link the diff names, one by one', () => {
    const files = parseUnified(
      D('diff --git a/l b/m', 'old mode 120000', 'new mode 120000', 'similarity index 100%', 'rename from l', 'rename to m'),
    );
    expect(diffEntries(files, 1, () => false).refused[0]!.message).toMatch(/symbolic link renamed or copied/);
    const beyond = diffEntries(parseUnified(create('l', 'd') + addFile('l/x', 'busted')), 1, () => false);
    expect(beyond.ops.map((op) => op.path)).toEqual(['l']);
    expect(beyond.refused[0]).toMatchObject({ path: 'l/x', code: 'symlink' });
    expect(beyond.refused[0]!.message).toMatch(/beyond a symbolic link \(l/);
  });

  it('refuses a link target written with a final newline (git always writes none)', () => {
    const text = D('diff --git a/l b/l', 'new file mode 120000', '--- /dev/null', '+++ b/l', '@@ -0,0 +1 @@', '+t');
    expect(() => diffEntries(parseUnified(text), 1, () => false)).toThrow(/line ending/);
  });
});

describe('planning and committing links', () => {
  it('creates, retargets and deletes links, and writes no file for them', async () => {
    const fs = new MemFs({ f: 'hi\n' });
    fs.putLink('/work/m', 'f');
    fs.putLink('/work/n', 'f');
    const o = await run(fs, create('l', 'f') + remove('m', 'f') + retarget('n', 'f', 'sub/x'));
    expect(o.status).toBe('applied');
    expect(fs.links()).toEqual({ '/work/l': 'f', '/work/n': 'sub/x' });
    expect(fs.dump()).toEqual({ '/work/f': ['hi\n', 0o644] });
    expect(stateFiles(fs)).toEqual([]);
  });

  it('refuses a link whose target is not exactly the old side, naming both, and writes nothing', async () => {
    const fs = new MemFs({});
    fs.putLink('/work/n', 'f ');
    const o = await run(fs, retarget('n', 'f', 'g'));
    expect(o.status).toBe('rejected');
    expect(messages(o)).toMatch(/points at "f ", the diff says "f"/);
    expect(fs.links()).toEqual({ '/work/n': 'f ' });
  });

  it('refuses a link entry where a regular file stands, and a file entry where a link stands', async () => {
    const fs = new MemFs({ n: 'f' });
    fs.putLink('/work/l', 'n');
    const o = await run(fs, retarget('n', 'f', 'g') + modify('l', 'x', 'y'));
    expect(messages(o)).toMatch(/n: cannot change a symbolic link: the path is a regular file/);
    expect(messages(o)).toMatch(/l: is a symbolic link/);
    expect(fs.dump()).toEqual({ '/work/n': ['f', 0o644] });
    expect(fs.links()).toEqual({ '/work/l': 'n' });
  });

  it('refuses a new file where a link stands, and leaves the link as it is', async () => {
    const fs = new MemFs({ t: 'x\n' });
    fs.putLink('/work/l', 't');
    const o = await run(fs, addFile('l', 'new') + create('m', 't'));
    expect(o.status).toBe('rejected');
    expect(messages(o)).toMatch(/l: is a symbolic link/);
    expect(fs.links()).toEqual({ '/work/l': 't' });
    expect(fs.text('/work/t')).toBe('x\n');
  });

  it.each([
    ['outside the root', '../secret', /outside the working directory/],
    ['an absolute path', '/etc/passwd', /absolute path/],
    ['.git', '.git/config', /version-control directory/],
    ['the state directory', 'sub/../.chord-patch/journal', /state directory/],
    ['the config file', '.chord-patch.yaml', /config file/],
  ])('refuses a link pointing at %s unless --allow-outside is given', async (_what, target, why) => {
    const fs = new MemFs({});
    const o = await run(fs, create('l', target));
    expect(o.status).toBe('rejected');
    expect(messages(o)).toMatch(why);
    expect(fs.links()).toEqual({});
    const allowed = await run(fs, create('l', target), { allowOutside: true });
    expect(allowed.status).toBe('applied');
    expect(fs.links()).toEqual({ '/work/l': target });
  });

  it("refuses a file written through a link the same diff creates, and writes neither (git's t4115)", async () => {
    const fs = new MemFs({ 'd/x': 'x\n' });
    const o = await run(fs, create('l', 'd') + modify('l/x', 'x', 'busted'));
    expect(o.status).toBe('rejected');
    expect(messages(o)).toMatch(/l\/x: is beyond a symbolic link/);
    expect(fs.links()).toEqual({});
    expect(fs.text('/work/d/x')).toBe('x\n');
  });

  it('turns a file into a link and a link into a file from the one snapshot, in either order (t4114)', async () => {
    const fs = new MemFs({ foo: 'hello world\n', bar: 'hi planet\n' });
    expect((await run(fs, delFile('foo', 'hello world') + create('foo', 'bar'))).status).toBe('applied');
    expect(fs.links()).toEqual({ '/work/foo': 'bar' });
    expect((await run(fs, addFile('foo', 'how far is the sun?') + remove('foo', 'bar'))).status).toBe('applied');
    expect(fs.links()).toEqual({});
    expect(fs.text('/work/foo')).toBe('how far is the sun?\n');
    expect((await run(fs, addFile('foo', 'how far is the sun?') + remove('foo', 'bar'), { reverse: true })).status).toBe('applied');
    expect(fs.links()).toEqual({ '/work/foo': 'bar' });
  });

  it('fails the entry with a clear message, writing nothing, where links cannot be created', async () => {
    const fs = new MemFs({ f: 'a\n' });
    fs.hooks.beforeWrite = (_p, _n, op) => {
      if (op === 'symlink') throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' });
    };
    const o = await run(fs, modify('f', 'a', 'b') + create('l', 'f'));
    expect(o.status).toBe('rejected');
    expect(o.error?.message).toMatch(/cannot create the symbolic link: EPERM/);
    expect(fs.text('/work/f')).toBe('a\n');
    expect(fs.links()).toEqual({});
    expect(stateFiles(fs).filter((p) => !p.endsWith('.chord-patch'))).toEqual([]);
  });

  it('restores a replaced link when a later switch of the same commit fails', async () => {
    const fs = new MemFs({ z: 'a\n' });
    fs.putLink('/work/a', 'old');
    fs.hooks.beforeWrite = (p, _n, op) => {
      if (op === 'rename' && p === '/work/z') throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
    };
    const o = await run(fs, retarget('a', 'old', 'new') + modify('z', 'a', 'b'));
    expect(o.status).toBe('rejected');
    expect(o.error?.message).toMatch(/restored/);
    expect(fs.links()).toEqual({ '/work/a': 'old' });
    expect(fs.text('/work/z')).toBe('a\n');
  });
});

describe('a commit of links killed halfway', () => {
  const linkedTree = () => {
    const fs = new MemFs({ f: 'one\n', g: 'two\n' });
    fs.putLink('/work/a', 'f');
    fs.putLink('/work/gone', 'g');
    return fs;
  };
  const diff = retarget('a', 'f', 'g') + create('b', 'f') + remove('gone', 'g') + modify('f', 'one', 'uno');

  it('is rolled back or finished by the next run after a kill at any change', async () => {
    let kills = 0;
    for (let at = 1; at <= 30; at++) {
      const fs = linkedTree();
      const start = { files: fs.dump(), links: fs.links() };
      const reached = await killedDuring(
        fs,
        () => run(fs, diff),
        (_p, nth) => nth === at,
      );
      if (!reached) continue;
      kills++;
      const whole = linkedTree();
      await run(whole, diff);
      const o = await runPatchText('*** Begin Patch\n*** Add File: u.txt\n+u\n*** End Patch', { fs, cwd: '/work', isAlive: () => false });
      expect(o.status).toBe('applied');
      fs.nodes.delete('/work/u.txt');
      expect([start, { files: whole.dump(), links: whole.links() }]).toContainEqual({ files: fs.dump(), links: fs.links() });
      expect(stateFiles(fs)).toEqual([]);
    }
    expect(kills).toBeGreaterThan(8);
  });

  it('never follows a link planted at a target before recovery: it is kept, not read through or replaced', async () => {
    for (let at = 1; at <= 20; at++) {
      const fs = linkedTree();
      const reached = await killedDuring(
        fs,
        () => run(fs, diff),
        (_p, nth) => nth === at,
      );
      if (!reached) continue;
      if (!stateFiles(fs).some((p) => /\/journal-[^/]+\.json$/.test(p))) continue;
      if (!fs.nodes.has('/work/b')) continue;
      // Another program replaces the created link with one of its own, pointing at a file recovery must not touch.
      fs.nodes.delete('/work/b');
      fs.putLink('/work/b', '/etc/passwd');
      fs.put('/etc/passwd', 'root\n');
      await runPatchText('*** Begin Patch\n*** Add File: u.txt\n+u\n*** End Patch', { fs, cwd: '/work', isAlive: () => false });
      expect(fs.links()['/work/b']).toBe('/etc/passwd');
      expect(fs.text('/etc/passwd')).toBe('root\n');
      return;
    }
    throw new Error('no kill point left the created link with its journal');
  });
});

describe('an envelope naming a link', () => {
  // Found by red-teaming: deleting or moving the link was refused with "edit the file it points to", which is no help.
  it.each([
    ['*** Delete File: l', /l: is a symbolic link; chord-patch deletes a link only as a git diff's link entry \(mode 120000\)/],
    ['*** Update File: l\n*** Move to: m\n@@\n x', /l: is a symbolic link; chord-patch moves a link only as a git diff's link entry/],
    ['*** Update File: l\n@@\n-x\n+y', /l: is a symbolic link; chord-patch does not edit through links \(edit the file it points to\)/],
  ])('%j is refused, saying what chord-patch does with links, and nothing is written', async (ops, why) => {
    const fs = new MemFs({ 'x.txt': 'x\n' });
    await fs.symlink('x.txt', '/work/l');
    const o = await runPatchText(`*** Begin Patch\n${ops}\n*** End Patch`, { fs, cwd: '/work' });
    expect(o.status).toBe('rejected');
    expect(o.failed[0]!.failures[0]!.message).toMatch(why);
    expect(fs.links()).toEqual({ '/work/l': 'x.txt' });
    expect(fs.text('/work/x.txt')).toBe('x\n');
  });
});
