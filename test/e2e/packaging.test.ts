// The npm package as a user gets it: `npm pack` in a fresh checkout (the
// tracked files, no dist/: the prepack script builds it), installed globally
// into a scratch prefix with no registry (the bundle needs no dependencies),
// then run by its installed name.

import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, RUNTIME } from '../support/cli.js';

const npm = (cwd: string, args: string[], env: Record<string, string>) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });

describe.skipIf(RUNTIME !== 'node')('the npm package', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'chord-patch-pack-'));
  const checkout = join(scratch, 'checkout');
  const prefix = join(scratch, 'prefix');
  // npm's cache and logs stay in the scratch directory; --offline keeps the registry out of it.
  const env = { npm_config_cache: join(scratch, 'npm-cache'), npm_config_update_notifier: 'false', NO_COLOR: '1' };
  let tarball = '';
  let packed: { name: string; version: string; dependencies?: Record<string, string>; scripts?: Record<string, string> };

  beforeAll(() => {
    // A fresh clone: the tracked files as they are in the working tree, and the dev dependencies the build needs.
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
    for (const f of tracked) {
      mkdirSync(dirname(join(checkout, f)), { recursive: true });
      try {
        cpSync(join(ROOT, f), join(checkout, f));
      } catch {
        // Deleted in the working tree but not yet committed: a fresh clone of the change would not have it either.
      }
    }
    symlinkSync(join(ROOT, 'node_modules'), join(checkout, 'node_modules'));
    npm(checkout, ['pack', '--pack-destination', scratch], env);
    tarball = join(scratch, readdirSync(scratch).find((f) => f.endsWith('.tgz'))!);
    execFileSync('tar', ['xzf', tarball, '-C', scratch, 'package/package.json']);
    packed = JSON.parse(readFileSync(join(scratch, 'package/package.json'), 'utf8'));
    npm(scratch, ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', tarball], env);
  }, 300_000);
  // A loaded machine can take more than the default 10 s to remove the installed prefix and npm's cache.
  afterAll(() => rmSync(scratch, { recursive: true, force: true }), 120_000);

  it('depends on no package at run time: everything it loads is bundled into dist/', () => {
    expect(packed.dependencies ?? {}).toEqual({});
    expect(packed.scripts?.prepack).toBe('npm run build');
    const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(files).toContain('package/dist/cli-node.cjs');
    expect(files).toContain('package/LICENSE');
    expect(files.filter((f) => f.startsWith('package/src/') || f.startsWith('package/test/'))).toEqual([]);
  });

  it('runs from the tarball through npx without installing, offline', () => {
    const out = execFileSync('npx', ['--yes', '--offline', '--package', tarball, 'chord-patch', '--version'], {
      cwd: scratch,
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });
    expect(out.trim()).toBe(packed.version);
  });

  it('installs offline and runs as chord-patch and apply_patch', () => {
    const version = spawnSync(join(prefix, 'bin', 'chord-patch'), ['--version'], { encoding: 'utf8' });
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);

    const work = join(scratch, 'work');
    mkdirSync(work);
    writeFileSync(join(work, 'f.txt'), 'one\ntwo\n');
    const patch = '*** Begin Patch\n*** Update File: f.txt\n@@\n one\n-two\n+2\n*** End Patch\n';
    const applied = spawnSync(join(prefix, 'bin', 'chord-patch'), ['apply', '-q'], { cwd: work, input: patch, encoding: 'utf8' });
    expect(applied.status, applied.stderr).toBe(0);
    expect(readFileSync(join(work, 'f.txt'), 'utf8')).toBe('one\n2\n');

    const codex = spawnSync(join(prefix, 'bin', 'apply_patch'), [patch.replace('-two\n+2', '-2\n+two')], { cwd: work, encoding: 'utf8' });
    expect(codex.status, codex.stderr).toBe(0);
    expect(codex.stdout).toContain('Success. Updated the following files:');
    expect(readFileSync(join(work, 'f.txt'), 'utf8')).toBe('one\ntwo\n');
  });
});
