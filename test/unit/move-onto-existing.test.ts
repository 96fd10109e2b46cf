// An envelope's *** Move to: onto an existing file replaces it (Codex's rule,
// which the shared conformance scenario 010 holds chord-patch to), and every
// report says so: never a plain rename. A unified diff refuses the same move.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply } from '../../src/index.js';
import { jsonReport, modelMessage } from '../../src/index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chord-move-onto-'));
  mkdirSync(join(dir, 'old'));
  mkdirSync(join(dir, 'new'));
  writeFileSync(join(dir, 'old', 'name.txt'), 'from\n');
  writeFileSync(join(dir, 'new', 'name.txt'), 'existing\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a move onto an existing file', () => {
  it('in an envelope replaces it and says so in the model text and the JSON report', async () => {
    const o = await apply(
      ['*** Begin Patch', '*** Update File: old/name.txt', '*** Move to: new/name.txt', '@@', '-from', '+moved', '*** End Patch'].join(
        '\n',
      ),
      { cwd: dir },
    );
    expect(o.status).toBe('applied');
    expect(readFileSync(join(dir, 'new', 'name.txt'), 'utf8')).toBe('moved\n');
    for (const text of [modelMessage(o), jsonReport(o)]) expect(text).toContain('new/name.txt already existed and was replaced');
  });

  it('in a moved file that did not exist before, no such note', async () => {
    const o = await apply(
      ['*** Begin Patch', '*** Update File: old/name.txt', '*** Move to: new/other.txt', '@@', '-from', '+moved', '*** End Patch'].join(
        '\n',
      ),
      { cwd: dir },
    );
    expect(o.status).toBe('applied');
    expect(modelMessage(o)).not.toContain('already existed');
  });

  it('in a git diff is refused and writes nothing', async () => {
    const o = await apply(
      [
        'diff --git a/old/name.txt b/new/name.txt',
        'similarity index 50%',
        'rename from old/name.txt',
        'rename to new/name.txt',
        '--- a/old/name.txt',
        '+++ b/new/name.txt',
        '@@ -1 +1 @@',
        '-from',
        '+moved',
        '',
      ].join('\n'),
      { cwd: dir },
    );
    expect(o.status).not.toBe('applied');
    expect(readFileSync(join(dir, 'new', 'name.txt'), 'utf8')).toBe('existing\n');
    expect(readFileSync(join(dir, 'old', 'name.txt'), 'utf8')).toBe('from\n');
  });
});
