// What no patch, diff or edit may write whatever the rules say (version-control
// directories, the config file), and permission rules judged where a path
// really is: through the library, on real directories (symbolic links need them).

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configFromData } from '../../src/config/config.js';
import { reservedReason } from '../../src/config/reserved.js';
import { apply, edit } from '../../src/index.js';
import { permissionOptions } from '../../src/cli/run-options.js';
import type { Outcome } from '../../src/types.js';

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'chord-protected-'));
  dirs.push(dir);
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return dir;
}

const failureCodes = (o: Outcome) => o.failed.flatMap((g) => g.failures.map((f) => f.code));

describe('reserved paths', () => {
  it.each([
    ['.git/config', true],
    ['.git/hooks/pre-commit', true],
    ['sub/module/.git/config', true],
    ['.git', true],
    ['.GIT/config', true],
    ['.git./config', true],
    ['.git /config', true],
    ['git~1/config', true],
    ['.hg/hgrc', true],
    ['.svn/entries', true],
    ['.chord-patch.yaml', true],
    ['.chord-patch/journal-0.json', true],
    ['.chord-patch', true],
    ['sub/.Chord-Patch/done-1.json', true],
    ['.chord-patch-notes/x.md', false],
    ['.Chord-Patch.yaml', true],
    ['src/.gitignore', false],
    ['.github/workflows/ci.yml', false],
    ['.gitattributes', false],
    ['docs/.git-notes.md', false],
    ['sub/.chord-patch.yaml', false],
    ['src/main.ts', false],
  ])('%s is reserved: %s', (rel, want) => {
    expect(reservedReason(rel, `/root/${rel}`) !== undefined).toBe(want);
  });

  it('lets an explicit option permit version-control directories, never the config file', () => {
    expect(reservedReason('.git/config', '/r/.git/config', { allowVcs: true })).toBeUndefined();
    expect(reservedReason('.chord-patch.yaml', '/r/.chord-patch.yaml', { allowVcs: true })).toMatch(/config file/);
    expect(reservedReason('conf/rules.yaml', '/r/conf/rules.yaml', { configFiles: ['/r/conf/rules.yaml'] })).toMatch(/config file/);
  });
});

describe('patches that plant code git runs', () => {
  it('refuses an envelope that adds a hook, and writes nothing of the patch', async () => {
    const dir = tree({ '.git/config': '[core]\n', 'a.txt': 'a\n' });
    const o = await apply(P('*** Update File: a.txt', '-a', '+b', '*** Add File: .git/hooks/pre-commit', '+#!/bin/sh', '+touch pwned'), {
      cwd: dir,
    });
    expect(o.status).toBe('rejected');
    expect(o.error?.code).toBe('protected_path');
    expect(o.error?.message).toMatch(/^\.git\/hooks\/pre-commit is inside a version-control directory/);
    expect(existsSync(join(dir, '.git/hooks/pre-commit'))).toBe(false);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('a\n');
  });

  it('refuses an envelope that adds core.fsmonitor to .git/config', async () => {
    const dir = tree({ '.git/config': '[core]\n\tbare = false\n' });
    const o = await apply(P('*** Update File: .git/config', ' [core]', '+\tfsmonitor = "touch pwned"', ' \tbare = false'), { cwd: dir });
    expect(o.error?.code).toBe('protected_path');
    expect(readFileSync(join(dir, '.git/config'), 'utf8')).toBe('[core]\n\tbare = false\n');
  });

  it('refuses a git diff that creates an executable hook', async () => {
    const dir = tree({ '.git/HEAD': 'ref: refs/heads/main\n' });
    const diff = [
      'diff --git a/.git/hooks/pre-commit b/.git/hooks/pre-commit',
      'new file mode 100755',
      '--- /dev/null',
      '+++ b/.git/hooks/pre-commit',
      '@@ -0,0 +1,2 @@',
      '+#!/bin/sh',
      '+touch pwned',
      '',
    ].join('\n');
    const o = await apply(diff, { cwd: dir });
    expect(o.error?.code).toBe('protected_path');
    expect(existsSync(join(dir, '.git/hooks/pre-commit'))).toBe(false);
  });

  it('refuses an edit of .git/config, a nested repository and a link into .git', async () => {
    const dir = tree({ '.git/config': '[core]\n', 'vendor/lib/.git/config': '[core]\n' });
    symlinkSync('.git', join(dir, 'gitdir'));
    for (const path of ['.git/config', 'vendor/lib/.git/config', 'gitdir/config', '.GIT/config']) {
      const o = await edit({ path, mode: 'single', edit: { old_string: '[core]', new_string: '[core]\n\tfsmonitor = x' } }, { cwd: dir });
      expect(failureCodes(o), path).toEqual(['protected_path']);
    }
    const o = await apply(P('*** Add File: gitdir/hooks/post-checkout', '+#!/bin/sh'), { cwd: dir });
    expect(o.error?.code).toBe('protected_path');
    expect(readFileSync(join(dir, '.git/config'), 'utf8')).toBe('[core]\n');
    expect(existsSync(join(dir, '.git/hooks'))).toBe(false);
  });

  it('writes inside .git/ when allowVcsDirs says so', async () => {
    const dir = tree({ '.git/info/exclude': '# ignored\n' });
    const o = await apply(P('*** Update File: .git/info/exclude', ' # ignored', '+build/'), { cwd: dir, allowVcsDirs: true });
    expect(o.status).toBe('applied');
    expect(readFileSync(join(dir, '.git/info/exclude'), 'utf8')).toBe('# ignored\nbuild/\n');
  });
});

describe('the config file is not a patch target', () => {
  const CONFIG = 'permission:\n  apply_patch:\n    "*": allow\n    "secrets/**": deny\n';

  it.each([
    ['rewrites', P('*** Update File: .chord-patch.yaml', '-    "secrets/**": deny', '+    "secrets/**": allow')],
    ['deletes', P('*** Delete File: .chord-patch.yaml')],
    ['moves away', P('*** Update File: .chord-patch.yaml', '*** Move to: old.yaml', ' permission:')],
    ['moves a file onto', P('*** Update File: a.txt', '*** Move to: .chord-patch.yaml', ' a')],
  ])('refuses a patch that %s .chord-patch.yaml', async (_what, patch) => {
    const dir = tree({ '.chord-patch.yaml': CONFIG, 'a.txt': 'a\n' });
    const o = await apply(patch, { cwd: dir });
    expect(o.error?.code).toBe('protected_path');
    expect(readFileSync(join(dir, '.chord-patch.yaml'), 'utf8')).toBe(CONFIG);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('a\n');
  });

  it('refuses a patch that adds .chord-patch.yaml where there is none, and one that writes the --config file', async () => {
    const dir = tree({ 'conf/rules.yaml': CONFIG });
    expect((await apply(P('*** Add File: .chord-patch.yaml', '+permission: allow'), { cwd: dir })).error?.code).toBe('protected_path');
    const o = await apply(P('*** Delete File: conf/rules.yaml'), { cwd: dir, configFile: join(dir, 'conf/rules.yaml') });
    expect(o.error?.code).toBe('protected_path');
    expect(existsSync(join(dir, '.chord-patch.yaml'))).toBe(false);
    expect(readFileSync(join(dir, 'conf/rules.yaml'), 'utf8')).toBe(CONFIG);
  });
});

describe('permission rules judge where a path really is', () => {
  const config = configFromData({ permission: { edit: { '*': 'allow', 'secrets/**': 'deny' } } });

  it('denies a patch and an edit that reach a denied file through a linked directory', async () => {
    const dir = tree({ 'secrets/key.pem': 'KEY\n', 'src/a.ts': 'a\n' });
    symlinkSync('secrets', join(dir, 'link'));
    const options = { cwd: dir, ...permissionOptions(config, dir) };
    const patched = await apply(P('*** Update File: link/key.pem', '-KEY', '+STOLEN'), options);
    expect(failureCodes(patched)).toEqual(['permission_denied']);
    expect(patched.failed[0]!.failures[0]!.message).toMatch(/reached through a symbolic link, this path is secrets\/key\.pem: denied by/);
    const edited = await edit({ path: 'link/key.pem', mode: 'single', edit: { old_string: 'KEY', new_string: 'STOLEN' } }, options);
    expect(failureCodes(edited)).toEqual(['permission_denied']);
    expect(readFileSync(join(dir, 'secrets/key.pem'), 'utf8')).toBe('KEY\n');
    // The same rules still allow what they allow.
    expect((await apply(P('*** Update File: src/a.ts', '-a', '+b'), options)).status).toBe('applied');
  });
});
