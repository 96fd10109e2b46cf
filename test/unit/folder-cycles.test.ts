// No two folders of src/ import each other (scripts/folder-cycles.mjs).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { folderCycles } from '../../scripts/folder-cycles.mjs';

const SRC = join(import.meta.dirname, '..', '..', 'src');

describe('folder cycles', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('finds no pair of folders in src/ importing each other', () => {
    expect(folderCycles(SRC)).toEqual([]);
  });

  it('finds a cycle made of a type-only import one way and a value import the other', () => {
    const root = mkdtempSync(join(tmpdir(), 'folder-cycles-'));
    made.push(root);
    mkdirSync(join(root, 'a'));
    mkdirSync(join(root, 'b'));
    writeFileSync(join(root, 'a', 'x.ts'), "import type { Y } from '../b/y.js';\nexport const x = 1;\n");
    writeFileSync(join(root, 'b', 'y.ts'), "import { x } from '../a/x.js';\nexport type Y = typeof x;\n");
    writeFileSync(join(root, 'top.ts'), "import { x } from './a/x.js';\n");
    expect(folderCycles(root)).toEqual([{ pair: 'a <-> b', there: 'a/x.ts -> b/y.ts', back: 'b/y.ts -> a/x.ts' }]);
  });
});
