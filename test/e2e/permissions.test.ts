// The spec's permission examples, end to end: each config, a patch and an edit
// through the built CLI, and what lands on disk.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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
    expect(r.stderr).toContain('line 4: permission.apply_patch.<glob>: "{" at character 11 is never closed');
    expect(readFileSync(join(cwd, 'f.txt'), 'utf8')).toBe('a\n');
  });
});

describe('what a repository cannot make the CLI do', () => {
  const README_CONFIG = 'permission:\n  edit: allow\n  apply_patch:\n    "*": allow\n    "secrets/**": deny\n  delete: deny\n';

  it('refuses a patch that rewrites the config, so the next patch still cannot edit the denied file', () => {
    const cwd = workspace(README_CONFIG);
    mkdirSync(join(cwd, 'secrets'));
    writeFileSync(join(cwd, 'secrets', 'key.pem'), 'KEY\n');
    const rewrite =
      '*** Begin Patch\n*** Update File: .chord-patch.yaml\n-    "secrets/**": deny\n+    "secrets/**": allow\n*** End Patch\n';
    const first = runCli(['apply', '--json'], { cwd, input: rewrite });
    expect(first.code).toBe(1);
    expect(JSON.parse(first.stdout).error.code).toBe('protected_path');
    expect(readFileSync(join(cwd, '.chord-patch.yaml'), 'utf8')).toBe(README_CONFIG);
    const next = runCli(['apply', '--json'], {
      cwd,
      input: '*** Begin Patch\n*** Update File: secrets/key.pem\n-KEY\n+STOLEN\n*** End Patch\n',
    });
    expect(next.code).toBe(1);
    expect(readFileSync(join(cwd, 'secrets', 'key.pem'), 'utf8')).toBe('KEY\n');
  });

  it('refuses a config that links to a secret outside the project, and apply_patch never prints the secret', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'chord-e2e-perm-'));
    dirs.push(cwd);
    mkdirSync(join(cwd, 'repo'));
    writeFileSync(join(cwd, 'credentials'), '[default]\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG\n');
    symlinkSync(join(cwd, 'credentials'), join(cwd, 'repo', '.chord-patch.yaml'));
    writeFileSync(join(cwd, 'repo', 'f.txt'), 'a\n');
    for (const bin of ['chord-patch', 'apply_patch'] as const) {
      const r = runCli(bin === 'apply_patch' ? [] : ['apply'], { cwd: join(cwd, 'repo'), input: PATCH, bin });
      expect(r.code).toBe(64);
      expect(r.stderr).toContain('is a symbolic link to a file outside the project');
      expect(r.stdout + r.stderr).not.toContain('wJalrXUtnFEMI');
    }
    expect(readFileSync(join(cwd, 'repo', 'f.txt'), 'utf8')).toBe('a\n');
  });

  it('refuses .git/ targets unless --allow-vcs-dirs says otherwise', () => {
    const cwd = workspace('permission: allow\n');
    mkdirSync(join(cwd, '.git', 'info'), { recursive: true });
    writeFileSync(join(cwd, '.git', 'info', 'exclude'), '# ignored\n');
    const patch = '*** Begin Patch\n*** Update File: .git/info/exclude\n # ignored\n+build/\n*** End Patch\n';
    const refused = runCli(['apply'], { cwd, input: patch });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('inside a version-control directory');
    expect(readFileSync(join(cwd, '.git', 'info', 'exclude'), 'utf8')).toBe('# ignored\n');
    const allowed = runCli(['apply', '--allow-vcs-dirs'], { cwd, input: patch });
    expect(allowed.code).toBe(0);
    expect(readFileSync(join(cwd, '.git', 'info', 'exclude'), 'utf8')).toBe('# ignored\nbuild/\n');
  });

  it('refuses a patch that writes the file --config names', () => {
    const cwd = workspace('permission: allow\n');
    writeFileSync(join(cwd, 'rules.yaml'), 'permission: allow\n');
    const r = runCli(['apply', '--config', 'rules.yaml'], { cwd, input: '*** Begin Patch\n*** Delete File: rules.yaml\n*** End Patch\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('is the chord-patch config file');
    expect(readFileSync(join(cwd, 'rules.yaml'), 'utf8')).toBe('permission: allow\n');
  });
});
