// The package as a library user loads it: through package.json's `exports`
// (a self-reference, as `node_modules/chord-patch` would resolve), from
// CommonJS and from an ES module, with exactly the names docs/library.md
// documents.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, RUNTIME } from '../support/cli.js';

/** The exported names docs/library.md lists ("The package exports exactly these"). */
function documentedNames(): string[] {
  const library = readFileSync(join(ROOT, 'docs/library.md'), 'utf8');
  const sentence = library.slice(library.indexOf('The package exports exactly these'));
  const list = sentence.slice(0, sentence.indexOf('and the types of'));
  return [...list.matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]!).sort();
}

function runNode(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

// The package is dist/, which only the Node runtime's project builds.
describe.skipIf(RUNTIME !== 'node')('the package entry (dist/index.cjs through package.json exports)', () => {
  it('exports from require() exactly the names docs/library.md documents', () => {
    const r = runNode(['-e', "console.log(JSON.stringify(Object.keys(require('chord-patch')).sort()))"]);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(documentedNames());
  });

  it('gives an ES module import the same named exports, and they work', () => {
    const script = [
      "import * as lib from 'chord-patch';",
      "import { parse, check } from 'chord-patch';",
      "const names = Object.keys(lib).filter((k) => k !== 'default' && k !== 'module.exports').sort();",
      "const parsed = parse('*** Begin Patch\\n*** Add File: a.txt\\n+hi\\n*** End Patch\\n');",
      "const outcome = await check('*** Begin Patch\\n*** Add File: a.txt\\n+hi\\n*** End Patch\\n', { cwd: process.cwd() });",
      'console.log(JSON.stringify({ names, ops: parsed.ops.length, status: outcome.status }));',
    ].join('\n');
    const r = runNode(['--input-type=module', '-e', script]);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ names: documentedNames(), ops: 1, status: 'checked' });
  });

  it('documents a non-empty list, so the comparison above means something', () => {
    expect(documentedNames()).toContain('apply');
    expect(documentedNames().length).toBeGreaterThan(8);
  });
});
