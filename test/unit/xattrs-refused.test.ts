// A replaced file whose extended attributes cannot be kept is not written:
// the commit stops before any target is switched and says why.

import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeFs } from '../../src/platform/node-fs.js';
import { runPatchText } from '../../src/run/pipeline.js';
import type { Fs } from '../../src/types.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chord-xattr-refused-'));
  writeFileSync(join(dir, 'a.txt'), 'old a\n');
  writeFileSync(join(dir, 'b.txt'), 'old b\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const PATCH = [
  '*** Begin Patch',
  '*** Update File: a.txt',
  '@@',
  '-old a',
  '+new a',
  '*** Update File: b.txt',
  '@@',
  '-old b',
  '+new b',
  '*** End Patch',
].join('\n');

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
    const o = await runPatchText(PATCH, { cwd: dir, fs, allOrNothing: true });
    expect(o.status).not.toBe('applied');
    expect(JSON.stringify(o)).toContain('security.selinux');
    expect(copied.length).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('old a\n');
    expect(readFileSync(join(dir, 'b.txt'), 'utf8')).toBe('old b\n');
    expect(
      readdirSync(dir)
        .filter((f) => f !== '.chord-patch')
        .sort(),
    ).toEqual(['a.txt', 'b.txt']);
  });
});
