// The state directory is used only as a real directory on the root's own
// file system: a link or a mount there refuses the run, writing nothing.

import { describe, expect, it } from 'vitest';
import { runPatchText } from '../../src/run/pipeline.js';
import { MemFs } from '../support/memfs.js';

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');

describe('the state directory', () => {
  it('refuses a run whose .chord-patch is on another file system (a mount), writing nothing', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    fs.mkdirSync('/work/.chord-patch');
    const lstat = fs.lstat.bind(fs);
    fs.lstat = async (path: string) => {
      const s = await lstat(path);
      return s && path === '/work/.chord-patch' ? { ...s, identity: `2:${s.identity.split(':')[1]}` } : s;
    };
    const o = await runPatchText(P('*** Update File: a.txt', '-a', '+b'), { fs, cwd: '/work' });
    expect(o.error?.code).toBe('protected_path');
    expect(o.error?.message).toContain('another file system');
    expect(fs.text('/work/a.txt')).toBe('a\n');
    expect([...fs.nodes.keys()].filter((p) => p.startsWith('/work/.chord-patch/'))).toEqual([]);
  });

  it('refuses a run whose .chord-patch is a file, writing nothing', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n', '.chord-patch': 'planted' });
    const o = await runPatchText(P('*** Update File: a.txt', '-a', '+b'), { fs, cwd: '/work' });
    expect(o.error?.code).toBe('protected_path');
    expect(o.error?.message).toContain('is not a directory');
    expect(fs.text('/work/a.txt')).toBe('a\n');
  });
});
