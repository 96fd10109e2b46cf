// Node 20 can hang at exit (nodejs/node#54918): a TurboFan compile on a
// worker thread waits for a garbage collection while the main thread waits
// for its workers to finish, and runs none. The npm package's fallback shim
// (bin/chord-patch, where no platform binary is installed) starts Node with
// --no-concurrent-recompilation, so TurboFan compiles on the main thread and
// no worker is left to wait for. The hang is rare (about 1 run in 600 of a
// heavy workload), so what is tested is its precondition: with --trace-opt,
// V8 prints a line per TurboFan compile with its mode, and a heavy run of the
// shim must compile (it keeps full speed) and never concurrently. Node
// started without the flag, on the same work, must compile concurrently, or
// the test would prove nothing.

import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hunksWorkload } from '../../scripts/bench/workloads.mjs';
import { ROOT, RUNTIME } from '../support/cli.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chord-patch-turbofan-'));
  dirs.push(dir);
  return dir;
}

function treeOf(w: ReturnType<typeof hunksWorkload>): string {
  const dir = scratch();
  for (const f of w.files) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.bytes);
  }
  return dir;
}

/** The modes of TurboFan compiles: --trace-opt prints "compiling method ... (target TURBOFAN) ..., mode: ConcurrencyMode::kX" each. */
const turbofanModes = (out: string): string[] =>
  [...out.matchAll(/compiling method .*target TURBOFAN.*mode: ConcurrencyMode::(\w+)/g)].map((m) => m[1]!);

/** The shim, with a `node` first on PATH that adds --trace-opt to whatever the shim starts it with. */
function shimWithTraceOpt(args: string[], dir: string, input: string) {
  const fake = scratch();
  writeFileSync(join(fake, 'node'), `#!/bin/sh\nexec '${process.execPath}' --trace-opt "$@"\n`);
  chmodSync(join(fake, 'node'), 0o755);
  return spawnSync(join(ROOT, 'bin', 'chord-patch'), args, {
    cwd: dir,
    input,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${fake}:${process.env.PATH}`, CHORD_PATCH_SESSION: '' },
    timeout: 60_000,
  });
}

describe.skipIf(RUNTIME !== 'node')('the Node CLI on a heavy run', () => {
  it('compiles with TurboFan on the main thread only, started by the shim', () => {
    const w = hunksWorkload({ lines: 20_000, hunks: 100 });
    const r = shimWithTraceOpt(['apply', '--no-color'], treeOf(w), w.patch!);
    expect(r.status, r.stderr).toBe(0);
    const modes = turbofanModes(r.stdout);
    expect(modes.length).toBeGreaterThan(0);
    expect(modes.filter((m) => m !== 'kSynchronous')).toEqual([]);
  });

  it('compiles with TurboFan on the main thread only for a heavy edit request', () => {
    const w = hunksWorkload({ lines: 20_000, hunks: 4 });
    const dir = treeOf(w);
    const text = w.files[0]!.bytes.toString('utf8');
    // Every 20th line renamed: a batch of edits, each old_string unique in the file.
    const edits = text
      .split('\n')
      .filter((line, i) => i % 20 === 0 && line.trim().length > 20 && text.indexOf(line) === text.lastIndexOf(line))
      .map((line) => ({ old_string: line, new_string: `${line} // edited` }));
    const r = shimWithTraceOpt(['edit', '--no-color'], dir, JSON.stringify({ path: w.files[0]!.path, edits }));
    expect(r.status, r.stderr).toBe(0);
    const modes = turbofanModes(r.stdout);
    expect(modes.length).toBeGreaterThan(0);
    expect(modes.filter((m) => m !== 'kSynchronous')).toEqual([]);
  });

  it('(control) Node started without the flag compiles the same run on a worker thread', () => {
    const w = hunksWorkload({ lines: 20_000, hunks: 100 });
    const r = spawnSync(process.execPath, ['--trace-opt', join(ROOT, 'dist', 'cli-node.cjs'), 'apply', '--no-color'], {
      cwd: treeOf(w),
      input: w.patch!,
      encoding: 'utf8',
      env: { ...process.env, CHORD_PATCH_SESSION: '' },
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(turbofanModes(r.stdout)).toContain('kConcurrent');
  });
});
