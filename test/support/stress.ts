// The commit-safety harnesses: real processes, real kills, real directory
// swaps, and faults injected through the Fs interface. Each returns counts;
// the vitest suite runs small fixed-seed versions (test/e2e/commit-safety),
// `npm run stress` the big ones (test/stress/).

import { spawn } from 'node:child_process';
import {
  closeSync,
  constants,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { cliCommand } from './cli.js';
import { apply } from '../../src/index.js';

/** A small deterministic PRNG (mulberry32): the same seed, the same run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const scratch = (name: string) => mkdtempSync(join(tmpdir(), `chord-patch-${name}-`));

export interface Proc {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Start the built CLI (the Node CLI or the binary, as the test project says); `onStart` gets the child (to kill it). */
export function cli(args: string[], input: string, onStart?: (kill: (sig: NodeJS.Signals) => void) => void): Promise<Proc> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    // CHORD_PATCH_STRESS_BIN: another build's bin/chord-patch (an older version), to see what the harness catches there.
    const other = process.env.CHORD_PATCH_STRESS_BIN;
    const cmd = other ? { file: other, args: [] } : cliCommand();
    const child = spawn(cmd.file, [...cmd.args, ...args], {
      env: { ...process.env, NO_COLOR: '1', CHORD_PATCH_SESSION: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.on('error', () => {});
    child.stdin.end(input);
    onStart?.((sig) => child.kill(sig));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, ms: performance.now() - t0 }));
  });
}

/** Every file under `dir` (relative path -> content), skipping nothing: temp files must show. */
export function treeOf(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        out.set(`${relative(dir, p)}/`, '');
        walk(p);
      } else out.set(relative(dir, p), e.isSymbolicLink() ? '<link>' : readFileSync(p, 'latin1'));
    }
  };
  walk(dir);
  return out;
}

export const sameTree = (a: Map<string, string>, b: Map<string, string>) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

// ------------------------------------------------------------------ lost updates

export interface ConcurrentResult {
  processes: number;
  applied: number;
  /** Processes that reported success but whose line is not in the final file. */
  lost: number;
  /** Processes refused (lock wait, changed after planning): truthful, not lost. */
  refused: number;
}

/** `procs` processes at once, each changing its own line of one file; `rounds` times. */
export async function concurrentUpdates(rounds: number, procs: number): Promise<ConcurrentResult> {
  const r: ConcurrentResult = { processes: 0, applied: 0, lost: 0, refused: 0 };
  const dir = scratch('concurrent');
  try {
    for (let round = 0; round < rounds; round++) {
      const lines = Array.from({ length: procs }, (_, i) => `line ${i} of round ${round}`);
      writeFileSync(join(dir, 'shared.txt'), `${lines.join('\n')}\n`);
      const runs = await Promise.all(
        lines.map((l, i) =>
          cli(
            ['apply', '--json', '-C', dir],
            ['*** Begin Patch', '*** Update File: shared.txt', `-${l}`, `+${l} changed by process ${i}`, '*** End Patch', ''].join('\n'),
          ),
        ),
      );
      const final = readFileSync(join(dir, 'shared.txt'), 'utf8');
      runs.forEach((p, i) => {
        r.processes++;
        if (p.code === 0) {
          r.applied++;
          if (!final.includes(`changed by process ${i}\n`)) r.lost++;
        } else r.refused++;
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return r;
}

// ------------------------------------------------------------ kill -9 + recover

/** A tree of `n` files and a patch touching every one: updates, adds in new directories, deletes, moves. */
export function bigCommit(dir: string, n: number): string {
  const ops: string[] = ['*** Begin Patch'];
  for (let i = 0; i < n; i++) {
    const sub = join(dir, `d${i % 7}`);
    mkdirSync(sub, { recursive: true });
    const kind = i % 4;
    writeFileSync(join(sub, `f${i}.txt`), `file ${i}\nkeep\n`);
    if (kind === 0 || kind === 1) ops.push(`*** Update File: d${i % 7}/f${i}.txt`, `-file ${i}`, `+FILE ${i}`);
    if (kind === 2) ops.push(`*** Delete File: d${i % 7}/f${i}.txt`);
    if (kind === 3) ops.push(`*** Update File: d${i % 7}/f${i}.txt`, `*** Move to: moved/m${i}/f${i}.txt`, `-file ${i}`, `+MOVED ${i}`);
    if (i % 5 === 0) ops.push(`*** Add File: new/n${i}/a.txt`, `+added ${i}`);
  }
  ops.push('*** End Patch', '');
  return ops.join('\n');
}

export interface KillResult {
  kills: number;
  /** Kills that landed while a commit was in flight (recovery found a journal). */
  midCommit: number;
  /** Trees neither exactly as before nor exactly as after, once recovered. */
  halfApplied: number;
  /** chord-patch temp/backup files or its state directory left after recovery. */
  leftoverTemps: number;
}

/** One file of `n` lines and a patch changing one line of it: a single-file commit (commit/commit.ts). */
export function singleFileCommit(dir: string, n: number): string {
  writeFileSync(join(dir, 'one.txt'), Array.from({ length: n }, (_, i) => `line ${i}\n`).join(''));
  const mid = Math.floor(n / 2);
  return ['*** Begin Patch', '*** Update File: one.txt', `-line ${mid}`, `+LINE ${mid}`, '*** End Patch', ''].join('\n');
}

/**
 * Apply a patch of `files` paths (made by `make`), kill the process (SIGKILL, or SIGTERM for
 * every `termEvery`-th run) at a random moment inside its run, recover, and
 * compare the tree with the states before and after.
 */
export async function killAndRecover(
  kills: number,
  seed: number,
  files: number,
  recover: (dir: string) => Promise<unknown>,
  termEvery = 0,
  make: (dir: string, n: number) => string = bigCommit,
): Promise<KillResult> {
  const rand = prng(seed);
  const base = scratch('kill');
  const template = join(base, 'template');
  const work = join(base, 'work');
  mkdirSync(template);
  const patch = make(template, files);
  const before = treeOf(template);
  cpSync(template, work, { recursive: true });
  const full = await cli(['apply', '-q', '-C', work], patch);
  if (full.code !== 0) throw new Error(`the uninterrupted run failed: ${full.stderr}`);
  const after = treeOf(work);
  const r: KillResult = { kills: 0, midCommit: 0, halfApplied: 0, leftoverTemps: 0 };
  try {
    for (let i = 0; i < kills; i++) {
      rmSync(work, { recursive: true, force: true });
      cpSync(template, work, { recursive: true });
      const sig: NodeJS.Signals = termEvery > 0 && i % termEvery === termEvery - 1 ? 'SIGTERM' : 'SIGKILL';
      // From mid start-up to just past the end of an uninterrupted run.
      const at = full.ms * (0.35 + 0.75 * rand());
      await cli(['apply', '-q', '-C', work], patch, (kill) => setTimeout(() => kill(sig), at));
      r.kills++;
      if (existsSync(join(work, '.chord-patch')) && readdirSync(join(work, '.chord-patch')).some((n) => n.endsWith('.json'))) r.midCommit++;
      await recover(work);
      const now = treeOf(work);
      if (!sameTree(now, before) && !sameTree(now, after)) {
        const temps = [...now.keys()].filter((k) => k.includes('.chord-patch'));
        r.leftoverTemps += temps.length;
        const clean = new Map([...now].filter(([k]) => !k.includes('.chord-patch')));
        if (!sameTree(clean, before) && !sameTree(clean, after)) r.halfApplied++;
      }
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
  return r;
}

/** What the hard-link kill harness found once each killed run was recovered. */
export interface HardLinkKillResult extends KillResult {
  /** Runs after which `two.txt`, the other name, was not the original inode holding the old content, or one.txt held neither content. */
  split: number;
}

/**
 * Kill (SIGKILL) the CLI at a random moment after its journal appears, while
 * it replaces `one.txt`, which has a second name `two.txt`, together with
 * `other.txt`; recover; then `two.txt` must be the original inode with the
 * old content, and `one.txt` hold the old content or the new one, as
 * `other.txt` does.
 */
export async function killHardLinked(kills: number, seed: number, lines: number, recover: (dir: string) => Promise<unknown>) {
  const rand = prng(seed);
  const base = scratch('kill-links');
  const work = join(base, 'work');
  const old = Array.from({ length: lines }, (_, i) => `line ${i}\n`).join('');
  const fresh = old.replace(`line ${lines >> 1}\n`, `LINE ${lines >> 1}\n`);
  const patch = ['*** Begin Patch', '*** Update File: one.txt', `-line ${lines >> 1}`, `+LINE ${lines >> 1}`];
  const text = [...patch, '*** Update File: other.txt', '-a', '+b', '*** End Patch', ''].join('\n');
  const reset = () => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work);
    writeFileSync(join(work, 'one.txt'), old);
    linkSync(join(work, 'one.txt'), join(work, 'two.txt'));
    writeFileSync(join(work, 'other.txt'), 'a\n');
    return statSync(join(work, 'one.txt')).ino;
  };
  reset();
  const full = await cli(['apply', '-q', '-C', work], text);
  if (full.code !== 0) throw new Error(`the uninterrupted run failed: ${full.stderr}`);
  const r: HardLinkKillResult = { kills: 0, midCommit: 0, halfApplied: 0, leftoverTemps: 0, split: 0 };
  try {
    for (let i = 0; i < kills; i++) {
      const ino = reset();
      // Once its journal is there (the commit has begun), within about as long as an uninterrupted commit.
      const after = rand() * 30;
      let poll: NodeJS.Timeout | undefined;
      await cli(['apply', '-q', '-C', work], text, (kill) => {
        poll = setInterval(() => {
          const state = join(work, '.chord-patch');
          if (!existsSync(state) || !readdirSync(state).some((n) => n.startsWith('journal-'))) return;
          clearInterval(poll);
          setTimeout(() => kill('SIGKILL'), after);
        }, 1);
      });
      clearInterval(poll);
      r.kills++;
      if (existsSync(join(work, '.chord-patch')) && readdirSync(join(work, '.chord-patch')).some((n) => n.endsWith('.json'))) r.midCommit++;
      await recover(work);
      const [one, two] = ['one.txt', 'two.txt'].map((f) => statSync(join(work, f)));
      const texts = ['one.txt', 'two.txt'].map((f) => readFileSync(join(work, f), 'utf8'));
      const want = readFileSync(join(work, 'other.txt'), 'utf8') === 'b\n' ? fresh : old;
      const whole = texts[0] === old || texts[0] === fresh;
      if (two!.ino !== ino || texts[1] !== old || !whole || (texts[0] === old && (one!.ino !== ino || one!.nlink !== 2))) r.split++;
      else if (texts[0] !== want) r.halfApplied++;
      r.leftoverTemps += readdirSync(work).filter((n) => n.includes('.chord-patch')).length;
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
  return r;
}

// ------------------------------------------------------------ directory swaps

export interface SwapResult {
  races: number;
  /** Runs after which anything outside the root was created, changed or removed. */
  escapes: number;
  outcomes: Record<string, number>;
}

/**
 * A racer process swaps `root/sub` between a real directory and a symlink to
 * a directory outside the root, as fast as it can, while chord-patch adds,
 * updates and deletes files in `sub/`.
 */
export async function swapRaces(races: number, seed: number, via: 'cli' | 'library' = 'cli'): Promise<SwapResult> {
  const rand = prng(seed);
  const base = scratch('swap');
  const root = join(base, 'root');
  const outside = join(base, 'outside');
  mkdirSync(join(root, 'sub'), { recursive: true });
  mkdirSync(outside);
  for (const d of [join(root, 'sub'), outside]) {
    writeFileSync(join(d, 'f.txt'), 'same\n');
    writeFileSync(join(d, 'gone.txt'), 'bye\n');
  }
  const outsideBefore = treeOf(outside);
  // The racer: rename() is atomic, so `sub` is always either the directory or the link.
  const racer = spawn(
    process.execPath,
    [
      '-e',
      `const fs=require('fs');const r=${JSON.stringify(root)};fs.symlinkSync(${JSON.stringify(outside)}, r+'/evil');` +
        "for(;;){try{fs.renameSync(r+'/sub',r+'/away');fs.renameSync(r+'/evil',r+'/sub');" +
        "fs.renameSync(r+'/sub',r+'/evil');fs.renameSync(r+'/away',r+'/sub');}catch(e){}}",
    ],
    { stdio: 'ignore' },
  );
  const r: SwapResult = { races: 0, escapes: 0, outcomes: {} };
  const patches = [
    ['*** Add File: sub/new.txt', '+escaped?'],
    ['*** Update File: sub/f.txt', '-same', '+changed'],
    ['*** Delete File: sub/gone.txt'],
    ['*** Add File: sub/deeper/x.txt', '+escaped?'],
  ];
  try {
    for (let i = 0; i < races; i++) {
      const ops = patches[Math.floor(rand() * patches.length)]!;
      const text = ['*** Begin Patch', ...ops, '*** End Patch', ''].join('\n');
      let status: string;
      if (via === 'library') {
        const o = await apply(text, { cwd: root });
        status = o.error ? `${o.status}:${o.error.code}` : o.status;
      } else {
        const p = await cli(['apply', '--json', '-C', root], text);
        status = `exit ${p.code}`;
        try {
          const doc = JSON.parse(p.stdout) as { status: string; error?: { code: string } };
          status = doc.error ? `${doc.status}:${doc.error.code}` : doc.status;
        } catch {
          // keep the exit code
        }
      }
      r.races++;
      r.outcomes[status] = (r.outcomes[status] ?? 0) + 1;
      if (!sameTree(treeOf(outside), outsideBefore)) {
        r.escapes++;
        rmSync(outside, { recursive: true, force: true });
        mkdirSync(outside);
        writeFileSync(join(outside, 'f.txt'), 'same\n');
        writeFileSync(join(outside, 'gone.txt'), 'bye\n');
      }
      resetInside(root);
    }
  } finally {
    racer.kill('SIGKILL');
    await new Promise((res) => racer.on('close', res));
    rmSync(base, { recursive: true, force: true });
  }
  return r;
}

/**
 * Put the inside files back for the next race, writing through a descriptor
 * of the real directory (wherever the racer has renamed it), never through
 * the symlink: the harness itself must not write outside.
 */
function resetInside(root: string): void {
  for (;;) {
    for (const name of ['sub', 'away']) {
      let fd: number;
      try {
        fd = openSync(join(root, name), constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
      } catch {
        continue;
      }
      try {
        const d = `/proc/self/fd/${fd}`;
        writeFileSync(join(d, 'f.txt'), 'same\n');
        writeFileSync(join(d, 'gone.txt'), 'bye\n');
        rmSync(join(d, 'new.txt'), { force: true });
        rmSync(join(d, 'deeper'), { recursive: true, force: true });
        return;
      } finally {
        closeSync(fd);
      }
    }
  }
}
