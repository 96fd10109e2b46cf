// The `edit` command as a user runs it: input from a file argument or stdin,
// human output, --model output, and exit codes.

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { scratchCopy } from '../support/tree.js';

let work: string | undefined;
afterEach(() => {
  if (work) rmSync(work, { recursive: true, force: true });
  work = undefined;
});

function tree(files: Record<string, string>): string {
  work = scratchCopy(undefined);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(work, name), text);
  return work;
}

describe('chord-patch edit', () => {
  it('reads the request from a file argument and prints the diff and a summary', () => {
    const dir = tree({ 'f.txt': 'alpha\nbeta\n', 'req.json': JSON.stringify({ path: 'f.txt', old_string: 'beta', new_string: 'gamma' }) });
    const r = runCli(['edit', 'req.json'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('-beta\n+gamma\n');
    expect(r.stdout).toContain('chord-patch: edited f.txt: 1 replacement (11 → 12 bytes)');
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('alpha\ngamma\n');
  });

  it('prints the model-facing failure on stderr and exits 1, leaving the file alone', () => {
    const dir = tree({ 'f.txt': 'alpha\nbeta\n' });
    const r = runCli(['edit', '--model'], {
      cwd: dir,
      input: JSON.stringify({ path: 'f.txt', old_string: 'alpha\nbta', new_string: 'x' }),
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('edit failed for f.txt: old_string not found in file; the closest match is at lines 1-2');
    expect(r.stderr).toContain('first difference at column 2: the file has "e", old_string has "t"');
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('alpha\nbeta\n');
  });

  it('prints the model-facing success on stdout with --model', () => {
    const dir = tree({ 'f.txt': 'alpha\n' });
    const r = runCli(['edit', '--model'], { cwd: dir, input: JSON.stringify({ path: 'f.txt', old_string: 'alpha', new_string: 'omega' }) });
    expect(r).toMatchObject({ code: 0, stdout: 'Success. Edited f.txt: 1 replacement made (6 bytes → 6 bytes).\n', stderr: '' });
  });

  it('says when a batch has nothing to change', () => {
    const dir = tree({ 'f.txt': 'alpha\n' });
    const r = runCli(['edit'], { cwd: dir, input: JSON.stringify({ path: 'f.txt', edits: [{ old_string: 'a', new_string: 'a' }] }) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('chord-patch: nothing to change');
  });
});
