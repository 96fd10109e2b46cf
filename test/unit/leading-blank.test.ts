// A hunk whose old side opens with a blank line the file lacks is tried again
// without it (aider's retry of a SEARCH block), but only after every way of
// placing the hunk as written: a tolerant match of the whole hunk wins.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply } from '../../src/index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chord-leading-blank-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const patch = (...lines: string[]) => ['*** Begin Patch', '*** Update File: f.py', ...lines, '*** End Patch', ''].join('\n');

describe('the retry without a leading blank line', () => {
  it('comes after the whole hunk matched with punctuation tolerance', async () => {
    const before = "a\n\nprint(‘x’)\nb\nprint('x')\nc\n";
    writeFileSync(join(dir, 'f.py'), before);
    const o = await apply(patch('@@', ' ', " print('x')", '+done'), { cwd: dir });
    expect(o.status).toBe('applied');
    expect(readFileSync(join(dir, 'f.py'), 'utf8')).toBe("a\n\nprint(‘x’)\ndone\nb\nprint('x')\nc\n");
  });

  it('places the hunk without it when nothing else does', async () => {
    writeFileSync(join(dir, 'f.py'), 'a\nprint(1)\nb\n');
    const o = await apply(patch('@@', ' ', ' print(1)', '+done'), { cwd: dir });
    expect(o.status).toBe('applied');
    expect(readFileSync(join(dir, 'f.py'), 'utf8')).toBe('a\nprint(1)\ndone\nb\n');
  });

  it('leaves out one blank line, not two', async () => {
    writeFileSync(join(dir, 'f.py'), 'a\nprint(1)\nb\n');
    const o = await apply(patch('@@', ' ', ' ', ' print(1)', '+done'), { cwd: dir });
    expect(o.status).toBe('rejected');
    expect(readFileSync(join(dir, 'f.py'), 'utf8')).toBe('a\nprint(1)\nb\n');
  });
});
