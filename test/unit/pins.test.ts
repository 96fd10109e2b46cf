// A directory pinned by the commit and then moved out of the root: the pin
// follows it, so without a re-check the write would land outside the root.

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeFs } from '../../src/platform/node-fs.js';
import { runPatchText } from '../../src/run/pipeline.js';
import type { Fs } from '../../src/types.js';
import { scratchDirs } from '../support/tree.js';

const temp = scratchDirs();

describe('a pinned directory moved out of the root before the switch', () => {
  it('is refused as a change after planning, and nothing is written where it went', async () => {
    const root = temp();
    const outside = temp();
    mkdirSync(join(root, 'sub'));
    writeFileSync(join(root, 'sub/f.txt'), 'old\n');
    let moved = false;
    // After the temp file is written (the directory is pinned by then), another program moves the directory away.
    const fs: Fs = {
      ...nodeFs,
      async createTemp(path, bytes, mode, owner) {
        const file = await nodeFs.createTemp!(path, bytes, mode, owner);
        if (!moved && !path.includes('/.chord-patch/')) {
          moved = true;
          renameSync(join(root, 'sub'), join(outside, 'sub'));
        }
        return file;
      },
    };
    const patch = ['*** Begin Patch', '*** Update File: sub/f.txt', '@@', '-old', '+new', '*** End Patch'].join('\n');
    const o = await runPatchText(patch, { fs, cwd: root });
    expect(moved).toBe(true);
    expect(o.status).toBe('rejected');
    expect(o.error?.code).toBe('changed_after_planning');
    expect(o.error?.message).toContain(`sub was moved to ${join(outside, 'sub')} after planning`);
    expect(readFileSync(join(outside, 'sub/f.txt'), 'utf8')).toBe('old\n');
    // The temp file that was written in it before the move is removed by the rollback.
    expect(readdirSync(join(outside, 'sub'))).toEqual(['f.txt']);
  });
});

describe('a pinned directory removed before the switch', () => {
  it('is refused as a change after planning: the added file is not written anywhere', async () => {
    const root = temp();
    const aside = temp();
    mkdirSync(join(root, 'sub'));
    writeFileSync(join(root, 'sub/other.txt'), 'other\n');
    let removed = false;
    // After the temp file is written, another program empties the directory (into `aside`) and removes it.
    const fs: Fs = {
      ...nodeFs,
      async createTemp(path, bytes, mode, owner) {
        const file = await nodeFs.createTemp!(path, bytes, mode, owner);
        if (!removed && !path.includes('/.chord-patch/')) {
          removed = true;
          for (const name of readdirSync(join(root, 'sub'))) renameSync(join(root, 'sub', name), join(aside, name));
          rmdirSync(join(root, 'sub'));
        }
        return file;
      },
    };
    const patch = ['*** Begin Patch', '*** Add File: sub/new.txt', '+new', '*** End Patch'].join('\n');
    const o = await runPatchText(patch, { fs, cwd: root });
    expect(removed).toBe(true);
    expect(o.status).toBe('rejected');
    expect(o.error?.code).toBe('changed_after_planning');
    expect(o.error?.message).toContain('sub is gone');
    expect(existsSync(join(root, 'sub'))).toBe(false);
    expect(readdirSync(aside).filter((n) => !n.startsWith('.chord-patch-'))).toEqual(['other.txt']);
  });
});
