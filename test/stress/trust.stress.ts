// Trust boundaries through the built CLI, each bounded: a config that links
// to a secret, /dev/zero or a FIFO; YAML bombs (aliases, 50,000 rules);
// permission bypass by spelling (a linked directory) and by rewriting the
// config; `.git/` targets in every input format; moves onto existing files.
// Each case must end at once (a timeout is a failure), write nothing it may
// not, and print no secret.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cliCommand } from '../support/cli.js';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const root = mkdtempSync(join(tmpdir(), 'chord-patch-trust-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

function project(files: Record<string, string> = {}): string {
  const dir = join(root, `p${n++}`);
  mkdirSync(dir);
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  return dir;
}

function cli(cwd: string, args: string[], input: string, bin: 'chord-patch' | 'apply_patch' = 'chord-patch') {
  const cmd = cliCommand(bin);
  const t0 = Date.now();
  const r = spawnSync(cmd.file, [...cmd.args, ...args], {
    cwd,
    input,
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}`, ms: Date.now() - t0 };
}

const PATCH = '*** Begin Patch\n*** Update File: f.txt\n-a\n+b\n*** End Patch\n';

it('refuses config links to a secret, /dev/zero and a FIFO at once, printing no secret', () => {
  writeFileSync(join(root, 'credentials'), `[default]\naws_secret_access_key = ${SECRET}\n`);
  const targets: [string, (p: string) => void][] = [
    ['a secret', (p) => symlinkSync(join(root, 'credentials'), p)],
    ['/dev/zero', (p) => symlinkSync('/dev/zero', p)],
    ['a FIFO', (p) => execFileSync('mkfifo', [p])],
  ];
  for (const [name, make] of targets) {
    for (const bin of ['chord-patch', 'apply_patch'] as const) {
      const dir = project({ 'f.txt': 'a\n' });
      make(join(dir, '.chord-patch.yaml'));
      const r = cli(dir, bin === 'apply_patch' ? [] : ['apply'], PATCH, bin);
      expect({ name, bin, code: r.code }).toEqual({ name, bin, code: 64 });
      expect(r.out).not.toContain(SECRET);
      expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('a\n');
    }
  }
});

it('refuses an alias bomb and reads 50,000 rules in linear time', () => {
  const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
  for (let i = 1; i < 12; i++)
    bomb.push(
      `${'abcdefghijkl'[i]}: &${'abcdefghijkl'[i]} [${Array(10)
        .fill(`*${'abcdefghijkl'[i - 1]}`)
        .join(',')}]`,
    );
  const dir = project({ 'f.txt': 'a\n', '.chord-patch.yaml': `${bomb.join('\n')}\n` });
  const r = cli(dir, ['apply'], PATCH);
  expect(r.code).toBe(64);
  expect(r.out).toContain('alias bomb');
  const rules = (k: number) =>
    `permission:\n  apply_patch:\n    "*": allow\n${Array.from({ length: k }, (_, i) => `    "src/dir${i}/**": deny\n`).join('')}`;
  const time = (k: number) => {
    const d = project({ 'f.txt': 'a\n', '.chord-patch.yaml': rules(k) });
    const run = cli(d, ['apply', '--check'], PATCH);
    expect(run.code).toBe(0);
    return run.ms;
  };
  const small = time(12_500);
  const big = time(50_000);
  console.log(`trust: 12,500 rules ${small} ms, 50,000 rules ${big} ms`);
  // Four times the rules: linear is about four times the time (start-up included); quadratic would be sixteen.
  expect(big / small).toBeLessThan(8);
});

it('denies a bypass by spelling (a linked directory) and by rewriting the config', () => {
  const config = 'permission:\n  edit:\n    "*": allow\n    "secrets/**": deny\n';
  const dir = project({ '.chord-patch.yaml': config, 'secrets/key.pem': 'KEY\n' });
  symlinkSync('secrets', join(dir, 'link'));
  const viaLink = cli(dir, ['apply'], '*** Begin Patch\n*** Update File: link/key.pem\n-KEY\n+STOLEN\n*** End Patch\n');
  expect(viaLink.code).toBe(1);
  const viaEdit = cli(dir, ['edit'], JSON.stringify({ path: 'link/key.pem', old_string: 'KEY', new_string: 'STOLEN' }));
  expect(viaEdit.code).toBe(1);
  const rewrite = cli(dir, ['apply'], '*** Begin Patch\n*** Delete File: .chord-patch.yaml\n*** End Patch\n');
  expect(rewrite.code).toBe(1);
  expect(readFileSync(join(dir, '.chord-patch.yaml'), 'utf8')).toBe(config);
  expect(readFileSync(join(dir, 'secrets/key.pem'), 'utf8')).toBe('KEY\n');
});

it('refuses .git/ targets in every input format', () => {
  const inputs: [string, string[], string][] = [
    ['envelope', ['apply'], '*** Begin Patch\n*** Add File: .git/hooks/pre-commit\n+#!/bin/sh\n*** End Patch\n'],
    ['json', ['apply'], JSON.stringify({ patch: '*** Begin Patch\n*** Add File: .git/hooks/pre-commit\n+#!/bin/sh\n*** End Patch\n' })],
    [
      'git diff',
      ['apply'],
      'diff --git a/.git/hooks/pre-commit b/.git/hooks/pre-commit\nnew file mode 100755\n' +
        '--- /dev/null\n+++ b/.git/hooks/pre-commit\n@@ -0,0 +1 @@\n+#!/bin/sh\n',
    ],
    ['edit', ['edit'], JSON.stringify({ path: '.git/config', old_string: '[core]', new_string: '[core]\n\tfsmonitor = x' })],
    [
      'extract',
      ['apply', '--extract'],
      'Here:\n```diff\n*** Begin Patch\n*** Add File: .GIT/hooks/post-checkout\n+#!/bin/sh\n*** End Patch\n```\n',
    ],
  ];
  for (const [name, args, input] of inputs) {
    const dir = project({ '.git/config': '[core]\n' });
    const r = cli(dir, args, input);
    expect({ name, code: r.code }).toEqual({ name, code: 1 });
    expect(existsSync(join(dir, '.git/hooks'))).toBe(false);
    expect(readFileSync(join(dir, '.git/config'), 'utf8')).toBe('[core]\n');
  }
});

it('never loses a file a move lands on: a diff refuses, an envelope says it replaced it, a swap applies', () => {
  const rename = (from: string, to: string, hunk: string) =>
    `diff --git a/${from} b/${to}\nsimilarity index ${hunk ? 50 : 100}%\nrename from ${from}\nrename to ${to}\n` +
    (hunk ? `--- a/${from}\n+++ b/${to}\n${hunk}` : '');
  for (const bin of ['chord-patch', 'apply_patch'] as const) {
    const args = bin === 'apply_patch' ? [] : ['apply'];
    // A git rename onto an existing file: refused, both files as they were.
    const diff = project({ 'a.txt': 'a\n', 'b.txt': 'b\n' });
    if (bin === 'chord-patch') {
      const r = cli(diff, args, rename('a.txt', 'b.txt', '@@ -1 +1 @@\n-a\n+moved\n'), bin);
      expect(r.code).toBe(1);
      expect([readFileSync(join(diff, 'a.txt'), 'utf8'), readFileSync(join(diff, 'b.txt'), 'utf8')]).toEqual(['a\n', 'b\n']);
    }
    // An envelope's Move onto an existing file: Codex's rule (conformance scenario 010), said in the report.
    const env = project({ 'a.txt': 'a\n', 'b.txt': 'b\n' });
    const moved = cli(env, args, '*** Begin Patch\n*** Update File: a.txt\n*** Move to: b.txt\n@@\n-a\n+moved\n*** End Patch\n', bin);
    expect(moved.code).toBe(0);
    if (bin === 'chord-patch') expect(moved.out).toContain('b.txt already existed and was replaced');
    expect(readFileSync(join(env, 'b.txt'), 'utf8')).toBe('moved\n');
    // A swap in a diff vacates each target in the same operation set: applied from one snapshot.
    if (bin === 'chord-patch') {
      const swap = project({ 'a.txt': 'a\n', 'b.txt': 'b\n' });
      const swapped = cli(swap, args, rename('a.txt', 'b.txt', '') + rename('b.txt', 'a.txt', ''), bin);
      expect(swapped.code, swapped.out).toBe(0);
      expect([readFileSync(join(swap, 'a.txt'), 'utf8'), readFileSync(join(swap, 'b.txt'), 'utf8')]).toEqual(['b\n', 'a\n']);
    }
  }
});
