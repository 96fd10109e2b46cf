// Unified diffs applied by chord-patch and by `git apply` (the oracle) to the
// same tree. The cases are those of git's own apply tests (t/t41xx-apply-*.sh
// at v2.39.5) and jsdiff's apply tests that define how a diff's
// content lands, re-created here (facts and cases, not their code), and the
// wrong writes chord-patch once made with exit 0; each names its source.
// Every case states the tree it must leave: the post-image, or the pre-image
// untouched (a refusal). A case marked `git` also holds git apply to it, so
// the expectation is git's, not ours.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, RUNTIME } from '../support/cli.js';
import { readTree as readBytes, scratchDirs } from '../support/tree.js';

const temp = scratchDirs();

type Files = Record<string, string>;

interface Case {
  name: string;
  source: string;
  before: Files;
  patch: string;
  /** The tree left: absent means refused, the tree as it was. */
  after?: Files;
  args?: string[];
  /** git apply (with the same args) leaves the same tree. */
  git: boolean;
}

/** Path -> bytes, with " (executable)" after the name of a file whose mode has an x bit. */
function readTree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [p, c] of Object.entries(readBytes(root)))
    out[c !== 'dir' && statSync(join(root, p)).mode & 0o111 ? `${p} (executable)` : p] = c;
  return out;
}

function write(dir: string, files: Files): void {
  for (const [p, c] of Object.entries(files)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), c);
  }
}

function treeOf(files: Files): Record<string, string> {
  const d = temp();
  write(d, files);
  return readTree(d);
}

function runCase(c: Case): void {
  const work = temp();
  write(work, c.before);
  const patch = join(temp(), 'p.diff');
  writeFileSync(patch, c.patch);
  const r = runCli(['apply', '-q', ...(c.args ?? []), '-C', work, patch]);
  const expected = treeOf(c.after ?? c.before);
  expect({ tree: readTree(work), refused: r.code !== 0 }, r.stderr).toEqual({ tree: expected, refused: c.after === undefined });
  // git's own run does not depend on the runtime under test: held once, in the Node CLI's project.
  if (!c.git || RUNTIME !== 'node') return;
  const theirs = temp();
  write(theirs, c.before);
  const g = spawnSync('git', ['apply', ...(c.args ?? []), patch], { cwd: theirs, encoding: 'utf8' });
  expect({ tree: readTree(theirs), refused: g.status !== 0 }, g.stderr).toEqual({ tree: expected, refused: c.after === undefined });
}

const D = (...lines: string[]) => `${lines.join('\n')}\n`;
const rename = (from: string, to: string) => [
  `diff --git a/${from} b/${to}`,
  'similarity index 100%',
  `rename from ${from}`,
  `rename to ${to}`,
];
const many = (line: string) => `${`${line}\n`.repeat(101)}`;

const CASES: Case[] = [
  {
    name: 'a rename swap (a -> b, b -> a) exchanges the two files',
    source: 'git t4130-apply-criss-cross-rename.sh; issue: one file was lost',
    before: { 'a.txt': 'A\n', 'b.txt': 'B\n' },
    patch: D(...rename('a.txt', 'b.txt'), ...rename('b.txt', 'a.txt')),
    after: { 'a.txt': 'B\n', 'b.txt': 'A\n' },
    git: true,
  },
  {
    name: 'a rename rotation (a -> b -> c -> a) moves every file one step',
    source: 'git t4130-apply-criss-cross-rename.sh (three files)',
    before: { file1: many('some content'), file2: many('some other content'), file3: many('again something else') },
    patch: D(...rename('file1', 'file3'), ...rename('file2', 'file1'), ...rename('file3', 'file2')),
    after: { file3: many('some content'), file1: many('some other content'), file2: many('again something else') },
    git: true,
  },
  {
    name: 'a swap whose renames change content reads both files before writing either',
    source: 'issue: the first rename committed over the second file, whose group then failed',
    before: { a: 'one\ntwo\n', b: 'three\nfour\n' },
    patch: D(
      'diff --git a/a b/b',
      'similarity index 60%',
      'rename from a',
      'rename to b',
      '--- a/a',
      '+++ b/b',
      '@@ -1,2 +1,2 @@',
      ' one',
      '-two',
      '+TWO',
      'diff --git a/b b/a',
      'similarity index 60%',
      'rename from b',
      'rename to a',
      '--- a/b',
      '+++ b/a',
      '@@ -1,2 +1,2 @@',
      ' three',
      '-four',
      '+FOUR',
    ),
    after: { a: 'three\nFOUR\n', b: 'one\nTWO\n' },
    git: true,
  },
  {
    name: 'a rename onto a file that stays is refused and nothing is written',
    source: 'git apply: "already exists in working directory"; issue: the file was overwritten',
    before: { a: 'A\n', b: 'B\n' },
    patch: D(...rename('a', 'b')),
    git: true,
  },
  {
    name: 'a rename onto a file the same diff deletes applies',
    source: 'git apply (a path vacated by the same diff may be written)',
    before: { a: 'A\n', b: 'B\n' },
    patch: D('diff --git a/b b/b', 'deleted file mode 100644', '--- a/b', '+++ /dev/null', '@@ -1 +0,0 @@', '-B', ...rename('a', 'b')),
    after: { b: 'A\n' },
    git: true,
  },
  {
    name: 'a file added where a rename leaves is created after the rename reads it',
    source: 'git apply (rename and re-create, in either order)',
    before: { a: 'A\n' },
    patch: D('diff --git a/a b/a', 'new file mode 100644', '--- /dev/null', '+++ b/a', '@@ -0,0 +1 @@', '+new', ...rename('a', 'b')),
    after: { a: 'new\n', b: 'A\n' },
    git: true,
  },
  {
    name: 'a copy leaves the source and writes the copy with its hunks',
    source: 'git diff -C (copy from / copy to)',
    before: { a: 'one\ntwo\n' },
    patch: D(
      'diff --git a/a b/c',
      'similarity index 50%',
      'copy from a',
      'copy to c',
      '--- a/a',
      '+++ b/c',
      '@@ -1,2 +1,2 @@',
      ' one',
      '-two',
      '+2',
    ),
    after: { a: 'one\ntwo\n', c: 'one\n2\n' },
    git: true,
  },
  {
    name: 'a file without a final newline keeps it missing when the diff edits only its first lines',
    source: 'issue: a final newline was added',
    before: { f: 'one\ntwo\nthree\nfour\nfive' },
    patch: D('--- a/f', '+++ b/f', '@@ -1,2 +1,2 @@', '-one', '+ONE', ' two'),
    after: { f: 'ONE\ntwo\nthree\nfour\nfive' },
    git: true,
  },
  {
    name: 'a "\\ No newline" marker on the old side of a file that ends with a newline is refused',
    source: 'jsdiff, git and GNU patch refuse; issue: the final newline was removed',
    before: { f: 'one\ntwo\n' },
    patch: D(
      '--- a/f',
      '+++ b/f',
      '@@ -1,2 +1,2 @@',
      ' one',
      '-two',
      '\\ No newline at end of file',
      '+TWO',
      '\\ No newline at end of file',
    ),
    git: true,
  },
  {
    name: 'a CR at the end of an added line of an LF diff is content and stays',
    source: 'git apply keeps it; issue: the CR was dropped',
    before: { f: 'one\ntwo\n' },
    patch: D('--- a/f', '+++ b/f', '@@ -1,2 +1,2 @@', ' one', '-two', '+TWO\r'),
    after: { f: 'one\nTWO\r\n' },
    git: true,
  },
  {
    name: 'diff -u f.orig f patches f when both exist',
    source: 'GNU patch and git apply; issue: f.orig was written',
    before: { f: 'one\ntwo\n', 'f.orig': 'one\ntwo\n' },
    patch: D('--- f.orig', '+++ f', '@@ -1,2 +1,2 @@', ' one', '-two', '+TWO'),
    after: { f: 'one\nTWO\n', 'f.orig': 'one\ntwo\n' },
    git: true,
  },
  {
    name: 'a non-git diff with a/ and b/ names patches the file below them, not a planted b/ directory',
    source: 'git apply -p1; issue: b/file was patched',
    before: { file: 'one\ntwo\n', 'b/file': 'one\ntwo\n' },
    patch: D('--- a/file', '+++ b/file', '@@ -1,2 +1,2 @@', ' one', '-two', '+TWO'),
    after: { file: 'one\nTWO\n', 'b/file': 'one\ntwo\n' },
    git: true,
  },
  {
    name: 'a git diff whose +++ name contradicts its diff --git line is refused',
    source: 'git t4133-apply-filenames.sh ("inconsistent new filename")',
    before: {},
    patch: D(
      'diff --git a/f b/f',
      'new file mode 100644',
      'index 0000000..d00491f',
      '--- /dev/null',
      '+++ b/f-blah',
      '@@ -0,0 +1 @@',
      '+1',
    ),
    git: true,
  },
  {
    name: 'a git diff whose --- name contradicts its diff --git line is refused',
    source: 'git t4133-apply-filenames.sh ("inconsistent old filename")',
    before: { f: '1\n' },
    patch: D(
      'diff --git a/f b/f',
      'deleted file mode 100644',
      'index d00491f..0000000',
      '--- b/f-blah',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-1',
    ),
    git: true,
  },
  {
    name: 'a traditional diff whose names hold a tab before their timestamps patches that file',
    source: 'git t4135-apply-weird-filenames.sh (diff-with tab)',
    before: { 'post\timage.txt': 'preimage\n' },
    patch: D(
      '--- post\timage.txt.orig\t2010-08-18 20:13:31.616002255 -0500',
      '+++ post\timage.txt\t2010-08-18 20:13:31.616002255 -0500',
      '@@ -1 +1 @@',
      '-preimage',
      '+postimage',
    ),
    after: { 'post\timage.txt': 'postimage\n' },
    git: true,
  },
  {
    name: 'a traditional creation dated with the epoch west of UTC and a colon in its zone creates the file',
    source: 'git t4135-apply-weird-filenames.sh (funny-tz)',
    before: {},
    patch: D(
      'diff -urN -X /usr/people/jes/exclude-linux linux-2.6.12-rc2-mm3-vanilla/post image.txt linux-2.6.12-rc2-mm3/post image.txt',
      '--- linux-2.6.12-rc2-mm3-vanilla/post image.txt\t1969-12-31 16:00:00 -08:00',
      '+++ linux-2.6.12-rc2-mm3/post image.txt\t2005-04-12 02:14:06 -07:00',
      '@@ -0,0 +1 @@',
      '+postimage',
    ),
    after: { 'post image.txt': 'postimage\n' },
    git: true,
  },
  {
    name: 'a whitespace-damaged traditional creation (spaces before the timestamp) creates the file',
    source: 'git t4135-apply-weird-filenames.sh (damaged)',
    before: {},
    patch: D(
      'diff -pruN a/postimage.txt b/postimage.txt',
      '--- a/postimage.txt     1969-12-31 18:00:00.000000000 -0600',
      '+++ b/postimage.txt     2010-08-18 20:13:31.484002255 -0500',
      '@@ -0,0 +1 @@',
      '+postimage',
    ),
    after: { 'postimage.txt': 'postimage\n' },
    git: true,
  },
  {
    name: 'diff -ruN with the epoch on the +++ side deletes the file',
    source: 'git t4132-apply-removal.sh (removeWest2); issue: an empty file was left',
    before: { file: 'something\n' },
    patch: D(
      'diff -ruN a/file b/file',
      '--- a/file\t1982-09-16 07:00:00.000000000 -0800',
      '+++ b/file\t1969-12-31 16:00:00 -08:00',
      '@@ -1 +0,0 @@',
      '-something',
    ),
    after: {},
    git: true,
  },
  {
    name: 'diff -ruN emptying a file without the epoch leaves it empty',
    source: 'git t4132-apply-removal.sh (emptyEast)',
    before: { file: 'something\n' },
    patch: D(
      'diff -ruN a/file b/file',
      '--- a/file\t1982-09-17 00:00:00.000000000 +0900',
      '+++ b/file\t1982-09-17 00:00:00.000000000 +0900',
      '@@ -1 +0,0 @@',
      '-something',
    ),
    after: { file: '' },
    git: true,
  },
  {
    name: 'a traditional diff from an empty old side creates a missing file',
    source: 'git t4132-apply-removal.sh (addGMT); issue: refused',
    before: {},
    patch: D(
      'diff -ruN a/file b/file',
      '--- a/file\t1982-09-16 15:00:00.000000000 +0000',
      '+++ b/file\t1982-09-16 15:00:00.000000000 +0000',
      '@@ -0,0 +1 @@',
      '+something',
    ),
    after: { file: 'something\n' },
    git: true,
  },
  {
    name: 'a traditional diff from an empty old side fills an empty file',
    source: 'git t4132-apply-removal.sh (addGMT, file present and empty)',
    before: { file: '' },
    patch: D(
      'diff -ruN a/file b/file',
      '--- a/file\t1982-09-16 15:00:00.000000000 +0000',
      '+++ b/file\t1982-09-16 15:00:00.000000000 +0000',
      '@@ -0,0 +1 @@',
      '+something',
    ),
    after: { file: 'something\n' },
    git: true,
  },
  {
    name: 'an epoch-dated creation onto a file that exists is refused',
    source: 'git t4132-apply-removal.sh (createGMT: "must notice the file is already there")',
    before: { file: '' },
    patch: D(
      'diff -ruN a/file b/file',
      '--- a/file\t1970-01-01 00:00:00.000000000 +0000',
      '+++ b/file\t1982-09-16 15:00:00.000000000 +0000',
      '@@ -0,0 +1 @@',
      '+something',
    ),
    git: true,
  },
  {
    name: 'a blank context line the file does not have is not matched against the end of the file',
    source: 'issue: reported as an exact match, and the blank line of the post-image was lost',
    before: { f: 'one\ntwo\n' },
    patch: D('--- a/f', '+++ b/f', '@@ -1,3 +1,3 @@', ' one', '-two', '+TWO', ''),
    git: true,
  },
  {
    name: 'a rename with a content change moves the file and changes it',
    source: "jsdiff's README rename example (simple rename with content change)",
    before: { 'old.txt': 'line1\nline2\nline3\n' },
    patch: D(
      'diff --git a/old.txt b/new.txt',
      'similarity index 80%',
      'rename from old.txt',
      'rename to new.txt',
      '--- a/old.txt',
      '+++ b/new.txt',
      '@@ -1,3 +1,3 @@',
      ' line1',
      '-line2',
      '+line2modified',
      ' line3',
    ),
    after: { 'new.txt': 'line1\nline2modified\nline3\n' },
    git: true,
  },
  {
    name: 'a swap whose two renames each change their one line',
    source: "jsdiff's README rename example (swap rename with content changes)",
    before: { 'a.txt': 'aaa\n', 'b.txt': 'bbb\n' },
    patch: D(
      'diff --git a/a.txt b/b.txt',
      'similarity index 50%',
      'rename from a.txt',
      'rename to b.txt',
      '--- a/a.txt',
      '+++ b/b.txt',
      '@@ -1 +1 @@',
      '-aaa',
      '+aaa-modified',
      'diff --git a/b.txt b/a.txt',
      'similarity index 50%',
      'rename from b.txt',
      'rename to a.txt',
      '--- a/b.txt',
      '+++ b/a.txt',
      '@@ -1 +1 @@',
      '-bbb',
      '+bbb-modified',
    ),
    after: { 'a.txt': 'bbb-modified\n', 'b.txt': 'aaa-modified\n' },
    git: true,
  },
  {
    name: 'a modification with a mode change writes the content and sets the executable bit',
    source: "jsdiff's README rename example (mode change with a modification)",
    before: { 'script.sh': 'echo old\n' },
    patch: D(
      'diff --git a/script.sh b/script.sh',
      'old mode 100644',
      'new mode 100755',
      '--- a/script.sh',
      '+++ b/script.sh',
      '@@ -1 +1 @@',
      '-echo old',
      '+echo new',
    ),
    after: { 'script.sh (executable)': 'echo new\n' },
    git: true,
  },
  {
    name: 'a new executable file is created executable',
    source: "jsdiff's README rename example (new executable file)",
    before: {},
    patch: D(
      'diff --git a/run.sh b/run.sh',
      'new file mode 100755',
      'index 0000000..abc1234',
      '--- /dev/null',
      '+++ b/run.sh',
      '@@ -0,0 +1,2 @@',
      '+#!/bin/bash',
      '+echo hello',
    ),
    after: { 'run.sh (executable)': '#!/bin/bash\necho hello\n' },
    git: true,
  },
  {
    name: 'an added line at the end, after a header line and a separator, lands at the end',
    source: 'jsdiff test/patch apply.js (should apply patches that change the last line)',
    before: { test: 'line2\nline3\nline4\n' },
    patch: D(
      'Index: test',
      '='.repeat(67),
      '--- test\theader1',
      '+++ test\theader2',
      '@@ -1,3 +1,4 @@',
      ' line2',
      ' line3',
      ' line4',
      '+line5',
    ),
    after: { test: 'line2\nline3\nline4\nline5\n' },
    git: true,
  },
  {
    name: 'a last line replaced, its + line written before its - line',
    source: 'jsdiff test/patch apply.js (should apply patches that change the last line)',
    before: { test: 'line1\nline2\nline3\nline4\n' },
    patch: D('--- test\theader1', '+++ test\theader2', '@@ -1,4 +1,5 @@', ' line1', ' line2', ' line3', '+line44', '+line5', '-line4'),
    after: { test: 'line1\nline2\nline3\nline44\nline5\n' },
    git: true,
  },
  {
    name: 'a new side marked "\\ No newline" removes the final newline when the hunk reaches the end',
    source: 'jsdiff test/patch apply.js (should merge EOFNL, 1)',
    before: { test: 'line1\nline2\nline3\nline4\n' },
    patch: D(
      '--- test\theader1',
      '+++ test\theader2',
      '@@ -1,4 +1,4 @@',
      ' line1',
      ' line2',
      ' line3',
      '+line4',
      '\\ No newline at end of file',
      '-line4',
    ),
    after: { test: 'line1\nline2\nline3\nline4' },
    git: true,
  },
  {
    name: 'an old side marked "\\ No newline" on a file without one gets the final newline back',
    source: 'jsdiff test/patch apply.js (should merge EOFNL, 2)',
    before: { test: 'line1\nline2\nline3\nline4' },
    patch: D(
      '--- test\theader1',
      '+++ test\theader2',
      '@@ -1,4 +1,4 @@',
      ' line1',
      ' line2',
      ' line3',
      '+line4',
      '-line4',
      '\\ No newline at end of file',
    ),
    after: { test: 'line1\nline2\nline3\nline4\n' },
    git: true,
  },
  {
    name: 'a marked last context line keeps the file without its final newline',
    source: 'jsdiff test/patch apply.js (should merge EOFNL, 3)',
    before: { test: 'line11\nline2\nline3\nline4' },
    patch: D(
      '--- test\theader1',
      '+++ test\theader2',
      '@@ -1,4 +1,4 @@',
      '+line1',
      '-line11',
      ' line2',
      ' line3',
      ' line4',
      '\\ No newline at end of file',
    ),
    after: { test: 'line1\nline2\nline3\nline4' },
    git: true,
  },
  {
    name: 'a hunk that stops before the end keeps a file without its final newline as it is',
    source: 'jsdiff test/patch apply.js (should merge EOFNL, 4)',
    before: { test: 'line11\nline2\nline3\nline4\nline4\nline4\nline4' },
    patch: D('--- test\theader1', '+++ test\theader2', '@@ -1,5 +1,5 @@', '+line1', '-line11', ' line2', ' line3', ' line4', ' line4'),
    after: { test: 'line1\nline2\nline3\nline4\nline4\nline4\nline4' },
    git: true,
  },
  {
    name: 'a hunk stated two lines late is found where its context is',
    source: 'jsdiff test/patch apply.js (should succeed when hunk needs a negative offset)',
    before: { test: 'line1\nline3\nline4\nline5\n' },
    patch: D('--- test\theader1', '+++ test\theader2', '@@ -3,2 +3,3 @@', ' line1', '+line2', ' line3'),
    after: { test: 'line1\nline2\nline3\nline4\nline5\n' },
    git: true,
  },
  {
    name: 'a hunk stated two lines early is found where its context is',
    source: 'jsdiff test/patch apply.js (should succeed when hunk needs a positive offset)',
    before: { test: 'line1\nline2\nline3\nline5\n' },
    patch: D('--- test\theader1', '+++ test\theader2', '@@ -1,2 +1,3 @@', ' line3', '+line4', ' line5'),
    after: { test: 'line1\nline2\nline3\nline4\nline5\n' },
    // git refuses it: a hunk stated at line 1 must match at the file's start. GNU patch and jsdiff apply it at its unique place.
    git: false,
  },
  {
    name: 'a hunk whose context differs is refused (no fuzz by default)',
    source: 'jsdiff test/patch apply.js (should fail on mismatch)',
    before: { test: 'line2\nline2\nline5\n' },
    patch: D('--- test\theader1', '+++ test\theader2', '@@ -1,3 +1,4 @@', ' line2', ' line3', '+line4', ' line5'),
    git: true,
  },
];

describe('unified diffs land as git apply lands them', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => runCase(c));
});

/** Every pair of git's t4101 files: with and without a final newline, each diff applied to its pre-image. */
describe("git's t4101-apply-nonl.sh: files with incomplete lines", () => {
  const FROTZ = ['a\nb\n', 'a\nb\nc\n', 'a\nb', 'a\nc\nb'];
  const pairs = FROTZ.flatMap((_, i) => FROTZ.map((_, j) => [i, j] as const)).filter(([i, j]) => i !== j);
  it.each(pairs)('the diff from frotz.%i to frotz.%i turns one into the other', (i, j) => {
    const d = temp();
    write(d, { 'a/frotz': FROTZ[i]!, 'b/frotz': FROTZ[j]! });
    const diff = spawnSync('diff', ['-u', 'a/frotz', 'b/frotz'], { cwd: d, encoding: 'utf8' }).stdout;
    runCase({ name: '', source: '', before: { frotz: FROTZ[i]! }, patch: diff, after: { frotz: FROTZ[j]! }, git: true });
  });
});

/**
 * git's t4104-apply-boundary.sh: a line added, changed or removed at the head
 * and at the tail of a 24-line file, by a diff with context and by a -U0 diff
 * under --unidiff-zero (diff -u and diff -U0 write them). A hunk at the tail
 * has no context after its change: it must still land at the file's end.
 */
describe("git's t4104-apply-boundary.sh: changes at the file's first and last lines", () => {
  const L = 'c d e f g h i j k l m n o p q r s t u v w x'.split(' ');
  const file = (...lines: string[]) => lines.map((l) => `${l}\n`).join('');
  const original = file('b', ...L, 'y');
  const KINDS: [string, string][] = [
    ['add-a', file('a', 'b', ...L, 'y')],
    ['mod-a', file('a', ...L, 'y')],
    ['del-a', file(...L, 'y')],
    ['add-z', file('b', ...L, 'y', 'z')],
    // git's own mod-z repeats mod-a's file; this changes the last line, as its name says.
    ['mod-z', file('b', ...L, 'z')],
    ['del-z', file('b', ...L)],
  ];
  const cases = KINDS.flatMap(([kind, after]) => [[kind, 'with context', after] as const, [kind, 'without context', after] as const]);
  it.each(cases)('%s, %s', (_kind, how, after) => {
    const d = temp();
    write(d, { 'a/victim': original, 'b/victim': after });
    const zero = how === 'without context';
    const diff = spawnSync('diff', [zero ? '-U0' : '-u', 'a/victim', 'b/victim'], { cwd: d, encoding: 'utf8' }).stdout;
    runCase({
      name: '',
      source: '',
      before: { victim: original },
      patch: diff,
      after: { victim: after },
      args: zero ? ['--unidiff-zero'] : [],
      git: true,
    });
  });

  it('refuses a line added to an empty file when the file has a line', () => {
    const patch = D('diff --git a/file b/file', 'index e69de29..72943a1 100644', '--- a/file', '+++ b/file', '@@ -0,0 +1 @@', '+aaa');
    runCase({ name: '', source: '', before: { file: 'bbb\n' }, patch, git: true });
  });
});

/** Trees changed in a git repository, the diff written by git itself, applied to the first tree. */
describe('git diff -M -B -C of renames, copies, swaps and mode changes turns the old tree into the new one', () => {
  // The last field: whether -R undoes it (git apply -R refuses a reversed copy too: its source exists).
  const SCENARIOS: [string, Files, string, string[], boolean][] = [
    [
      'a criss-cross rename with -M -B (git t4130)',
      { file1: many('one'), file2: many('two') },
      'mv file1 t && mv file2 file1 && mv t file2',
      ['-M', '-B'],
      true,
    ],
    [
      'a rename with a content change (git t4102)',
      { 'foo/a': `${many('x')}end\n` },
      'mkdir bar && git mv foo/a bar/a && echo more >> bar/a',
      ['-M'],
      true,
    ],
    ['a rename with a mode change', { run: many('echo') }, 'git mv run run.sh && chmod +x run.sh', ['-M'], true],
    ['a mode change alone (git t4129)', { run: 'echo\n' }, 'chmod +x run', [], true],
    ['a copy with -C --find-copies-harder', { a: many('copy me') }, 'cp a b && echo tail >> b', ['-C', '--find-copies-harder'], false],
    [
      'a deletion and a re-creation of another file under the old name',
      { a: many('a'), b: many('b') },
      'git mv -f a b && echo new > a',
      ['-M'],
      true,
    ],
  ];
  it.each(SCENARIOS)('%s', (_name, files, change, flags, reversible) => {
    const repo = temp();
    write(repo, files);
    const git = (...a: string[]) => execFileSync('git', a, { cwd: repo, encoding: 'utf8' });
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'pre');
    // git leaves a directory a rename emptied; git apply removes it, and so does chord-patch.
    execFileSync('sh', ['-c', `${change} && find . -path ./.git -prune -o -type d -empty -print | xargs -r rmdir`], { cwd: repo });
    git('add', '-A');
    const diff = git('diff', '--cached', ...flags, 'HEAD');
    rmSync(join(repo, '.git'), { recursive: true, force: true });
    const expected = readTree(repo);
    const work = temp();
    write(work, files);
    const patch = join(temp(), 'p.diff');
    writeFileSync(patch, diff);
    const r = runCli(['apply', '-q', '-C', work, patch]);
    expect(r.code, r.stderr).toBe(0);
    expect(readTree(work)).toEqual(expected);
    const back = runCli(['apply', '-R', '-q', '-C', work, patch]);
    expect(back.code, back.stderr).toBe(reversible ? 0 : 1);
    expect(readTree(work)).toEqual(reversible ? treeOf(files) : expected);
  });
});

describe("git apply's defaults and listings", () => {
  const LISTED: Files = { 'f.txt': 'one\ntwo\n', 'g.txt': 'gone\n', run: 'run\n', 'd/old.txt': 'x\n'.repeat(20) };
  const LISTING = D(
    'diff --git a/f.txt b/f.txt',
    '--- a/f.txt',
    '+++ b/f.txt',
    '@@ -1,2 +1,3 @@',
    ' one',
    '-two',
    '+TWO',
    '+three',
    'diff --git a/g.txt b/g.txt',
    'deleted file mode 100644',
    '--- a/g.txt',
    '+++ /dev/null',
    '@@ -1 +0,0 @@',
    '-gone',
    'diff --git a/n.txt b/n.txt',
    'new file mode 100644',
    '--- /dev/null',
    '+++ b/n.txt',
    '@@ -0,0 +1 @@',
    '+new',
    'diff --git a/d/old.txt b/d/renamed.txt',
    'similarity index 100%',
    'rename from d/old.txt',
    'rename to d/renamed.txt',
    'diff --git a/run b/run',
    'old mode 100644',
    'new mode 100755',
  );

  it.each(['--stat', '--numstat', '--summary'])('%s prints what git apply prints and writes nothing', (flag) => {
    const ours = temp();
    const theirs = temp();
    write(ours, LISTED);
    write(theirs, LISTED);
    const patch = join(temp(), 'p.diff');
    writeFileSync(patch, LISTING);
    const r = runCli(['apply', flag, '-C', ours, patch]);
    const g = spawnSync('git', ['apply', flag, patch], { cwd: theirs, encoding: 'utf8' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(g.stdout);
    expect(readTree(ours)).toEqual(treeOf(LISTED));
  });

  it('a diff whose second file does not apply writes nothing, as git apply writes nothing', () => {
    runCase({
      name: '',
      source: 'git apply is all or nothing; issue: the first file was written',
      before: { a: 'one\n', b: 'two\n' },
      patch: D('--- a/a', '+++ b/a', '@@ -1 +1 @@', '-one', '+ONE', '--- a/b', '+++ b/b', '@@ -1 +1 @@', '-three', '+THREE'),
      git: true,
    });
  });
});

/**
 * Several diffs of one file in one patch, as git's t4127-apply-same-fn.sh
 * builds them: each script runs in a scratch repository holding `same_fn`
 * and `other_fn` (lines a..m), appends diffs to $PATCH and leaves the tree the
 * patch must produce; `refused`: git apply refuses it, and so must we.
 */
describe("git's t4127-apply-same-fn.sh: several diffs of one file, renames among them", () => {
  const LINES = `${'abcdefghijklm'.split('').join('\n')}\n`;
  const modify = (sed: string, file: string) => `sed -e "${sed}" ${file} > ${file}.x && mv ${file}.x ${file}`;
  const d2z = modify('s/^d/z/', 'same_fn');
  const renamed = `git mv same_fn new_fn && ${modify('s/^d/z/', 'new_fn')} && git add new_fn && git diff -M --cached > "$PATCH"`;
  const commit = 'git -c user.name=t -c user.email=t@t commit -qm rename';
  const SCRIPTS: [string, string, boolean][] = [
    [
      'apply same filename with independent changes',
      `${d2z} && git diff > "$PATCH" && git add same_fn && ${modify('s/^i/y/', 'same_fn')} && git diff >> "$PATCH"`,
      false,
    ],
    [
      'apply same filename with overlapping changes',
      `${d2z} && git diff > "$PATCH" && git add same_fn && ${modify('s/^e/y/', 'same_fn')} && git diff >> "$PATCH"`,
      false,
    ],
    ['apply same new filename after rename', `${renamed} && ${modify('s/^e/y/', 'new_fn')} && git diff >> "$PATCH"`, false],
    [
      'apply same old filename after rename -- should fail',
      `${renamed} && git mv new_fn same_fn && ${modify('s/^e/y/', 'same_fn')} && git diff >> "$PATCH"`,
      true,
    ],
    [
      'apply A->B (rename), C->A (rename), A->A -- should pass',
      `${renamed} && ${commit} && git mv other_fn same_fn && ${modify('s/^e/y/', 'same_fn')} && git add same_fn && ` +
        `git diff -M --cached >> "$PATCH" && ${modify('s/^g/x/', 'same_fn')} && git diff >> "$PATCH"`,
      false,
    ],
  ];
  it.each(SCRIPTS)('%s', (_name, script, refused) => {
    const files = { same_fn: LINES, other_fn: LINES };
    const repo = temp();
    write(repo, files);
    const patch = join(temp(), 'p.diff');
    const git = (...a: string[]) => execFileSync('git', a, { cwd: repo, encoding: 'utf8' });
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'pre');
    execFileSync('sh', ['-c', script], { cwd: repo, env: { ...process.env, PATCH: patch } });
    rmSync(join(repo, '.git'), { recursive: true, force: true });
    const c: Case = { name: '', source: 'git t4127-apply-same-fn.sh', before: files, patch: readFileSync(patch, 'utf8'), git: true };
    runCase(refused ? c : { ...c, after: Object.fromEntries(Object.entries(readBytes(repo))) });
  });
});
