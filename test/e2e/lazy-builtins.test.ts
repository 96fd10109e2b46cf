// node:crypto is loaded only where something is hashed (platform/sha256.ts):
// a module that imported it would load it in every run, which costs the
// start-up of every small patch (bench/house.md). A small patch, applied
// through the Node CLI's bundle, must never load it; breaking a dead run's
// lock (which hashes the stale lock's text) may.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, RUNTIME } from '../support/cli.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Whether the Node CLI has loaded node:crypto by the time it exits, after applying `patch` in a fresh tree. */
function builtinsLoaded(patch: string): { code: number | null; stderr: string; crypto: boolean; zlib: boolean } {
  const scratch = mkdtempSync(join(tmpdir(), 'chord-patch-builtins-'));
  dirs.push(scratch);
  const dir = join(scratch, 'tree');
  mkdirSync(dir);
  writeFileSync(join(dir, 'a.txt'), 'one\ntwo\nthree\n');
  const probe = join(scratch, 'probe.cjs');
  const out = join(scratch, 'loaded.json');
  writeFileSync(
    probe,
    "process.on('exit', () => { require('node:fs').writeFileSync(process.env.LOADED_OUT, JSON.stringify(process.moduleLoadList)); });\n",
  );
  const r = spawnSync(process.execPath, ['--require', probe, join(ROOT, 'dist', 'cli-node.cjs'), 'apply'], {
    cwd: dir,
    input: patch,
    encoding: 'utf8',
    env: { ...process.env, LOADED_OUT: out, NO_COLOR: '1', CHORD_PATCH_SESSION: '' },
  });
  const loaded = JSON.parse(readFileSync(out, 'utf8')) as string[];
  return {
    code: r.status,
    stderr: r.stderr,
    crypto: loaded.some((m) => /^NativeModule (internal\/)?crypto\b/.test(m)),
    zlib: loaded.some((m) => /^NativeModule zlib\b/.test(m)),
  };
}

describe.skipIf(RUNTIME !== 'node')('built-ins loaded on first use', () => {
  it('a small patch applies without loading node:crypto', () => {
    const r = builtinsLoaded('*** Begin Patch\n*** Update File: a.txt\n@@\n one\n-two\n+TWO\n three\n*** End Patch\n');
    expect(r.code, r.stderr).toBe(0);
    expect(r.crypto).toBe(false);
  });

  // node:zlib (and node:crypto, for blob ids) only when a diff carries GIT binary patch data.
  it('a text diff applies without loading node:zlib; a binary patch loads it', () => {
    const text = builtinsLoaded('--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n');
    expect(text.code, text.stderr).toBe(0);
    expect([text.zlib, text.crypto]).toEqual([false, false]);
    // b.bin (absent) gets "x\0": git diff --binary of that addition.
    const binary = builtinsLoaded(
      'diff --git a/b.bin b/b.bin\nnew file mode 100644\n' +
        'index 0000000000000000000000000000000000000000..7a002a81f265a581625acf3db7b14ceb6c40b808\n' +
        'GIT binary patch\nliteral 2\nJcmb<m0002;0C@la\n\nliteral 0\nHcmV?d00001\n\n',
    );
    expect([binary.code, binary.stderr]).toEqual([0, '']);
    expect(binary.zlib).toBe(true);
  });
});
