// The binary's kernel lock on each directory it writes in (flock(2),
// src/platform/flock.ts), which keeps out any process holding one there,
// whatever its user or state directory: a holder outside chord-patch
// (python3's fcntl.flock) is waited for, then refused with nothing written;
// and runs of root and nobody on one file lose no edit. Binary only: the
// Node CLI has no flock (docs/safety.md).

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliCommand, RUNTIME, runCli } from '../support/cli.js';
import { twoUserAppends, twoUsersPossible } from '../support/two-users.js';

let top: string;
let holder: ChildProcess | undefined;
beforeEach(() => {
  top = mkdtempSync(join(tmpdir(), 'chord-kernel-lock-'));
});
afterEach(() => {
  holder?.kill('SIGKILL');
  holder = undefined;
  rmSync(top, { recursive: true, force: true });
});

/** python3 holding flock(LOCK_EX) on `dir` for `seconds`; resolves once it holds it. */
function holdFlock(dir: string, seconds: number): Promise<ChildProcess> {
  const script = [
    'import fcntl,os,sys,time',
    'fd=os.open(sys.argv[1], os.O_RDONLY)',
    'fcntl.flock(fd, fcntl.LOCK_EX)',
    'print("locked", flush=True)',
    `time.sleep(${seconds})`,
  ].join('\n');
  const child = spawn('python3', ['-c', script, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  holder = child;
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the flock holder exited (${code}) before locking`)));
  });
}

const exited = (child: ChildProcess) => new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));

const edit = (path: string) => JSON.stringify({ path, old_string: 'a\n', new_string: 'b\n' });

const binary = RUNTIME === 'binary' && process.platform === 'linux' && existsSync(cliCommand().file);

describe.skipIf(!binary)('the kernel lock on a directory, in the binary', () => {
  it('refuses when another process holds a flock on the directory past the timeout, writing nothing; applies once it exits', async () => {
    const sub = join(top, 'repo', 'sub');
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, 'f.txt'), 'a\n');
    const h = await holdFlock(sub, 120);
    const t0 = Date.now();
    const env = { XDG_STATE_HOME: join(top, 'state'), CHORD_PATCH_LOCK_TIMEOUT_MS: '1500' };
    const r = runCli(['edit', '-C', join(top, 'repo')], { input: edit('sub/f.txt'), env });
    expect(r.code).not.toBe(0);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1_400);
    expect(r.stderr).toContain(`holds a lock on the directory ${sub}`);
    expect(r.stderr).toContain('waited 1.5 s and wrote nothing');
    expect(readFileSync(join(sub, 'f.txt'), 'utf8')).toBe('a\n');
    h.kill('SIGKILL');
    await exited(h);
    const again = runCli(['edit', '-C', join(top, 'repo')], { input: edit('sub/f.txt'), env: { XDG_STATE_HOME: join(top, 'state') } });
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(join(sub, 'f.txt'), 'utf8')).toBe('b\n');
  }, 30_000);

  it('waits for a holder that lets go within the timeout, then writes', async () => {
    writeFileSync(join(top, 'f.txt'), 'a\n');
    await holdFlock(top, 2);
    const t0 = Date.now();
    const cmd = spawn(cliCommand().file, ['edit', '-C', top], {
      env: { ...process.env, XDG_STATE_HOME: join(top, 'state'), CHORD_PATCH_SESSION: '' },
    });
    cmd.stdin.end(edit('f.txt'));
    const code = await new Promise((r) => cmd.once('exit', r));
    expect(code).toBe(0);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1_000);
    expect(readFileSync(join(top, 'f.txt'), 'utf8')).toBe('b\n');
  });

  it.skipIf(!twoUsersPossible)(
    'loses no edit when root and nobody, each with its own state directory, append to one file (2×40 runs)',
    async () => {
      const r = await twoUserAppends(40, 4);
      expect(r.refusals).toEqual([]);
      expect(r.lost).toBe(0);
      expect(r.unlocked).toBe(0);
      expect(r.present).toBe(80);
    },
    120_000,
  );
});
