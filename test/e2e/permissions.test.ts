// The spec's permission examples, end to end: each config, a patch and an edit
// through the built CLI, and what lands on disk.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function workspace(config: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'chord-e2e-perm-'));
  dirs.push(dir);
  writeFileSync(join(dir, '.chord-patch.yaml'), config);
  writeFileSync(join(dir, 'f.txt'), 'a\n');
  return dir;
}

const PATCH = '*** Begin Patch\n*** Update File: f.txt\n-a\n+b\n*** End Patch\n';
const EDIT = JSON.stringify({ path: 'f.txt', old_string: 'a', new_string: 'b' });

describe('the spec permission examples through the CLI', () => {
  it.each([
    ['edit: allow', 'allowed', 'allowed', 'permission:\n  edit: allow\n'],
    ['edit: allow, apply_patch: deny', 'denied', 'allowed', 'permission:\n  edit: allow\n  apply_patch: deny\n'],
    ['apply_patch: allow, edit: deny', 'allowed', 'denied', 'permission:\n  apply_patch: allow\n  edit: deny\n'],
    ['*: deny, apply_patch: allow', 'allowed', 'allowed', 'permission:\n  "*": deny\n  apply_patch: allow\n'],
    ['*: allow, apply_patch: deny', 'denied', 'denied', 'permission:\n  "*": allow\n  apply_patch: deny\n'],
    ['edit: deny (apply_patch inherits it)', 'denied', 'denied', 'permission:\n  edit: deny\n'],
    ['edit: allow, path-scoped apply_patch deny', 'denied', 'allowed', 'permission:\n  edit: allow\n  apply_patch:\n    "f.txt": deny\n'],
  ])('with %s a patch is %s and an edit is %s', (_name, patch, edit, config) => {
    for (const [input, want] of [
      [PATCH, patch],
      [EDIT, edit],
    ] as const) {
      const cwd = workspace(config);
      const r = runCli(['apply', '--json'], { cwd, input });
      const doc = JSON.parse(r.stdout);
      if (want === 'allowed') {
        expect({ code: r.code, status: doc.status }).toEqual({ code: 0, status: 'applied' });
        expect(readFileSync(join(cwd, 'f.txt'), 'utf8')).toBe('b\n');
      } else {
        expect({ code: r.code, codes: doc.failed.flatMap((g: any) => g.failures.map((f: any) => f.code)) }).toEqual({
          code: 1,
          codes: ['permission_denied'],
        });
        expect(readFileSync(join(cwd, 'f.txt'), 'utf8')).toBe('a\n');
      }
    }
  });

  it.each([
    ['secrets/*.{key,pem}', 'secrets/a.key'],
    ['secrets/*.{key,pem}', 'secrets/b.pem'],
    ['secrets/[ab].key', 'secrets/b.key'],
  ])('a deny glob %s fires for a patch adding %s, and nothing is written', (glob, path) => {
    const cwd = workspace(`permission:\n  apply_patch:\n    "*": allow\n    "${glob}": deny\n`);
    const r = runCli(['apply', '--json'], { cwd, input: `*** Begin Patch\n*** Add File: ${path}\n+secret\n*** End Patch\n` });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).failed[0].failures[0].code).toBe('permission_denied');
    expect(() => readFileSync(join(cwd, path))).toThrow();
  });

  it('refuses a config whose deny glob it cannot read (exit 64) instead of never matching it', () => {
    const cwd = workspace('permission:\n  apply_patch:\n    "*": allow\n    "secrets/*.{key,pem": deny\n');
    const r = runCli(['apply'], { cwd, input: PATCH });
    expect(r.code).toBe(64);
    expect(r.stderr).toContain('permission.apply_patch["secrets/*.{key,pem"]: "{" at character 11 is never closed');
    expect(readFileSync(join(cwd, 'f.txt'), 'utf8')).toBe('a\n');
  });
});
