// The commit's order on a real file system: every temp file is created and
// written, then made durable, and only then is any target switched. A
// failure anywhere before the first switch must change nothing and leave no
// temp file behind.

import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEMP_BATCH } from '../../src/commit/temp-files.js';
import { nodeFs } from '../../src/platform/node-fs.js';
import { runPatchText } from '../../src/run/pipeline.js';
import type { Fs, OpenTemp } from '../../src/types.js';
import { bigCommit, treeOf } from '../support/stress.js';
import { scratchDirs } from '../support/tree.js';

const temp = scratchDirs();

type Event = { op: 'create' | 'sync' | 'close' | 'rename' | 'link'; path: string };

/** nodeFs that logs the commit's temp files and switches, and can fail one step. */
function loggingFs(log: Event[], fail?: (e: Event) => boolean): Fs & { open: number; mostOpen: number } {
  const counts = { open: 0, mostOpen: 0 };
  const note = (e: Event) => {
    if (e.path.includes('/.chord-patch/')) return;
    log.push(e);
    if (fail?.(e)) throw Object.assign(new Error(`EIO: injected at ${e.op}`), { code: 'EIO' });
  };
  const fs: Fs = {
    ...nodeFs,
    async createTemp(path, bytes, mode, owner) {
      const file = await nodeFs.createTemp!(path, bytes, mode, owner);
      if (!path.includes('/.chord-patch/')) counts.mostOpen = Math.max(counts.mostOpen, ++counts.open);
      note({ op: 'create', path });
      return {
        sync: async () => (note({ op: 'sync', path }), file.sync()),
        close: async () => {
          await file.close();
          if (!path.includes('/.chord-patch/')) counts.open--;
          note({ op: 'close', path });
        },
      } satisfies OpenTemp;
    },
    async rename(from, to) {
      note({ op: 'rename', path: to });
      await nodeFs.rename(from, to);
    },
    async link(from, to) {
      note({ op: 'link', path: to });
      await nodeFs.link(from, to);
    },
  };
  return Object.defineProperties(fs, {
    open: { get: () => counts.open },
    mostOpen: { get: () => counts.mostOpen },
  }) as Fs & { open: number; mostOpen: number };
}

/** Temp and backup files of a commit anywhere in the tree. */
const sideFiles = (tree: Map<string, string>) => [...tree.keys()].filter((k) => k.includes('.chord-patch-'));

const isTemp = (p: string) => p.endsWith('.tmp');

describe('the order of a many-file commit', () => {
  it('makes every temp file durable before it switches the first target', async () => {
    const root = temp();
    const patch = bigCommit(root, 12);
    const log: Event[] = [];
    const o = await runPatchText(patch, { cwd: root, fs: loggingFs(log) });
    expect(o.status).toBe('applied');
    const firstSwitch = log.findIndex((e) => (e.op === 'rename' || e.op === 'link') && !isTemp(e.path));
    const lastSync = log.findLastIndex((e) => e.op === 'sync');
    const lastCreate = log.findLastIndex((e) => e.op === 'create');
    const firstSync = log.findIndex((e) => e.op === 'sync');
    expect(log.filter((e) => e.op === 'sync').length).toBe(log.filter((e) => e.op === 'create').length);
    expect(lastSync).toBeLessThan(firstSwitch);
    // Creates made while fsyncs run are slow: within a batch, every create comes first.
    expect(lastCreate).toBeLessThan(firstSync);
  });

  it(`holds at most ${TEMP_BATCH} temp files open at once, and applies an envelope of more files than that`, async () => {
    const root = temp();
    const patch = bigCommit(root, TEMP_BATCH + 90);
    const log: Event[] = [];
    const fs = loggingFs(log);
    const o = await runPatchText(patch, { cwd: root, fs });
    expect(o.status).toBe('applied');
    expect(log.filter((e) => e.op === 'create').length).toBeGreaterThan(TEMP_BATCH);
    expect(fs.mostOpen).toBe(TEMP_BATCH);
    expect(fs.open).toBe(0);
    expect(sideFiles(treeOf(root))).toEqual([]);
  });
});

describe('a failure after every temp file is written, before any switch', () => {
  for (const step of ['sync', 'close'] as const) {
    it(`changes nothing and leaves no temp file when the last temp file's ${step} fails`, async () => {
      const root = temp();
      const patch = bigCommit(root, 12);
      const before = treeOf(root);
      const creates = await countCreates(12);
      let seen = 0;
      const log: Event[] = [];
      const fs = loggingFs(log, (e) => e.op === step && ++seen === creates);
      const o = await runPatchText(patch, { cwd: root, fs });
      expect(o.status).toBe('rejected');
      expect(o.error?.code).toBe('write_failed');
      expect(o.error?.message).toMatch(/EIO: injected at .*; no file was changed$/);
      expect(log.some((e) => (e.op === 'rename' || e.op === 'link') && !isTemp(e.path))).toBe(false);
      expect(treeOf(root)).toEqual(before);
      expect(fs.open).toBe(0);
      expect(readdirSync(root).filter((n) => n.startsWith('.chord-patch'))).toEqual([]);
    });
  }

  it('changes nothing when SIGTERM arrives while the temp files are being made durable', async () => {
    const root = temp();
    const patch = bigCommit(root, 12);
    const before = treeOf(root);
    // A listener of our own keeps the test process alive (the commit re-raises only when none is left).
    const keep = () => {};
    process.on('SIGTERM', keep);
    let syncs = 0;
    const log: Event[] = [];
    const fs = loggingFs(log, (e) => {
      if (e.op === 'sync' && ++syncs === 2) process.emit('SIGTERM');
      return false;
    });
    try {
      const o = await runPatchText(patch, { cwd: root, fs });
      expect(o.status).toBe('rejected');
      expect(o.error?.code).toBe('interrupted');
    } finally {
      process.off('SIGTERM', keep);
    }
    expect(log.some((e) => (e.op === 'rename' || e.op === 'link') && !isTemp(e.path))).toBe(false);
    expect(treeOf(root)).toEqual(before);
    expect(fs.open).toBe(0);
  });
});

/** How many temp files the commit of bigCommit(files) creates (a clean run in a scratch tree of its own). */
async function countCreates(files: number): Promise<number> {
  const root = temp();
  const log: Event[] = [];
  const o = await runPatchText(bigCommit(root, files), { cwd: root, fs: loggingFs(log) });
  expect(o.status).toBe('applied');
  return log.filter((e) => e.op === 'create').length;
}
