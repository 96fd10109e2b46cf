// The scenario folders themselves: each has its own number, and every folder a
// generator wrote (marked GENERATED) is exactly what that generator writes now,
// so a hand edit of a generated folder (lost at the next `npm run fixtures`)
// fails here instead.

import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures');
const GENERATORS = ['scripts/gen-encoding-fixtures.mjs', 'scripts/gen-edit-fixtures.mjs'];

const folders = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Every entry below `root` with its bytes (files) or target (links), keyed by relative path. */
function listing(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      const s = lstatSync(p);
      const rel = relative(root, p);
      if (s.isSymbolicLink()) out[rel] = `-> ${readlinkSync(p)}`;
      else if (s.isDirectory()) {
        out[`${rel}/`] = 'dir';
        walk(p);
      } else out[rel] = readFileSync(p).toString('base64');
    }
  };
  walk(root);
  return out;
}

describe('fixture folders', () => {
  it('each folder has a number of its own', () => {
    const byNumber = new Map<string, string[]>();
    for (const f of folders) byNumber.set(f.slice(0, 3), [...(byNumber.get(f.slice(0, 3)) ?? []), f]);
    const shared = [...byNumber.values()].filter((names) => names.length > 1);
    expect(shared).toEqual([]);
    expect(folders.every((f) => /^\d{3}_[a-z0-9_]+$/.test(f))).toBe(true);
  });

  const scratch = mkdtempSync(join(tmpdir(), 'chord-patch-generated-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('every generated folder is what its generator writes today', () => {
    for (const g of GENERATORS) execFileSync(process.execPath, [join(ROOT, g), scratch], { stdio: 'ignore' });
    const generated = readdirSync(scratch).sort();
    const marked = folders.filter((f) => existsSync(join(FIXTURES, f, 'GENERATED'))).sort();
    expect(marked).toEqual(generated);
    for (const name of generated) expect(listing(join(FIXTURES, name)), name).toEqual(listing(join(scratch, name)));
  });
});
