// The real file system adapter: pieces written in order, the chunked
// comparison the commit's revalidation uses, and revalidation itself against
// files changed on disk after the snapshot.

import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unchanged } from '../../src/plan/snapshot.js';
import { NodeFs, type NodeFsOptions } from '../../src/platform/node-fs.js';
import type { Fs } from '../../src/types.js';
import type { Mutation } from '../../src/plan/planner.js';
import { readEntry } from '../../src/plan/snapshot.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chord-patch-nodefs-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Bytes bigger than one comparison chunk (256 KiB), with a recognisable pattern. */
const big = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7) % 251));

// Every case through the callback API (what library users get) and through
// the synchronous calls the CLI makes first.
describe.each([
  ['the callback API', {}],
  ['synchronous calls', { syncCalls: 1_000_000 }],
  ['synchronous calls with fsync in the thread pool (the CLI past its budget)', { fsyncOnlyInPool: true }],
] satisfies [string, NodeFsOptions][])('through %s', (_, options) => {
  let nodeFs: Fs;
  beforeEach(() => {
    nodeFs = new NodeFs(options);
  });

  describe('writeTemp', () => {
    it('writes pieces in order, with the mode asked for', async () => {
      const p = join(dir, 'a.txt');
      await nodeFs.writeTemp(p, [Buffer.from('one\n'), Buffer.from(''), big(300_000), Buffer.from('end\n')], 0o640);
      expect(readFileSync(p)).toEqual(Buffer.concat([Buffer.from('one\n'), big(300_000), Buffer.from('end\n')]));
      expect(statSync(p).mode & 0o777).toBe(0o640);
    });

    it('writes an empty file from no pieces, and refuses an existing path', async () => {
      const p = join(dir, 'empty');
      await nodeFs.writeTemp(p, [], 0o644);
      expect(readFileSync(p).length).toBe(0);
      await expect(nodeFs.writeTemp(p, [Buffer.from('x')], 0o644)).rejects.toMatchObject({ code: 'EEXIST' });
      expect(readFileSync(p).length).toBe(0);
    });

    it('gives the file the owner asked for when running as root', async () => {
      if (process.geteuid?.() !== 0) return;
      const p = join(dir, 'owned');
      await nodeFs.writeTemp(p, Buffer.from('x'), 0o644, { uid: 1234, gid: 2345 });
      expect([statSync(p).uid, statSync(p).gid]).toEqual([1234, 2345]);
    });
  });

  describe('pinDir', () => {
    it('keeps naming the directory it opened after the path is swapped for a symlink', async () => {
      mkdirSync(join(dir, 'inside'));
      mkdirSync(join(dir, 'outside'));
      const pin = await nodeFs.pinDir(join(dir, 'inside'), false);
      try {
        renameSync(join(dir, 'inside'), join(dir, 'moved'));
        symlinkSync(join(dir, 'outside'), join(dir, 'inside'));
        await nodeFs.writeTemp(`${pin.path}/f`, Buffer.from('x'), 0o644);
        expect(existsSync(join(dir, 'moved', 'f'))).toBe(true);
        expect(existsSync(join(dir, 'outside', 'f'))).toBe(false);
      } finally {
        await pin.close();
      }
    });

    it('says where the directory it opened is now, and that it is gone once removed', async () => {
      mkdirSync(join(dir, 'inside'));
      const pin = await nodeFs.pinDir(join(dir, 'inside'), false);
      try {
        if (!pin.where) return; // no /proc: the commit asks realpath instead
        expect(await pin.where()).toBe(pin.real);
        renameSync(join(dir, 'inside'), join(dir, 'moved'));
        expect(await pin.where()).toBe(join(pin.real, '..', 'moved'));
        rmSync(join(dir, 'moved'), { recursive: true });
        await expect(pin.where()).rejects.toMatchObject({ code: 'ENOENT' });
      } finally {
        await pin.close();
      }
    });

    it('keeps a directory whose own name ends in " (deleted)" where it is', async () => {
      mkdirSync(join(dir, 'x (deleted)'));
      const pin = await nodeFs.pinDir(join(dir, 'x (deleted)'), false);
      try {
        if (pin.where) expect(await pin.where()).toBe(pin.real);
      } finally {
        await pin.close();
      }
    });

    it('refuses a symlink when asked not to follow one', async () => {
      mkdirSync(join(dir, 'real'));
      symlinkSync(join(dir, 'real'), join(dir, 'link'));
      await expect(nodeFs.pinDir(join(dir, 'link'), true)).rejects.toMatchObject({ code: expect.stringMatching(/ELOOP|ENOTDIR/) });
    });
  });

  describe('hasBytes', () => {
    const bytes = big(600_000);
    const cases: [string, Buffer, boolean][] = [
      ['identical (three chunks)', bytes, true],
      ['the last byte differs', Buffer.concat([bytes.subarray(0, -1), Buffer.from([bytes[bytes.length - 1]! ^ 1])]), false],
      ['the first byte differs', Buffer.concat([Buffer.from([bytes[0]! ^ 1]), bytes.subarray(1)]), false],
      ['one byte shorter', bytes.subarray(0, -1), false],
      ['one byte longer', Buffer.concat([bytes, Buffer.from('x')]), false],
      ['empty', Buffer.alloc(0), false],
    ];
    it.each(cases)('file %s -> %s', async (_, onDisk, expected) => {
      const p = join(dir, 'f');
      writeFileSync(p, onDisk);
      expect(await nodeFs.hasBytes!(p, bytes)).toBe(expected);
    });

    it('an empty file has exactly no bytes', async () => {
      const p = join(dir, 'e');
      writeFileSync(p, '');
      expect(await nodeFs.hasBytes!(p, Buffer.alloc(0))).toBe(true);
      expect(await nodeFs.hasBytes!(p, Buffer.from('a'))).toBe(false);
    });
  });

  describe('revalidation on the real file system', () => {
    const changedOf = async (ms: Mutation[]) => {
      const same = await Promise.all(ms.map((m) => unchanged(nodeFs, m.abs, m.before)));
      return ms.filter((_, i) => !same[i]).map((m) => m.path);
    };
    const mutationFor = async (name: string): Promise<Mutation> => {
      const abs = join(dir, name);
      return { abs, path: name, before: await readEntry(nodeFs, abs), after: { bytes: [Buffer.from('new\n')] } };
    };

    it('passes untouched files and names every file changed since the snapshot', async () => {
      const names = ['same', 'content', 'mode', 'gone', 'dir'];
      for (const n of names) writeFileSync(join(dir, n), big(300_000));
      const ms = await Promise.all(names.map(mutationFor));
      writeFileSync(join(dir, 'content'), Buffer.concat([big(300_000).subarray(0, -1), Buffer.from('!')]));
      chmodSync(join(dir, 'mode'), 0o600);
      unlinkSync(join(dir, 'gone'));
      unlinkSync(join(dir, 'dir'));
      mkdirSync(join(dir, 'dir'));
      expect(await changedOf(ms)).toEqual(['content', 'mode', 'gone', 'dir']);
    });

    it('names a missing path that appeared meanwhile', async () => {
      const m = await mutationFor('later');
      expect(await changedOf([m])).toEqual([]);
      writeFileSync(join(dir, 'later'), 'x');
      expect(await changedOf([m])).toEqual(['later']);
    });
  });
});

describe('the synchronous-call budget', () => {
  // A synchronous call's promise settles within the same turn of the event
  // loop (a few microtasks); one through the thread pool needs a callback
  // from a later turn.
  const settlesAtOnce = async (p: Promise<unknown>): Promise<boolean> => {
    let settled = false;
    p.then(
      () => (settled = true),
      () => (settled = true),
    );
    for (let i = 0; i < 5; i++) await Promise.resolve();
    const atOnce = settled;
    await p;
    return atOnce;
  };

  it('belongs to the NodeFs it was given to: spent there, never shared with another', async () => {
    const cli = new NodeFs({ syncCalls: 1 });
    const library = new NodeFs();
    expect(await settlesAtOnce(cli.mkdir(join(dir, 'a')))).toBe(true);
    expect(await settlesAtOnce(library.mkdir(join(dir, 'b')))).toBe(false);
    expect(await settlesAtOnce(cli.mkdir(join(dir, 'c')))).toBe(false);
    expect(['a', 'b', 'c'].map((d) => existsSync(join(dir, d)))).toEqual([true, true, true]);
  });

  it('past the budget, sends only fsync to the thread pool when asked to', async () => {
    const cli = new NodeFs({ fsyncOnlyInPool: true });
    expect(await settlesAtOnce(cli.mkdir(join(dir, 'd')))).toBe(true);
    const pin = await cli.pinDir(join(dir, 'd'), false);
    expect(await settlesAtOnce(pin.sync())).toBe(false);
    expect(await settlesAtOnce(pin.close())).toBe(true);
  });
});
