// Wrong writes the drift corpus found at seeds 12 to 21 (node scripts/drift.mjs
// --seed 12 --per 40): each exit-0 write of text the model did not mean, as
// the smallest case that shows it.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply } from '../../src/index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chord-drift5-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const read = () => readFileSync(join(dir, 'f.js'), 'utf8');
const codes = (o: Awaited<ReturnType<typeof apply>>) => o.failed.flatMap((g) => g.failures.map((f) => f.code));

describe('drift round 5', () => {
  it('exact only outside its header block, tolerant inside it: ambiguous (full-width-patch-011)', async () => {
    const before = [
      'function visit_(node) {',
      '    for (const x of node) {',
      '        if (x === REMOVE) {',
      '            node.splice（i，1);',
      '            i -= 1;',
      '        }',
      '    }',
      '}',
      'async function visitAsync_(node) {',
      '    for (const x of node) {',
      '        if (x === REMOVE) {',
      '            node.splice(i, 1);',
      '            i -= 1;',
      '        }',
      '    }',
      '}',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'f.js'), before);
    const patch = [
      '*** Begin Patch',
      '*** Update File: f.js',
      '@@ function visit_(node) {',
      '         if (x === REMOVE) {',
      '             node.splice(i, 1);',
      '-            i -= 1;',
      '         }',
      '*** End Patch',
    ].join('\n');
    const o = await apply(patch, { cwd: dir });
    expect(o.status).not.toBe('applied');
    expect(codes(o)).toContain('hunk_ambiguous');
    const message = o.failed.flatMap((g) => g.failures.map((f) => f.message)).join('\n');
    expect(message).toContain('line 3');
    expect(message).toContain('line 11');
    expect(read()).toBe(before);
  });

  it('a tab typed among lines all at one depth of spaces takes that depth (indent-added-patch-030)', async () => {
    const members = Array.from({ length: 100 }, (_, i) => `        const C${i}: number;`);
    const before = ['declare module "z" {', '    namespace constants {', ...members, '    }', '}', ''].join('\n');
    writeFileSync(join(dir, 'f.js'), before);
    const patch = [
      '*** Begin Patch',
      '*** Update File: f.js',
      '@@',
      '         const C49: number;',
      '         const C50: number;',
      '+\t\tconst previous = C50;',
      '         const C51: number;',
      '*** End Patch',
    ].join('\n');
    const o = await apply(patch, { cwd: dir });
    expect(o.status).toBe('applied');
    expect(read()).toBe(before.replace('        const C50: number;\n', '        const C50: number;\n        const previous = C50;\n'));
  });
});
