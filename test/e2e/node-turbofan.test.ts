// The Node CLI turns V8's optimizing compiler (TurboFan) off once a run has
// read NODE_TURBOFAN_BYTES (src/startup/jit-policy.ts): a TurboFan worker
// waiting for a garbage collection while Node's main thread waits for its
// workers at exit hangs the process for ever (nodejs/node#54918). The hang
// is rare (about 1 run in 600 of a heavy workload), so what is tested is its
// precondition: with --trace-opt, V8 prints a line per TurboFan compile, and
// a heavy run of the CLI must print none. The same work through the library
// (no CLI, so no switch) must print some, or the test would prove nothing.
// An edit request keeps TurboFan (its loops are most of a heavy edit) and
// settles at exit instead: it must compile, and end.

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hunksWorkload } from '../../scripts/bench/workloads.mjs';
import { NODE_TURBOFAN_BYTES } from '../../src/startup/jit-policy.js';
import { ROOT, RUNTIME } from '../support/cli.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function treeOf(w: ReturnType<typeof hunksWorkload>): string {
  const dir = mkdtempSync(join(tmpdir(), 'chord-patch-turbofan-'));
  dirs.push(dir);
  for (const f of w.files) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.bytes);
  }
  return dir;
}

/** TurboFan compiles V8 reported (--trace-opt prints one "compiling method ... (target TURBOFAN)" line each). */
const turbofanCompiles = (out: string): number => (out.match(/compiling method .*target TURBOFAN/g) ?? []).length;

function cliWithTraceOpt(dir: string, patch: string) {
  return spawnSync(process.execPath, ['--trace-opt', join(ROOT, 'bin', 'chord-patch'), 'apply', '--no-color'], {
    cwd: dir,
    input: patch,
    encoding: 'utf8',
    env: { ...process.env, CHORD_PATCH_SESSION: '' },
    timeout: 60_000,
  });
}

describe.skipIf(RUNTIME !== 'node')('the Node CLI on a heavy run', () => {
  it('compiles nothing with TurboFan when the patch alone passes the threshold', () => {
    const w = hunksWorkload({ lines: 20_000, hunks: 100 });
    expect(Buffer.byteLength(w.patch!)).toBeGreaterThan(NODE_TURBOFAN_BYTES);
    const r = cliWithTraceOpt(treeOf(w), w.patch!);
    expect(r.status).toBe(0);
    expect(turbofanCompiles(r.stdout)).toBe(0);
  });

  it('compiles nothing with TurboFan when a file it reads passes the threshold', () => {
    const w = hunksWorkload({ lines: 20_000, hunks: 4 });
    expect(Buffer.byteLength(w.patch!)).toBeLessThan(NODE_TURBOFAN_BYTES);
    expect(w.files[0]!.bytes.length).toBeGreaterThan(NODE_TURBOFAN_BYTES);
    const r = cliWithTraceOpt(treeOf(w), w.patch!);
    expect(r.status).toBe(0);
    expect(turbofanCompiles(r.stdout)).toBe(0);
  });

  it('keeps TurboFan for a heavy edit request, and ends', () => {
    const w = hunksWorkload({ lines: 20_000, hunks: 4 });
    const dir = treeOf(w);
    const text = w.files[0]!.bytes.toString('utf8');
    const lines = text.split('\n');
    // Every 20th line renamed: a batch of edits, each old_string unique in the file.
    const edits = lines
      .map((line, i) => ({ line, i }))
      .filter(({ line, i }) => i % 20 === 0 && line.trim().length > 20 && text.indexOf(line) === text.lastIndexOf(line))
      .map(({ line }) => ({ old_string: line, new_string: `${line} // edited` }));
    const request = JSON.stringify({ path: w.files[0]!.path, edits });
    expect(Buffer.byteLength(request)).toBeGreaterThan(NODE_TURBOFAN_BYTES);
    const r = spawnSync(process.execPath, ['--trace-opt', join(ROOT, 'bin', 'chord-patch'), 'edit', '--no-color'], {
      cwd: dir,
      input: request,
      encoding: 'utf8',
      env: { ...process.env, CHORD_PATCH_SESSION: '' },
      timeout: 60_000,
    });
    expect(r.status).toBe(0);
    expect(turbofanCompiles(r.stdout)).toBeGreaterThan(0);
  });

  it('(control) the same work through the library, with no CLI switch, does compile with TurboFan', () => {
    const w = hunksWorkload({ lines: 20_000, hunks: 100 });
    const dir = treeOf(w);
    writeFileSync(join(dir, 'input.patch'), w.patch!);
    const script =
      `const { apply } = require(${JSON.stringify(join(ROOT, 'dist', 'index.cjs'))});` +
      `const patch = require('node:fs').readFileSync('input.patch', 'utf8');` +
      `apply(patch, { cwd: process.cwd() }).then((o) => { if (o.status !== 'applied') process.exitCode = 1; });`;
    const r = spawnSync(process.execPath, ['--trace-opt', '-e', script], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(turbofanCompiles(r.stdout)).toBeGreaterThan(0);
  });
});
