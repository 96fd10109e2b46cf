// A scratch tree of two small files (a.txt, b.txt) and the envelope that
// changes both: for tests of one commit that writes several files.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';

export const TWO_FILE_PATCH = [
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

/** A fresh tree holding "old a" and "old b" before each test, removed after it; read `.dir` inside a test. */
export function twoFileTree(prefix: string): { dir: string } {
  const tree = { dir: '' };
  beforeEach(() => {
    tree.dir = mkdtempSync(join(tmpdir(), prefix));
    writeFileSync(join(tree.dir, 'a.txt'), 'old a\n');
    writeFileSync(join(tree.dir, 'b.txt'), 'old b\n');
  });
  afterEach(() => rmSync(tree.dir, { recursive: true, force: true }));
  return tree;
}
