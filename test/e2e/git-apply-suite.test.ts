// git's own apply tests (t/t41xx-apply-*.sh at v2.39.5) not ported in
// git-apply-parity.test.ts, re-created here as cases (facts and cases, not
// git's code): where a diff's content lands, and what git apply refuses. Each
// case states the tree it must leave: the post-image, or the pre-image
// untouched (a refusal). A case marked `git` also holds git apply (with the
// same arguments, or `gitArgs`, git's spelling of them) to it, so the
// expectation is git's, not ours; `git: false` says in `source` why not.
// Not ported: what needs git's index (--index, --cached), the rule matrix of
// t4124 (--whitespace=fix and core.whitespace), and t4141 (a 1 GiB patch).

import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, RUNTIME } from '../support/cli.js';
import { scratchDirs } from '../support/tree.js';

const temp = scratchDirs();

/** Path -> content; a name ending in " (executable)" is a file with x bits, a content starting "-> " a symlink. */
type Files = Record<string, string>;

type Outcome = 'applied' | 'refused' | 'partial';

interface Case {
  name: string;
  source: string;
  before: Files;
  /** One diff, or several diff files named in this order on one command line. */
  patch: string | string[];
  /** The tree left: absent means refused, the tree as it was. */
  after?: Files;
  /** `after` is written, and the exit status says not all of it applied (--reject). */
  partial?: true;
  args?: string[];
  /** git apply's spelling of `args`, where it differs. */
  gitArgs?: string[];
  /** chord-patch runs with -C on this subdirectory of the tree (git: --directory, in gitArgs, or gitCwd). */
  dir?: string;
  /** git apply runs in this subdirectory of the tree. */
  gitCwd?: string;
  /** The tree is a git repository (git init, nothing added), as in git's test, for both tools. */
  repo?: true;
  /** The patch comes on stdin, not in a file. */
  stdin?: true;
  /** git apply (with the same args) leaves the same tree. */
  git: boolean;
}

const EXEC = ' (executable)';

/** The tree below `root`, `.git` left out: files by content, symlinks as "-> target", executables marked. */
function readTree(root: string): Files {
  const out: Files = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      // A repository's own files are git's business; a directory that merely has the name is part of the tree.
      if (name === '.git' && existsSync(join(p, 'HEAD'))) continue;
      const rel = relative(root, p);
      const s = lstatSync(p);
      if (s.isSymbolicLink()) out[rel] = `-> ${readlinkSync(p)}`;
      else if (s.isDirectory()) walk(p);
      else out[s.mode & 0o111 ? `${rel}${EXEC}` : rel] = readFileSync(p, 'latin1');
    }
  };
  walk(root);
  return out;
}

/** A scratch directory holding `files`. */
function at(files: Files): string {
  const d = temp();
  write(d, files);
  return d;
}

function write(dir: string, files: Files): void {
  for (const [name, c] of Object.entries(files)) {
    const p = join(dir, name.endsWith(EXEC) ? name.slice(0, -EXEC.length) : name);
    mkdirSync(join(p, '..'), { recursive: true });
    if (c.startsWith('-> ')) symlinkSync(c.slice(3), p);
    else writeFileSync(p, c, 'latin1');
    if (name.endsWith(EXEC)) chmodSync(p, 0o755);
  }
}

function treeOf(files: Files): Files {
  const d = temp();
  write(d, files);
  return readTree(d);
}

/** What an exit status says: 0 applied, 1 refused, 2 part applied; anything else (70: a crash) is named as it is. */
function outcomeOf(code: number): string {
  // 64: input that is no patch at all, refused before anything was read (docs/exit-codes.md).
  return code === 0 ? 'applied' : code === 1 || code === 64 ? 'refused' : code === 2 ? 'partial' : `exit ${code}`;
}

function patchFiles(patch: string | string[]): string[] {
  const dir = temp();
  return (Array.isArray(patch) ? patch : [patch]).map((p, i) => {
    const f = join(dir, `${i + 1}.diff`);
    writeFileSync(f, p, 'latin1');
    return f;
  });
}

function runCase(c: Case): void {
  const work = temp();
  write(work, c.before);
  if (c.repo) execFileSync('git', ['init', '-q'], { cwd: work });
  const patches = patchFiles(c.patch);
  const input = c.stdin ? readFileSync(patches[0]!) : undefined;
  const files = c.stdin ? [] : patches;
  const r = runCli(['apply', '-q', ...(c.args ?? []), '-C', c.dir ? join(work, c.dir) : work, ...files], input ? { input } : {});
  const expected = treeOf(c.after ?? c.before);
  const outcome: Outcome = c.after === undefined ? 'refused' : c.partial ? 'partial' : 'applied';
  expect({ tree: readTree(work), outcome: outcomeOf(r.code) }, r.stderr).toEqual({ tree: expected, outcome });
  // git's own run does not depend on the runtime under test: held once, in the Node CLI's project.
  if (!c.git || RUNTIME !== 'node') return;
  const theirs = temp();
  write(theirs, c.before);
  if (c.repo) execFileSync('git', ['init', '-q'], { cwd: theirs });
  const g = spawnSync('git', ['apply', ...(c.gitArgs ?? c.args ?? []), ...files], {
    cwd: join(theirs, c.gitCwd ?? ''),
    encoding: 'utf8',
    ...(input ? { input } : {}),
  });
  const gitOutcome = g.status === 0 ? 'applied' : c.partial ? 'partial' : 'refused';
  expect({ tree: readTree(theirs), outcome: gitOutcome }, g.stderr).toEqual({ tree: expected, outcome });
}

const D = (...lines: string[]) => `${lines.join('\n')}\n`;
const L = (...lines: (string | number)[]) => lines.map((l) => `${l}\n`).join('');
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const itCases = (cases: Case[]) => it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => runCase(c));

describe("git's t4102-apply-rename.sh: a rename or a copy with a change", () => {
  const patch = (how: 'rename' | 'copy') =>
    D(
      'diff --git a/foo b/bar',
      'similarity index 47%',
      `${how} from foo`,
      `${how} to bar`,
      '--- a/foo',
      '+++ b/bar',
      '@@ -1 +1 @@',
      '-This is foo',
      '+This is bar',
    );
  itCases([
    {
      name: 'a rename of an executable file moves it, changes it and keeps it executable',
      source: 'git t4102-apply-rename.sh (apply, validate)',
      before: { 'foo (executable)': 'This is foo\n' },
      patch: patch('rename'),
      after: { 'bar (executable)': 'This is bar\n' },
      git: true,
    },
    {
      name: 'the rename with --stat --summary --apply prints its listing and applies as well',
      source: 'git t4102-apply-rename.sh (apply: --stat --summary --apply)',
      before: { 'foo (executable)': 'This is foo\n' },
      patch: patch('rename'),
      after: { 'bar (executable)': 'This is bar\n' },
      args: ['--stat', '--summary', '--apply'],
      git: true,
    },
    {
      name: 'the rename reversed brings the old name and content back',
      source: 'git t4102-apply-rename.sh (apply reverse)',
      before: { 'bar (executable)': 'This is bar\n' },
      patch: patch('rename'),
      after: { 'foo (executable)': 'This is foo\n' },
      args: ['-R'],
      git: true,
    },
    {
      name: 'a copy with a change leaves the source and writes the changed copy with its mode',
      source: 'git t4102-apply-rename.sh (apply copy)',
      before: { 'foo (executable)': 'This is foo\n' },
      patch: patch('copy'),
      after: { 'foo (executable)': 'This is foo\n', 'bar (executable)': 'This is bar\n' },
      git: true,
    },
  ]);
});

describe("git's t4105-apply-fuzz.sh: a hunk stated at the wrong line, its first context line changed", () => {
  const before = { file: L(...range(1, 12)) };
  const after = { file: L(1, 2, 3, 4, 5, 6, 7, 'a', 'b', 'c', 'd', 'e', 8, 9, 10, 11, 12) };
  const diff = (at: number, first: string) =>
    D(
      'diff --git a/file b/file',
      '--- a/file',
      '+++ b/file',
      `@@ -${at},6 +${at},11 @@`,
      ` ${first}`,
      ' 6',
      ' 7',
      '+a',
      '+b',
      '+c',
      '+d',
      '+e',
      ' 8',
      ' 9',
      ' 10',
    );
  const OFFSETS: [string, number][] = [
    ['no offset', 5],
    ['minus offset', 2],
    ['plus offset', 7],
    ['big offset', 19],
  ];
  itCases([
    ...OFFSETS.map(
      ([how, at]): Case => ({
        name: `the hunk lands where its context is (${how}: stated at line ${at})`,
        source: `git t4105-apply-fuzz.sh (${how === 'no offset' ? 'unmodified patch' : how})`,
        before,
        patch: diff(at, '5'),
        after,
        git: true,
      }),
    ),
    ...OFFSETS.map(
      ([how, at]): Case => ({
        name: `a changed first context line is let through by fuzz (${how}: stated at line ${at})`,
        source: `git t4105-apply-fuzz.sh (fuzz with ${how}; git apply -C2, chord-patch -F 1: one context line may differ)`,
        before,
        patch: diff(at, 'S'),
        after,
        args: ['-F', '1'],
        gitArgs: ['-C2'],
        git: true,
      }),
    ),
    {
      name: 'a hunk whose context is in two places, stated at neither, is refused',
      source:
        'git t4105-apply-fuzz.sh (big offset), the file twice over: git applies it at the place nearer the stated line (17); ' +
        'chord-patch refuses, as two places fit and the line number points at neither',
      before: { file: L(...range(1, 12), ...range(1, 12)) },
      patch: diff(19, '5'),
      git: false,
    },
    {
      name: 'a changed first context line is refused without fuzz',
      source: 'git t4105-apply-fuzz.sh (F0.diff applied without -C)',
      before,
      patch: diff(5, 'S'),
      git: true,
    },
  ]);
});

/** git's t/t4109 and t/t4110 data files. */
const T4109 = {
  patch1: D(
    'diff --git a/main.c b/main.c',
    'new file mode 100644',
    '--- /dev/null',
    '+++ b/main.c',
    '@@ -0,0 +1,23 @@',
    '+#include <stdio.h>',
    '+',
    '+int func(int num);',
    '+void print_int(int num);',
    '+',
    '+int main() {',
    '+\tint i;',
    '+',
    '+\tfor (i = 0; i < 10; i++) {',
    '+\t\tprint_int(func(i));',
    '+\t}',
    '+',
    '+\treturn 0;',
    '+}',
    '+',
    '+int func(int num) {',
    '+\treturn num * num;',
    '+}',
    '+',
    '+void print_int(int num) {',
    '+\tprintf("%d", num);',
    '+}',
    '+',
  ),
  patch2: D(
    'diff --git a/main.c b/main.c',
    '--- a/main.c',
    '+++ b/main.c',
    '@@ -1,7 +1,9 @@',
    '+#include <stdlib.h>',
    ' #include <stdio.h>',
    ' ',
    ' int func(int num);',
    ' void print_int(int num);',
    '+void print_ln();',
    ' ',
    ' int main() {',
    ' \tint i;',
    '@@ -10,6 +12,8 @@',
    ' \t\tprint_int(func(i));',
    ' \t}',
    ' ',
    '+\tprint_ln();',
    '+',
    ' \treturn 0;',
    ' }',
    ' ',
    '@@ -21,3 +25,7 @@',
    ' \tprintf("%d", num);',
    ' }',
    ' ',
    '+void print_ln() {',
    '+\tprintf("\\n");',
    '+}',
    '+',
  ),
  // The data file opens with a line left from the here-document that wrote it: text before the diff.
  patch3: D(
    'cat > patch3.patch <<\\EOF',
    'diff --git a/main.c b/main.c',
    '--- a/main.c',
    '+++ b/main.c',
    '@@ -1,9 +1,7 @@',
    '-#include <stdlib.h>',
    ' #include <stdio.h>',
    ' ',
    ' int func(int num);',
    ' void print_int(int num);',
    '-void print_ln();',
    ' ',
    ' int main() {',
    ' \tint i;',
    '@@ -12,8 +10,6 @@',
    ' \t\tprint_int(func(i));',
    ' \t}',
    ' ',
    '-\tprint_ln();',
    '-',
    ' \treturn 0;',
    ' }',
    ' ',
    '@@ -25,7 +21,3 @@',
    ' \tprintf("%d", num);',
    ' }',
    ' ',
    '-void print_ln() {',
    '-\tprintf("\\n");',
    '-}',
    '-',
  ),
  patch4: D(
    'diff --git a/main.c b/main.c',
    '--- a/main.c',
    '+++ b/main.c',
    '@@ -1,13 +1,14 @@',
    ' #include <stdio.h>',
    ' ',
    ' int func(int num);',
    '-void print_int(int num);',
    '+int func2(int num);',
    ' ',
    ' int main() {',
    ' \tint i;',
    ' ',
    ' \tfor (i = 0; i < 10; i++) {',
    '-\t\tprint_int(func(i));',
    '+\t\tprintf("%d", func(i));',
    '+\t\tprintf("%d", func3(i));',
    ' \t}',
    ' ',
    ' \treturn 0;',
    '@@ -17,7 +18,7 @@',
    ' \treturn num * num;',
    ' }',
    ' ',
    '-void print_int(int num) {',
    '-\tprintf("%d", num);',
    '+int func2(int num) {',
    '+\treturn num * num * num;',
    ' }',
    ' ',
  ),
  expect1: D(
    '#include <stdlib.h>',
    '#include <stdio.h>',
    '',
    'int func(int num);',
    'void print_int(int num);',
    'void print_ln();',
    '',
    'int main() {',
    '\tint i;',
    '',
    '\tfor (i = 0; i < 10; i++) {',
    '\t\tprint_int(func(i));',
    '\t}',
    '',
    '\tprint_ln();',
    '',
    '\treturn 0;',
    '}',
    '',
    'int func(int num) {',
    '\treturn num * num;',
    '}',
    '',
    'void print_int(int num) {',
    '\tprintf("%d", num);',
    '}',
    '',
    'void print_ln() {',
    '\tprintf("\\n");',
    '}',
    '',
  ),
  expect3: D(
    '#include <stdio.h>',
    '',
    'int func(int num);',
    'int func2(int num);',
    '',
    'int main() {',
    '\tint i;',
    '',
    '\tfor (i = 0; i < 10; i++) {',
    '\t\tprintf("%d", func(i));',
    '\t\tprintf("%d", func3(i));',
    '\t}',
    '',
    '\treturn 0;',
    '}',
    '',
    'int func(int num) {',
    '\treturn num * num;',
    '}',
    '',
    'int func2(int num) {',
    '\treturn num * num * num;',
    '}',
    '',
  ),
};
const T4110 = [
  D(
    'diff --git a/new.txt b/new.txt',
    'new file mode 100644',
    '--- /dev/null',
    '+++ b/new.txt',
    '@@ -0,0 +1,12 @@',
    '+a1',
    '+a11',
    '+a111',
    '+a1111',
    '+b1',
    '+b11',
    '+b111',
    '+b1111',
    '+c1',
    '+c11',
    '+c111',
    '+c1111',
  ),
  D(
    'diff --git a/new.txt b/new.txt',
    '--- a/new.txt',
    '+++ b/new.txt',
    '@@ -1,7 +1,3 @@',
    '-a1',
    '-a11',
    '-a111',
    '-a1111',
    ' b1',
    ' b11',
    ' b111',
  ),
  D(
    'diff --git a/new.txt b/new.txt',
    '--- a/new.txt',
    '+++ b/new.txt',
    '@@ -6,6 +6,10 @@',
    ' b11',
    ' b111',
    ' b1111',
    '+b2',
    '+b22',
    '+b222',
    '+b2222',
    ' c1',
    ' c11',
    ' c111',
  ),
  D(
    'diff --git a/new.txt b/new.txt',
    '--- a/new.txt',
    '+++ b/new.txt',
    '@@ -1,3 +1,7 @@',
    '+a1',
    '+a11',
    '+a111',
    '+a1111',
    ' b1',
    ' b11',
    ' b111',
  ),
  D(
    'diff --git a/new.txt b/new.txt',
    '--- a/new.txt',
    '+++ b/new.txt',
    '@@ -10,3 +10,7 @@',
    ' c11',
    ' c111',
    ' c1111',
    '+c2',
    '+c22',
    '+c222',
    '+c2222',
  ),
];
const T4110_EXPECT = D(
  'a1',
  'a11',
  'a111',
  'a1111',
  'b1',
  'b11',
  'b111',
  'b1111',
  'b2',
  'b22',
  'b222',
  'b2222',
  'c1',
  'c11',
  'c111',
  'c1111',
  'c2',
  'c22',
  'c222',
  'c2222',
);

describe("git's t4109-apply-multifrag.sh and t4110-apply-scan.sh: diffs of one file, each applied to the last one's result", () => {
  itCases([
    {
      name: 'a creation, then a diff of three hunks that adds lines in three places',
      source: 'git t4109-apply-multifrag.sh (git apply (1): patch1 patch2)',
      before: {},
      patch: [T4109.patch1, T4109.patch2],
      after: { 'main.c': T4109.expect1 },
      git: true,
    },
    {
      name: 'a third diff, after text before its header, takes the second one back',
      source: 'git t4109-apply-multifrag.sh (git apply (2): patch1 patch2 patch3)',
      before: {},
      patch: [T4109.patch1, T4109.patch2, T4109.patch3],
      after: {
        'main.c': T4109.patch1
          .split('\n')
          .filter((l) => l.startsWith('+') && !l.startsWith('+++'))
          .map((l) => `${l.slice(1)}\n`)
          .join(''),
      },
      git: true,
    },
    {
      name: 'a creation, then two hunks that replace lines',
      source: 'git t4109-apply-multifrag.sh (git apply (3): patch1 patch4)',
      before: {},
      patch: [T4109.patch1, T4109.patch4],
      after: { 'main.c': T4109.expect3 },
      git: true,
    },
    {
      name: 'five diffs whose hunks state lines the earlier ones moved are found by scanning',
      source: 'git t4110-apply-scan.sh (git apply scan)',
      before: {},
      patch: T4110,
      after: { 'new.txt': T4110_EXPECT },
      git: true,
    },
    {
      name: 'the same five diffs in one file apply the same way',
      source: 'git t4110-apply-scan.sh (its five patch files concatenated)',
      before: {},
      patch: T4110.join(''),
      after: { 'new.txt': T4110_EXPECT },
      git: true,
    },
    {
      name: 'when a later diff file does not apply, nothing is written, not even the file an earlier one creates',
      source:
        'git t4109-apply-multifrag.sh (patch1, then patch3, which takes back a patch2 never applied): git applies each ' +
        'file in turn and leaves main.c created; chord-patch applies the files as one transaction and writes nothing',
      before: {},
      patch: [T4109.patch1, T4109.patch3],
      git: false,
    },
  ]);
});

describe("git's t4112-apply-renames.sh: a copy and a rename of one file, and a copy of a file the diff changes", () => {
  const ARCHSETJMP = D(
    '/*',
    ' * arch/x86_64/include/klibc/archsetjmp.h',
    ' */',
    '',
    '#ifndef _KLIBC_ARCHSETJMP_H',
    '#define _KLIBC_ARCHSETJMP_H',
    '',
    'struct __jmp_buf {',
    '  unsigned long __rbx;',
    '  unsigned long __rsp;',
    '  unsigned long __rbp;',
    '  unsigned long __r12;',
    '  unsigned long __r13;',
    '  unsigned long __r14;',
    '  unsigned long __r15;',
    '  unsigned long __rip;',
    '};',
    '',
    'typedef struct __jmp_buf jmp_buf[1];',
    '',
    '#endif /* _SETJMP_H */',
  );
  const README = 'This is a simple readme file.\n';
  const PATCH = D(
    'diff --git a/klibc/arch/x86_64/include/klibc/archsetjmp.h b/include/arch/cris/klibc/archsetjmp.h',
    'similarity index 76%',
    'copy from klibc/arch/x86_64/include/klibc/archsetjmp.h',
    'copy to include/arch/cris/klibc/archsetjmp.h',
    '--- a/klibc/arch/x86_64/include/klibc/archsetjmp.h',
    '+++ b/include/arch/cris/klibc/archsetjmp.h',
    '@@ -1,21 +1,24 @@',
    ' /*',
    '- * arch/x86_64/include/klibc/archsetjmp.h',
    '+ * arch/cris/include/klibc/archsetjmp.h',
    '  */',
    '',
    ' #ifndef _KLIBC_ARCHSETJMP_H',
    ' #define _KLIBC_ARCHSETJMP_H',
    '',
    ' struct __jmp_buf {',
    '-  unsigned long __rbx;',
    '-  unsigned long __rsp;',
    '-  unsigned long __rbp;',
    '-  unsigned long __r12;',
    '-  unsigned long __r13;',
    '-  unsigned long __r14;',
    '-  unsigned long __r15;',
    '-  unsigned long __rip;',
    '+  unsigned long __r0;',
    '+  unsigned long __r1;',
    '+  unsigned long __r2;',
    '+  unsigned long __r3;',
    '+  unsigned long __r4;',
    '+  unsigned long __r5;',
    '+  unsigned long __r6;',
    '+  unsigned long __r7;',
    '+  unsigned long __r8;',
    '+  unsigned long __sp;',
    '+  unsigned long __srp;',
    ' };',
    '',
    ' typedef struct __jmp_buf jmp_buf[1];',
    '',
    '-#endif /* _SETJMP_H */',
    '+#endif /* _KLIBC_ARCHSETJMP_H */',
    'diff --git a/klibc/arch/x86_64/include/klibc/archsetjmp.h b/include/arch/m32r/klibc/archsetjmp.h',
    'similarity index 66%',
    'rename from klibc/arch/x86_64/include/klibc/archsetjmp.h',
    'rename to include/arch/m32r/klibc/archsetjmp.h',
    '--- a/klibc/arch/x86_64/include/klibc/archsetjmp.h',
    '+++ b/include/arch/m32r/klibc/archsetjmp.h',
    '@@ -1,21 +1,21 @@',
    ' /*',
    '- * arch/x86_64/include/klibc/archsetjmp.h',
    '+ * arch/m32r/include/klibc/archsetjmp.h',
    '  */',
    '',
    ' #ifndef _KLIBC_ARCHSETJMP_H',
    ' #define _KLIBC_ARCHSETJMP_H',
    '',
    ' struct __jmp_buf {',
    '-  unsigned long __rbx;',
    '-  unsigned long __rsp;',
    '-  unsigned long __rbp;',
    '+  unsigned long __r8;',
    '+  unsigned long __r9;',
    '+  unsigned long __r10;',
    '+  unsigned long __r11;',
    '   unsigned long __r12;',
    '   unsigned long __r13;',
    '   unsigned long __r14;',
    '   unsigned long __r15;',
    '-  unsigned long __rip;',
    ' };',
    '',
    ' typedef struct __jmp_buf jmp_buf[1];',
    '',
    '-#endif /* _SETJMP_H */',
    '+#endif /* _KLIBC_ARCHSETJMP_H */',
    'diff --git a/klibc/README b/klibc/README',
    '--- a/klibc/README',
    '+++ b/klibc/README',
    '@@ -1,1 +1,4 @@',
    ' This is a simple readme file.',
    '+And we add a few',
    '+lines at the',
    '+end of it.',
    'diff --git a/klibc/README b/klibc/arch/README',
    'copy from klibc/README',
    'copy to klibc/arch/README',
    '--- a/klibc/README',
    '+++ b/klibc/arch/README',
    '@@ -1,1 +1,3 @@',
    ' This is a simple readme file.',
    '+And we copy it to one level down, and',
    '+add a few lines at the end of it.',
  );
  const after = {
    'include/arch/cris/klibc/archsetjmp.h': D(
      '/*',
      ' * arch/cris/include/klibc/archsetjmp.h',
      ' */',
      '',
      '#ifndef _KLIBC_ARCHSETJMP_H',
      '#define _KLIBC_ARCHSETJMP_H',
      '',
      'struct __jmp_buf {',
      '  unsigned long __r0;',
      '  unsigned long __r1;',
      '  unsigned long __r2;',
      '  unsigned long __r3;',
      '  unsigned long __r4;',
      '  unsigned long __r5;',
      '  unsigned long __r6;',
      '  unsigned long __r7;',
      '  unsigned long __r8;',
      '  unsigned long __sp;',
      '  unsigned long __srp;',
      '};',
      '',
      'typedef struct __jmp_buf jmp_buf[1];',
      '',
      '#endif /* _KLIBC_ARCHSETJMP_H */',
    ),
    'include/arch/m32r/klibc/archsetjmp.h': D(
      '/*',
      ' * arch/m32r/include/klibc/archsetjmp.h',
      ' */',
      '',
      '#ifndef _KLIBC_ARCHSETJMP_H',
      '#define _KLIBC_ARCHSETJMP_H',
      '',
      'struct __jmp_buf {',
      '  unsigned long __r8;',
      '  unsigned long __r9;',
      '  unsigned long __r10;',
      '  unsigned long __r11;',
      '  unsigned long __r12;',
      '  unsigned long __r13;',
      '  unsigned long __r14;',
      '  unsigned long __r15;',
      '};',
      '',
      'typedef struct __jmp_buf jmp_buf[1];',
      '',
      '#endif /* _KLIBC_ARCHSETJMP_H */',
    ),
    'klibc/README': `${README}And we add a few\nlines at the\nend of it.\n`,
    'klibc/arch/README': `${README}And we copy it to one level down, and\nadd a few lines at the end of it.\n`,
  };
  const before = { 'klibc/arch/x86_64/include/klibc/archsetjmp.h': ARCHSETJMP, 'klibc/README': README };
  itCases([
    {
      name: '--check passes and writes nothing',
      source: 'git t4112-apply-renames.sh (check rename/copy patch)',
      before,
      patch: PATCH,
      after: before,
      args: ['--check'],
      git: true,
    },
    {
      name: 'each copy is made from the file as it was, before the diff changed or moved it',
      source: 'git t4112-apply-renames.sh (apply rename/copy patch)',
      before,
      patch: PATCH,
      after,
      git: true,
    },
    {
      name: 'a copy after a rename of its source is made from the source as it was',
      source: 'git t4112-apply-renames.sh (the rename first, the copy second)',
      before: { a: 'one\ntwo\n' },
      patch: D(
        'diff --git a/a b/b',
        'similarity index 100%',
        'rename from a',
        'rename to b',
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
      after: { b: 'one\ntwo\n', c: 'one\n2\n' },
      git: true,
    },
    {
      name: 'a copy after a deletion of its source is made from the source as it was',
      source: 'git t4112-apply-renames.sh (a copy from a file the same diff deletes)',
      before: { a: 'one\ntwo\n' },
      patch: D(
        'diff --git a/a b/a',
        'deleted file mode 100644',
        '--- a/a',
        '+++ /dev/null',
        '@@ -1,2 +0,0 @@',
        '-one',
        '-two',
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
      after: { c: 'one\n2\n' },
      git: true,
    },
  ]);

  it('a copy is reported as a copy: C, kind copy, copy from/to in the diff, copy in --summary', () => {
    // From the t4112 port: a copy was reported as a rename (R, kind move, "rename from"), and the JSON diff, applied
    // to the old tree, would have deleted the source the copy keeps.
    const before = { foo: L(...range(1, 20)) };
    const patch = patchFiles(
      D(
        'diff --git a/foo b/bar',
        'similarity index 94%',
        'copy from foo',
        'copy to bar',
        '--- a/foo',
        '+++ b/bar',
        '@@ -18,3 +18,4 @@',
        ' 18',
        ' 19',
        ' 20',
        '+21',
      ),
    )[0]!;
    const summary = runCli(['apply', '--summary', '-C', at(before), patch]);
    expect(summary.stdout).toBe(' copy foo => bar\n');
    const dir = at(before);
    const r = runCli(['apply', '--json', '-C', dir, patch]);
    const doc = JSON.parse(r.stdout);
    expect(doc.changes).toEqual([{ kind: 'copy', path: 'foo', to: 'bar' }]);
    expect(doc.message).toContain('C foo -> bar');
    expect(doc.diff).toContain('copy from foo\ncopy to bar\n');
    // The reported diff, applied by git to the old tree, makes the same tree.
    const theirs = at(before);
    const reported = join(temp(), 'reported.diff');
    writeFileSync(reported, doc.diff);
    expect(spawnSync('git', ['apply', reported], { cwd: theirs, encoding: 'utf8' }).status).toBe(0);
    expect(readTree(theirs)).toEqual(readTree(dir));
    expect(readTree(dir)).toEqual(treeOf({ ...before, bar: L(...range(1, 21)) }));
  });

  it('--numstat and the diff leave an untouched last line without a newline out', () => {
    // From the t4112 port: the last line, kept, was counted and shown as removed and added.
    const patch = patchFiles(D('--- a/f', '+++ b/f', '@@ -1,3 +1,2 @@', ' a', '-b', ' Q', '\\ No newline at end of file'))[0]!;
    const dir = at({ f: 'a\nb\nQ' });
    const g = spawnSync('git', ['apply', '--numstat', patch], { cwd: dir, encoding: 'utf8' });
    expect(runCli(['apply', '--numstat', '-C', dir, patch]).stdout).toBe(g.stdout);
    expect(g.stdout).toBe('0\t1\tf\n');
    const shown = runCli(['apply', '-C', dir, patch]).stdout;
    expect(shown).toContain('@@ -1,3 +1,2 @@\n a\n-b\n Q\n\\ No newline at end of file\n');
    expect(readTree(dir)).toEqual({ f: 'a\nQ' });
    // Also where the hunk stops short of the last line.
    const short = patchFiles(D('--- a/f', '+++ b/f', '@@ -1,3 +1,2 @@', ' a', '-b', ' Q'))[0]!;
    const two = at({ f: 'a\nb\nQ\nR' });
    expect(runCli(['apply', '--numstat', '-C', two, short]).stdout).toBe('0\t1\tf\n');
  });
});

describe("git's t4111-apply-subdir.sh: a diff applied from a subdirectory", () => {
  // A traditional diff whose a/ and b/ names strip to "file"; a b/file below the directory is a trap.
  const PATCH = D('diff file.orig file', '--- a/file.orig', '+++ b/file', '@@ -1 +1,2 @@', ' 1', '+2');
  const TREE = { file: '1\n', 'objects/file': '1\n', 'sub/dir/file': '1\n', 'sub/dir/b/file': '1\n' };
  itCases([
    {
      name: 'the file patched is the one below the directory the paths are resolved against',
      source: 'git t4111-apply-subdir.sh (apply from subdir of toplevel)',
      before: TREE,
      patch: PATCH,
      after: { ...TREE, 'sub/dir/file': '1\n2\n' },
      dir: 'sub/dir',
      gitCwd: 'sub/dir',
      repo: true,
      git: true,
    },
    {
      name: 'a diff whose hunks state zero lines is refused, and nothing is written',
      source: 'git t4111-apply-subdir.sh (apply half-broken patch from subdir of toplevel)',
      before: TREE,
      patch: D('--- sub/dir/file', '+++ sub/dir/file', '@@ -1,0 +1,0 @@', '--- file_in_root', '+++ file_in_root', '@@ -1,0 +1,0 @@'),
      dir: 'sub/dir',
      gitCwd: 'sub/dir',
      repo: true,
      git: true,
    },
    {
      name: 'applied in a directory named .git, the diff patches the file there',
      source: 'git t4111-apply-subdir.sh (apply from .git dir; a plain directory here, not a repository)',
      before: { file: '1\n', '.git/file': '1\n', '.git/objects/file': '1\n' },
      patch: PATCH,
      after: { file: '1\n', '.git/file': '1\n2\n', '.git/objects/file': '1\n' },
      dir: '.git',
      gitCwd: '.git',
      git: true,
    },
    {
      name: 'applied in a subdirectory of a directory named .git, the diff patches the file there',
      source: 'git t4111-apply-subdir.sh (apply from subdir of .git dir)',
      before: { file: '1\n', '.git/file': '1\n', '.git/objects/file': '1\n' },
      patch: PATCH,
      after: { file: '1\n', '.git/file': '1\n', '.git/objects/file': '1\n2\n' },
      dir: '.git/objects',
      gitCwd: '.git/objects',
      git: true,
    },
  ]);
});

describe("git's t4113-apply-ending.sh: a hunk without context on one side is pinned to that end of the file", () => {
  itCases([
    {
      name: 'a line added after the last context line is refused when the file goes on after it',
      source: 'git t4113-apply-ending.sh (apply at the end)',
      before: { file: L('a', 'b', 'c') },
      patch: D('diff --git a/file b/file', '--- a/file', '+++ b/file', '@@ -1,2 +1,3 @@', ' a', ' b', '+c'),
      git: true,
    },
    {
      name: 'a line added before the first context line is refused when the file does not start with that context',
      source: 'git t4113-apply-ending.sh (apply at the beginning)',
      before: { file: L('a', 'b', 'c') },
      patch: D('diff a/file b/file', '--- a/file', '+++ b/file', '@@ -1,2 +1,3 @@', '+a', ' b', ' c'),
      git: true,
    },
    {
      name: 'a hunk without context after its change, whose old side stands at its line and at the end, is refused',
      source: 'git t4113-apply-ending.sh (apply at the end), the context once more at the end: git takes the end, and fails there',
      before: { file: L('a', 'b', 'x', 'a', 'b') },
      patch: D('--- a/file', '+++ b/file', '@@ -1,2 +1,3 @@', ' a', ' b', '+c'),
      git: true,
    },
    {
      name: 'a hunk without context after its change, whose old side stands once and not at the end, goes there',
      source:
        'git t4113-apply-ending.sh (apply at the end), the file going on after the context: git refuses, as a diff tool ' +
        'leaves out trailing context only at the end; chord-patch, by design (docs/unified-diffs.md), puts it at its one place',
      before: { file: L('a', 'b', 'd') },
      patch: D('--- a/file', '+++ b/file', '@@ -1,2 +1,3 @@', ' a', ' b', '+c'),
      after: { file: L('a', 'b', 'c', 'd') },
      git: false,
    },
  ]);
});

describe("git's t4117-apply-reject.sh: hunks that apply and hunks that do not", () => {
  const ORIGINAL = L(...range(1, 21));
  const CLEAN = L(1, 2, 'A', 'B', ...range(4, 12), 'C', ...range(13, 20), 'D', 21);
  // The file as it is now: two lines the diff does not expect, each in the context of one hunk.
  const NOW = L(1, 'E', ...range(2, 20), 'F', 21);
  const EXPECTED = L(1, 'E', ...range(2, 12), 'C', ...range(13, 20), 'F', 21);
  const HUNKS = [
    '@@ -1,6 +1,7 @@',
    ' 1',
    ' 2',
    '-3',
    '+A',
    '+B',
    ' 4',
    ' 5',
    ' 6',
    '@@ -10,6 +11,7 @@',
    ' 10',
    ' 11',
    ' 12',
    '+C',
    ' 13',
    ' 14',
    ' 15',
    '@@ -18,4 +20,5 @@',
    ' 18',
    ' 19',
    ' 20',
    '+D',
    ' 21',
  ];
  const PATCH1 = D('diff --git a/file1 b/file1', 'index d4de868..e6e1df4 100644', '--- a/file1', '+++ b/file1', ...HUNKS);
  const PATCH2 = D(
    'diff --git a/file1 b/file2',
    'similarity index 86%',
    'rename from file1',
    'rename to file2',
    'index d4de868..e6e1df4 100644',
    '--- a/file1',
    '+++ b/file2',
    ...HUNKS,
  );
  // git's .rej: a header naming the file, then the hunks that failed as the diff had them.
  const rej = (file: string) => D(`diff a/${file} b/${file}\t(rejected hunks)`, ...HUNKS.slice(0, 9), ...HUNKS.slice(17));
  itCases([
    {
      name: 'without --reject one hunk that fails leaves the file as it was',
      source: 'git t4117-apply-reject.sh (apply without --reject should fail)',
      before: { file1: NOW },
      patch: PATCH1,
      git: true,
    },
    {
      name: 'without --reject, and verbose, one hunk that fails leaves the file as it was',
      source: 'git t4117-apply-reject.sh (apply without --reject should fail, --verbose)',
      before: { file1: NOW },
      patch: PATCH1,
      args: ['-v'],
      gitArgs: ['--verbose'],
      git: true,
    },
    {
      name: '--reject writes the hunk that applies and leaves the two that do not in file1.rej',
      source: 'git t4117-apply-reject.sh (apply with --reject should fail but update the file)',
      before: { file1: NOW },
      patch: PATCH1,
      after: { file1: EXPECTED, 'file1.rej': rej('file1') },
      partial: true,
      args: ['--reject'],
      git: true,
    },
    {
      name: '--reject on a rename moves the file, writes the hunk that applies and names the .rej after the new name',
      source: 'git t4117-apply-reject.sh (apply with --reject should fail but update the file: patch.2)',
      before: { file1: NOW },
      patch: PATCH2,
      after: { file2: EXPECTED, 'file2.rej': rej('file2') },
      partial: true,
      args: ['--reject'],
      git: true,
    },
    {
      name: '--reject on a rename, verbose, leaves the same tree',
      source: 'git t4117-apply-reject.sh (the same test with --verbose)',
      before: { file1: NOW },
      patch: PATCH2,
      after: { file2: EXPECTED, 'file2.rej': rej('file2') },
      partial: true,
      args: ['--reject', '-v'],
      gitArgs: ['--reject', '--verbose'],
      git: true,
    },
    {
      name: 'the diff applied to the file it was made from applies whole',
      source: 'git t4117-apply-reject.sh (apply cleanly with --verbose)',
      before: { file1: ORIGINAL },
      patch: PATCH1,
      after: { file1: CLEAN },
      args: ['-v'],
      gitArgs: ['--verbose'],
      git: true,
    },
    {
      name: '--reject still writes the other files when one file the diff names is missing',
      source: 'git t4117-apply-reject.sh (--reject, a second file that does not exist: git applies the first and fails)',
      before: { x: 'a\n' },
      patch: D('--- a/x', '+++ b/x', '@@ -1 +1 @@', '-a', '+A', '--- a/missing', '+++ b/missing', '@@ -1 +1 @@', '-m', '+M'),
      after: { x: 'A\n' },
      partial: true,
      args: ['--reject'],
      git: true,
    },
    // Not here: "apply --reject is incompatible with --3way". git refuses the two options together and writes nothing;
    // chord-patch (at b860f84) takes both and applies the diff: a difference to settle, not a case to hold it to.
  ]);
});

describe("git's t4118-apply-empty-context.sh: blank context lines written as empty lines (GNU diff's new style)", () => {
  const FILE1 = L('', '', 'A', 'B', 'C', '');
  const hunk = (head: string) => [head, '', '', ' A', '-B', ' C', ''];
  const PATCH = D(
    'diff --git a/file1 b/file1',
    'index ef53ec1..bc57d6f 100644',
    '--- a/file1',
    '+++ b/file1',
    ...hunk('@@ -1,6 +1,5 @@'),
    'diff --git a/file2 b/file2',
    'index ef026f7..3ecf395 100644',
    '--- a/file2',
    '+++ b/file2',
    ...hunk('@@ -1,7 +1,6 @@'),
    ' Q',
    '\\ No newline at end of file',
  );
  itCases([
    {
      name: 'a line between empty context lines is removed, in a file that ends without a newline too',
      source: 'git t4118-apply-empty-context.sh (apply --apply)',
      before: { file1: FILE1, file2: `${FILE1}Q` },
      patch: PATCH,
      after: { file1: L('', '', 'A', 'C', ''), file2: `${L('', '', 'A', 'C', '')}Q` },
      git: true,
    },
    // Not here: "apply --numstat". chord-patch (at b860f84) prints "1 2 file2" where git prints "0 1 file2": it counts the
    // unchanged last line Q, which has no newline, as removed and added (its --stat and reported diff say the same).
  ]);
});

describe("git's t4121-apply-diffs.sh: two diffs of one file in one patch, the second made after the first", () => {
  itCases([
    {
      name: 'a line added at the top, then one at the end at a line number the first moved',
      source: 'git t4121-apply-diffs.sh (check if contextually independent diffs for the same file apply)',
      before: { file: L(...range(1, 8)) },
      patch: D(
        'diff --git a/file b/file',
        'index 535d2b0..1000f90 100644',
        '--- a/file',
        '+++ b/file',
        '@@ -1,3 +1,4 @@',
        '+0',
        ' 1',
        ' 2',
        ' 3',
        'diff --git a/file b/file',
        'index 1000f90..8b1acc1 100644',
        '--- a/file',
        '+++ b/file',
        '@@ -7,3 +7,4 @@',
        ' 6',
        ' 7',
        ' 8',
        '+9',
      ),
      after: { file: L(...range(0, 9)) },
      git: true,
    },
  ]);
});

describe("git's t4123-apply-shrink.sh: a diff longer than the file it is applied to", () => {
  itCases([
    {
      name: 'a hunk whose last context line (a blank line) the file lost is refused with the hunks before it',
      source: 'git t4123-apply-shrink.sh (apply should fail gracefully)',
      before: { F: L(1, 2, 3, 4, 5, 6, 7, 8, 999999, ...'ABCDEFGHIJ') },
      patch: D(
        'diff --git a/F b/F',
        'index 7f00d37..24651ba 100644',
        '--- a/F',
        '+++ b/F',
        '@@ -1,4 +1,4 @@',
        '-1',
        '+11',
        ' 2',
        ' 3',
        ' 4',
        '@@ -6,7 +6,7 @@',
        ' 6',
        ' 7',
        ' 8',
        '-999999',
        '+9',
        ' A',
        ' B',
        ' C',
        '@@ -14,7 +14,7 @@ D',
        ' E',
        ' F',
        ' G',
        '-H',
        '+HH',
        ' I',
        ' J',
        ' ',
      ),
      git: true,
    },
  ]);
});

describe("git's t4124-apply-ws-rule.sh: whitespace the diff carries, and blank lines at the end of the file", () => {
  // Spaces (_) and tabs (>) in every place git's whitespace rules look at; applied without --whitespace=fix, all stay.
  const WS = [
    'An_SP in an ordinary line>and a HT.',
    '>A HT (%).',
    '_>A SP and a HT (@%).',
    '_>_A SP, a HT and a SP (@%).',
    '_______Seven SP.',
    '________Eight SP (#).',
    '_______>Seven SP and a HT (@%).',
    '________>Eight SP and a HT (@#%).',
    '_______>_Seven SP, a HT and a SP (@%).',
    '________>_Eight SP, a HT and a SP (@#%).',
    '_______________Fifteen SP (#).',
    '_______________>Fifteen SP and a HT (@#%).',
    '________________Sixteen SP (#=).',
    '________________>Sixteen SP and a HT (@#%=).',
    '_____a__Five SP, a non WS, two SP.',
    'A line with a (!) trailing SP_',
    'A line with a (!) trailing HT>',
  ].map((l) => l.replaceAll('_', ' ').replace('>', '\t'));
  const diff = (head: string, ...body: string[]) => D('diff --git a/one b/one', '--- a/one', '+++ b/one', head, ...body);
  const blanks = (n: number) => Array<string>(n).fill('');
  itCases([
    {
      name: 'a file made of whitespace errors is created byte for byte',
      source: 'git t4124-apply-ws-rule.sh (whitespace=nowarn, default rule; whitespace=warn, default rule)',
      before: { target: '' },
      patch: D(
        'diff --git a/target b/target',
        'index e69de29..8ad9a4c 100644',
        '--- a/target',
        '+++ b/target',
        '@@ -0,0 +1,17 @@',
        ...WS.map((l) => `+${l}`),
      ),
      after: { target: L(...WS) },
      git: true,
    },
    {
      name: 'an empty line added at the end of the file is written',
      source: 'git t4124-apply-ws-rule.sh (blank at EOF with --whitespace=warn)',
      before: { one: L('a', 'b', 'c') },
      patch: diff('@@ -1,3 +1,4 @@', ' a', ' b', ' c', '+'),
      after: { one: L('a', 'b', 'c', '') },
      git: true,
    },
    {
      name: 'a line of spaces added at the end of the file is written as it is',
      source: 'git t4124-apply-ws-rule.sh (blank but not empty at EOF)',
      before: { one: L('a', 'b', 'c') },
      patch: diff('@@ -1,3 +1,4 @@', ' a', ' b', ' c', '+   '),
      after: { one: L('a', 'b', 'c', '   ') },
      git: true,
    },
    {
      name: 'three blank context lines do not match a file with one blank line',
      source: 'git t4124-apply-ws-rule.sh (applying beyond EOF requires one non-blank context line)',
      before: { one: L('a', '') },
      patch: diff('@@ -2,3 +2,4 @@', ' ', ' ', ' ', '+b'),
      git: true,
    },
    {
      name: 'sixty-four blank context lines do not match an empty file',
      source: 'git t4124-apply-ws-rule.sh (tons of blanks at EOF should not apply)',
      before: { one: '' },
      patch: diff('@@ -62,3 +62,4 @@', ' ', ' ', ' ', '+a'),
      git: true,
    },
    {
      name: 'a blank context line the file lacks at its end is refused',
      source: 'git t4124-apply-ws-rule.sh (missing blank line at end; without --whitespace=fix)',
      before: { one: L('a') },
      patch: diff('@@ -1,2 +1,3 @@', ' a', ' ', '+b'),
      git: true,
    },
    {
      name: 'two blank context lines the file lacks at its end are refused',
      source: 'git t4124-apply-ws-rule.sh (two missing blank lines at end; without --whitespace=fix)',
      before: { one: L('a', '', 'b', 'c') },
      patch: diff('@@ -3,4 +3,6 @@', ' b', ' c', ' ', ' ', '+d', '+'),
      git: true,
    },
    {
      name: 'a line inserted before context whose blank last line the file lacks is refused',
      source: 'git t4124-apply-ws-rule.sh (missing blank line at end, insert before end; without --whitespace=fix)',
      before: { one: L('a') },
      patch: diff('@@ -1,2 +1,3 @@', '+b', ' a', ' '),
      git: true,
    },
    {
      name: 'a diff that removes sixty-four blank lines the file does not have is refused',
      source: 'git t4124-apply-ws-rule.sh (shrink file with tons of missing blanks at end of file; without --whitespace=fix)',
      before: { one: L('a', 'b', 'c') },
      patch: diff('@@ -1,67 +1 @@', ' a', '-b', '-c', ...blanks(64).map(() => '-')),
      git: true,
    },
    {
      name: 'lines the diff expects after the file ends are not matched by nothing',
      source: 'git t4124-apply-ws-rule.sh (missing blanks at EOF must only match blank lines)',
      before: { one: L('a') },
      patch: diff('@@ -1,2 +1,4 @@', ' a', ' b', '+c', '+d'),
      git: true,
    },
    {
      name: 'a context line of spaces and tabs the file lacks at its end is refused',
      source: 'git t4124-apply-ws-rule.sh (missing blank line should match context line with spaces; without --whitespace=fix)',
      before: { one: L('a', 'b', 'c') },
      patch: diff('@@ -1,4 +1,5 @@', ' a', ' b', ' c', ' \t\t      ', '+d'),
      git: true,
    },
    {
      name: 'a CRLF line added after a CRLF line keeps both CRLF',
      source: 'git t4124-apply-ws-rule.sh (CR-LF line endings && add line; the CRs are in the diff, no attributes needed)',
      before: { one: 'a\r\n' },
      patch: diff('@@ -1 +1,2 @@', ' a\r', '+b\r'),
      after: { one: 'a\r\nb\r\n' },
      git: true,
    },
    {
      name: 'a CRLF line changed keeps its CRLF',
      source: 'git t4124-apply-ws-rule.sh (CR-LF line endings && change line)',
      before: { one: 'a\r\n' },
      patch: diff('@@ -1 +1 @@', '-a\r', '+b\r'),
      after: { one: 'b\r\n' },
      git: true,
    },
    {
      name: 'an LF line of the diff matches the CRLF line of the file, and what replaces it is written with CRLF',
      source:
        'git t4124-apply-ws-rule.sh (LF in repo, CRLF in worktree && change line && text=auto): git writes b CRLF only under ' +
        'text=auto and core.eol=CRLF, and without them refuses; chord-patch reads the line endings as drift and writes the same',
      before: { one: 'a\r\n' },
      patch: diff('@@ -1 +1 @@', '-a', '+b\r'),
      after: { one: 'b\r\n' },
      git: false,
    },
  ]);

  it('--include with --stat lists only the files it names', () => {
    // git t4124-apply-ws-rule.sh (whitespace check skipped for excluded paths)
    const patch = patchFiles(
      D(
        'diff --git a/unused b/unused',
        'index e69de29..3cd0870 100644',
        '--- a/unused',
        '+++ b/unused',
        '@@ -0,0 +1 @@',
        '+unused ',
        'diff --git a/used b/used',
        'index e69de29..893be1e 100644',
        '--- a/used',
        '+++ b/used',
        '@@ -0,0 +1 @@',
        '+used',
      ),
    )[0]!;
    const ours = temp();
    const theirs = temp();
    write(ours, { used: '', unused: '' });
    write(theirs, { used: '', unused: '' });
    const r = runCli(['apply', '--include=used', '--stat', '-C', ours, patch]);
    const g = spawnSync('git', ['apply', '--include=used', '--stat', patch], { cwd: theirs, encoding: 'utf8' });
    expect([r.code, g.status], r.stderr + g.stderr).toEqual([0, 0]);
    expect(r.stdout).toBe(g.stdout);
    expect(r.stdout).toBe(' used |    1 +\n 1 file changed, 1 insertion(+)\n');
    expect(readTree(ours)).toEqual({ used: '', unused: '' });
  });
});

describe("git's t4124-apply-ws-rule.sh and t4125-apply-ws-fuzz.sh: context whose whitespace differs from the file's", () => {
  // Every line of file-0 ends with a space; file-1 is file-0 with d changed to D, the space kept.
  const FILE0 = L(...['a', 'bb', 'c', 'd', 'eeee', 'f', 'ggg', 'h'].map((l) => `${l} `));
  const FILE1 = FILE0.replace('d ', 'D ');
  const head = (index: string) => ['diff --git a/file b/file', `index ${index} 100644`, '--- a/file', '+++ b/file'];
  const PATCH0 = D(
    ...head('e69de29..0e1fbbf'),
    '@@ -0,0 +1,8 @@',
    ...FILE0.split('\n')
      .slice(0, -1)
      .map((l) => `+${l}`),
  );
  const hunk1 = (ws: string) => [
    '@@ -1,7 +1,7 @@',
    ...['a', 'bb', 'c'].map((l) => ` ${l}${ws}`),
    `-d${ws}`,
    `+D${ws}`,
    ...['eeee', 'f', 'ggg'].map((l) => ` ${l}${ws}`),
  ];
  const PATCH1 = D(...head('0e1fbbf..a037580'), ...hunk1(' '));
  // patch-2: patch-1 made against the file with its trailing spaces removed.
  const PATCH2 = D(...head('0e1fbbf..a037580'), ...hunk1(''));
  const PATCH_ALL = D(
    ...head('e69de29..a037580'),
    '@@ -0,0 +1,8 @@',
    ...FILE1.split('\n')
      .slice(0, -1)
      .map((l) => `+${l}`),
  );
  itCases([
    {
      name: 'a diff that writes trailing spaces, then one whose context has them, leave them all',
      source: 'git t4125-apply-ws-fuzz.sh (nofix: patch-0, then patch-1)',
      before: { file: '' },
      patch: [PATCH0, PATCH1],
      after: { file: FILE1 },
      git: true,
    },
    {
      name: 'the one diff of both changes writes the same file',
      source: 'git t4125-apply-ws-fuzz.sh (patch-all)',
      before: { file: '' },
      patch: PATCH_ALL,
      after: { file: FILE1 },
      git: true,
    },
    {
      name: 'context without the trailing spaces the file has matches; the file keeps its lines and gets the new one as written',
      source:
        'git t4125-apply-ws-fuzz.sh (withfix (backward)): git refuses without --whitespace=fix, and with it rewrites the ' +
        "context lines of the hunk to the diff's; chord-patch, tolerant of trailing whitespace, changes only the line the diff changes",
      before: { file: FILE0 },
      patch: PATCH2,
      after: { file: FILE0.replace('d \n', 'D\n') },
      git: false,
    },
    {
      name: 'context with trailing spaces the file does not have matches; the new line is written as the diff has it',
      source:
        'git t4125-apply-ws-fuzz.sh (withfix (forward), patch-1 on the whitespace-fixed file): git refuses without ' +
        '--whitespace=fix, and with it strips the new line; chord-patch writes "D " as the diff has it',
      before: { file: FILE0.replaceAll(' \n', '\n') },
      patch: PATCH1,
      after: { file: FILE0.replaceAll(' \n', '\n').replace('d\n', 'D \n') },
      git: false,
    },
    {
      name: 'a context line of spaces and tabs matches an empty line of the file, which stays empty',
      source:
        'git t4124-apply-ws-rule.sh (missing blank line should match context line with spaces), the file ending in an empty ' +
        'line: git applies it only with --whitespace=fix (gitArgs), and leaves the tree chord-patch leaves',
      before: { one: L('a', 'b', 'c', '') },
      patch: D('diff --git a/one b/one', '--- a/one', '+++ b/one', '@@ -1,4 +1,5 @@', ' a', ' b', ' c', ' \t\t      ', '+d'),
      after: { one: L('a', 'b', 'c', '', 'd') },
      gitArgs: ['--whitespace=fix'],
      git: true,
    },
  ]);
});

describe("git's t4126-apply-empty.sh: an empty file, a missing file, and input without a diff", () => {
  const patch0 = (name: string) => D(`--- ${name}.orig`, `+++ ${name}`, '@@ -0,0 +1,5 @@', '+a', '+b', '+c', '+d', '+e');
  // git format-patch of a commit that changes nothing: a mail with no diff in it.
  const EMPTY_COMMIT = D(
    'From 38aaa9b9ab8dff73bbf9d71ec5b8af810c79adf8 Mon Sep 17 00:00:00 2001',
    'From: A U Thor <author@example.com>',
    'Date: Thu, 7 Apr 2005 15:14:13 -0700',
    'Subject: [PATCH] empty commit',
    '',
    '-- ',
    '2.39.5',
    '',
  );
  itCases([
    {
      name: 'a traditional diff from nothing fills the empty file it names',
      source: 'git t4126-apply-empty.sh (apply empty)',
      before: { empty: '' },
      patch: patch0('empty'),
      after: { empty: L('a', 'b', 'c', 'd', 'e') },
      git: true,
    },
    // Not here: the same with only empty.orig there (empty). git creates `empty`; chord-patch (at b860f84), which patches
    // the old name of `diff -u f.orig f` when f is missing (as GNU patch does: docs/unified-diffs.md), fills empty.orig.
    {
      name: 'a traditional diff from nothing creates the missing file it names',
      source: 'git t4126-apply-empty.sh (apply create)',
      before: { empty: '' },
      patch: patch0('missing'),
      after: { empty: '', missing: L('a', 'b', 'c', 'd', 'e') },
      git: true,
    },
    {
      name: 'a format-patch mail without a diff is refused',
      source: 'git t4126-apply-empty.sh (apply empty patch fails)',
      before: { empty: '' },
      patch: EMPTY_COMMIT,
      git: true,
    },
    {
      name: 'empty input on stdin is refused',
      source: 'git t4126-apply-empty.sh (apply empty patch fails: git apply - </dev/null)',
      before: { empty: '' },
      patch: '',
      stdin: true,
      git: true,
    },
    {
      name: '--allow-empty takes the mail without a diff and writes nothing',
      source: 'git t4126-apply-empty.sh (apply with --allow-empty succeeds)',
      before: { empty: '' },
      patch: EMPTY_COMMIT,
      after: { empty: '' },
      args: ['--allow-empty'],
      git: true,
    },
    {
      name: '--allow-empty takes empty input on stdin and writes nothing',
      source: 'git t4126-apply-empty.sh (apply with --allow-empty succeeds: - </dev/null)',
      before: { empty: '' },
      patch: '',
      after: { empty: '' },
      args: ['--allow-empty'],
      stdin: true,
      git: true,
    },
  ]);
});

describe("git's t4128-apply-root.sh: paths put below a directory (git --directory, chord-patch -C)", () => {
  const TREE = { 'some/sub/dir/file': 'Hello\n' };
  const NEWFILE = (path: string, name = `${path}`) =>
    D(
      `diff --git a/${name} b/${name}`,
      'new file mode 100644',
      'index 0000000..d95f3ad',
      '--- /dev/null',
      `+++ b/${name}`,
      '@@ -0,0 +1 @@',
      '+content',
    );
  const BELLO = D(
    'diff a/bla/blub/dir/file b/bla/blub/dir/file',
    '--- a/bla/blub/dir/file',
    '+++ b/bla/blub/dir/file',
    '@@ -1,1 +1,1 @@',
    '-Hello',
    '+Bello',
  );
  itCases([
    {
      name: '-p3 strips three leading names, and the rest is found below the directory',
      source: 'git t4128-apply-root.sh (apply --directory -p (1))',
      before: TREE,
      patch: BELLO,
      after: { 'some/sub/dir/file': 'Bello\n' },
      args: ['-p3'],
      dir: 'some/sub',
      gitArgs: ['--directory=some/sub', '-p3'],
      git: true,
    },
    {
      name: 'the directory named with a trailing slash is the same directory',
      source: 'git t4128-apply-root.sh (apply --directory -p (2))',
      before: TREE,
      patch: BELLO,
      after: { 'some/sub/dir/file': 'Bello\n' },
      args: ['-p3'],
      dir: 'some/sub/',
      gitArgs: ['--directory=some/sub/', '-p3'],
      git: true,
    },
    {
      name: 'a new file is created below the directory',
      source: 'git t4128-apply-root.sh (apply --directory (new file))',
      before: TREE,
      patch: NEWFILE('newfile'),
      after: { ...TREE, 'some/sub/dir/newfile': 'content\n' },
      dir: 'some/sub/dir',
      gitArgs: ['--directory=some/sub/dir/'],
      git: true,
    },
    {
      name: 'a new file with -p2 loses its first directory and is created below the directory',
      source: 'git t4128-apply-root.sh (apply --directory -p (new file))',
      before: TREE,
      patch: NEWFILE('c/newfile2'),
      after: { ...TREE, 'some/sub/dir/newfile2': 'content\n' },
      args: ['-p2'],
      dir: 'some/sub/dir',
      gitArgs: ['-p2', '--directory=some/sub/dir/'],
      git: true,
    },
    {
      name: 'a deletion deletes the file below the directory',
      source: 'git t4128-apply-root.sh (apply --directory (delete file))',
      before: { ...TREE, 'some/sub/dir/delfile': 'content\n' },
      patch: D(
        'diff --git a/delfile b/delfile',
        'deleted file mode 100644',
        'index d95f3ad..0000000',
        '--- a/delfile',
        '+++ /dev/null',
        '@@ -1 +0,0 @@',
        '-content',
      ),
      after: TREE,
      dir: 'some/sub/dir',
      gitArgs: ['--directory=some/sub/dir/'],
      git: true,
    },
    {
      name: 'a quoted name with an octal escape is created, unquoted, below the directory',
      source: 'git t4128-apply-root.sh (apply --directory (quoted filename))',
      before: TREE,
      patch: D(
        'diff --git "a/qu\\157tefile" "b/qu\\157tefile"',
        'new file mode 100644',
        'index 0000000..d95f3ad',
        '--- /dev/null',
        '+++ "b/qu\\157tefile"',
        '@@ -0,0 +1 @@',
        '+content',
      ),
      after: { ...TREE, 'some/sub/dir/quotefile': 'content\n' },
      dir: 'some/sub/dir',
      gitArgs: ['--directory=some/sub/dir/'],
      git: true,
    },
  ]);
});

describe("git's t4136-apply-check.sh: input that is no patch, and headers that contradict themselves", () => {
  const NOOP = D('diff --get a/1 b/1', 'index 6696ea4..606eddd 100644', '--- a/1', '+++ b/1', '@@ -1,1 +1,1 @@', ' 1');
  itCases([
    {
      name: '--check refuses text that is no patch',
      source: 'git t4136-apply-check.sh (apply --check exits non-zero with unrecognized input)',
      before: { 1: '1\n' },
      patch: D('I am not a patch', 'I look nothing like a patch', 'git apply must fail'),
      args: ['--check'],
      stdin: true,
      git: true,
    },
    {
      name: '--recount --check takes a hunk that changes nothing',
      source: 'git t4136-apply-check.sh (`apply --recount` allows no-op patch)',
      before: { 1: '1\n' },
      patch: NOOP,
      after: { 1: '1\n' },
      args: ['--recount', '--check'],
      stdin: true,
      git: true,
    },
    // Not here: "apply exits non-zero with no-op patch" (without --recount git refuses a hunk that changes nothing;
    // chord-patch applies it, changing nothing, and says so: test/e2e/reports.test.ts).
    ...(
      [
        ['create and copy', 'invalid combination: create and copy', ['new file mode 100644', 'copy from 1', 'copy to 2']],
        ['create and rename', 'invalid combination: create and rename', ['new file mode 100644', 'rename from 1', 'rename to 2']],
        ['delete and rename', 'chord-patch renamed 1 to 2 with exit 0', ['deleted file mode 100644', 'rename from 1', 'rename to 2']],
        ['rename and copy', 'chord-patch copied 1 to 2 with exit 0', ['rename from 1', 'rename to 2', 'copy from 1', 'copy to 2']],
      ] as const
    ).map(
      ([what, why, lines]): Case => ({
        name: `a header saying ${what} at once is refused`,
        source: `git t4136-apply-check.sh ("${why}"): chord-patch once wrote one of the readings with exit 0`,
        before: { 1: '1\n' },
        patch: D('diff --git a/1 b/2', ...lines),
        git: true,
      }),
    ),
    {
      name: 'a header saying the file is created and deleted is refused',
      source: 'git apply: "inconsistent header lines"; chord-patch once crashed (exit 70) on it, writing nothing',
      before: { 1: '1\n' },
      patch: D('diff --git a/1 b/1', 'new file mode 100644', 'deleted file mode 100644'),
      git: true,
    },
    {
      name: '"new file mode" over a hunk that changes a file is refused',
      source: 'git apply: "expected /dev/null"; chord-patch once wrote 1 = 2 with exit 0',
      before: { 1: '1\n' },
      patch: D('diff --git a/1 b/1', 'new file mode 100644', '--- a/1', '+++ b/1', '@@ -1 +1 @@', '-1', '+2'),
      git: true,
    },
  ]);
});

describe("git's t4139-apply-escape.sh: paths that lead out of the working tree", () => {
  const add = (path: string) =>
    ['diff --git a/X b/X', 'new file mode 100644', 'index 0000000..53c74cd', '--- /dev/null', '+++ b/X', '@@ -0,0 +1 @@', '+evil']
      .join('\n')
      .replaceAll('X', path);
  const del = (path: string) =>
    ['diff --git a/X b/X', 'deleted file mode 100644', 'index 53c74cd..0000000', '--- a/X', '+++ /dev/null', '@@ -1 +0,0 @@', '-evil']
      .join('\n')
      .replaceAll('X', path);
  const link = (path: string, target: string) =>
    [
      `diff --git a/${path} b/${path}`,
      'new file mode 120000',
      '--- /dev/null',
      `+++ b/${path}`,
      '@@ -0,0 +1 @@',
      `+${target}`,
      '\\ No newline at end of file',
    ].join('\n');

  interface Escape {
    name: string;
    source: string;
    /** The diff, given the absolute path of the working tree. */
    patch: (inside: string) => string;
    /** The parent's tree: the working tree is inside/, a git repository, as in git's test. */
    before?: Files;
    /** The parent's tree left: absent means refused, as it was. */
    after?: Files;
    args?: string[];
    gitArgs?: string[];
  }

  const run = (e: Escape, tool: 'chord-patch' | 'git') => {
    const parent = temp();
    const inside = join(parent, 'inside');
    mkdirSync(inside);
    execFileSync('git', ['init', '-q'], { cwd: inside });
    write(parent, e.before ?? {});
    const [patch] = patchFiles(`${e.patch(inside)}\n`);
    const r =
      tool === 'chord-patch'
        ? runCli(['apply', '-q', ...(e.args ?? []), '-C', inside, patch!])
        : spawnSync('git', ['apply', ...(e.gitArgs ?? e.args ?? []), patch!], { cwd: inside, encoding: 'utf8' });
    const code = 'code' in r ? r.code : (r.status ?? -1);
    const outcome = tool === 'git' && code !== 0 ? 'refused' : outcomeOf(code);
    expect({ tree: readTree(parent), outcome }, r.stderr).toEqual({
      tree: treeOf(e.after ?? e.before ?? {}),
      outcome: e.after ? 'applied' : 'refused',
    });
  };

  const CASES: Escape[] = [
    {
      name: 'a file created at ../foo is refused',
      source: 'git t4139-apply-escape.sh (cannot create file containing ..)',
      patch: () => add('../foo'),
    },
    {
      name: 'a file created at ../foo is written when paths outside are permitted',
      source: 'git t4139-apply-escape.sh (can create file containing .. with --unsafe-paths; chord-patch: --allow-outside)',
      patch: () => add('../foo'),
      after: { foo: 'evil\n' },
      args: ['--allow-outside'],
      gitArgs: ['--unsafe-paths'],
    },
    {
      name: 'a deletion of ../foo is refused',
      source: 'git t4139-apply-escape.sh (cannot delete file containing ..)',
      patch: () => del('../foo'),
      before: { foo: 'evil\n' },
    },
    {
      name: 'a deletion of ../foo deletes it when paths outside are permitted',
      source: 'git t4139-apply-escape.sh (can delete file containing .. with --unsafe-paths; chord-patch: --allow-outside)',
      patch: () => del('../foo'),
      before: { foo: 'evil\n' },
      after: {},
      args: ['--allow-outside'],
      gitArgs: ['--unsafe-paths'],
    },
    {
      name: 'a link to .. and a file written through it are refused, and neither is made',
      source: 'git t4139-apply-escape.sh (symlink escape via ..)',
      patch: () => `${link('tmp', '..')}\n${add('tmp/foo')}`,
    },
    {
      name: 'a link to an absolute path and a file written through it are refused, and neither is made',
      source: 'git t4139-apply-escape.sh (symlink escape via absolute path)',
      patch: (inside) => `${link('tmp', inside)}\n${add('tmp/foo')}`,
    },
    {
      name: 'a file written through a link the same diff makes is refused even when paths outside are permitted',
      source: 'git t4139-apply-escape.sh (symlink escape via .., with --unsafe-paths: "beyond a symbolic link")',
      patch: () => `${link('tmp', '..')}\n${add('tmp/foo')}`,
      args: ['--allow-outside'],
      gitArgs: ['--unsafe-paths'],
    },
    {
      name: 'a file written through a link already in the tree is refused',
      source: 'git t4139-apply-escape.sh (a link to .. that is there before the diff: "beyond a symbolic link")',
      patch: () => add('tmp/foo'),
      before: { 'inside/tmp': '-> ..' },
    },
    {
      name: 'a file written through a link already in the tree to a directory inside it is refused',
      source: 'git t4139-apply-escape.sh (the same, the link pointing inside the tree: git never writes beyond a link)',
      patch: () => add('tmp/foo'),
      before: { 'inside/real/.keep': '', 'inside/tmp': '-> real' },
    },
  ];
  it.each(CASES.flatMap((e) => [[e.name, 'chord-patch', e] as const, [e.name, 'git', e] as const]))('%s (%s)', (_n, tool, e) =>
    run(e, tool),
  );
});
