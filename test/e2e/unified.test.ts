// Unified diffs through the CLI, on real material: this repository's own
// history written by `git diff -M`, `git format-patch` and `diff -ruN`, applied
// to the pre-image and compared with the post-image (and with `git apply` on
// the same input); then the situations a diff brings that an envelope does not.

import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../support/cli.js';
import { readTree, scratchDirs, scratchTrees } from '../support/tree.js';

const temp = scratchDirs();
const scratch = scratchTrees();
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
/** The real material: the library's sources (a whole-tree archive per case would be slow). */
const SCOPE = 'src';
const tree = (at: string, commit: string) => {
  const d = temp();
  execFileSync('sh', ['-c', `git -C "$1" archive "$2" "$4" | tar -x -C "$3"`, 'sh', at, commit, d, SCOPE]);
  return d;
};

const hasParent = (c: string): boolean => {
  try {
    git(ROOT, 'rev-parse', '--verify', '--quiet', `${c}^{commit}`);
    return true;
  } catch {
    return false;
  }
};

/**
 * Commits from this repository's history whose diffs must apply exactly, both
 * ways: fixed, so that the suite's verdict does not depend on which commit is
 * being tested (none are present in a shallow clone, and then these skip).
 */
const PINNED = ['6e92819', '4d0b3ae', '3aa2290', 'afb56cb', '0832239', '5bd02fc', 'cad288c', '2956ddc'].filter((c) => hasParent(`${c}^`));

/**
 * The newest commits that touch the sources, whatever they are (including the
 * one under test): real diffs nobody picked. Their outcome may be a refusal (a
 * diff whose 3 lines of context fit two places and whose line number does not
 * decide), but never a wrong write: applied means exactly the post-image,
 * refused means exactly the pre-image (--all-or-nothing).
 */
const RECENT = (() => {
  try {
    const newest = git(ROOT, 'log', '--no-merges', '--format=%h', '-n', '24', '--', SCOPE).trim().split('\n');
    return newest.filter((c, i) => i % 3 === 0 && hasParent(`${c}^`)).slice(0, 8);
  } catch {
    return [];
  }
})();

/** Apply commit c's diff forward, then back, with `flags`, checking the tree each run leaves (strict: both must apply). */
function roundTrip(c: string, flags: string[], strict: boolean): void {
  const pre = tree(ROOT, `${c}^`);
  const post = tree(ROOT, c);
  const before = readTree(pre);
  const after = readTree(post);
  const patch = join(temp(), 'd.patch');
  writeFileSync(patch, git(ROOT, 'diff', '-M', `${c}^`, c, '--', SCOPE));
  const fwd = runCli(['apply', '-q', ...flags, '-C', pre, patch]);
  if (strict) expect(fwd.code, fwd.stderr).toBe(0);
  expect([0, 1], fwd.stderr).toContain(fwd.code);
  expect(readTree(pre), fwd.stderr).toEqual(fwd.code === 0 ? after : before);
  const rev = runCli(['apply', '-R', '-q', ...flags, '-C', post, patch]);
  if (strict) expect(rev.code, rev.stderr).toBe(0);
  expect([0, 1], rev.stderr).toContain(rev.code);
  expect(readTree(post), rev.stderr).toEqual(rev.code === 0 ? before : after);
}

describe.skipIf(PINNED.length < 3)("real diffs from this repository's history", () => {
  it.each(PINNED)("git diff -M of commit %s turns its parent's tree into its own, and -R turns it back", (c) => {
    roundTrip(c, [], true);
  });

  it.each(PINNED.slice(0, 4))('git format-patch of commit %s applies like git apply applies it', (c) => {
    const ours = tree(ROOT, `${c}^`);
    const theirs = tree(ROOT, `${c}^`);
    const mail = git(ROOT, 'format-patch', '-M', '-1', '--stdout', c, '--', SCOPE);
    const r = runCli(['apply', '-q', '-C', ours], { input: mail });
    expect(r.code, r.stderr).toBe(0);
    execFileSync('git', ['apply', '-'], { cwd: theirs, input: mail });
    expect(readTree(ours)).toEqual(readTree(theirs));
    expect(readTree(ours)).toEqual(readTree(tree(ROOT, c)));
  });

  it.each(PINNED.slice(0, 3))('diff -ruN of commit %s applies with -p1 like GNU diff wrote it', (c) => {
    const parent = tree(ROOT, `${c}^`);
    const base = temp();
    cpSync(parent, join(base, 'old'), { recursive: true });
    cpSync(tree(ROOT, c), join(base, 'new'), { recursive: true });
    const d = spawnSync('diff', ['-ruN', 'old', 'new'], { cwd: base, encoding: 'utf8', maxBuffer: 64 << 20 });
    const r = runCli(['apply', '-q', '-p1', '-C', parent], { input: d.stdout });
    expect(r.code, r.stderr).toBe(0);
    expect(readTree(parent)).toEqual(readTree(join(base, 'new')));
  });
});

describe('diff -ruN old new, applied from the directory above old/ (GNU patch -p0)', () => {
  // Found by hand: the added file went to new/, beside the tree the other files patched.
  const OLD = { 'old/src/a.c': 'line1\nline2\nline3\n', 'old/src/gone.c': 'gone\n' };
  const NEW = { 'new/src/a.c': 'line1\nLINE2\nline3\n', 'new/src/added.c': 'x\n' };
  const diffOf = () => spawnSync('diff', ['-ruN', 'old', 'new'], { cwd: scratch({ ...OLD, ...NEW }), encoding: 'utf8' }).stdout;
  const files = (d: string) => Object.fromEntries(Object.entries(readTree(d)).filter(([, v]) => v !== 'dir'));
  const PATCHED = { 'old/src/a.c': 'line1\nLINE2\nline3\n', 'old/src/added.c': 'x\n' };

  it.each([[[]], [['-p0']]])('adds, changes and deletes inside old/ as GNU patch does (options %j), and -R puts old/ back', (p) => {
    const d = diffOf();
    const dir = scratch(OLD);
    const r = runCli(['apply', '-q', ...p], { cwd: dir, input: d });
    expect(r.code, r.stderr).toBe(0);
    expect(files(dir)).toEqual(PATCHED);
    const gnu = temp();
    cpSync(dir, gnu, { recursive: true });
    const back = runCli(['apply', '-q', '-R', ...p], { cwd: dir, input: d });
    expect(back.code, back.stderr).toBe(0);
    expect(files(dir)).toEqual(OLD);
    // GNU patch -R -p0 agrees on the way back.
    expect(spawnSync('patch', ['-s', '-R', '-p0'], { cwd: gnu, input: d }).status).toBe(0);
    expect(files(gnu)).toEqual(OLD);
  });

  it('creates `diff -u f.orig f` at the shorter name, f, as GNU patch does', () => {
    const dir = temp();
    const d = [
      '--- f.c.orig\t1970-01-01 00:00:00.000000000 +0000',
      '+++ f.c\t2026-12-07 17:40:28.604602508 +0000',
      '@@ -0,0 +1 @@',
      '+x',
      '',
    ];
    const r = runCli(['apply', '-q'], { cwd: dir, input: d.join('\n') });
    expect(r.code, r.stderr).toBe(0);
    expect(readTree(dir)).toEqual({ 'f.c': 'x\n' });
  });
});

describe.skipIf(RECENT.length < 3)("the newest diffs of this repository's history", () => {
  it.each(RECENT)('git diff -M of commit %s applies exactly or is refused whole, both ways, never written wrong', (c) => {
    roundTrip(c, ['--all-or-nothing'], false);
  });
});

/** A scratch git repository holding `files`, committed. */
function repo(files: Record<string, string>): string {
  const d = temp();
  git(d, 'init', '-q');
  for (const [p, c] of Object.entries(files)) {
    mkdirSync(join(d, p, '..'), { recursive: true });
    writeFileSync(join(d, p), c);
  }
  git(d, 'add', '-A');
  git(d, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'base');
  return d;
}

/** The diff `change` makes to the repository; the change is undone afterwards. */
function diffOf(d: string, change: () => void, ...args: string[]): string {
  change();
  git(d, 'add', '-A');
  const out = git(d, 'diff', '--cached', '-M', ...args);
  git(d, 'reset', '-q', '--hard');
  git(d, 'clean', '-qfd');
  return out;
}

const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => `${f(i)}\n`).join('');

describe('chord-patch apply with a git diff', () => {
  it('applies modified, new, deleted, renamed and chmod-ed files and no-newline endings in one transaction', () => {
    const d = repo({
      'a.txt': lines(20, (i) => `line ${i}`),
      'gone.txt': 'bye\n',
      'old/name.txt': lines(10, (i) => `n${i}`),
      'run.sh': 'echo\n',
      'tail.txt': 'x\ny',
    });
    const patch = diffOf(d, () => {
      writeFileSync(
        join(d, 'a.txt'),
        lines(20, (i) => (i === 3 ? 'THREE' : `line ${i}`)),
      );
      writeFileSync(join(d, 'new.sh'), '#!/bin/sh\necho new\n');
      chmodSync(join(d, 'new.sh'), 0o755);
      rmSync(join(d, 'gone.txt'));
      mkdirSync(join(d, 'new'));
      writeFileSync(
        join(d, 'new/name.txt'),
        lines(10, (i) => (i === 9 ? 'changed' : `n${i}`)),
      );
      rmSync(join(d, 'old'), { recursive: true });
      chmodSync(join(d, 'run.sh'), 0o755);
      writeFileSync(join(d, 'tail.txt'), 'x\nz');
    });
    expect(patch).toContain('rename from old/name.txt');
    expect(patch).toContain('\\ No newline at end of file');
    const r = runCli(['apply', '-C', d], { input: patch });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('chord-patch: applied 6 changes');
    expect(readFileSync(join(d, 'a.txt'), 'utf8')).toContain('THREE\n');
    expect(readFileSync(join(d, 'new/name.txt'), 'utf8')).toMatch(/changed\n$/);
    expect(readFileSync(join(d, 'tail.txt'), 'utf8')).toBe('x\nz');
    expect(statSync(join(d, 'run.sh')).mode & 0o111).not.toBe(0);
    expect(statSync(join(d, 'new.sh')).mode & 0o777).toBe(0o755);
    expect(git(d, 'status', '--porcelain')).not.toContain('gone.txt\n?');
    expect(readTree(d)).not.toHaveProperty('gone.txt');
    expect(readTree(d)).not.toHaveProperty('old/name.txt');
  });

  it('refuses, naming the candidates, when the old side matches several places', () => {
    const d = repo({ 'f.c': lines(30, (i) => (i % 10 === 5 ? '}' : i % 10 === 4 ? '' : `x${i}`)) });
    const patch = ['--- a/f.c', '+++ b/f.c', '@@ -8,2 +8,2 @@', ' ', '-}', '+} // end', ''].join('\n');
    const before = readTree(d);
    const r = runCli(['apply', '--json', '-C', d], { input: patch });
    expect(r.code).toBe(1);
    const failure = JSON.parse(r.stdout).failed[0].failures[0];
    expect(failure.code).toBe('hunk_ambiguous');
    expect(failure.message).toMatch(/\b5\b.*\b15\b.*\b25\b/);
    expect(failure.message).toContain('its stated line number (8) points at line 8, where none of them starts');
    expect(readTree(d)).toEqual(before);
  });

  it("takes, among several places, the one at the diff's line shifted by the offset the earlier hunk showed, as git apply does", () => {
    // Three identical blocks: only the line number tells which one the diff changes.
    const block = 'def f():\n    value = compute()\n    return value\n\n';
    const changed = 'def f():\n    value = compute(1)\n    return value\n\n';
    const d = repo({ 'calc.py': `# one\n# two\n# top\n${block}${block}${block}` });
    const patch = diffOf(d, () => writeFileSync(join(d, 'calc.py'), `# one\n# two\n# TOP\n${block}${block}${changed}`), '-U1');
    expect(patch).toContain('@@ -12,3 +12,3 @@');
    // Work landed above the changed lines since the diff was taken: every place moves down by 2.
    writeFileSync(join(d, 'calc.py'), `# one\nimport os\nimport sys\n# two\n# top\n${block}${block}${block}`);
    const twin = temp();
    cpSync(d, twin, { recursive: true });
    const r = runCli(['apply', '-q', '-C', d], { input: patch });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(d, 'calc.py'), 'utf8')).toBe(`# one\nimport os\nimport sys\n# two\n# TOP\n${block}${block}${changed}`);
    execFileSync('git', ['apply', '-'], { cwd: twin, input: patch });
    expect(readTree(d)).toEqual(readTree(twin));
  });

  it("refuses when the diff's line, shifted by the earlier hunk's offset, is at none of the places, and writes nothing", () => {
    const block = (n: number) => `def f${n}():\n    value = compute()\n    return value\n\n`;
    const d = repo({ 'calc.py': `# top\n${block(1)}${block(2)}${block(3)}` });
    // Stated as if the file had no '# top' line: line 1 is the first hunk's, line 8 sits between two blocks.
    const patch = [
      '--- a/calc.py',
      '+++ b/calc.py',
      '@@ -1 +1 @@',
      '-# top',
      '+# TOP',
      '@@ -8,2 +8,2 @@',
      '-    value = compute()',
      '+    value = compute(1)',
      '     return value',
      '',
    ].join('\n');
    const before = readTree(d);
    const r = runCli(['apply', '--json', '-C', d], { input: patch });
    expect(r.code).toBe(1);
    const failure = JSON.parse(r.stdout).failed[0].failures[0];
    expect(failure.code).toBe('hunk_ambiguous');
    expect(failure.message).toContain('3 places (lines 3, 7, 11)');
    expect(failure.message).toContain('its stated line number (8) points at line 8, where none of them starts');
    expect(readTree(d)).toEqual(before);
  });

  it('does not delete a file whose content differs from what the diff deletes', () => {
    const d = repo({ 'f.txt': 'a\nb\n' });
    const patch = diffOf(d, () => rmSync(join(d, 'f.txt')));
    writeFileSync(join(d, 'f.txt'), 'a\nb\nlocal work\n');
    const r = runCli(['apply', '--json', '-C', d], { input: patch });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).failed[0].failures[0]).toMatchObject({ code: 'content_differs' });
    expect(readFileSync(join(d, 'f.txt'), 'utf8')).toBe('a\nb\nlocal work\n');
  });

  it('removes the folders its deletions and renames leave empty, as git apply does, and keeps the others', () => {
    const d = repo({ 'old/deep/only.txt': 'one\n', 'gone/last.txt': 'bye\n', 'kept/a.txt': 'a\n', 'kept/b.txt': 'b\n' });
    const patch = diffOf(d, () => {
      mkdirSync(join(d, 'new'));
      cpSync(join(d, 'old/deep/only.txt'), join(d, 'new/only.txt'));
      rmSync(join(d, 'old'), { recursive: true });
      rmSync(join(d, 'gone'), { recursive: true });
      rmSync(join(d, 'kept/b.txt'));
    });
    const theirs = temp();
    cpSync(d, theirs, { recursive: true });
    execFileSync('git', ['apply', '-'], { cwd: theirs, input: patch });
    const r = runCli(['apply', '-C', d], { input: patch });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('removed the directories the diff left empty: old/deep/, gone/, old/');
    const worktree = (dir: string) => Object.fromEntries(Object.entries(readTree(dir)).filter(([k]) => !k.startsWith('.git/')));
    expect(worktree(d)).toEqual(worktree(theirs));
    expect(Object.keys(worktree(d)).sort()).toEqual(['kept/', 'kept/a.txt', 'new/', 'new/only.txt']);
  });

  it('applies a binary diff with its data (git diff --binary); refuses one without data and writes nothing', () => {
    const d = repo({ 'i.bin': '\0\x01\x02', 't.txt': 'a\n' });
    const change = () => {
      writeFileSync(join(d, 'i.bin'), '\0\x01\x03');
      writeFileSync(join(d, 't.txt'), 'b\n');
    };
    const bare = diffOf(d, change);
    const r = runCli(['apply', '-C', d], { input: bare });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/i\.bin: binary diff .*no content to apply: make the diff with git diff --binary/);
    expect(readFileSync(join(d, 't.txt'), 'utf8')).toBe('a\n');
    const patch = diffOf(d, change, '--binary');
    expect(runCli(['apply', '-q', '-C', d], { input: patch }).code).toBe(0);
    expect(readFileSync(join(d, 'i.bin'), 'latin1')).toBe('\0\x01\x03');
    expect(readFileSync(join(d, 't.txt'), 'utf8')).toBe('b\n');
  });

  it('strips a/ b/ when only the stripped names exist, and follows -p N', () => {
    const d = repo({ 'src/f.txt': 'a\n' });
    const plain = ['--- x/src/f.txt', '+++ y/src/f.txt', '@@ -1 +1 @@', '-a', '+b', ''].join('\n');
    expect(runCli(['apply', '-q', '-C', d], { input: plain }).code).toBe(0);
    expect(readFileSync(join(d, 'src/f.txt'), 'utf8')).toBe('b\n');
    const deep = ['--- 1/2/src/f.txt', '+++ 1/2/src/f.txt', '@@ -1 +1 @@', '-b', '+c', ''].join('\n');
    expect(runCli(['apply', '-q', '-p', '2', '-C', d], { input: deep }).code).toBe(0);
    expect(readFileSync(join(d, 'src/f.txt'), 'utf8')).toBe('c\n');
    expect(runCli(['apply', '-p', 'x', '-C', d], { input: deep }).code).toBe(64);
  });

  it('names the formats it accepts when the input is none of them', () => {
    const r = runCli(['apply', '--check'], { input: 'just some words\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('a unified diff (git diff, git format-patch, diff -u)');
  });

  it('validate says it saw a unified diff', () => {
    const r = runCli(['validate'], { input: ['--- a/f', '+++ b/f', '@@ -1 +1 @@', '-a', '+b', ''].join('\n') });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('<stdin>: a unified diff of 1 file; chord-patch reads it\n');
  });
});
