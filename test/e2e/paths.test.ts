// A target missing where chord-patch looked but present elsewhere: run from a
// subdirectory of the repository, or named with a prefix (a/, b/, a diff taken
// one level up). The failure says where it looked and what to pass instead;
// nothing is applied on that guess. And -R removes the directories its
// deletions leave empty, like git apply -R.

import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { readTree, scratchTrees } from '../support/tree.js';

const scratch = scratchTrees();

const update = (path: string) => ['*** Begin Patch', `*** Update File: ${path}`, '@@', '-a', '+b', '*** End Patch', ''].join('\n');

const failureOf = (stdout: string) => JSON.parse(stdout).failed[0].failures[0] as { code: string; message: string };

describe('a target missing under the working directory', () => {
  it('names the repository root when the path counts from there, and says to pass -C', () => {
    const repo = scratch({ '.git/HEAD': 'ref: refs/heads/main\n', 'src/f.txt': 'a\n', 'docs/readme.md': 'x\n' });
    const before = readTree(repo);
    const r = runCli(['apply', '--json', '-C', join(repo, 'docs')], { input: update('src/f.txt') });
    expect(r.code).toBe(1);
    const failure = failureOf(r.stdout);
    expect(failure.code).toBe('file_missing');
    expect(failure.message).toContain(`looked for it at ${join(repo, 'docs', 'src/f.txt')}`);
    expect(failure.message).toContain(`${join(repo, 'src/f.txt')} exists relative to the repository root ${repo} (the nearest .git)`);
    expect(failure.message).toMatch(/pass -C \S+/);
    expect(readTree(repo)).toEqual(before);
  });

  it('gives a -C that works when run from the same directory', () => {
    const repo = scratch({ '.git/HEAD': 'ref: refs/heads/main\n', 'src/f.txt': 'a\n', 'docs/readme.md': 'x\n' });
    const docs = join(repo, 'docs');
    const r = runCli(['apply', '--json'], { cwd: docs, input: update('src/f.txt') });
    const advice = /pass -C (\S+)/.exec(failureOf(r.stdout).message)![1]!;
    expect(advice).toBe('..');
    const again = runCli(['apply', '-q', '-C', advice], { cwd: docs, input: update('src/f.txt') });
    expect(again.code, again.stderr).toBe(0);
    expect(readTree(repo)['src/f.txt']).toBe('b\n');
  });

  it("says to write the path without its a/ prefix when an envelope names git's a/ path", () => {
    const dir = scratch({ 'src/f.txt': 'a\n' });
    const r = runCli(['apply', '--json', '-C', dir], { input: update('a/src/f.txt') });
    expect(r.code).toBe(1);
    const failure = failureOf(r.stdout);
    expect(failure.code).toBe('file_missing');
    expect(failure.message).toContain(`looked for it at ${join(dir, 'a/src/f.txt')}, but ${join(dir, 'src/f.txt')} exists`);
    expect(failure.message).toContain('write the path as "src/f.txt" in the patch');
  });

  it('says which -p finds the file when a unified diff was read with too few components stripped', () => {
    const dir = scratch({ 'src/f.txt': 'a\n' });
    const diff = ['--- a/src/f.txt', '+++ b/src/f.txt', '@@ -1 +1 @@', '-a', '+b', ''].join('\n');
    const r = runCli(['apply', '--json', '-p', '0', '-C', dir], { input: diff });
    expect(r.code).toBe(1);
    expect(failureOf(r.stdout).message).toContain('pass -p 1');
    const deeper = ['--- a/x/src/f.txt', '+++ b/x/src/f.txt', '@@ -1 +1 @@', '-a', '+b', ''].join('\n');
    const r2 = runCli(['apply', '--json', '-C', dir], { input: deeper });
    expect(r2.code).toBe(1);
    expect(failureOf(r2.stdout).message).toContain('pass -p 2');
    expect(runCli(['apply', '-q', '-p', '2', '-C', dir], { input: deeper }).code).toBe(0);
    expect(readTree(dir)['src/f.txt']).toBe('b\n');
  });

  it('points the edit tool at the repository root too', () => {
    const repo = scratch({ '.git/HEAD': 'ref: refs/heads/main\n', 'src/f.txt': 'a\n', 'docs/readme.md': 'x\n' });
    const edit = JSON.stringify({ file_path: 'src/f.txt', old_string: 'a', new_string: 'b' });
    const r = runCli(['edit', '--json', '-C', join(repo, 'docs')], { input: edit });
    expect(r.code).toBe(1);
    expect(failureOf(r.stdout).message).toContain(`exists relative to the repository root ${repo}`);
  });

  it('adds nothing when the file is nowhere else either', () => {
    const dir = scratch({ 'g.txt': 'a\n' });
    const r = runCli(['apply', '--json', '-C', dir], { input: update('src/f.txt') });
    expect(failureOf(r.stdout).message).not.toContain('looked for it');
  });
});

describe('-R and the directories a patch created', () => {
  const ADD = ['*** Begin Patch', '*** Add File: docs/guide/intro.md', '+# Intro', '*** End Patch', ''].join('\n');

  it('removes the directories the undone add leaves empty, and says so', () => {
    const dir = scratch({ 'f.txt': 'a\n', 'p.patch': ADD });
    expect(runCli(['apply', '-q', 'p.patch'], { cwd: dir }).code).toBe(0);
    expect(existsSync(join(dir, 'docs/guide/intro.md'))).toBe(true);
    const r = runCli(['apply', '--json', '-R', 'p.patch'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(dir, 'docs'))).toBe(false);
    expect(
      JSON.parse(r.stdout)
        .notes.map((n: { message: string }) => n.message)
        .join('\n'),
    ).toContain('removed the directories the undo left empty: docs/guide/, docs/');
  });

  it('keeps a directory that still holds other files, and the working directory itself', () => {
    const dir = scratch({ 'docs/keep.md': 'k\n', 'p.patch': ADD });
    expect(runCli(['apply', '-q', 'p.patch'], { cwd: dir }).code).toBe(0);
    mkdirSync(join(dir, 'docs/guide/assets'));
    expect(runCli(['apply', '-q', '-R', 'p.patch'], { cwd: dir }).code).toBe(0);
    expect(readTree(dir)).toEqual({
      'docs/': 'dir',
      'docs/keep.md': 'k\n',
      'p.patch': ADD,
      'docs/guide/': 'dir',
      'docs/guide/assets/': 'dir',
    });
  });

  it('removes the directories of a git diff that added files, reversed', () => {
    const dir = scratch({ 'f.txt': 'a\n' });
    const diff = [
      'diff --git a/new/deep/n.txt b/new/deep/n.txt',
      'new file mode 100644',
      '--- /dev/null',
      '+++ b/new/deep/n.txt',
      '@@ -0,0 +1 @@',
      '+n',
      '',
    ].join('\n');
    expect(runCli(['apply', '-q', '-C', dir], { input: diff }).code).toBe(0);
    expect(runCli(['apply', '-q', '-R', '-C', dir], { input: diff }).code).toBe(0);
    expect(readTree(dir)).toEqual({ 'f.txt': 'a\n' });
  });

  it('leaves empty directories alone when deleting without -R (as Codex does)', () => {
    const dir = scratch({ 'd/x.txt': 'x\n' });
    const del = ['*** Begin Patch', '*** Delete File: d/x.txt', '*** End Patch', ''].join('\n');
    expect(runCli(['apply', '-q', '-C', dir], { input: del }).code).toBe(0);
    expect(readTree(dir)).toEqual({ 'd/': 'dir' });
  });
});

describe('a name no file can have as written', () => {
  const names = (dir: string) => Object.keys(readTree(dir)).sort();

  it('refuses a git-quoted name whose bytes are not UTF-8, instead of writing U+FFFD in its place', () => {
    const dir = scratch({ 'keep.txt': 'x\n' });
    const diff = ['diff --git "a/bad\\377.txt" "b/bad\\377.txt"', 'new file mode 100644', '--- /dev/null', '+++ "b/bad\\377.txt"'];
    const r = runCli(['apply', '--json', '-C', dir], { input: [...diff, '@@ -0,0 +1 @@', '+x', ''].join('\n') });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error).toMatchObject({ code: 'bad_input', line: 1 });
    expect(JSON.parse(r.stdout).error.message).toContain('"a/bad\\377.txt" is not UTF-8');
    expect(names(dir)).toEqual(['keep.txt']);
  });

  it.each([
    ['a lone surrogate', 'bad\\udcff.txt', 'a lone surrogate (U+DCFF)'],
    ['a NUL', 'a\\u0000b.txt', 'a NUL character'],
  ])('refuses a JSON path holding %s, writing nothing', (_what, path, said) => {
    const dir = scratch({ 'keep.txt': 'x\n' });
    const call = `{"type":"apply_patch_call","call_id":"c","operation":{"type":"create_file","path":"${path}","diff":"+x\\n"}}`;
    const r = runCli(['apply', '-C', dir], { input: call });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)[0].output).toContain(`a file name cannot hold ${said}; nothing was written`);
    expect(names(dir)).toEqual(['keep.txt']);
  });
});

describe('a path spelled as a directory', () => {
  it('is refused by a unified diff and an edit, which used to change the file a.txt for a.txt/', () => {
    const dir = scratch({ 'a.txt': 'old\n' });
    const diff = ['--- a/a.txt/', '+++ b/a.txt/', '@@ -1 +1 @@', '-old', '+new', ''].join('\n');
    const edit = JSON.stringify({ path: 'a.txt/', old_string: 'old', new_string: 'new' });
    const runs: [string, string][] = [
      ['apply', diff],
      ['edit', edit],
      ['apply', update('./a.txt/.')],
    ];
    for (const [command, input] of runs) {
      const r = runCli([command, '--json', '-C', dir], { input });
      expect(r.code, r.stdout).toBe(1);
      expect(r.stdout).toContain('names a directory, not a file');
    }
    expect(readTree(dir)).toEqual({ 'a.txt': 'old\n' });
  });
});
