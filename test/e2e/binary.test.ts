// What only the Bun-compiled binary (npm run binary) has to show: it needs
// neither node nor node_modules, answers to the apply_patch name through its
// link and as a plain copy, and carries the packages the Node CLI loads on
// first use. Everything else the binary does is the whole end-to-end suite,
// which vitest.config.mts runs against it too (project `binary`).

import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { hunksWorkload } from '../../scripts/bench/workloads.mjs';
import { readTree, scratchCopy } from '../support/tree.js';

const BINARY = join(ROOT, 'build', 'chord-patch');
const dirs: string[] = [];
const scratch = () => {
  const dir = scratchCopy(undefined);
  dirs.push(dir);
  return dir;
};

/** `binary apply --no-color` in `dir` with the patch on stdin, with no PATH (so no node) and HOME in `dir`. */
const applyWith = (binary: string, dir: string, patch: string) =>
  spawnSync(binary, ['apply', '--no-color'], { cwd: dir, input: patch, env: { PATH: '/nonexistent', HOME: dir }, encoding: 'utf8' });
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the Bun-compiled binary', () => {
  it('applies a patch from stdin with no node, no node_modules and no PATH', () => {
    const dir = scratch();
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/app.js'), 'const port = 8080;\n');
    const r = applyWith(
      BINARY,
      dir,
      '*** Begin Patch\n*** Update File: src/app.js\n-const port = 8080;\n+const port = 3000;\n*** End Patch\n',
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('+const port = 3000;');
    expect(readFileSync(join(dir, 'src/app.js'), 'utf8')).toBe('const port = 3000;\n');
  });

  it('applies a heavy run (20,000 lines, 100 hunks) exactly as the workload expects', () => {
    const w = hunksWorkload({ lines: 20_000, hunks: 100 });
    const dir = scratch();
    for (const f of w.files) {
      mkdirSync(join(dir, f.path, '..'), { recursive: true });
      writeFileSync(join(dir, f.path), f.bytes);
    }
    const r = applyWith(BINARY, dir, w.patch!);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    for (const f of w.after) expect(readFileSync(join(dir, f.path)).equals(f.bytes), f.path).toBe(true);
    // HOME is the scratch directory here, so the user's state (journal key, lock links) lands under .local/.
    const written = Object.keys(readTree(dir)).filter((k) => !k.endsWith('/') && !k.startsWith('.local/'));
    expect(written).toEqual(w.after.map((f) => f.path).sort());
  });

  it('runs as apply_patch through build/apply_patch and prints the model-facing result', () => {
    const dir = scratch();
    const r = spawnSync(join(ROOT, 'build', 'apply_patch'), [], {
      cwd: dir,
      input: '*** Begin Patch\n*** Add File: hello.txt\n+hi\n*** End Patch\n',
      encoding: 'utf8',
    });
    expect(r.stdout).toBe('Success. Updated the following files:\nA hello.txt\n');
    expect(readFileSync(join(dir, 'hello.txt'), 'utf8')).toBe('hi\n');
  });

  it('runs as apply_patch when copied under that name, not only through a link', () => {
    const dir = scratch();
    const copy = join(dir, 'apply_patch');
    copyFileSync(BINARY, copy);
    writeFileSync(join(dir, 'f.txt'), 'a\n');
    const r = spawnSync(copy, ['*** Begin Patch\n*** Update File: f.txt\n-a\n+b\n*** End Patch\n'], { cwd: dir, encoding: 'utf8' });
    expect(r.stdout).toBe('Success. Updated the following files:\nM f.txt\n');
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('b\n');
  });

  it('carries commander inside: help with no node_modules', () => {
    const r = spawnSync(BINARY, ['apply', '--help'], { encoding: 'utf8', env: { PATH: '/nonexistent' } });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('--encoding <name>');
  });

  // The lazily loaded packages are modules of their own inside the
  // executable. A copy far from the repository proves they are read from
  // there: a path resolved on the build machine would still find them in
  // the checkout when the binary runs from build/.
  it('carries the encoding detector and its tables inside: a copy elsewhere edits a Shift_JIS file', () => {
    const dir = scratch();
    const copy = join(dir, 'chord-patch');
    copyFileSync(BINARY, copy);
    const shiftJis = Buffer.from([0x78, 0x20, 0x3d, 0x20, 0x22, 0x83, 0x65, 0x83, 0x58, 0x83, 0x67, 0x22, 0x0a]); // x = "テスト"
    writeFileSync(join(dir, 'sj.txt'), Buffer.concat([shiftJis, Buffer.from('y = 1\n')]));
    const r = applyWith(copy, dir, '*** Begin Patch\n*** Update File: sj.txt\n-y = 1\n+y = 2\n*** End Patch\n');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(' x = "テスト"');
    expect(readFileSync(join(dir, 'sj.txt'))).toEqual(Buffer.concat([shiftJis, Buffer.from('y = 2\n')]));
  });

  it('carries the YAML parser inside: a copy elsewhere obeys the permission rules of .chord-patch.yaml', () => {
    const dir = scratch();
    const copy = join(dir, 'chord-patch');
    copyFileSync(BINARY, copy);
    writeFileSync(join(dir, '.chord-patch.yaml'), 'permission:\n  apply_patch: deny\n');
    writeFileSync(join(dir, 'f.txt'), 'a\n');
    const r = applyWith(copy, dir, '*** Begin Patch\n*** Update File: f.txt\n-a\n+b\n*** End Patch\n');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('denied by permission rule `apply_patch: deny`');
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('a\n');
  });
});
