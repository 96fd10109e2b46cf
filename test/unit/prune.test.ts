import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeFs } from '../../src/platform/node-fs.js';
import { pruneEmptyDirs } from '../../src/commit/prune.js';
import { scratchDirs } from '../support/tree.js';

const temp = scratchDirs();

describe('removing the directories deletions left empty', () => {
  it('removes empty parents innermost first and stops at a directory that still holds something', async () => {
    const root = temp();
    mkdirSync(join(root, 'a/b/c'), { recursive: true });
    writeFileSync(join(root, 'a/keep.txt'), 'k');
    const notes = await pruneEmptyDirs(nodeFs, root, [join(root, 'a/b/c/gone.txt')], 'undo');
    expect(existsSync(join(root, 'a/b'))).toBe(false);
    expect(existsSync(join(root, 'a/keep.txt'))).toBe(true);
    expect(notes.map((n) => n.message)).toEqual(['removed the directories the undo left empty: a/b/c/, a/b/']);
  });

  it('never removes the working directory itself', async () => {
    const root = join(temp(), 'root');
    mkdirSync(root);
    expect(await pruneEmptyDirs(nodeFs, root, [join(root, 'gone.txt')], 'undo')).toEqual([]);
    expect(existsSync(root)).toBe(true);
  });

  it('never follows a directory swapped for a symlink to outside the root', async () => {
    const root = temp();
    const outside = temp();
    mkdirSync(join(outside, 'sub'));
    symlinkSync(outside, join(root, 'link'));
    const notes = await pruneEmptyDirs(nodeFs, root, [join(root, 'link/sub/gone.txt')], 'undo');
    expect(notes).toEqual([]);
    expect(existsSync(join(outside, 'sub'))).toBe(true);
    expect(existsSync(join(root, 'link'))).toBe(true);
  });
});
