// A replaced file whose extended attributes cannot be kept is not written:
// the commit stops before any target is switched and says why.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TWO_FILE_PATCH, twoFileTree } from '../support/two-files.js';
import { nodeFs } from '../../src/platform/node-fs.js';
import { runPatchText } from '../../src/run/pipeline.js';
import type { Fs } from '../../src/types.js';

const tree = twoFileTree('chord-xattr-refused-');
const PATCH = TWO_FILE_PATCH;

describe('an extended attribute that cannot be kept', () => {
  it('refuses the change, writes nothing and names the attribute', async () => {
    const copied: string[] = [];
    const fs: Fs = {
      ...nodeFs,
      copyXattrs: async (from) => {
        copied.push(from);
        if (from.endsWith('b.txt')) throw new Error('cannot keep its extended attribute security.selinux (this user may not set it here)');
      },
    };
    const o = await runPatchText(PATCH, { cwd: tree.dir, fs, allOrNothing: true });
    expect(o.status).not.toBe('applied');
    expect(JSON.stringify(o)).toContain('security.selinux');
    expect(copied.length).toBeGreaterThan(0);
    expect(readFileSync(join(tree.dir, 'a.txt'), 'utf8')).toBe('old a\n');
    expect(readFileSync(join(tree.dir, 'b.txt'), 'utf8')).toBe('old b\n');
    expect(
      readdirSync(tree.dir)
        .filter((f) => f !== '.chord-patch')
        .sort(),
    ).toEqual(['a.txt', 'b.txt']);
  });
});
