// The diff a run reports names its files as git's headers do, whatever
// spelling of the path the patch used, so `git apply` and `patch -p1` take it.

import { describe, expect, it } from 'vitest';
import { runPatchText } from '../../src/run/pipeline.js';
import { unifiedDiff } from '../../src/report/unified.js';
import { MemFs } from '../support/memfs.js';

const update = (path: string) => ['*** Begin Patch', `*** Update File: ${path}`, '@@', '-x', '+y', '*** End Patch'].join('\n');

describe('the reported diff’s headers', () => {
  it.each(['./src/a.txt', 'src/./a.txt', 'src//a.txt'])('name %s as src/a.txt', async (spelling) => {
    const fs = new MemFs({ 'src/a.txt': 'x\n' });
    const outcome = await runPatchText(update(spelling), { fs, cwd: '/work' });
    expect(outcome.failed).toEqual([]);
    expect(fs.text('/work/src/a.txt')).toBe('y\n');
    const diff = outcome.diffs.map((d) => unifiedDiff(d)).join('');
    expect(diff.split('\n').slice(0, 3)).toEqual(['diff --git a/src/a.txt b/src/a.txt', '--- a/src/a.txt', '+++ b/src/a.txt']);
  });
});
