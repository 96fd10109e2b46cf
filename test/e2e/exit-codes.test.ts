// Exit codes that tell the truth about the files: a report that cannot be
// written after a commit, a signal while the report is being written, and
// stdin that cannot be read (docs/exit-codes.md).

import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliCommand } from '../support/cli.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'chord-e2e-exit-'));
  dirs.push(dir);
  for (const [p, text] of Object.entries(files)) writeFileSync(join(dir, p), text);
  return dir;
}

const PATCH = '*** Begin Patch\n*** Update File: a.txt\n-a\n+b\n*** End Patch\n';
const env = { ...process.env, NO_COLOR: '1', CHORD_PATCH_SESSION: '' };

/** Run the CLI with stdout on `stdoutFd` (an open descriptor) and `input` on stdin, or stdin from `stdinFd`. */
function runWith(args: string[], cwd: string, io: { stdoutFd?: number; stdinFd?: number; input?: string }) {
  const cmd = cliCommand();
  const r = spawnSync(cmd.file, [...cmd.args, ...args], {
    cwd,
    env,
    encoding: 'utf8',
    timeout: 60_000,
    ...(io.input !== undefined ? { input: io.input } : {}),
    stdio: [io.stdinFd ?? 'pipe', io.stdoutFd ?? 'pipe', 'pipe'],
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr };
}

describe('exit codes', () => {
  it('exits 74 with a last line naming the committed change when stdout is full, not 70', () => {
    const cwd = project({ 'a.txt': 'a\n' });
    const full = openSync('/dev/full', 'w');
    try {
      const r = runWith(['apply'], cwd, { stdoutFd: full, input: PATCH });
      expect(r.code).toBe(74);
      expect(r.stderr).toBe('chord-patch: the report could not be written (ENOSPC); 1 change was committed: M a.txt\n');
    } finally {
      closeSync(full);
    }
    expect(readFileSync(join(cwd, 'a.txt'), 'utf8')).toBe('b\n');
  });

  it('exits 74 and says no file changed when a check cannot write its report', () => {
    const cwd = project({ 'a.txt': 'a\n' });
    const full = openSync('/dev/full', 'w');
    try {
      const r = runWith(['check', '--json'], cwd, { stdoutFd: full, input: PATCH });
      expect(r.code).toBe(74);
      expect(r.stderr).toBe('chord-patch: the report could not be written (ENOSPC); no file was changed\n');
    } finally {
      closeSync(full);
    }
    expect(readFileSync(join(cwd, 'a.txt'), 'utf8')).toBe('a\n');
  });

  it('exits 64 when stdin is a directory', () => {
    const cwd = project({ 'a.txt': 'a\n' });
    mkdirSync(join(cwd, 'dir'));
    const fd = openSync(join(cwd, 'dir'), 'r');
    try {
      const r = runWith(['apply'], cwd, { stdinFd: fd });
      expect(r.code).toBe(64);
      expect(r.stderr).toContain('stdin is a directory');
    } finally {
      closeSync(fd);
    }
  });

  it('exits 64 for a CHORD_PATCH_LOCK_TIMEOUT_MS that is not milliseconds, writing nothing', () => {
    const cwd = project({ 'a.txt': 'a\n' });
    const patch = '*** Begin Patch\n*** Update File: a.txt\n@@\n-a\n+b\n*** End Patch\n';
    const cmd = cliCommand();
    for (const args of [['apply'], ['apply', '--json']]) {
      const r = spawnSync(cmd.file, [...cmd.args, ...args], {
        cwd,
        env: { ...env, CHORD_PATCH_LOCK_TIMEOUT_MS: '30s' },
        input: patch,
        encoding: 'utf8',
      });
      expect(r.status).toBe(64);
      expect(r.stderr).toContain('CHORD_PATCH_LOCK_TIMEOUT_MS expects milliseconds, got "30s"');
    }
    expect(readFileSync(join(cwd, 'a.txt'), 'utf8')).toBe('a\n');
  });

  // 40 more files: the commit's calls outlast the CLI's synchronous budget, so its last steps run through the thread
  // pool, after which the Node CLI ended with exit 0: the signal, not yet read by the event loop, was dropped.
  it.each([0, 40])(
    'finishes the whole report when SIGTERM arrives after the commit, then ends as killed by it (%i files more)',
    async (more) => {
      // A report far larger than a pipe holds: the CLI blocks writing it until the reader reads.
      const lines = Array.from({ length: 30_000 }, (_, i) => `line ${i} of a file long enough to fill the pipe`);
      const cwd = project({ 'big.txt': `${lines.join('\n')}\n` });
      const added = lines.map((l) => `+${l}`).join('\n');
      const others = Array.from({ length: more }, (_, i) => `*** Add File: more/m${i}.txt\n+m\n`).join('');
      const patch = `*** Begin Patch\n*** Delete File: big.txt\n${others}*** Add File: big2.txt\n${added}\n*** End Patch\n`;
      const cmd = cliCommand();
      const child = spawn(cmd.file, [...cmd.args, 'apply', '--json'], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
      child.stdin.end(patch);
      child.stdout.pause();
      // Wait until the commit is on disk (the report is then being written into the full pipe).
      const start = Date.now();
      while (!statSafe(join(cwd, 'big2.txt')) || statSafe(join(cwd, 'big.txt'))) {
        if (Date.now() - start > 60_000) throw new Error('the commit never happened');
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 200));
      child.kill('SIGTERM');
      let out = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (d: string) => {
        out += d;
      });
      child.stdout.resume();
      const [code, signal] = await new Promise<[number | null, string | null]>((done) => child.on('close', (c, s) => done([c, s])));
      expect(out.length).toBeGreaterThan(1_000_000);
      const doc = JSON.parse(out);
      expect(doc.status).toBe('applied');
      expect({ code, signal }).toEqual({ code: null, signal: 'SIGTERM' });
    },
  );
});

function statSafe(p: string): boolean {
  try {
    statSync(p);
    return true;
  } catch {
    return false;
  }
}

// Needs root to set the scene up (a file in a group the running user belongs to, not their primary one).
const asNobody = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;

describe('metadata kept by the CLI', () => {
  it.skipIf(!asNobody)("keeps a shared group on a file a non-root user changes (the user's own group otherwise)", () => {
    const cwd = project({ 'f.txt': 'a\n' });
    spawnSync('chown', ['65534:1234', join(cwd, 'f.txt')]);
    spawnSync('chmod', ['777', cwd]);
    const cmd = cliCommand();
    const r = spawnSync(
      'setpriv',
      ['--reuid', '65534', '--regid', '65534', '--groups', '65534,1234', cmd.file, ...cmd.args, 'apply', '-q'],
      {
        cwd,
        env,
        input: PATCH.replace('a.txt', 'f.txt'),
        encoding: 'utf8',
      },
    );
    expect(r.status).toBe(0);
    expect(readFileSync(join(cwd, 'f.txt'), 'utf8')).toBe('b\n');
    expect(statSync(join(cwd, 'f.txt')).gid).toBe(1234);
  });
});
