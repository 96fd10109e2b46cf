// What a commit keeps of a replaced file besides its bytes: the owner and
// group it can, never set-uid/set-gid on new content; read-only and
// hard-linked files are written with a note saying so (docs/config.md).

import { describe, expect, it } from 'vitest';
import { ownerChange } from '../../src/platform/node-fs.js';
import { runPatchText } from '../../src/run/pipeline.js';
import { MemFs } from '../support/memfs.js';

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');

describe('metadata of a replaced file', () => {
  it('drops set-uid and set-gid when the content changes, and says so', async () => {
    const fs = new MemFs();
    fs.put('/work/tool.sh', '#!/bin/sh\necho a\n', 0o6755);
    const o = await runPatchText(P('*** Update File: tool.sh', ' #!/bin/sh', '-echo a', '+echo b'), { fs, cwd: '/work' });
    expect(o.status).toBe('applied');
    expect(fs.dump()['/work/tool.sh']![1]).toBe(0o755);
    expect(o.notes.map((n) => n.message)).toContain(
      'tool.sh: its set-uid/set-gid bits were dropped, as for any file whose content changes',
    );
  });

  it('writes a read-only file, keeps it read-only, and notes it', async () => {
    const fs = new MemFs();
    fs.put('/work/ro.txt', 'a\n', 0o444);
    const o = await runPatchText(P('*** Update File: ro.txt', '-a', '+b'), { fs, cwd: '/work' });
    expect(o.status).toBe('applied');
    expect(fs.dump()['/work/ro.txt']).toEqual(['b\n', 0o444]);
    expect(o.notes.map((n) => n.message)).toContain(
      'ro.txt is read-only (no write permission for anyone); it was written anyway and stays read-only',
    );
  });

  it.each([
    ['root keeps another owner and group', { uid: 1000, gid: 100 }, { uid: 0, gid: 0, groups: [0] }, { uid: 1000, gid: 100 }],
    ['root has nothing to change for its own file', { uid: 0, gid: 0 }, { uid: 0, gid: 0, groups: [0] }, undefined],
    [
      'a user keeps a shared group they belong to',
      { uid: 1000, gid: 50 },
      { uid: 1000, gid: 1000, groups: [1000, 50] },
      { uid: -1, gid: 50 },
    ],
    ['a user cannot give a group they are not in', { uid: 1000, gid: 60 }, { uid: 1000, gid: 1000, groups: [1000, 50] }, undefined],
    ['a user in their own primary group changes nothing', { uid: 1000, gid: 1000 }, { uid: 1000, gid: 1000, groups: [1000] }, undefined],
  ])('%s', (_name, owner, me, want) => {
    expect(ownerChange(owner, me)).toEqual(want);
  });
});
