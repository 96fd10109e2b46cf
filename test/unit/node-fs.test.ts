// The real file system adapter: pieces written in order, the chunked
// comparison the commit's revalidation uses, and revalidation itself against
// files changed on disk after the snapshot.

import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { revalidate } from '../../src/core/commit.js';
import { nodeFs, preferSyncCalls } from '../../src/core/node-fs.js';
import type { Mutation } from '../../src/core/plan.js';
import { readEntry } from '../../src/core/snapshot.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chord-patch-nodefs-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  preferSyncCalls(0);
});

/** Bytes bigger than one comparison chunk (256 KiB), with a recognisable pattern. */
const big = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7) % 251));

// Every case through the callback API (what library users get) and through
// the synchronous calls the CLI makes first.
describe.each([
  ['the callback API', 0],
  ['synchronous calls', 1_000_000],
])('through %s', (_, sync) => {
  beforeEach(() => preferSyncCalls(sync));

  describe('writeAtomic', () => {
    it('writes pieces in order, with the mode asked for', async () => {
      const p = join(dir, 'a.txt');
      await nodeFs.writeAtomic(p, [Buffer.from('one\n'), Buffer.from(''), big(300_000), Buffer.from('end\n')], 0o640, false);
      expect(readFileSync(p)).toEqual(Buffer.concat([Buffer.from('one\n'), big(300_000), Buffer.from('end\n')]));
      expect(statSync(p).mode & 0o777).toBe(0o640);
    });

    it('writes an empty file from no pieces, and refuses an existing path when exclusive', async () => {
      const p = join(dir, 'empty');
      await nodeFs.writeAtomic(p, [], 0o644, true);
      expect(readFileSync(p).length).toBe(0);
      await expect(nodeFs.writeAtomic(p, [Buffer.from('x')], 0o644, true)).rejects.toMatchObject({ code: 'EEXIST' });
      expect(readFileSync(p).length).toBe(0);
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
      expect(await revalidate(nodeFs, ms)).toEqual(['content', 'mode', 'gone', 'dir']);
    });

    it('names a missing path that appeared meanwhile', async () => {
      const m = await mutationFor('later');
      expect(await revalidate(nodeFs, [m])).toEqual([]);
      writeFileSync(join(dir, 'later'), 'x');
      expect(await revalidate(nodeFs, [m])).toEqual(['later']);
    });
  });
});
