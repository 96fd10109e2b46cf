// git apply's options for unified diffs, run through chord-patch and, where
// git has the option, through `git apply` with the same arguments (the
// oracle): --reject, several patch files, --allow-empty, --include /
// --exclude, --unidiff-zero; the text git skips around a diff; binary and
// submodule entries refused one by one (links: symlinks.test.ts); GNU patch's --fuzz; and what
// --extract must never apply. Each case states the tree it must leave.

import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { readTree, scratchDirs } from '../support/tree.js';

const temp = scratchDirs();
type Files = Record<string, string>;
const D = (...lines: string[]) => `${lines.join('\n')}\n`;
const lines = (from: number, to: number, edit: Record<number, string> = {}) =>
  Array.from({ length: to - from + 1 }, (_, k) => `${edit[from + k] ?? from + k}\n`).join('');

function tree(files: Files): string {
  const d = temp();
  for (const [p, c] of Object.entries(files)) {
    mkdirSync(join(d, p, '..'), { recursive: true });
    writeFileSync(join(d, p), c);
  }
  return d;
}

function patchFiles(...patches: string[]): string[] {
  const dir = temp();
  return patches.map((p, k) => {
    const file = join(dir, `p${k}.diff`);
    writeFileSync(file, p);
    return file;
  });
}

/** chord-patch and git apply on copies of `before`; both trees and exit codes. */
function both(before: Files, args: string[], patches: string[]) {
  const files = patchFiles(...patches);
  const mine = tree(before);
  const r = runCli(['apply', ...args, '-C', mine, ...files]);
  const theirs = tree(before);
  const g = spawnSync('git', ['apply', ...args, ...files], { cwd: theirs, encoding: 'utf8' });
  return { r, ours: readTree(mine), git: readTree(theirs), gitCode: g.status, gitErr: g.stderr };
}

const TWO_HUNKS = D(
  'diff --git a/f b/f',
  '--- a/f',
  '+++ b/f',
  '@@ -1,4 +1,4 @@',
  ' 1',
  ' 2',
  '-3',
  '+three',
  ' 4',
  '@@ -12,7 +12,7 @@',
  ' 12',
  ' 13',
  ' 14',
  '-15',
  '+fifteen',
  ' 16',
  ' 17',
  ' 18',
  'diff --git a/g b/g',
  '--- a/g',
  '+++ b/g',
  '@@ -1 +1 @@',
  '-x',
  '+y',
);

describe('--reject', () => {
  it('--reject with --3way is a usage error, as in git apply, and writes nothing', () => {
    const before = { f: lines(1, 20, { 15: 'FIFTEEN' }), g: 'x\n' };
    const { r, ours, git, gitCode } = both(before, ['--reject', '--3way'], [TWO_HUNKS]);
    expect([r.code, gitCode]).toEqual([64, 128]);
    expect(r.stderr).toBe('chord-patch: --reject and --3way cannot be used together\n');
    expect(ours).toEqual(git);
    expect(ours).toEqual(before);
  });

  it('--reject writes the hunks that fit and leaves the others in f.rej, as git apply --reject', () => {
    const before = { f: lines(1, 20, { 15: 'FIFTEEN' }), g: 'x\n' };
    const { r, ours, git } = both(before, ['--reject'], [TWO_HUNKS]);
    expect(ours).toEqual(git);
    expect(ours).toEqual({
      f: lines(1, 20, { 3: 'three', 15: 'FIFTEEN' }),
      g: 'y\n',
      'f.rej': D('diff a/f b/f\t(rejected hunks)', ...TWO_HUNKS.split('\n').slice(9, 18)),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--reject: the hunks that did not apply are in f.rej (hunk 2 of f)');
    expect(r.stderr).toMatch(/M f\n\s+M g\n\s+A f\.rej/);
  });

  it('--reject with a rename moves the file, writes the hunk that fits and names the .rej as git does', () => {
    const rename = D(
      'diff --git a/f b/g',
      'similarity index 90%',
      'rename from f',
      'rename to g',
      'index 1..2 100644',
      ...TWO_HUNKS.split('\n').slice(1, 18),
    ).replace('--- a/f\n+++ b/f', '--- a/f\n+++ b/g');
    const { r, ours, git } = both({ f: lines(1, 20, { 15: 'X' }) }, ['--reject'], [rename]);
    expect(ours).toEqual(git);
    expect(Object.keys(ours).sort()).toEqual(['g', 'g.rej']);
    expect(ours['g.rej']!.split('\n')[0]).toBe('diff a/g b/g\t(rejected hunks)');
    expect(r.code).toBe(2);
  });

  it('without --reject the same diff writes nothing (all or nothing)', () => {
    const before = { f: lines(1, 20, { 15: 'FIFTEEN' }), g: 'x\n' };
    const { r, ours, git } = both(before, [], [TWO_HUNKS]);
    expect(ours).toEqual(git);
    expect(ours).toEqual(before);
    expect(r.code).not.toBe(0);
  });

  it('--reject with a missing file applies the other files and writes no .rej for it', () => {
    const { r, ours, git } = both({ g: 'x\n' }, ['--reject'], [TWO_HUNKS]);
    expect(ours).toEqual(git);
    expect(ours).toEqual({ g: 'y\n' });
    expect(r.code).toBe(2);
  });
});

describe('several patch files', () => {
  const A = D('diff --git a/a b/a', '--- a/a', '+++ b/a', '@@ -1 +1 @@', '-1', '+1x');
  const B = D('diff --git a/b b/b', '--- a/b', '+++ b/b', '@@ -1 +1 @@', '-2', '+9');
  const A2 = D('diff --git a/a b/a', '--- a/a', '+++ b/a', '@@ -1 +1 @@', '-1x', '+1y');

  it('several diffs on the command line apply in order, a later one patching what an earlier one wrote', () => {
    const { r, ours, git } = both({ a: '1\n', b: '2\n' }, [], [A, B, A2]);
    expect(ours).toEqual(git);
    expect(ours).toEqual({ a: '1y\n', b: '9\n' });
    expect(r.code).toBe(0);
  });

  it('several diffs are one transaction: when the second does not apply, the first is not written either', () => {
    const r = runCli(['apply', '-C', tree({ a: '1\n', b: 'zz\n' }), ...patchFiles(A, B)]);
    expect(r.code).not.toBe(0);
    // git apply writes each patch file on its own (a.diff stays applied); chord-patch keeps the run all or nothing.
    expect(r.stderr).toContain('nothing was written');
  });

  it('reads a CR-only patch file among several with its CRs as line breaks, and says which one', () => {
    const d = tree({ a: '1\n', b: '2\n' });
    const r = runCli(['apply', '--json', '-C', d, ...patchFiles(A, B.replace(/\n/g, '\r'))]);
    expect(r.code).toBe(0);
    expect(readTree(d)).toEqual({ a: '1x\n', b: '9\n' });
    const notes = JSON.parse(r.stdout).notes.map((n: { message: string }) => n.message);
    expect(notes.some((m: string) => /p1\.diff: the patch had no LF line breaks, only CRs/.test(m))).toBe(true);
    expect(notes.some((m: string) => /p0\.diff: the patch had no LF/.test(m))).toBe(false);
  });

  it('several diffs with --reject write what fits of each', () => {
    const { ours, git } = both({ a: '1\n', b: 'zz\n' }, ['--reject'], [A, B]);
    expect(ours).toEqual(git);
    expect(Object.keys(ours).sort()).toEqual(['a', 'b', 'b.rej']);
  });
});

describe('--allow-empty', () => {
  it('input without a diff is refused, and accepted with --allow-empty, as git apply', () => {
    for (const input of ['', 'Subject: an empty commit\n\nNothing changed.\n']) {
      const plain = both({ a: '1\n' }, [], [input]);
      expect(plain.r.code).not.toBe(0);
      expect(plain.gitCode).not.toBe(0);
      const allowed = both({ a: '1\n' }, ['--allow-empty'], [input]);
      expect([allowed.r.code, allowed.gitCode]).toEqual([0, 0]);
      expect(allowed.ours).toEqual({ a: '1\n' });
    }
  });
});

describe('--include / --exclude', () => {
  const THREE = D(
    ...['src/a.c', 'src/deep/b.c', 'doc/c.txt'].flatMap((p) => [
      `diff --git a/${p} b/${p}`,
      `--- a/${p}`,
      `+++ b/${p}`,
      '@@ -1 +1 @@',
      '-old',
      '+new',
    ]),
  );
  const before = { 'src/a.c': 'old\n', 'src/deep/b.c': 'old\n', 'doc/c.txt': 'old\n' };
  for (const args of [
    ['--include', 'src/*'],
    ['--exclude', 'src/*'],
    ['--include', '*.c', '--exclude', 'src/deep/*'],
    ['--exclude', 'src/deep/*', '--include', '*.c'],
    ['--include', 'src/[ab].c'],
    ['--exclude', '*/deep/?.c'],
  ]) {
    it(`${args.join(' ')} picks the files git apply picks (* matches /, the first pattern that matches decides)`, () => {
      const { r, ours, git } = both(before, args, [THREE]);
      expect(ours).toEqual(git);
      expect(ours).not.toEqual(readTree(tree(before)));
      expect(r.code).toBe(0);
    });
  }

  it('excluding every file applies nothing and succeeds, as git apply', () => {
    const { r, ours, git, gitCode } = both(before, ['--exclude', '*'], [THREE]);
    expect([r.code, gitCode]).toEqual([0, 0]);
    expect(ours).toEqual(git);
    expect(ours).toEqual(readTree(tree(before)));
    expect(r.stdout + r.stderr).toContain('left out by --include/--exclude: src/a.c, src/deep/b.c, doc/c.txt');
  });
});

describe('the text around a diff', () => {
  const DIFF = D('diff --git a/f b/f', 'index 1..2 100644', '--- a/f', '+++ b/f', '@@ -1,2 +1,2 @@', ' a', '-b', '+B');
  for (const [name, text] of [
    ['git diff --stat -p output', ` f | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n\n${DIFF}`],
    [
      'a diff inside a commit message',
      `Fix the letter case\n\nThe fix is this diff:\n\n${DIFF}\nSigned-off-by: A U Thor <a@example.com>\n`,
    ],
    [
      'a format-patch mail',
      `From 1234567890abcdef1234567890abcdef12345678 Mon Sep 17 00:00:00 2001\nSubject: [PATCH] x\n\n---\n f | 2 +-\n\n` +
        `${DIFF}-- \n2.39.5\n`,
    ],
  ]) {
    it(`${name} applies without --extract, as git apply skips the text`, () => {
      const { r, ours, git } = both({ f: 'a\nb\n' }, [], [text!]);
      expect(ours).toEqual(git);
      expect(ours).toEqual({ f: 'a\nB\n' });
      expect(r.code).toBe(0);
    });
  }

  it('a model reply with a fenced diff is still refused without --extract', () => {
    const r = runCli(['apply', '-C', tree({ f: 'a\nb\n' }), ...patchFiles(`Here you go:\n\n\`\`\`diff\n${DIFF}\`\`\`\n`)]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('--extract');
  });
});

describe('entries chord-patch does not write', () => {
  const MIXED = D(
    'diff --git a/t b/t',
    '--- a/t',
    '+++ b/t',
    '@@ -1 +1 @@',
    '-a',
    '+b',
    'diff --git a/sub b/sub',
    'new file mode 160000',
    'index 0000000..2e65efe',
    '--- /dev/null',
    '+++ b/sub',
    '@@ -0,0 +1 @@',
    '+Subproject commit 2e65efe2a145dda7ee51d1741299f848e5bf752e',
    'diff --git a/bin b/bin',
    'index 1111111..2222222 100644',
    'Binary files a/bin and b/bin differ',
  );

  it('a submodule and a binary entry are refused one by one, each with its reason; nothing is written', () => {
    const r = runCli(['apply', '-C', tree({ t: 'a\n', bin: 'x' }), ...patchFiles(MIXED)]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/sub: .*submodule.*--exclude/);
    expect(r.stderr).toMatch(/bin: binary diff.*--exclude/);
    expect(r.stderr).toContain('1 change would have applied (t)');
  });

  it('--exclude leaves them out and the rest applies; --reject writes the rest and never the submodule', () => {
    const d = tree({ t: 'a\n', bin: 'x' });
    expect(runCli(['apply', '--exclude', 'sub', '--exclude', 'bin', '-C', d, ...patchFiles(MIXED)]).code).toBe(0);
    expect(readTree(d)).toEqual({ t: 'b\n', bin: 'x' });
    const e = tree({ t: 'a\n', bin: 'x' });
    expect(runCli(['apply', '--reject', '-C', e, ...patchFiles(MIXED)]).code).toBe(2);
    expect(readTree(e)).toEqual({ t: 'b\n', bin: 'x' });
  });

  it('a mode-only change is applied and shown as a mode change', () => {
    const { r, ours, git } = both({ s: 'x\n' }, [], [D('diff --git a/s b/s', 'old mode 100644', 'new mode 100755')]);
    expect(ours).toEqual(git);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('new mode 100755');
    expect(r.stdout).not.toContain('Binary files');
  });
});

describe('-U0 diffs and --unidiff-zero', () => {
  const U0 = D(
    'diff --git a/f b/f',
    '--- a/f',
    '+++ b/f',
    '@@ -5 +5 @@',
    '-5',
    '+five',
    '@@ -10,0 +11 @@',
    '+inserted',
    '@@ -20 +20,0 @@',
    '-20',
  );
  const after = lines(1, 30, { 5: 'five', 10: '10\ninserted', 20: '' }).replace('\n\n', '\n');

  it('a -U0 diff is refused without --unidiff-zero and applied with it, as git apply', () => {
    const plain = both({ f: lines(1, 30) }, [], [U0]);
    expect([plain.r.code !== 0, plain.gitCode !== 0]).toEqual([true, true]);
    expect(plain.r.stderr).toContain('--unidiff-zero');
    const zero = both({ f: lines(1, 30) }, ['--unidiff-zero'], [U0]);
    expect(zero.ours).toEqual(zero.git);
    expect(zero.ours).toEqual({ f: after });
    expect(zero.r.code).toBe(0);
  });

  it('--unidiff-zero puts an insertion at the top and one two lines below where git does (never at the end)', () => {
    const top = D(
      'diff --git a/f b/f',
      '--- a/f',
      '+++ b/f',
      '@@ -0,0 +1 @@',
      '+top',
      '@@ -2,0 +4 @@',
      '+after 2',
      '@@ -3,0 +6 @@',
      '+after 3',
    );
    const { r, ours, git } = both({ f: lines(1, 10) }, ['--unidiff-zero'], [top]);
    expect(ours).toEqual(git);
    expect(ours).toEqual({
      f: `top
1
2
after 2
3
after 3
${lines(4, 10)}`,
    });
    expect(r.code).toBe(0);
  });

  it('--unidiff-zero -R undoes it', () => {
    const { ours, git } = both({ f: after }, ['--unidiff-zero', '-R'], [U0]);
    expect(ours).toEqual(git);
    expect(ours).toEqual({ f: lines(1, 30) });
  });

  it('--unidiff-zero refuses a hunk whose removed line is not at the stated line', () => {
    const r = runCli(['apply', '--unidiff-zero', '-C', tree({ f: lines(1, 30, { 5: 'FIVE' }) }), ...patchFiles(U0)]);
    expect(r.code).not.toBe(0);
  });
});

describe('--fuzz', () => {
  const HUNK = D('--- a/f', '+++ b/f', '@@ -7,7 +7,7 @@', ' 7', ' 8', ' 9', '-10', '+ten', ' 11', ' 12', ' 13');
  const stale = lines(1, 30, { 7: 'seven', 13: '13b' });

  it('a hunk whose outermost context lines changed is refused without --fuzz, applied with --fuzz 1 and reported', () => {
    const plain = runCli(['apply', '-C', tree({ f: stale }), ...patchFiles(HUNK)]);
    expect(plain.code).not.toBe(0);
    const d = tree({ f: stale });
    const r = runCli(['apply', '--fuzz', '1', '-C', d, ...patchFiles(HUNK)]);
    expect(r.code).toBe(0);
    expect(readTree(d)).toEqual({ f: lines(1, 30, { 7: 'seven', 10: 'ten', 13: '13b' }) });
    expect(r.stdout + r.stderr).toContain('f: hunk 1 applied at line 8 with fuzz 1');
  });

  it('--fuzz N leaves out only the N outermost context lines, never a removed line', () => {
    // -F: GNU patch's short name.
    const r = runCli(['apply', '-F', '3', '-C', tree({ f: lines(1, 30, { 9: 'nine' }) }), ...patchFiles(HUNK)]);
    expect(r.code).toBe(0);
    const s = runCli(['apply', '--fuzz', '2', '-C', tree({ f: lines(1, 30, { 9: 'nine' }) }), ...patchFiles(HUNK)]);
    expect(s.code).not.toBe(0);
  });
});

describe('--extract never applies', () => {
  const ENV = '*** Begin Patch\n*** Update File: f\n@@\n-a\n+b\n*** End Patch\n';
  it('a patch inside an HTML comment', () => {
    const d = tree({ f: 'a\n' });
    const r = runCli(['apply', '--extract', '-C', d], { input: `<!--\n\`\`\`patch\n${ENV}\`\`\`\n-->\nNo changes.\n` });
    expect(r.code).not.toBe(0);
    expect(readTree(d)).toEqual({ f: 'a\n' });
  });

  it('a patch in a fence that is never closed', () => {
    const d = tree({ f: 'a\n' });
    const r = runCli(['apply', '--extract', '-C', d], { input: `Here:\n\`\`\`diff\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n` });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('never closed');
    expect(readTree(d)).toEqual({ f: 'a\n' });
  });
});

describe('--recount: hunk counts read off the body, as git apply --recount', () => {
  // Counts as a model writes them: one too many on the first hunk, one too few on the second.
  const WRONG = D(
    'diff --git a/f b/f',
    '--- a/f',
    '+++ b/f',
    '@@ -2,4 +2,4 @@',
    ' 2',
    '-3',
    '+three',
    ' 4',
    '@@ -8,2 +8,2 @@',
    ' 8',
    '-9',
    '+nine',
    ' 10',
  );

  it('refuses wrong counts without --recount, naming the option, and applies them with it as git does', () => {
    const plain = both({ f: lines(1, 12) }, [], [WRONG]);
    expect([plain.r.code !== 0, plain.gitCode !== 0]).toEqual([true, true]);
    expect(plain.r.stderr).toContain('--recount');
    expect(plain.ours).toEqual({ f: lines(1, 12) });
    const counted = both({ f: lines(1, 12) }, ['--recount'], [WRONG]);
    expect(counted.ours).toEqual(counted.git);
    expect(counted.ours).toEqual({ f: lines(1, 12, { 3: 'three', 9: 'nine' }) });
    expect(counted.r.code).toBe(0);
  });

  it('ends a hunk at the next file, and takes the blank lines before a hunk as separators', () => {
    const two = D(
      '--- a/f',
      '+++ b/f',
      '@@ -1,9 +1,9 @@',
      '-1',
      '+one',
      ' 2',
      '',
      '@@ -4,1 +4,1 @@',
      ' 4',
      '-5',
      '+five',
      ' 6',
      '--- a/g',
      '+++ b/g',
      '@@ -1 +1 @@',
      '-x',
      '+y',
    );
    const d = tree({ f: lines(1, 6), g: 'x\n' });
    const r = runCli(['apply', '--recount', '-p1', ...patchFiles(two)], { cwd: d });
    expect(r.code).toBe(0);
    expect(readTree(d)).toEqual({ f: lines(1, 6, { 1: 'one', 5: 'five' }), g: 'y\n' });
  });

  it('still refuses a body that is not a hunk, and writes nothing', () => {
    const broken = D('--- a/f', '+++ b/f', '@@ -1 +1 @@', '-1', '+one', 'stray text', '-2', '+two');
    const d = tree({ f: lines(1, 3) });
    const r = runCli(['apply', '--recount', ...patchFiles(broken)], { cwd: d });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('outside any hunk');
    expect(r.stderr).not.toContain('--recount counts');
    expect(readTree(d)).toEqual({ f: lines(1, 3) });
  });
});

describe('-R on a patch that is not applied', () => {
  const diff = D('--- a/f.txt', '+++ b/f.txt', '@@ -1,5 +1,5 @@', ' one', ' two', '-three', '+THREE changed', ' four', ' five');
  const before = { 'f.txt': 'one\ntwo\nthree\nfour\nfive\n' };

  it('says there is nothing to undo, not that the patch is already applied, and writes nothing', () => {
    const dir = tree(before);
    const [file] = patchFiles(diff);
    const human = runCli(['apply', '-R', '-C', dir, file!]);
    expect(human.code).toBe(1);
    expect(human.stderr).toContain(
      'f.txt: not applied, so there is nothing to undo: the text from before the patch stands in the file (line 1)',
    );
    expect(human.stderr).not.toContain('already applied');
    const model = runCli(['apply', '-R', '--model', '-C', dir, file!]);
    expect(model.stdout + model.stderr).toContain('The patch is not applied: there is nothing to undo.');
    expect(model.stdout + model.stderr).not.toContain('already applied');
    // The code stays the matcher's: the state the reversed patch asks for already holds.
    const json = JSON.parse(runCli(['apply', '-R', '--json', '-C', dir, file!]).stdout);
    expect(json.failed[0].failures[0].code).toBe('already_applied');
    expect(readTree(dir)).toEqual(before);
    // Forward, the same patch applied twice still says already applied.
    expect(runCli(['apply', '-q', '-C', dir, file!]).code).toBe(0);
    expect(runCli(['apply', '-C', dir, file!]).stderr).toContain('already applied; nothing to change');
  });

  it('names a file the envelope adds and that is missing as nothing to undo', () => {
    const dir = tree({ 'keep.txt': 'x\n' });
    const [file] = patchFiles(['*** Begin Patch', '*** Add File: new.txt', '+hello', '*** End Patch', ''].join('\n'));
    const r = runCli(['apply', '-R', '-C', dir, file!]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('new.txt: does not exist, so there is nothing to undo: the patch adds this file');
    expect(readTree(dir)).toEqual({ 'keep.txt': 'x\n' });
  });
});
