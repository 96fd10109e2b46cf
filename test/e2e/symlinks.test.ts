// Symbolic links in git diffs, through the CLI (the Node CLI and the binary),
// with git itself as the oracle: each diff is made by `git diff` in a scratch
// repository, and chord-patch must leave the tree `git apply` leaves (links
// compared by their readlink, never followed). Ported from git's
// t/t4115-apply-symlink.sh and the link cases of t/t4114-apply-typechange.sh;
// the cases chord-patch refuses on purpose say why.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { readLinkTree, scratchDirs } from '../support/tree.js';

const temp = scratchDirs();
/** A tree's entries: a file's content, a link as `-> target` (directories by their entries); .git left out. */
type Tree = Record<string, string>;

const readLinks = readLinkTree;

function write(root: string, tree: Tree): void {
  for (const [p, c] of Object.entries(tree)) {
    const abs = join(root, p);
    mkdirSync(join(abs, '..'), { recursive: true });
    if (c.startsWith('-> ')) symlinkSync(c.slice(3), abs);
    else writeFileSync(abs, c);
  }
}

const git = (cwd: string, ...args: string[]) => {
  const r = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'core.symlinks=true', ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

/** The diff git writes from `before` to `after` (with --binary when asked). */
function gitDiff(before: Tree, after: Tree, ...args: string[]): string {
  const d = temp();
  git(d, 'init', '-q');
  write(d, before);
  git(d, 'add', '-A');
  git(d, 'commit', '-qm', 'before', '--allow-empty');
  for (const name of readdirSync(d)) if (name !== '.git') rmSync(join(d, name), { recursive: true, force: true });
  write(d, after);
  git(d, 'add', '-A');
  return git(d, 'diff', '--cached', ...args).out;
}

function patchFile(text: string): string {
  const f = join(temp(), 'p.diff');
  writeFileSync(f, text);
  return f;
}

/** chord-patch and git apply on copies of `before`; both trees. */
function both(before: Tree, diff: string, args: string[] = []) {
  const file = patchFile(diff);
  const mine = temp();
  write(mine, before);
  const r = runCli(['apply', ...args, '-C', mine, file]);
  const theirs = temp();
  git(theirs, 'init', '-q');
  write(theirs, before);
  const g = git(theirs, 'apply', ...args, file);
  return { r, ours: readLinks(mine), git: readLinks(theirs), gitCode: g.code, dir: mine };
}

describe('links applied as git applies them (t4115, t4114)', () => {
  it('retargets a link (t4115 "apply symlink patch")', () => {
    const before = { link1: '-> path1/path2/path3/path4/path5' };
    const diff = gitDiff(before, { link1: '-> htap6' });
    const { r, ours, git: theirs } = both(before, diff);
    expect(r.code).toBe(0);
    expect(ours).toEqual(theirs);
    expect(ours).toEqual({ link1: '-> htap6' });
    expect(r.stdout).toContain('M symlink link1 -> htap6');
  });

  it('creates and deletes links, files beside them untouched', () => {
    const before = { f: 'hi\n', 'd/x': 'x\n', old: '-> f' };
    const diff = gitDiff(before, { f: 'hi\n', 'd/x': 'x\n', new: '-> d/x', dl: '-> d' });
    const { r, ours, git: theirs } = both(before, diff);
    expect(r.code).toBe(0);
    expect(ours).toEqual(theirs);
    expect(ours).toMatchObject({ new: '-> d/x', dl: '-> d', f: 'hi\n' });
    expect(ours.old).toBeUndefined();
  });

  it.each([
    ['file becomes symlink', { foo: 'hello world\n', bar: 'hi planet\n' }, { foo: '-> bar', bar: 'hi planet\n' }, []],
    ['symlink becomes file', { foo: '-> bar', bar: 'hi planet\n' }, { foo: 'how far is the sun?\n', bar: 'hi planet\n' }, []],
  ])('t4114: %s', (_name, before: Tree, after: Tree, args: string[]) => {
    const diff = gitDiff(before, after);
    const { r, ours, git: theirs } = both(before, diff, args);
    expect(r.code).toBe(0);
    expect(ours).toEqual(theirs);
    expect(ours).toEqual(after);
  });

  it('t4114: symlink becomes file, in reverse (-R)', () => {
    const link = { foo: '-> bar', bar: 'hi planet\n' };
    const file = { foo: 'how far is the sun?\n', bar: 'hi planet\n' };
    const { r, ours, git: theirs } = both(file, gitDiff(link, file), ['-R']);
    expect(r.code).toBe(0);
    expect(ours).toEqual(theirs);
    expect(ours).toEqual(link);
  });

  it.each([
    ['binary file becomes symlink', { foo: '\0', bar: 'hi planet\n' }, { foo: '-> bar', bar: 'hi planet\n' }],
    ['symlink becomes binary file', { foo: '-> bar', bar: 'hi planet\n' }, { foo: '\0', bar: 'hi planet\n' }],
  ])('t4114: %s (git diff --binary)', (_name, before: Tree, after: Tree) => {
    const { r, ours, git: theirs, gitCode } = both(before, gitDiff(before, after, '--binary'));
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(gitCode).toBe(0);
    expect(ours).toEqual(theirs);
    expect(ours).toEqual(after);
  });

  it('t4114: symlink becomes directory is refused on purpose (the two paths overlap, as a file becoming one): nothing written', () => {
    const before = { foo: '-> bar', bar: 'hi planet\n' };
    const { r, ours } = both(before, gitDiff(before, { 'foo/baz': 'if only I knew\n', bar: 'hi planet\n' }));
    expect(r.code).not.toBe(0);
    expect(ours).toEqual(before);
  });
});

describe('links never followed', () => {
  const RENAMED = (extra: string[]) =>
    [
      'diff --git a/symlink b/renamed-symlink',
      'similarity index 100%',
      'rename from symlink',
      'rename to renamed-symlink',
      '--',
      ...extra,
      '',
    ].join('\n');

  it('t4115 "symlink escape when creating new files": refused (a renamed link is refused on purpose), .git untouched', () => {
    const before = { symlink: '-> .git' };
    const diff = RENAMED([
      'diff --git /dev/null b/renamed-symlink/create-me',
      'new file mode 100644',
      'index 0000000..039727e',
      '--- /dev/null',
      '+++ b/renamed-symlink/create-me',
      '@@ -0,0 +1,1 @@',
      '+busted',
    ]);
    const { r, dir, gitCode } = both(before, diff);
    expect(gitCode).not.toBe(0);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/symlink: is a symbolic link/);
    expect(existsSync(join(dir, '.git', 'create-me'))).toBe(false);
    expect(readLinks(dir)).toEqual(before);
  });

  it('t4115 "--reject removes .rej symlink": a link at the .rej name is never written through (nor replaced, on purpose)', () => {
    const diff = gitDiff({ 'file.t': 'a\n' }, { 'file.t': 'modified\n' });
    const d = temp();
    write(d, { 'file.t': 'modified-again\n', 'file.t.rej': '-> foo' });
    const r = runCli(['apply', '--reject', '-C', d, patchFile(diff)]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/file\.t\.rej: is a symbolic link/);
    expect(r.stderr).not.toMatch(/hunks that did not apply are in/);
    expect(readLinks(d)).toEqual({ 'file.t': 'modified-again\n', 'file.t.rej': '-> foo' });
  });

  it('refuses a file written through a link the same diff creates, writing nothing', () => {
    const before = { 'd/x': 'x\n' };
    const diff = gitDiff(before, { 'd/x': 'x\n', l: '-> d' }) + gitDiff({ 'l/x': 'x\n' }, { 'l/x': 'busted\n' });
    const { r, ours } = both(before, diff);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/l\/x: is beyond a symbolic link \(l/);
    expect(ours).toEqual(before);
  });

  // Found by red-teaming: each target was checked by its name alone, so these pointed outside the root or into .git/.
  it('refuses a link whose target climbs (..) through a link the same diff creates, writing nothing', () => {
    const before = { 'a/b/keep': 'k\n' };
    const diff = gitDiff(before, { 'a/b/keep': 'k\n', 'a/b/up': '-> ../..', x: '-> a/b/up/../outside/secret' });
    const { r, ours } = both(before, diff);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('x: symbolic link would point at "a/b/up/../outside/secret", which climbs (..) after descending');
    expect(ours).toEqual(before);
  });

  it('refuses a link whose target goes through a link on disk (to outside, to .git), writing nothing', () => {
    const before = { 'd/x': 'x\n', o: '-> ../outside', g: '-> .git' };
    const diff = gitDiff({}, { x: '-> o/secret', h: '-> g/hooks' });
    const { r, ours } = both(before, diff);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('x: symbolic link would point through the symbolic link "o", which chord-patch does not follow');
    expect(r.stderr).toContain('h: symbolic link would point through the symbolic link "g"');
    expect(ours).toEqual(before);
    // A link to a link's sibling, through plain directories, is still a link.
    const ok = both({ 'd/x': 'x\n' }, gitDiff({}, { y: '-> d/x', 'd/z': '-> ../d/x' }));
    expect(ok.r.code, ok.r.stderr).toBe(0);
  });

  it('refuses a file reached through a link on disk in a diff with link entries, writing nothing', () => {
    const before = { 'd/x': 'x\n', l: '-> d' };
    const diff = gitDiff({ 'l/x': 'x\n' }, { 'l/x': 'busted\n' }) + gitDiff({}, { m: '-> d' });
    const { r, ours } = both(before, diff);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/beyond a symbolic link/);
    expect(ours).toEqual(before);
  });

  it('refuses a link entry where a regular file stands, naming both', () => {
    const diff = gitDiff({ n: '-> f' }, { n: '-> g' });
    const { r, ours } = both({ n: 'f' }, diff);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/n: cannot change a symbolic link: the path is a regular file/);
    expect(ours).toEqual({ n: 'f' });
  });

  it.each([
    ['outside the root', '../outside'],
    ['an absolute path', '/etc/passwd'],
    ['.git/', '.git/hooks/pre-commit'],
  ])('refuses a link pointing at %s unless --allow-outside', (_what, target) => {
    const diff = gitDiff({}, { l: `-> ${target}` });
    const refused = both({}, diff);
    expect(refused.r.code).not.toBe(0);
    expect(refused.r.stderr).toMatch(/symbolic link would point/);
    expect(refused.ours).toEqual({});
    const allowed = both({}, diff, ['--allow-outside']);
    expect(allowed.r.code).toBe(0);
    expect(allowed.ours).toEqual({ l: `-> ${target}` });
  });
});

describe('reports of link entries', () => {
  const before = { f: 'hi\n', old: '-> f' };
  const diff = () => gitDiff(before, { f: 'hi\n', old: '-> g', neu: '-> f' });

  it('--stat and --summary show mode 120000 as git does', () => {
    const file = patchFile(diff());
    const d = temp();
    write(d, before);
    const ours = runCli(['apply', '--check', '--summary', '-C', d, file]);
    git(d, 'init', '-q');
    const theirs = git(d, 'apply', '--summary', file);
    expect(ours.stdout).toContain(' create mode 120000 neu');
    expect(theirs.out).toContain(' create mode 120000 neu');
    expect(readLinks(d)).toEqual(before);
  });

  it('--check --json lists each link with its target and writes nothing', () => {
    const d = temp();
    write(d, before);
    const r = runCli(['apply', '--check', '--json', '-C', d, patchFile(diff())]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as { changes: { kind: string; path: string; link?: string }[] };
    expect(json.changes).toEqual(
      expect.arrayContaining([
        { kind: 'update', path: 'old', link: 'g' },
        { kind: 'add', path: 'neu', link: 'f' },
      ]),
    );
    expect(readLinks(d)).toEqual(before);
  });

  it('the diff shows new file mode 120000 and the target without a newline; --exclude leaves a link out', () => {
    const d = temp();
    write(d, before);
    const r = runCli(['apply', '--exclude', 'old', '-C', d, patchFile(diff())]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('new file mode 120000');
    expect(r.stdout).toContain('+f\n\\ No newline at end of file');
    expect(r.stdout).toContain('A symlink neu -> f');
    expect(readLinks(d)).toEqual({ f: 'hi\n', old: '-> f', neu: '-> f' });
  });
});
