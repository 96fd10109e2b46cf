// jsdiff's applyPatch tests (apply.js in the test/patch folder of
// kpdecker/jsdiff at 2d923ce), re-created as trees: each case's source text is written to the
// file its diff names, the diff is applied with `chord-patch apply`, and the
// tree left is compared with jsdiff's expected output (or, where jsdiff
// returns false, with the tree untouched: a refusal). Facts and cases, not
// jsdiff's code. Cases about its JS API only (callbacks, compareLine,
// parsePatch objects, autoConvertLineEndings) are left out.
//
// chord-patch differs from jsdiff on purpose in a few places; each such case
// says so and states chord-patch's tree: a hunk without context is applied
// only with --unidiff-zero (git apply's rule), and --fuzz is GNU patch's
// (context lines left out at a hunk's ends), not jsdiff's edit distance.
// A case marked `git` also holds `git apply`, and one marked `gnu` GNU
// `patch -p0`, to the same tree.

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, RUNTIME } from '../support/cli.js';
import { readTree, scratchDirs, scratchTrees } from '../support/tree.js';

const temp = scratchDirs();
const tree = scratchTrees();

type Files = Record<string, string>;

interface Case {
  name: string;
  source: string;
  before: Files;
  patch: string;
  /** The tree left: absent means refused, the tree as it was. */
  after?: Files;
  args?: string[];
  /** git apply (with the same args, --fuzz left out) leaves the same tree. */
  git?: boolean;
  /** GNU patch -p0 (-F as in args, else -F 0) leaves the same tree. */
  gnu?: boolean;
}

/** The value of -F / --fuzz in args, if any. */
function fuzzOf(args: string[]): string | undefined {
  const i = args.findIndex((a) => a === '-F' || a === '--fuzz');
  return i < 0 ? undefined : args[i + 1];
}

function runCase(c: Case): void {
  const args = c.args ?? [];
  const work = tree(c.before);
  const patch = join(temp(), 'p.diff');
  writeFileSync(patch, c.patch);
  const r = runCli(['apply', '-q', ...args, '-C', work, patch]);
  const expected = readTree(tree(c.after ?? c.before));
  const refused = c.after === undefined;
  expect({ tree: readTree(work), refused: r.code !== 0 }, r.stderr).toEqual({ tree: expected, refused });
  // The peers' own runs do not depend on the runtime under test: held once, in the Node CLI's project.
  if (RUNTIME !== 'node') return;
  if (c.git) {
    const theirs = tree(c.before);
    const gitArgs = args.filter((a, i) => a !== '-F' && a !== '--fuzz' && args[i - 1] !== '-F' && args[i - 1] !== '--fuzz');
    const g = spawnSync('git', ['apply', ...gitArgs, patch], { cwd: theirs, encoding: 'utf8' });
    expect({ git: readTree(theirs), refused: g.status !== 0 }, g.stderr).toEqual({ git: expected, refused });
  }
  if (c.gnu) {
    const theirs = tree(c.before);
    const gnuArgs = ['-p0', '-s', '-N', '--no-backup-if-mismatch', '-r', '-', '-F', fuzzOf(args) ?? '0', '-i', patch];
    const g = spawnSync('patch', gnuArgs, { cwd: theirs, encoding: 'utf8' });
    expect({ gnu: readTree(theirs), refused: g.status !== 0 }, g.stdout + g.stderr).toEqual({ gnu: expected, refused });
  }
}

/** LF-terminated lines. */
const D = (...lines: string[]) => `${lines.join('\n')}\n`;
/** CRLF-terminated lines. */
const W = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const SEP = '='.repeat(67);
/** jsdiff's header for the file `test`: an Index line, a separator, ---/+++ with a header after a tab. */
const INDEXED = ['Index: test', SEP, '--- test\theader1', '+++ test\theader2'];
const BARE = ['--- test\theader1', '+++ test\theader2'];
const FOO_BAR = ['--- foo.txt\t2024-07-19 09:58:02.489059795 +0100', '+++ bar.txt\t2024-07-19 09:58:24.768153252 +0100'];
const js = (title: string) => `jsdiff test/patch/apply.js: ${title}`;

describe("jsdiff's applyPatch: where hunks land", () => {
  const LAST = 'should apply patches that change the last line';
  const EOFNL = 'should merge EOFNL';
  const CASES: Case[] = [
    {
      name: 'an insertion before the last line lands before it',
      source: js(LAST),
      before: { test: 'line2\nline3\nline5\n' },
      patch: D(...INDEXED, '@@ -1,3 +1,4 @@', ' line2', ' line3', '+line4', ' line5'),
      after: { test: 'line2\nline3\nline4\nline5\n' },
      git: true,
      gnu: true,
    },
    {
      name: 'an insertion after the last line lands at the end',
      source: js(LAST),
      before: { test: 'line2\nline3\nline4\n' },
      patch: D(...INDEXED, '@@ -1,3 +1,4 @@', ' line2', ' line3', ' line4', '+line5'),
      after: { test: 'line2\nline3\nline4\nline5\n' },
      git: true,
      gnu: true,
    },
    {
      name: 'the last line replaced, the + line before the - line',
      source: js(LAST),
      before: { test: 'line1\nline2\nline3\nline4\n' },
      patch: D(...INDEXED, '@@ -1,4 +1,4 @@', ' line1', ' line2', ' line3', '+line44', '-line4'),
      after: { test: 'line1\nline2\nline3\nline44\n' },
      git: true,
      gnu: true,
    },
    {
      name: 'the last line replaced by two, the + lines before the - line',
      source: js(LAST),
      before: { test: 'line1\nline2\nline3\nline4\n' },
      patch: D(...INDEXED, '@@ -1,4 +1,5 @@', ' line1', ' line2', ' line3', '+line44', '+line5', '-line4'),
      after: { test: 'line1\nline2\nline3\nline44\nline5\n' },
      git: true,
      gnu: true,
    },
    {
      name: 'a new side marked "\\ No newline" drops the final newline',
      source: js(EOFNL),
      before: { test: 'line1\nline2\nline3\nline4\n' },
      patch: D(...INDEXED, '@@ -1,4 +1,4 @@', ' line1', ' line2', ' line3', '+line4', '\\ No newline at end of file', '-line4'),
      after: { test: 'line1\nline2\nline3\nline4' },
      git: true,
      gnu: true,
    },
    {
      name: 'an old side marked "\\ No newline" gets the final newline back',
      source: js(EOFNL),
      before: { test: 'line1\nline2\nline3\nline4' },
      patch: D(...INDEXED, '@@ -1,4 +1,4 @@', ' line1', ' line2', ' line3', '+line4', '-line4', '\\ No newline at end of file'),
      after: { test: 'line1\nline2\nline3\nline4\n' },
      git: true,
      gnu: true,
    },
    {
      name: 'a marked last context line keeps the final newline missing',
      source: js(EOFNL),
      before: { test: 'line11\nline2\nline3\nline4' },
      patch: D(...INDEXED, '@@ -1,4 +1,4 @@', '+line1', '-line11', ' line2', ' line3', ' line4', '\\ No newline at end of file'),
      after: { test: 'line1\nline2\nline3\nline4' },
      git: true,
      gnu: true,
    },
    {
      name: 'a hunk that ends before the end leaves a missing final newline missing',
      source: js(EOFNL),
      before: { test: 'line11\nline2\nline3\nline4\nline4\nline4\nline4' },
      patch: D(...INDEXED, '@@ -1,5 +1,5 @@', '+line1', '-line11', ' line2', ' line3', ' line4', ' line4'),
      after: { test: 'line1\nline2\nline3\nline4\nline4\nline4\nline4' },
      git: true,
      gnu: true,
    },
    {
      name: 'an empty line in a hunk, counted by its header, is an empty context line',
      source: js(EOFNL),
      before: { test: 'line11\nline2\n\nline4' },
      patch: D(...INDEXED, '@@ -1,4 +1,4 @@', '+line1', '-line11', ' line2', '', ' line4', '\\ No newline at end of file'),
      after: { test: 'line1\nline2\n\nline4' },
      git: true,
      gnu: true,
    },
    {
      name: 'a diff without an Index line applies',
      source: js('should apply patches that lack an index header'),
      before: { test: 'line2\nline3\nline5\n' },
      patch: D(...BARE, '@@ -1,3 +1,4 @@', ' line2', ' line3', '+line4', ' line5'),
      after: { test: 'line2\nline3\nline4\nline5\n' },
      git: true,
      gnu: true,
    },
    {
      name: 'a hunk whose context the file does not have is refused',
      source: js('should fail on mismatch'),
      before: { test: 'line2\nline2\nline5\n' },
      patch: D(...BARE, '@@ -1,3 +1,4 @@', ' line2', ' line3', '+line4', ' line5'),
      git: true,
      gnu: true,
    },
    {
      name: 'a hunk stated two lines late lands where its context is',
      source: js('should succeed when hunk needs a negative offset'),
      before: { test: 'line1\nline3\nline4\nline5\n' },
      patch: D(...BARE, '@@ -3,2 +3,3 @@', ' line1', '+line2', ' line3'),
      after: { test: 'line1\nline2\nline3\nline4\nline5\n' },
      git: true,
      gnu: true,
    },
    {
      name: 'an insertion before the first line lands at the start',
      source: js('can handle an insertion before the first line'),
      before: { test: 'line2\nline3\nline4\nline5\n' },
      patch: D(...BARE, '@@ -1,2 +1,3 @@', '+line1', ' line2', ' line3'),
      after: { test: 'line1\nline2\nline3\nline4\nline5\n' },
      git: true,
      gnu: true,
    },
    {
      name: 'an insertion after the last line, with no context after it, lands at the end',
      source: js('can handle an insertion after the first line'),
      before: { test: 'line1\nline2\nline3\nline4\n' },
      patch: D(...BARE, '@@ -3,2 +3,3 @@', ' line3', ' line4', '+line5'),
      after: { test: 'line1\nline2\nline3\nline4\nline5\n' },
      git: true,
      gnu: true,
    },
    {
      name: 'a hunk stated two lines early lands where its context is',
      source: js('should succeed when hunk needs a positive offset'),
      before: { test: 'line1\nline2\nline3\nline5\n' },
      patch: D(...BARE, '@@ -1,2 +1,3 @@', ' line3', '+line4', ' line5'),
      after: { test: 'line1\nline2\nline3\nline4\nline5\n' },
      // git apply insists that a hunk stated at line 1 match at the file's start.
      gnu: true,
    },
    {
      name: 'a hunk whose new start is wrong lands where its old side is',
      source: js('should succeed when 1st hunk specifies invalid newStart'),
      before: { test: 'line1\nline2\nline3\nline5\n' },
      patch: D(...BARE, '@@ -1,2 +2,3 @@', ' line3', '+line4', ' line5'),
      after: { test: 'line1\nline2\nline3\nline4\nline5\n' },
      gnu: true,
    },
    {
      name: "a second hunk whose context starts in the first hunk's trailing context is refused",
      source: js('should succeed when 2nd hunk specifies invalid newStart'),
      before: { test: 'line1\nline2\nline3\nline5\n' },
      patch: D(...BARE, '@@ -1,3 +1,2 @@', ' line1', '-line2', ' line3', '@@ -3,2 +3,3 @@', ' line3', '+line4', ' line5'),
      // jsdiff and GNU patch write line1 line3 line4 line5. chord-patch, like git apply, refuses a hunk whose old side
      // begins inside the previous hunk's (hunks must follow file order; no diff tool writes hunks that overlap).
      git: true,
    },
  ];
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => runCase(c));
});

describe("jsdiff's applyPatch: several hunks", () => {
  const ctx = (n: number) => Array.from({ length: n }, () => 'context');
  const OLD = ['value', ...ctx(9), 'remove value', ...ctx(9), 'remove value', ...ctx(12), 'value', 'context', 'context'].join('\n');
  const NEW = ['new value', 'new value 2', ...ctx(26), 'add value', ...ctx(4), 'new value', 'new value 2', 'context', 'context'].join('\n');
  const HEAD = ['Index: testFileName', SEP, '--- testFileName\tOld Header', '+++ testFileName\tNew Header'];
  const PATCH = D(
    ...HEAD,
    '@@ -1,5 +1,6 @@',
    '+new value',
    '+new value 2',
    '-value',
    ...ctx(4).map((l) => ` ${l}`),
    '@@ -7,9 +8,8 @@',
    ...ctx(4).map((l) => ` ${l}`),
    '-remove value',
    ...ctx(4).map((l) => ` ${l}`),
    '@@ -17,20 +17,21 @@',
    ...ctx(4).map((l) => ` ${l}`),
    '-remove value',
    ...ctx(8).map((l) => ` ${l}`),
    '+add value',
    ...ctx(4).map((l) => ` ${l}`),
    '+new value',
    '+new value 2',
    '-value',
    ' context',
    ' context',
    '\\ No newline at end of file',
  );

  it('three hunks over repeated context land at their stated lines (should apply patches)', () =>
    runCase({
      name: '',
      source: js('should apply patches'),
      before: { testFileName: OLD },
      patch: PATCH,
      after: { testFileName: NEW },
      git: true,
      gnu: true,
    }));

  // jsdiff returns the file unchanged; git apply, GNU patch and chord-patch refuse a diff without a hunk, and nothing is written.
  it('a diff of headers and no hunk is refused and writes nothing (should apply patches)', () =>
    runCase({ name: '', source: js('should apply patches'), before: { testFileName: OLD }, patch: D(...HEAD), git: true, gnu: true }));

  // git apply --allow-empty accepts it (and writes nothing); chord-patch's --allow-empty is for input with no diff at all.
  it('a diff of headers and no hunk is refused with --allow-empty too (should apply patches)', () =>
    runCase({ name: '', source: js('should apply patches'), before: { testFileName: OLD }, patch: D(...HEAD), args: ['--allow-empty'] }));

  // The file of jsdiff's case: eleven lines of introduction, then six copies of one verse.
  const INTRO = [
    'Bla bla bla introductory text',
    'Foo bar baz introductory text',
    'Fworble worble glorble introductory text',
    'Need to be at least 6 lines of introductory text',
    'Jingle jangle jungle introductory text',
    'Horgle worgle borgle introductory text',
    'Wiggly jiggly piggly introductory text',
    'A B C introductory text',
    '1 2 3 introductory text',
    'Baa oink moo introductory text',
    'Probably enough introductory text',
  ];
  const INCY = 'Incy wincy mincy introductory text';
  const verse = (name: string) => [
    '',
    `There was an old man named ${name}`,
    'He had whiskers on his chinnegan',
    'The wind came along and blew them in again',
    'Poor old Michael Finnegan, begin again',
  ];
  const MF = 'Michael Finnegan';
  const verses = (changed: boolean) => [1, 2, 3, 4, 5, 6].flatMap((i) => verse(changed && i === 4 ? 'Bob' : MF));
  const song = (intro: string[], changed: boolean) =>
    D(...intro, ...(changed ? [] : [INCY]), '', 'Three repeated verses:', ...verses(changed));
  const FINNEGAN = D(
    '--- foo.txt\t2024-07-19 12:28:25.056182029 +0100',
    '+++ bar.txt\t2024-07-19 12:28:13.036639136 +0100',
    '@@ -9,7 +9,6 @@',
    ' 1 2 3 introductory text',
    ' Baa oink moo introductory text',
    ' Probably enough introductory text',
    `-${INCY}`,
    ' ',
    ' Three repeated verses:',
    ' ',
    '@@ -28,7 +27,7 @@',
    ' The wind came along and blew them in again',
    ' Poor old Michael Finnegan, begin again',
    ' ',
    '-There was an old man named Michael Finnegan',
    '+There was an old man named Bob',
    ' He had whiskers on his chinnegan',
    ' The wind came along and blew them in again',
    ' Poor old Michael Finnegan, begin again',
  );
  const OFFSETS = 'should adjust where it starts looking to apply the hunk based on offsets of prior hunks';
  const INTROS: [string, string[]][] = [
    ['the file the diff was made from', INTRO],
    ['a file missing its first five lines', INTRO.slice(5)],
    ['a file with five more lines at its start', ['line1', 'line2', 'line3', 'line4', 'line5', ...INTRO]],
  ];
  it.each(INTROS)("a repeated verse is changed at the copy the earlier hunk's offset points to: %s", (_what, intro) =>
    runCase({
      name: '',
      source: js(OFFSETS),
      before: { 'foo.txt': song(intro, false) },
      patch: FINNEGAN,
      after: { 'foo.txt': song(intro, true) },
      gnu: true,
    }),
  );
});

describe("jsdiff's applyPatch: hunks without context (-U0)", () => {
  // Title, file before, hunk (header and lines), file after.
  const ZERO: [string, string, string[], string][] = [
    [
      'should apply single line patches with zero context and zero removed',
      'line2\nline3\nline5\n',
      ['@@ -2,0 +3 @@', '+line4'],
      'line2\nline3\nline4\nline5\n',
    ],
    [
      'should apply multiline patches with zero context and zero removed',
      'line2\nline3\nline7\n',
      ['@@ -2,0 +3,3 @@', '+line4', '+line5', '+line6'],
      'line2\nline3\nline4\nline5\nline6\nline7\n',
    ],
    [
      'should apply single line patches with zero context and zero removed at start of file',
      'line2\nline3\n',
      ['@@ -0,0 +1 @@', '+line1'],
      'line1\nline2\nline3\n',
    ],
    [
      'should apply multi line patches with zero context and zero removed at start of file',
      'line3\nline4\n',
      ['@@ -0,0 +1,2 @@', '+line1', '+line2'],
      'line1\nline2\nline3\nline4\n',
    ],
    [
      'should apply multi line patches with zero context and zero removed at end of file',
      'line1\n',
      ['@@ -1,0 +2 @@', '+line2'],
      'line1\nline2\n',
    ],
    [
      'should apply multi line patches with zero context and zero removed at end of file',
      'line1\n',
      ['@@ -1,0 +2,2 @@', '+line2', '+line3'],
      'line1\nline2\nline3\n',
    ],
    [
      'should apply single line patches with zero context and zero added at beginning of file',
      'line1\nline2\n',
      ['@@ -1 +0,0 @@', '-line1'],
      'line2\n',
    ],
    [
      'should apply multi line patches with zero context and zero added at beginning of file',
      'line1\nline2\nline3\n',
      ['@@ -1,2 +0,0 @@', '-line1', '-line2'],
      'line3\n',
    ],
    [
      'should apply single line patches with zero context and zero added at end of file',
      'line1\nline2\n',
      ['@@ -2 +1,0 @@', '-line2'],
      'line1\n',
    ],
    [
      'should apply multi line patches with zero context and zero added at end of file',
      'line1\nline2\nline3\n',
      ['@@ -2,2 +1,0 @@', '-line2', '-line3'],
      'line1\n',
    ],
  ];
  it.each(ZERO)('with --unidiff-zero, %s: %j', (title, before, hunk, after) =>
    runCase({
      name: '',
      source: js(title),
      before: { test: before },
      patch: D(...BARE, ...hunk),
      after: { test: after },
      args: ['--unidiff-zero'],
      git: true,
      gnu: true,
    }),
  );

  // Without --unidiff-zero only a hunk that removes the file's first lines is placed (it starts the file); the others
  // are refused: only their line numbers say where they go, and @@ -0,0 reads as filling an empty file. (git apply
  // without the flag refuses some, and appends the insertions stated at line 2 at the end of the file.)
  it.each(ZERO)('without --unidiff-zero, %s: %j', (title, before, hunk, after) =>
    runCase({
      name: '',
      source: js(title),
      before: { test: before },
      patch: D(...BARE, ...hunk),
      ...(hunk[0]!.startsWith('@@ -1 ') || hunk[0]!.startsWith('@@ -1,2 ') ? { after: { test: after } } : {}),
    }),
  );
});

describe("jsdiff's applyPatch: creation, deletion, and diffs jsdiff's createPatch writes", () => {
  const CASES: Case[] = [
    {
      name: 'a hunk from -0,0 creates a file that is not there',
      source: js('should create a file'),
      before: {},
      patch: D(...BARE, '@@ -0,0 +1,4 @@', '+line1', '+line2', '+line3', '+line4'),
      after: { test: 'line1\nline2\nline3\nline4\n' },
      gnu: true,
    },
    {
      name: 'a hunk from -0,0 fills an empty file',
      source: js('should create a file'),
      before: { test: '' },
      patch: D(...BARE, '@@ -0,0 +1,4 @@', '+line1', '+line2', '+line3', '+line4'),
      after: { test: 'line1\nline2\nline3\nline4\n' },
      git: true,
      gnu: true,
    },
    {
      name: 'a hunk removing every line, without the epoch or /dev/null, leaves an empty file',
      source: js('should erase a file'),
      before: { test: 'line1\nline2\nline3\nline4\n' },
      patch: D(...BARE, '@@ -1,4 +0,0 @@', '-line1', '-line2', '-line3', '-line4'),
      after: { test: '' },
      git: true,
    },
    {
      name: 'a file without a final newline, an empty line among its lines, is emptied',
      source: js('should correctly apply a patch that truncates an entire file'),
      before: { 'index.js': 'this\n\ntos' },
      patch: D(SEP, '--- index.js', '+++ index.js', '@@ -1,3 +1,0 @@', '-this', '-', '-tos', '\\ No newline at end of file'),
      after: { 'index.js': '' },
      git: true,
    },
    {
      name: 'an added line holding U+2028 (a JS line separator) is one line',
      source: js('should work with unicode newline characters'),
      before: { test: 'AAAAAAAAAAAAAAAA\n\n' },
      patch: D(
        'Index: test',
        SEP,
        '--- test',
        '+++ test',
        '@@ -1,2 +1,4 @@',
        ' AAAAAAAAAAAAAAAA',
        '+BBBBBB\u2028',
        '+CCCCCCCCCCCCCCCCCC',
        ' ',
      ),
      after: { test: 'AAAAAAAAAAAAAAAA\nBBBBBB\u2028\nCCCCCCCCCCCCCCCCCC\n\n' },
      git: true,
      gnu: true,
    },
    {
      name: 'an empty file gets its one line',
      source: js('handle empty text'),
      before: { test: '' },
      patch: D('Index: test', SEP, '--- test', '+++ test', '@@ -0,0 +1,1 @@', '+asdasd'),
      after: { test: 'asdasd\n' },
      git: true,
      gnu: true,
    },
    {
      name: 'a one-line file without a final newline is replaced by a line with one',
      source: js('handle two common text'),
      before: { test: 's' },
      patch: D('Index: test', SEP, '--- test', '+++ test', '@@ -1,1 +1,1 @@', '-s', '\\ No newline at end of file', '+sdfsdf'),
      after: { test: 'sdfsdf\n' },
      git: true,
      gnu: true,
    },
    {
      name: 'a last line replaced by one without a final newline',
      source: js('should accept structured patches'),
      before: { 'test.txt': 'line1\nline2\n' },
      patch: D(
        'Index: test.txt',
        SEP,
        '--- test.txt',
        '+++ test.txt',
        '@@ -1,2 +1,2 @@',
        ' line1',
        '-line2',
        '+line02',
        '\\ No newline at end of file',
      ),
      after: { 'test.txt': 'line1\nline02' },
      git: true,
      gnu: true,
    },
  ];
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => runCase(c));
});

describe("jsdiff's applyPatch: the final newline", () => {
  const BLA = ['Index: bla', SEP, '--- bla\tOld Header', '+++ bla\tNew Header'];
  const REMOVE = D(...BLA, '@@ -4,1 +4,1 @@', '-qux', '+qux', '\\ No newline at end of file');
  const ADD = D(...BLA, '@@ -4,1 +4,1 @@', '-qux', '\\ No newline at end of file', '+qux');
  const BANANA = D(
    'Index: file.txt',
    SEP,
    '--- file.txt',
    '+++ file.txt',
    '@@ -1,4 +1,4 @@',
    ' foo',
    ' bar',
    ' baz',
    '-banana',
    '\\ No newline at end of file',
    '+babaco',
    '\\ No newline at end of file',
  );
  const LAST = 'when the last line is changed but both old & new version have no trailing newline...';
  const CASES: Case[] = [
    {
      // jsdiff, git apply and GNU patch refuse: the old side says qux ends in a newline. chord-patch checks only a
      // marker's claim, not its absence, and writes the new side, which is the file as it is: nothing changes.
      name: 'a diff removing a final newline the file does not have leaves the file as it is',
      source: js('fails if asked to remove a non-existent trailing newline with fuzzFactor 0'),
      before: { bla: 'foo\nbar\nbaz\nqux' },
      patch: REMOVE,
      after: { bla: 'foo\nbar\nbaz\nqux' },
      args: ['--unidiff-zero'],
    },
    {
      // git apply --unidiff-zero applies it (the file unchanged); jsdiff and chord-patch refuse the false marker.
      name: 'a diff adding a final newline the file already has is refused',
      source: js('fails if asked to add an EOF newline, with fuzzFactor 0, when one already exists'),
      before: { bla: 'foo\nbar\nbaz\nqux\n' },
      patch: ADD,
      args: ['--unidiff-zero'],
    },
    {
      name: 'a last line changed, both sides without a final newline',
      source: js(`${LAST} correctly applies the patch to the original source file`),
      before: { 'file.txt': 'foo\nbar\nbaz\nbanana' },
      patch: BANANA,
      after: { 'file.txt': 'foo\nbar\nbaz\nbabaco' },
      git: true,
      gnu: true,
    },
    {
      name: 'a last line marked without a final newline, on a file that has one, is refused',
      source: js(`${LAST} fails if fuzzFactor=0 and the source file has an unexpected trailing newline`),
      before: { 'file.txt': 'foo\nbar\nbaz\nbanana\n' },
      patch: BANANA,
      git: true,
    },
  ];
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => runCase(c));

  // jsdiff writes foo bar baz babaco qux. The marker says banana ends the file, and here it does not: chord-patch,
  // git apply and GNU patch refuse the hunk as not matching.
  it('a line marked as the last, on a file where more lines follow it, is refused', () =>
    runCase({
      name: '',
      source: js(`${LAST} ignores extra lines, even with fuzzFactor = 0, as long as there's no newline at EOF`),
      before: { 'file.txt': 'foo\nbar\nbaz\nbanana\nqux' },
      patch: BANANA,
      git: true,
      gnu: true,
    }));
});

describe("jsdiff's applyPatch: line endings", () => {
  const HEAD = ['Index: testFileName', SEP, '--- testFileName\tOld Header', '+++ testFileName\tNew Header'];
  const HUNK = ['@@ -2,2 +2,3 @@', '-bar', '-baz', '+new', '+two', '+three'];
  const MIXED =
    'should leave line endings in the patch alone if the target file has mixed file endings, even if this means the patch does not apply';
  const CASES: Case[] = [
    {
      name: 'an LF diff patches a CRLF file with CRLF lines',
      source: js('should automatically convert a patch with Unix file endings to Windows when patching a Windows file'),
      before: { testFileName: 'foo\r\nbar\r\nbaz\r\nqux\r\n' },
      patch: D(...HEAD, ...HUNK),
      after: { testFileName: 'foo\r\nnew\r\ntwo\r\nthree\r\nqux\r\n' },
      args: ['--unidiff-zero'],
    },
    {
      name: 'a CRLF diff patches an LF file with LF lines',
      source: js('should automatically convert a patch with Windows file endings to Unix when patching a Unix file'),
      before: { testFileName: 'foo\nbar\nbaz\nqux\n' },
      patch: W(...HEAD, ...HUNK),
      after: { testFileName: 'foo\nnew\ntwo\nthree\nqux\n' },
      args: ['--unidiff-zero'],
    },
    {
      name: 'a CRLF diff on a mixed file whose CR lines are the ones removed',
      source: js(MIXED),
      before: { testFileName: 'foo\nbar\r\nbaz\r\nqux\n' },
      patch: W(...HEAD, ...HUNK),
      after: { testFileName: 'foo\nnew\r\ntwo\r\nthree\r\nqux\n' },
      args: ['--unidiff-zero'],
      git: true,
    },
    {
      name: 'a CRLF diff on a mixed file whose removed lines have no CR',
      source: js(MIXED),
      before: { testFileName: 'foo\r\nbar\nbaz\nqux\n' },
      patch: W(...HEAD, ...HUNK),
      args: ['--unidiff-zero'],
      git: true,
    },
    {
      // chord-patch once wrote line1\r\nline3 here, the CR lost, with exit 0: in a CRLF file a hunk line's CR was always
      // read as its ending, even on the line the marker says has none.
      name: 'an LF diff whose added last line ends in a CR, without a final newline, on a CRLF file keeps the CR',
      source: js(
        'should correctly apply a Unix patch whose final added line ends with a literal \\r (no newline at EOF) to a Windows file',
      ),
      before: { test: 'line1\r\nline2\r\n' },
      patch: D('Index: test', SEP, '--- test', '+++ test', '@@ -2,1 +2,1 @@', '-line2', '+line3\r', '\\ No newline at end of file'),
      after: { test: 'line1\r\nline3\r' },
      args: ['--unidiff-zero'],
    },
    {
      name: 'the same with a context line',
      source: js(
        'should correctly apply a Unix patch whose final added line ends with a literal \\r (no newline at EOF) to a Windows file',
      ),
      before: { test: 'line1\r\nline2\r\n' },
      patch: D('--- test', '+++ test', '@@ -1,2 +1,2 @@', ' line1', '-line2', '+line3\r', '\\ No newline at end of file'),
      after: { test: 'line1\r\nline3\r' },
    },
    {
      name: 'an LF diff whose added last line ends in a CR, without a final newline, on an LF file keeps the CR',
      source: js('should not strip a literal carriage return from a no-newline-at-EOF line when patching a Unix file'),
      before: { test: 'line1\nline2\n' },
      patch: D('Index: test', SEP, '--- test', '+++ test', '@@ -2,0 +3,1 @@', '+line3\r', '\\ No newline at end of file'),
      after: { test: 'line1\nline2\nline3\r' },
      args: ['--unidiff-zero'],
      git: true,
      gnu: true,
    },
  ];
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => runCase(c));
});

describe("jsdiff's applyPatch: fuzz (chord-patch's -F is GNU patch's)", () => {
  const FOO = ['Index: foo.txt', SEP, '--- foo.txt', '+++ foo.txt', '@@ -1,4 +1,3 @@', ' foo', '-bar', ' baz', ' qux'];
  /** The file of lines: a number n is the line `line<n>`, a string is itself. */
  const L = (...names: (string | number)[]) => D(...names.map((n) => (typeof n === 'number' ? `line${n}` : n)));
  const HUNK = D(...FOO_BAR, '@@ -2,8 +2,8 @@', ' line2', ' line3', ' line4', '+line5', ' line6', ' line7', ' line8', '-line9', ' line10');
  const NEXT = "should fail if either line immediately next to an insertion doesn't match, regardless of fuzz factor";
  const GREATER = 'should fail if number of lines of context mismatch is greater than fuzz factor';
  const CASES: Case[] = [
    {
      name: 'a removed line that the file has applies, -F 99',
      source: js("should fail if a line to delete doesn't match, even with fuzz factor"),
      before: { 'foo.txt': 'foo\nbar\nbaz\nqux\n' },
      patch: D(...FOO),
      after: { 'foo.txt': 'foo\nbaz\nqux\n' },
      args: ['-F', '99'],
      gnu: true,
    },
    {
      name: 'a removed line that the file does not have is refused, -F 99',
      source: js("should fail if a line to delete doesn't match, even with fuzz factor"),
      before: { 'foo.txt': 'foo\nSOMETHING ENTIRELY DIFFERENT\nbaz\nqux\n' },
      patch: D(...FOO),
      args: ['-F', '99'],
      gnu: true,
    },
    {
      // jsdiff refuses: a line next to an insertion must match, whatever the fuzz. With -F, chord-patch and GNU patch
      // leave out the two context lines after the insertion (lineX, lineE) and insert after lineC, where the hunk says.
      name: 'the context line after an insertion differs: -F 10 leaves out the trailing context, as GNU patch does',
      source: js(NEXT),
      before: { test: 'lineA\nlineB\nlineC\nlineD\nlineE\n' },
      patch: D(...BARE, '@@ -1,5 +1,6 @@', ' lineA', ' lineB', ' lineC', '+lineNEW', ' lineX', ' lineE'),
      after: { test: 'lineA\nlineB\nlineC\nlineNEW\nlineD\nlineE\n' },
      args: ['-F', '10'],
      gnu: true,
    },
    {
      // chord-patch once left out every context line and appended lineNEW after lineE, with exit 0: an insertion with
      // no line of the file left to stand by is not placed. GNU patch inserts after lineC, on the stated line alone.
      name: 'the context line before an insertion differs: refused, -F 10 (jsdiff refuses)',
      source: js(NEXT),
      before: { test: 'lineA\nlineB\nlineC\nlineD\nlineE\n' },
      patch: D(...BARE, '@@ -1,5 +1,6 @@', ' lineA', ' lineB', ' lineX', '+lineNEW', ' lineD', ' lineE'),
      args: ['-F', '10'],
    },
    {
      name: 'an insertion whose two context lines are left out by -F 1 is refused, not appended at the end',
      source: 'chord-patch appended NEW at the end of the file with exit 0, the context b matching or not',
      before: { f: 'a\nb\nc\nd\ne\n' },
      patch: D('--- f', '+++ f', '@@ -2,2 +2,3 @@', ' b', '+NEW', ' X'),
      args: ['-F', '1'],
    },
    {
      name: 'the same on a file holding none of the hunk',
      source: 'chord-patch appended NEW at the end of the file with exit 0',
      before: { f: 'p\nq\nr\ns\n' },
      patch: D('--- f', '+++ f', '@@ -1,2 +1,3 @@', ' a', '+NEW', ' c'),
      args: ['-F', '1'],
    },

    // jsdiff's fuzz forgives lines inserted into, missing from or changed in a hunk's context, wherever they are;
    // GNU patch's and chord-patch's -F only leaves out context lines at a hunk's ends. Where the difference is inside
    // the context, chord-patch refuses: the cases jsdiff applies are refused here, and so are those it refuses.
    {
      name: 'extra lines inside the context: refused, -F 2 (jsdiff applies)',
      source: js('should, given a fuzz factor, allow mismatches caused by presence of extra lines'),
      before: { 'foo.txt': L(1, 2, 'line2.5', 3, 4, 6, 7, 8, 'line8.5', 9, 10) },
      patch: HUNK,
      args: ['-F', '2'],
      gnu: true,
    },
    {
      name: 'lines missing from the context: refused, -F 2 (jsdiff applies)',
      source: js('should, given a fuzz factor, allow mismatches due to missing lines'),
      before: { 'foo.txt': L(1, 2, 4, 6, 7, 9, 10) },
      patch: HUNK,
      args: ['-F', '2'],
      gnu: true,
    },
    {
      name: 'changed lines inside the context: refused, -F 2 (jsdiff applies)',
      source: js('should, given a fuzz factor, allow mismatches caused by lines being changed'),
      before: { 'foo.txt': L(1, 2, 'lineTHREE', 4, 6, 7, 'lineEIGHT', 9, 10) },
      patch: HUNK,
      args: ['-F', '2'],
      gnu: true,
    },
    {
      name: 'a mixture inside the context: refused, -F 3 (jsdiff applies)',
      source: js('should, given a fuzz factor, allow mismatches caused by a mixture of ins/sub/del'),
      before: { 'foo.txt': L(1, 2, 'line2.5', 'lineTHREE', 4, 6, 7, 9, 10) },
      patch: HUNK,
      args: ['-F', '3'],
      gnu: true,
    },
    {
      name: 'three extra lines inside the context: refused, -F 2',
      source: js(GREATER),
      before: { 'foo.txt': L(1, 2, 'line2.5', 3, 4, 6, 'line6.5', 7, 8, 'line8.5', 9, 10) },
      patch: HUNK,
      args: ['-F', '2'],
      gnu: true,
    },
    {
      name: 'two lines missing from the context: refused, -F 1',
      source: js(GREATER),
      before: { 'foo.txt': L(1, 2, 4, 6, 7, 9, 10) },
      patch: HUNK,
      args: ['-F', '1'],
      gnu: true,
    },
    {
      name: 'three changed context lines: refused, -F 2',
      source: js(GREATER),
      before: { 'foo.txt': L(1, 'lineTWO', 'lineTHREE', 4, 6, 7, 'lineEIGHT', 9, 10) },
      patch: HUNK,
      args: ['-F', '2'],
      gnu: true,
    },
    {
      name: 'three changes of mixed kinds: refused, -F 2',
      source: js(GREATER),
      before: { 'foo.txt': L(1, 2, 'line2.5', 'lineTHREE', 4, 6, 7, 9, 10) },
      patch: HUNK,
      args: ['-F', '2'],
      gnu: true,
    },
    {
      name: 'a negative fuzz is refused as bad usage',
      source: js('rejects negative or non-integer fuzz factors'),
      before: { test: 'line2\nline3\nline5\n' },
      patch: D(...INDEXED, '@@ -1,3 +1,4 @@', ' line2', ' line3', '+line4', ' line5'),
      args: ['-F', '-1'],
    },
    {
      name: 'a fractional fuzz is refused as bad usage',
      source: js('rejects negative or non-integer fuzz factors'),
      before: { test: 'line2\nline3\nline5\n' },
      patch: D(...INDEXED, '@@ -1,3 +1,4 @@', ' line2', ' line3', '+line4', ' line5'),
      args: ['-F', '1.5'],
    },
  ];
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => runCase(c));

  // jsdiff with fuzzFactor > 0 ignores a wrong "\ No newline" claim; chord-patch's -F leaves out context lines only,
  // and a false marker on the old side is refused with or without it (nothing is written; jsdiff's trees follow).
  const BLA = ['Index: bla', SEP, '--- bla\tOld Header', '+++ bla\tNew Header'];
  const BANANA = D(
    'Index: file.txt',
    SEP,
    '--- file.txt',
    '+++ file.txt',
    '@@ -1,4 +1,4 @@',
    ' foo',
    ' bar',
    ' baz',
    '-banana',
    '\\ No newline at end of file',
    '+babaco',
    '\\ No newline at end of file',
  );
  const LAST = 'when the last line is changed but both old & new version have no trailing newline...';
  const EOF: Case[] = [
    {
      name: 'removing a final newline the file lacks, -F 1',
      source: js('ignores being asked to remove a non-existent trailing newline if fuzzFactor >0'),
      before: { bla: 'foo\nbar\nbaz\nqux' },
      patch: D(...BLA, '@@ -4,1 +4,1 @@', '-qux', '+qux', '\\ No newline at end of file'),
      after: { bla: 'foo\nbar\nbaz\nqux' },
      args: ['--unidiff-zero', '-F', '1'],
    },
    {
      name: 'adding a final newline the file has, -F 1',
      source: js('ignores being asked to add an EOF newline when one already exists if fuzzFactor>0'),
      before: { bla: 'foo\nbar\nbaz\nqux\n' },
      patch: D(...BLA, '@@ -4,1 +4,1 @@', '-qux', '\\ No newline at end of file', '+qux'),
      // jsdiff: the file unchanged (foo bar baz qux, with its newline).
      args: ['--unidiff-zero', '-F', '1'],
    },
    {
      name: 'a last line marked without a final newline, on a file that has one, -F 1',
      source: js(`${LAST} ignores an unexpected trailing newline if fuzzFactor > 0`),
      before: { 'file.txt': 'foo\nbar\nbaz\nbanana\n' },
      patch: BANANA,
      // jsdiff: foo bar baz babaco, with a final newline.
      args: ['-F', '1'],
    },
  ];
  it.each(EOF.map((c) => [c.name, c] as const))('%s', (_name, c) => runCase(c));
});

describe("jsdiff's applyPatches: several files in one diff", () => {
  const TWO = { test: 'line2\nline3\nline5\n', test2: 'foo2\nfoo3\nfoo5\n' };
  const BOTH = { test: 'line2\nline3\nline4\nline5\n', test2: 'foo2\nfoo3\nfoo4\nfoo5\n' };
  const CASES: Case[] = [
    {
      name: 'two files separated by ==== lines, without Index lines, are both patched',
      source: js('should handle patches without Index'),
      before: TWO,
      patch: D(
        SEP,
        '--- test\theader1',
        '+++ test\theader2',
        '@@ -1,3 +1,4 @@',
        ' line2',
        ' line3',
        '+line4',
        ' line5',
        SEP,
        '--- test2\theader1',
        '+++ test2\theader2',
        '@@ -1,3 +1,4 @@',
        ' foo2',
        ' foo3',
        '+foo4',
        ' foo5',
      ),
      after: BOTH,
      git: true,
      gnu: true,
    },
    {
      // jsdiff reads the second file's name off its Index line (test2). chord-patch, like git apply, goes by the
      // ---/+++ names (test), where the foo lines are not: refused, nothing written (GNU patch's default fuzz applies it).
      name: 'an Index line naming test2 over ---/+++ lines naming test is refused',
      source: js('should handle multiple files'),
      before: TWO,
      patch: D(
        ...INDEXED,
        '@@ -1,3 +1,4 @@',
        ' line2',
        ' line3',
        '+line4',
        ' line5',
        'Index: test2',
        SEP,
        '--- test\theader1',
        '+++ test\theader2',
        '@@ -1,3 +1,4 @@',
        ' foo2',
        ' foo3',
        '+foo4',
        ' foo5',
      ),
    },
    {
      name: 'names with spaces, a tab before their headers, are the files patched',
      source: js('should handle file names containing spaces'),
      before: { 'test file': 'line1\nline3\n', 'test file 2': 'foo1\nfoo3\n' },
      patch: D(
        SEP,
        '--- test file\theader1',
        '+++ test file\theader2',
        '@@ -1,2 +1,3 @@',
        ' line1',
        '+line2',
        ' line3',
        SEP,
        '--- test file 2\theader1',
        '+++ test file 2\theader2',
        '@@ -1,2 +1,3 @@',
        ' foo1',
        '+foo2',
        ' foo3',
      ),
      after: { 'test file': 'line1\nline2\nline3\n', 'test file 2': 'foo1\nfoo2\nfoo3\n' },
      git: true,
      gnu: true,
    },
  ];
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => runCase(c));
});

/**
 * Hunk order, as jsdiff's applyPatch places hunks (jsdiff's own source: each hunk is searched for only after the
 * lines the previous one consumed, its trailing context excepted). No it() of apply.js states these; the cases are
 * re-created from that rule.
 */
describe("jsdiff's applyPatch: hunks out of order or overlapping", () => {
  const TEN = 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n';
  const CASES: Case[] = [
    {
      // jsdiff and GNU patch ("misordered hunks") refuse. chord-patch, like git apply, applies a hunk found only before
      // the previous one when that place is the only one and touches no hunk placed: each hunk changes its one line.
      name: 'a second hunk that edits earlier lines lands at its one place',
      source: 'jsdiff src/patch/apply.ts (hunks placed in order)',
      before: { test: TEN },
      patch: D(...BARE, '@@ -6,3 +6,3 @@', ' f', '-g', '+G', ' h', '@@ -1,3 +1,3 @@', ' a', '-b', '+B', ' c'),
      after: { test: 'a\nB\nc\nd\ne\nf\nG\nh\ni\nj\n' },
      git: true,
    },
    {
      name: 'two hunks that change the same line are refused',
      source: 'jsdiff src/patch/apply.ts (hunks placed in order)',
      before: { test: TEN },
      patch: D(...BARE, '@@ -2,3 +2,3 @@', ' b', '-c', '+C', ' d', '@@ -2,3 +2,3 @@', ' b', '-c', '+X', ' d'),
      git: true,
    },
  ];
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => runCase(c));
});
