// A directory pinned by the commit and then moved out of the root: the pin
// follows it, so without a re-check the write would land outside the root.

import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeFs } from '../../src/core/node-fs.js';
import { runPatchText } from '../../src/core/pipeline.js';
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
      async writeTemp(path, bytes, mode, owner) {
        await nodeFs.writeTemp(path, bytes, mode, owner);
        if (!moved && !path.includes('/.chord-patch/')) {
          moved = true;
          renameSync(join(root, 'sub'), join(outside, 'sub'));
        }
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
