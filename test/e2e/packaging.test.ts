// The npm package as a user gets it: `npm pack` in a fresh checkout (the
// tracked files, no dist/: the prepack script builds it), and in the platform
// package npm/linux-x64/ (its prepack takes the binary `npm run binary` built),
// installed globally into a scratch prefix with no registry, then run by its
// installed names. With the platform package the commands are the native
// binary and never start Node; without one, bin/chord-patch falls back to the
// Node CLI, started with --no-concurrent-recompilation (node-turbofan.test.ts).

import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, RUNTIME } from '../support/cli.js';

interface Manifest {
  name: string;
  version: string;
  bin?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  files?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
}

const manifest = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const ROOT_PKG = manifest(ROOT);
const PLATFORMS = readdirSync(join(ROOT, 'npm')).sort();
const HOST = `${process.platform}-${process.arch}`;
/** The longest one npm or npx call of these tests may take; an install here takes seconds. */
const NPM_TIMEOUT_MS = 120_000;

const PATCH = '*** Begin Patch\n*** Update File: f.txt\n@@\n one\n-two\n+2\n*** End Patch\n';
const UNDO = PATCH.replace('-two\n+2', '-2\n+two');

/** A scratch folder with a fresh checkout of the repository: its tracked files and the dev dependencies the build needs. */
function freshCheckout(prefix: string) {
  const scratch = mkdtempSync(join(tmpdir(), prefix));
  const checkout = join(scratch, 'checkout');
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const f of tracked) {
    mkdirSync(dirname(join(checkout, f)), { recursive: true });
    try {
      cpSync(join(ROOT, f), join(checkout, f), { verbatimSymlinks: true });
    } catch {
      // Deleted in the working tree but not yet committed: a fresh clone of the change would not have it either.
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(checkout, 'node_modules'));
  // npm's cache and logs stay in the scratch directory; --offline keeps the registry out of it.
  const env = { ...process.env, npm_config_cache: join(scratch, 'npm-cache'), npm_config_update_notifier: 'false', NO_COLOR: '1' };
  // A synchronous call blocks vitest's own timeout: a hung npm must end by itself (NPM_TIMEOUT_MS).
  const npm = (cwd: string, args: string[]) =>
    execFileSync('npm', args, { cwd, encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'], timeout: NPM_TIMEOUT_MS });
  /** `npm pack` in `dir`; the tarball's path. */
  const pack = (dir: string) => join(scratch, npm(dir, ['pack', '--pack-destination', scratch]).trim().split('\n').pop()!);
  const install = (prefix: string, tarballs: string[]) =>
    npm(scratch, ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', ...tarballs]);
  return { scratch, checkout, env, npm, pack, install };
}

/** A folder holding a `node` that records its first two arguments in `log` and then runs the real node (or fails, `refuse`). */
function fakeNode(dir: string, log: string, refuse: boolean): string {
  mkdirSync(dir, { recursive: true });
  const body = refuse
    ? `echo "node was started: $*" >&2\nexit 99\n`
    : `printf '%s %s\\n' "$1" "$2" >> '${log}'\nexec '${process.execPath}' "$@"\n`;
  writeFileSync(join(dir, 'node'), `#!/bin/sh\n${body}`);
  chmodSync(join(dir, 'node'), 0o755);
  return dir;
}

/** Apply PATCH with the installed chord-patch and undo it with the installed apply_patch, in a fresh folder. */
function patchRoundTrip(bin: string, work: string, env: NodeJS.ProcessEnv) {
  mkdirSync(work);
  writeFileSync(join(work, 'f.txt'), 'one\ntwo\n');
  const applied = spawnSync(join(bin, 'chord-patch'), ['apply', '-q'], { cwd: work, input: PATCH, encoding: 'utf8', env });
  expect(applied.status, applied.stderr).toBe(0);
  expect(readFileSync(join(work, 'f.txt'), 'utf8')).toBe('one\n2\n');
  const codex = spawnSync(join(bin, 'apply_patch'), [UNDO], { cwd: work, encoding: 'utf8', env });
  expect(codex.status, codex.stderr).toBe(0);
  expect(codex.stdout).toContain('Success. Updated the following files:');
  expect(readFileSync(join(work, 'f.txt'), 'utf8')).toBe('one\ntwo\n');
  // apply_patch names itself in its usage, whichever program runs it.
  const usage = spawnSync(join(bin, 'apply_patch'), ['a', 'b'], { cwd: work, encoding: 'utf8', env });
  expect(usage.stderr).toContain('usage: apply_patch');
}

describe('the platform packages', () => {
  it('are optional dependencies of the root package at its exact version, one per npm/ folder', () => {
    expect(Object.keys(ROOT_PKG.optionalDependencies ?? {}).sort()).toEqual(PLATFORMS.map((p) => `@chord-patch/${p}`));
    for (const p of PLATFORMS) {
      const m = manifest(join(ROOT, 'npm', p));
      expect(m.name).toBe(`@chord-patch/${p}`);
      expect(m.version).toBe(ROOT_PKG.version);
      expect(ROOT_PKG.optionalDependencies?.[m.name]).toBe(ROOT_PKG.version);
      expect(`${m.os?.join()}-${m.cpu?.join()}`).toBe(p);
      // No install step: the binary is in the tarball, nothing runs when npm installs it.
      expect(Object.keys(m.scripts ?? {}).filter((s) => /install/.test(s))).toEqual([]);
    }
    expect(Object.keys(ROOT_PKG.scripts ?? {}).filter((s) => /^(pre|post)?install$/.test(s))).toEqual([]);
    // Both commands are the one shim, which tells them apart by the name it was invoked under.
    expect(ROOT_PKG.bin).toEqual({ 'chord-patch': 'bin/chord-patch', apply_patch: 'bin/chord-patch' });
  });
});

describe.skipIf(RUNTIME !== 'node')('the npm package without a platform package', () => {
  let scratch = '';
  let env: NodeJS.ProcessEnv = {};
  let prefix = '';
  let tarball = '';
  let packed: Manifest;

  beforeAll(() => {
    const c = freshCheckout('chord-patch-pack-');
    ({ scratch, env } = c);
    prefix = join(scratch, 'prefix');
    tarball = c.pack(c.checkout);
    execFileSync('tar', ['xzf', tarball, '-C', scratch, 'package/package.json']);
    packed = manifest(join(scratch, 'package'));
    c.install(prefix, [tarball]);
  }, 300_000);
  // A loaded machine can take more than the default 10 s to remove the installed prefix and npm's cache.
  afterAll(() => rmSync(scratch, { recursive: true, force: true }), 120_000);

  it('depends on no package at run time: everything it loads is bundled into dist/', () => {
    expect(packed.dependencies ?? {}).toEqual({});
    expect(packed.scripts?.prepack).toBe('npm run build');
    const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(files).toContain('package/dist/cli-node.cjs');
    expect(files).toContain('package/bin/chord-patch');
    expect(files).toContain('package/LICENSE');
    expect(files.filter((f) => f.startsWith('package/src/') || f.startsWith('package/test/') || f.startsWith('package/npm/'))).toEqual([]);
  });

  it('runs from the tarball through npx without installing, offline', () => {
    const out = execFileSync('npx', ['--yes', '--offline', '--package', tarball, 'chord-patch', '--version'], {
      timeout: NPM_TIMEOUT_MS,
      cwd: scratch,
      encoding: 'utf8',
      env,
    });
    expect(out.trim()).toBe(packed.version);
  });

  it('installs offline and runs the Node CLI as chord-patch and apply_patch, with --no-concurrent-recompilation', () => {
    const log = join(scratch, 'node-args.log');
    const path = `${fakeNode(join(scratch, 'fake-node'), log, false)}:${process.env.PATH}`;
    const version = spawnSync(join(prefix, 'bin', 'chord-patch'), ['--version'], { encoding: 'utf8', env: { ...env, PATH: path } });
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout.trim()).toBe(ROOT_PKG.version);
    patchRoundTrip(join(prefix, 'bin'), join(scratch, 'work'), { ...env, PATH: path });
    const starts = readFileSync(log, 'utf8').trim().split('\n');
    expect(starts, starts.join('\n')).toHaveLength(4);
    for (const s of starts) expect(s).toMatch(/^--no-concurrent-recompilation \S+\/lib\/node_modules\/chord-patch\/dist\/cli-node\.cjs$/);
  });
});

describe.skipIf(RUNTIME !== 'binary' || !PLATFORMS.includes(HOST))('the npm package with its platform package', () => {
  let scratch = '';
  let checkout = '';
  let env: NodeJS.ProcessEnv = {};
  let prefix = '';
  const tarballs: string[] = [];

  beforeAll(() => {
    const c = freshCheckout('chord-patch-pack-native-');
    ({ scratch, checkout, env } = c);
    prefix = join(scratch, 'prefix');
    // What `npm run binary` leaves in a checkout (the binary project's set-up keeps ROOT's current).
    mkdirSync(join(checkout, 'build'));
    copyFileSync(join(ROOT, 'build', 'chord-patch'), join(checkout, 'build', 'chord-patch'));
    chmodSync(join(checkout, 'build', 'chord-patch'), 0o755);
    tarballs.push(c.pack(checkout), c.pack(join(checkout, 'npm', HOST)));
    c.install(prefix, tarballs);
  }, 300_000);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }), 120_000);

  it('packs the binary into the platform tarball and leaves the checkout without it', () => {
    const files = execFileSync('tar', ['tzvf', tarballs[1]!], { encoding: 'utf8' });
    expect(files).toMatch(/^-rwx.* package\/bin\/chord-patch$/m);
    expect(existsSync(join(checkout, 'npm', HOST, 'bin'))).toBe(false);
  });

  it('installs offline and runs chord-patch and apply_patch through the native binary, never starting Node', () => {
    // Nor readlink or uname: the shim finds npm's layout and the one platform package by itself.
    const path = `${refusing(fakeNode(join(scratch, 'no-node'), '', true), ['readlink', 'uname'])}:${process.env.PATH}`;
    const version = spawnSync(join(prefix, 'bin', 'chord-patch'), ['--version'], { encoding: 'utf8', env: { ...env, PATH: path } });
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout.trim()).toBe(ROOT_PKG.version);
    patchRoundTrip(join(prefix, 'bin'), join(scratch, 'work'), { ...env, PATH: path });
  });

  it("runs this machine's platform package when several are installed (npm install --force)", () => {
    const other = join(prefix, 'lib', 'node_modules', '@chord-patch', 'aaa-other', 'bin');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'chord-patch'), '#!/bin/sh\necho other platform\n');
    chmodSync(join(other, 'chord-patch'), 0o755);
    try {
      const version = spawnSync(join(prefix, 'bin', 'chord-patch'), ['--version'], { encoding: 'utf8', env });
      expect(version.stdout.trim()).toBe(ROOT_PKG.version);
    } finally {
      rmSync(join(other, '..'), { recursive: true, force: true });
    }
  });
});

/** Adds to `dir` commands named `names` that fail loudly when started. */
function refusing(dir: string, names: readonly string[]): string {
  for (const name of names) {
    writeFileSync(join(dir, name), `#!/bin/sh\necho "${name} was started" >&2\nexit 99\n`);
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}
