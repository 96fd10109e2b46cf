// Running one command: wall time, exit code, peak RSS, and the tree it left.
//
// Timed runs spawn the tool directly (no wrapper on the clock), from a small
// runner process of their own (startRunner below). Peak memory
// comes from a separate, untimed run under /usr/bin/time (%M, max RSS in KB);
// without it, /proc/<pid>/status VmHWM is polled while the process runs,
// which can miss the last milliseconds and is reported as a lower bound.

import { fork, spawn, spawnSync } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync as writeFile } from 'node:fs';
import { join, relative } from 'node:path';

/** GNU time, if it is installed and understands -f %M (BusyBox and shell builtins may not). */
export const TIME_BIN = ['/usr/bin/time', '/bin/time'].find(
  (p) => existsSync(p) && /^\d+\s*$/.test(spawnSync(p, ['-f', '%M', 'true'], { encoding: 'utf8' }).stderr ?? ''),
);

const ENV = {
  ...process.env,
  NO_COLOR: '1',
  FORCE_COLOR: '0',
  // bench/work lives inside this repository; without a ceiling `git apply`
  // would find it and resolve paths against the repository root.
  GIT_CEILING_DIRECTORIES: '',
  LC_ALL: 'C',
};

export function env(workRoot) {
  return { ...ENV, GIT_CEILING_DIRECTORIES: workRoot };
}

function stdinFd(path) {
  return path ? openSync(path, 'r') : 'ignore';
}

/**
 * The launcher of timed runs: a separate, small process (runner.mjs), started
 * before the workloads are generated. Starting a process copies its parent's
 * page tables, and the bench holds every workload in memory (about 720 MB
 * resident): spawned from the bench itself, every run of every tool took
 * about 20 ms more (spawnSync of /bin/true: 1.7 ms from a 45 MB process,
 * 5.6 ms from 184 MB; GNU patch's small patch measured 25 ms), which pulled
 * every start-up ratio toward 1. `run(cmd, cwd, stdinPath, env)` resolves
 * to { ms, code, stderr }.
 */
export function startRunner() {
  const child = fork(join(import.meta.dirname, 'runner.mjs'), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  let pending;
  child.on('message', (m) => {
    const p = pending;
    pending = undefined;
    if (m.error) p?.reject(new Error(m.error));
    else p?.resolve(m);
  });
  child.on('exit', (code) => pending?.reject(new Error(`the bench's runner process exited (${code})`)));
  return {
    run(cmd, cwd, stdinPath, envVars) {
      return new Promise((resolve, reject) => {
        pending = { resolve, reject };
        child.send({ file: cmd.file, args: cmd.args, cwd, stdin: stdinPath, env: envVars, stdout: cmd.stdout });
      });
    },
    stop() {
      child.disconnect();
    },
  };
}

/** Peak RSS in KB of one (untimed) run, plus its exit code and stderr. */
export async function rssRun(cmd, cwd, stdinPath, envVars, tmpFile) {
  if (TIME_BIN) {
    const fd = stdinFd(stdinPath);
    try {
      rmSync(tmpFile, { force: true });
      const r = spawnSync(TIME_BIN, ['-f', '%M', '-o', tmpFile, cmd.file, ...cmd.args], {
        cwd,
        stdio: [fd, cmd.stdout === 'pipe' ? 'pipe' : 'ignore', 'pipe'],
        env: envVars,
        maxBuffer: 64 << 20,
      });
      const kb = Number.parseInt(readFileSync(tmpFile, 'utf8').trim().split('\n').pop() ?? '', 10);
      return { code: r.status ?? -1, stderr: r.stderr?.toString() ?? '', kb: Number.isFinite(kb) ? kb : undefined, exact: true };
    } finally {
      if (typeof fd === 'number') closeSync(fd);
    }
  }
  return pollRun(cmd, cwd, stdinPath, envVars);
}

function pollRun(cmd, cwd, stdinPath, envVars) {
  return new Promise((resolve, reject) => {
    const fd = stdinFd(stdinPath);
    const child = spawn(cmd.file, cmd.args, { cwd, stdio: [fd, 'ignore', 'pipe'], env: envVars });
    let kb = 0;
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const poll = () => {
      try {
        const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) kb = Math.max(kb, Number(m[1]));
      } catch {}
    };
    const timer = setInterval(poll, 1);
    poll();
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      if (typeof fd === 'number') closeSync(fd);
      resolve({ code: code ?? -1, stderr, kb: kb || undefined, exact: false });
    });
  });
}

/** Write a workload's starting tree (once) and its inputs. */
export function materialize(w, dir) {
  rmSync(dir, { recursive: true, force: true });
  const before = join(dir, 'before');
  for (const f of w.files) {
    mkdirSync(join(before, f.path, '..'), { recursive: true });
    writeFile(join(before, f.path), f.bytes);
  }
  const inputs = {};
  if (w.patch !== null) writeFile((inputs.patch = join(dir, 'input.patch')), w.patch);
  if (w.diff) writeFile((inputs.diff = join(dir, 'input.diff')), w.diff);
  if (w.edit) writeFile((inputs.edit = join(dir, 'input.edit.json')), JSON.stringify(w.edit));
  return { before, inputs };
}

/** A fresh copy of the starting tree for one run (not timed). */
export function freshCopy(before, runDir) {
  rmSync(runDir, { recursive: true, force: true });
  cpSync(before, runDir, { recursive: true });
}

/**
 * Compare the tree in `dir` with the expected `after` files: same set of
 * files (no stray .orig, .rej or temp files), same bytes. Returns a reason, or
 * undefined when identical.
 */
export function treeDiffers(dir, after) {
  const want = new Map(after.map((f) => [f.path, f.bytes]));
  const seen = new Set();
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else seen.add(relative(dir, p));
    }
  };
  walk(dir);
  for (const p of seen) if (!want.has(p)) return `unexpected file ${p}`;
  for (const [p, bytes] of want) {
    if (!seen.has(p)) return `missing ${p}`;
    const got = readFileSync(join(dir, p));
    if (!got.equals(bytes)) return `${p} differs from the expected result (${got.length} vs ${bytes.length} bytes)`;
  }
  return undefined;
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
