// The CLI holds its input in memory whole, so it reads at most
// $CHORD_PATCH_MAX_INPUT_BYTES (64 MiB by default): more, from stdin, a file
// or several patch files together, is a usage error (exit 64) naming the
// limit and the variable, with the tree untouched.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliCommand, runCli } from '../support/cli.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chord-e2e-bound-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'a.txt'), 'a\n');
  return dir;
}

/** An envelope adding a file of `size` bytes' worth of lines, then changing a.txt. */
function patchOf(size: number): string {
  const lines = Array.from({ length: Math.ceil(size / 10) }, (_, i) => `+line ${String(i).padStart(3, '0')}`);
  return `*** Begin Patch\n*** Add File: big.txt\n${lines.join('\n')}\n*** Update File: a.txt\n-a\n+b\n*** End Patch\n`;
}

const untouched = (dir: string) => {
  expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('a\n');
  expect(() => readFileSync(join(dir, 'big.txt'))).toThrow();
};

const cap = (n: string) => ({ CHORD_PATCH_MAX_INPUT_BYTES: n, NO_COLOR: '1', CHORD_PATCH_SESSION: '' });

describe('the CLI reads a bounded input', () => {
  it('refuses stdin over the cap with exit 64, naming the limit and the variable, and writes nothing', () => {
    const cwd = project();
    const r = runCli(['apply'], { cwd, input: patchOf(5000), env: cap('1000') });
    expect(r.code).toBe(64);
    expect(r.stderr).toContain('the input on stdin is larger than the input limit of 1000 bytes');
    expect(r.stderr).toContain('CHORD_PATCH_MAX_INPUT_BYTES');
    untouched(cwd);
  });

  it('refuses a FILE over the cap the same way', () => {
    const cwd = project();
    const file = join(cwd, '..', `${cwd.split('/').pop()}.patch`);
    writeFileSync(file, patchOf(5000));
    try {
      const r = runCli(['apply', file], { cwd, env: cap('1000') });
      expect(r.code).toBe(64);
      expect(r.stderr).toContain(`${file} is larger than the input limit of 1000 bytes`);
      untouched(cwd);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('stops at the cap reading a FILE that never ends (a device, a FIFO)', () => {
    const cwd = project();
    const r = runCli(['apply', '/dev/zero'], { cwd, env: cap('1000'), timeoutMs: 20_000 });
    expect(r.code).toBe(64);
    expect(r.stderr).toContain('/dev/zero is larger than the input limit of 1000 bytes');
    untouched(cwd);
  });

  it('applies an input under the cap', () => {
    const cwd = project();
    const input = patchOf(500);
    const r = runCli(['apply'], { cwd, input, env: cap(String(input.length)) });
    expect(r.code).toBe(0);
    expect(readFileSync(join(cwd, 'a.txt'), 'utf8')).toBe('b\n');
  });

  it('counts several patch files against one budget', () => {
    const cwd = project();
    const diff = (name: string) => `--- a/${name}\n+++ b/${name}\n@@ -0,0 +1 @@\n+${'x'.repeat(300)}\n`;
    writeFileSync(join(cwd, 'one.diff'), diff('one.txt'));
    writeFileSync(join(cwd, 'two.diff'), diff('two.txt'));
    const r = runCli(['apply', 'one.diff', 'two.diff'], { cwd, env: cap('500') });
    expect(r.code).toBe(64);
    expect(r.stderr).toContain('two.diff with the patch files before it is larger than the input limit of 500 bytes');
    expect(() => readFileSync(join(cwd, 'one.txt'))).toThrow();
  });

  it('stops reading a producer that never ends, without waiting for it', async () => {
    const cwd = project();
    const cmd = cliCommand();
    const child = spawn(cmd.file, [...cmd.args, 'apply'], { cwd, env: { ...process.env, ...cap('65536') } });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.on('error', () => {});
    const chunk = Buffer.from(patchOf(64 * 1024));
    const feed = setInterval(() => child.stdin.write(chunk), 5);
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    clearInterval(feed);
    expect(code).toBe(64);
    expect(stderr).toContain('larger than the input limit of 65536 bytes');
    untouched(cwd);
  }, 30_000);

  it.each(['0', '-1', 'abc', '999999999999', '268435457', '1e6', ' 100', '0x10'])(
    'refuses CHORD_PATCH_MAX_INPUT_BYTES=%j as a usage error',
    (v) => {
      const cwd = project();
      const r = runCli(['apply'], { cwd, input: patchOf(10), env: cap(v) });
      expect(r.code).toBe(64);
      expect(r.stderr).toContain(
        `CHORD_PATCH_MAX_INPUT_BYTES expects a whole number of bytes from 1 to 268435456 (256 MiB), got ${JSON.stringify(v)}`,
      );
      untouched(cwd);
    },
  );

  it('takes the ceiling itself, and an empty value as the default', () => {
    for (const v of ['268435456', '']) {
      const cwd = project();
      expect(runCli(['apply'], { cwd, input: patchOf(10), env: cap(v) }).code).toBe(0);
    }
  });

  it('bounds the apply_patch entry too', () => {
    const cwd = project();
    const r = runCli([], { cwd, input: patchOf(5000), bin: 'apply_patch', env: cap('1000') });
    expect(r.code).toBe(64);
    expect(r.stderr).toContain('larger than the input limit of 1000 bytes');
    untouched(cwd);
  });
});
