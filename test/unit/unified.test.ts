// The unified-diff parser and its conversion to file operations, on diffs as
// git and GNU diff write them.

import { describe, expect, it } from 'vitest';
import { patchFormat } from '../../src/input/detect.js';
import { parseUnified, readUnified } from '../../src/input/unified.js';
import { reverseUnified, stripLevel, unifiedToOps } from '../../src/input/unified-ops.js';
import { unquote } from '../../src/input/unified-names.js';
import { isChordPatchError } from '../../src/errors.js';

const D = (...lines: string[]) => `${lines.join('\n')}\n`;
const none = () => false;

function parseError(text: string): { code: string; line?: number; message: string } {
  try {
    unifiedToOps(parseUnified(text), 1, none);
  } catch (e) {
    if (isChordPatchError(e)) return { code: e.code, message: e.message, ...(e.line !== undefined ? { line: e.line } : {}) };
    throw e;
  }
  throw new Error('expected an error');
}

const MODIFY = D(
  'diff --git a/src/f.ts b/src/f.ts',
  'index 1111111..2222222 100644',
  '--- a/src/f.ts',
  '+++ b/src/f.ts',
  '@@ -2,3 +2,3 @@ function f() {',
  ' a',
  '-b',
  '+B',
  ' c',
);

describe('detecting the format', () => {
  it('reads git diff output and diff -u output as unified diffs', () => {
    expect(patchFormat(MODIFY)).toBe('unified');
    expect(patchFormat(D('--- f.txt\t2024-01-01 10:00:00', '+++ f.txt\t2024-01-02 10:00:00', '@@ -1 +1 @@', '-a', '+b'))).toBe('unified');
  });

  it('keeps envelopes, even ones holding diff text, and unknown text on the envelope path', () => {
    expect(patchFormat(D('*** Begin Patch', '*** Add File: d.diff', '+diff --git a/x b/x', '*** End Patch'))).toBe('patch');
    expect(patchFormat('hello there\n')).toBe('patch');
    expect(patchFormat(D('--- just a rule', 'text'))).toBe('patch');
  });
});

describe('parsing unified diffs', () => {
  it('refuses a file both of whose names are /dev/null, which once crashed the run (exit 70)', () => {
    const both = ['--- /dev/null', '+++ /dev/null', '@@ -0,0 +1 @@', '+x', ''].join('\n');
    expect(() => parseUnified(both)).toThrow('line 1: both names are /dev/null ("--- /dev/null", "+++ /dev/null"): the diff names no file');
    expect(() => parseUnified(`diff --git a/x b/x\nnew file mode 100644\n${both}`)).toThrow(/line 3: both names are \/dev\/null/);
  });

  it("turns a git hunk into envelope hunk data: the stated line a hint, git's section text its function context", () => {
    const ops = unifiedToOps(parseUnified(MODIFY), 1, none);
    expect(ops).toEqual([
      {
        kind: 'update',
        path: 'src/f.ts',
        patchLine: 1,
        hunks: [
          {
            lines: [
              { op: ' ', text: 'a' },
              { op: '-', text: 'b' },
              { op: '+', text: 'B' },
              { op: ' ', text: 'c' },
            ],
            endOfFile: false,
            patchLine: 5,
            hintLine: 2,
            funcContext: 'function f() {',
            counted: true,
          },
        ],
        simultaneous: true,
        eof: { oldNoEol: false, newNoEol: false },
      },
    ]);
  });

  it('reads new, deleted, renamed and mode-changed files from git headers', () => {
    const text = D(
      'diff --git a/new.sh b/new.sh',
      'new file mode 100755',
      'index 0000000..1111111',
      '--- /dev/null',
      '+++ b/new.sh',
      '@@ -0,0 +1,2 @@',
      '+#!/bin/sh',
      '+echo hi',
      'diff --git a/gone.txt b/gone.txt',
      'deleted file mode 100644',
      'index 1111111..0000000',
      '--- a/gone.txt',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-bye',
      'diff --git a/old name.txt b/new name.txt',
      'similarity index 100%',
      'rename from old name.txt',
      'rename to new name.txt',
      'diff --git a/run.sh b/run.sh',
      'old mode 100644',
      'new mode 100755',
    );
    expect(unifiedToOps(parseUnified(text), stripLevel(parseUnified(text), none), none)).toEqual([
      { kind: 'add', path: 'new.sh', lines: ['#!/bin/sh', 'echo hi'], patchLine: 1, executable: true, simultaneous: true },
      { kind: 'delete', path: 'gone.txt', patchLine: 9, expectLines: ['bye'], simultaneous: true },
      { kind: 'update', path: 'old name.txt', moveTo: 'new name.txt', hunks: [], patchLine: 16, simultaneous: true },
      { kind: 'update', path: 'run.sh', hunks: [], patchLine: 20, executable: true, simultaneous: true },
    ]);
  });

  it('records "\\ No newline at end of file" per side and pins such a hunk to the end of the file', () => {
    const text = D(
      '--- a/f',
      '+++ b/f',
      '@@ -1,2 +1,2 @@',
      ' a',
      '-b',
      '\\ No newline at end of file',
      '+c',
      '\\ No newline at end of file',
    );
    const [file] = parseUnified(text);
    expect(file!.hunks[0]).toMatchObject({ oldNoEol: true, newNoEol: true });
    const [op] = unifiedToOps([file!], 1, none);
    expect(op).toMatchObject({ kind: 'update', path: 'f', eof: { oldNoEol: true, newNoEol: true }, hunks: [{ endOfFile: true }] });
  });

  it('skips a format-patch mail header and signature, and several commits of git log -p', () => {
    const mail = D(
      'From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001',
      'From: A <a@example.com>',
      'Subject: [PATCH] change',
      '',
      '- a bullet in the message',
      '---',
      ' f | 2 +-',
      ' 1 file changed',
      '',
      MODIFY.trimEnd(),
      '-- ',
      '2.43.0',
      '',
      'From 89abcdef0123456789abcdef0123456789abcdef Mon Sep 17 00:00:00 2001',
      'Subject: [PATCH 2/2] more',
      '---',
      'diff --git a/g b/g',
      '--- a/g',
      '+++ b/g',
      '@@ -1 +1 @@',
      '-x',
      '+y',
      '-- ',
      '2.43.0',
    );
    expect(parseUnified(mail).map((f) => f.newPath)).toEqual(['b/src/f.ts', 'b/g']);
  });

  it('skips text before the diff as git apply does, and says where it ended', () => {
    const read = readUnified(`Here is the fix:\n\n${MODIFY}`);
    expect(read.skipped).toBe(1);
    expect(read.files.map((f) => [f.newPath, f.hunks.length, f.patchLine])).toEqual(
      parseUnified(MODIFY).map((f) => [f.newPath, f.hunks.length, f.patchLine + 2]),
    );
  });

  it('refuses a fenced model reply before the diff, naming the line and --extract', () => {
    const e = parseError(`Here is the fix:\n\`\`\`diff\n${MODIFY}`);
    expect(e).toMatchObject({ code: 'prose_before_patch', line: 2 });
    expect(e.message).toContain('--extract');
  });

  it('refuses a hunk whose counts do not match its body, with both line numbers', () => {
    const short = parseError(D('--- a/f', '+++ b/f', '@@ -1,3 +1,3 @@', ' a', '-b', '+c', 'diff --git a/g b/g'));
    expect(short.code).toBe('parse_error');
    expect(short.message).toContain('the hunk at line 3 is 1 old line and 1 new line short');
    const long = parseError(D('--- a/f', '+++ b/f', '@@ -1 +1 @@', '-b', '+c', '+d'));
    expect(long.message).toMatch(/line 6: "\+d" is outside any hunk: a hunk above counted fewer lines than it has/);
  });

  it('refuses binary diffs, symbolic links and context-free insertions clearly', () => {
    expect(parseError(D('diff --git a/i.png b/i.png', 'index 1..2 100644', 'Binary files a/i.png and b/i.png differ')).code).toBe(
      'binary_patch',
    );
    // Binary data with abbreviated blob ids: git apply's "without full index line" (the data itself is an empty literal).
    expect(
      parseError(
        D(
          'diff --git a/i.png b/i.png',
          'index 1..2 100644',
          'GIT binary patch',
          'literal 0',
          'HcmV?d00001',
          '',
          'literal 0',
          'HcmV?d00001',
          '',
        ),
      ).message,
    ).toContain('without full index line');
    expect(
      parseError(D('diff --git a/l b/l', 'new file mode 120000', '--- /dev/null', '+++ b/l', '@@ -0,0 +1 @@', '+target')).message,
    ).toContain('symbolic link');
    expect(parseError(D('--- a/f', '+++ b/f', '@@ -3,0 +4 @@', '+new')).message).toContain('regenerate the diff with context');
  });

  it('reads a name stamped with the epoch as an absent file, as diff -N writes added and deleted files', () => {
    const text = D(
      'diff -ruN old/n.txt new/n.txt',
      '--- old/n.txt\t1970-01-01 00:00:00.000000000 +0000',
      '+++ new/n.txt\t2026-11-30 12:00:00.123456789 +0000',
      '@@ -0,0 +1 @@',
      '+x',
      'diff -ruN old/g.txt new/g.txt',
      '--- old/g.txt\t2026-11-30 12:00:00.123456789 +0000',
      '+++ new/g.txt\t1970-01-01 00:00:00.000000000 +0000',
      '@@ -1 +0,0 @@',
      '-y',
    );
    expect(unifiedToOps(parseUnified(text), 1, none)).toEqual([
      { kind: 'add', path: 'n.txt', lines: ['x'], patchLine: 2, simultaneous: true },
      { kind: 'delete', path: 'g.txt', patchLine: 7, expectLines: ['y'], simultaneous: true },
    ]);
  });

  it("unquotes git's C-quoted names", () => {
    const [file] = parseUnified(D('diff --git "a/t\\303\\251st.txt" "b/t\\303\\251st.txt"', 'old mode 100644', 'new mode 100755'));
    expect(file!.oldPath).toBe('a/tést.txt');
    // A leading U+FEFF is part of the name, kept like any other character.
    expect(unquote('"\\357\\273\\277x"')).toBe('\uFEFFx');
  });
});

describe('a hunk stated at line 1 that opens with added lines', () => {
  const firstHunk = (...body: string[]) => {
    const [op] = unifiedToOps(parseUnified(D('--- a/f', '+++ b/f', ...body)), 1, none);
    return op!.kind === 'update' ? op!.hunks[0]! : undefined;
  };

  it('must start the file (git apply and GNU patch read it so)', () => {
    expect(firstHunk('@@ -1,2 +1,3 @@', '+new', ' a', ' b')?.startOfFile).toBe(true);
  });

  it('is placed by its lines when it opens with a removed line or a context line, or states another line', () => {
    expect(firstHunk('@@ -1,2 +1,2 @@', '-a', '+A', ' b')?.startOfFile).toBeUndefined();
    expect(firstHunk('@@ -1,2 +1,3 @@', ' a', '+new', ' b')?.startOfFile).toBeUndefined();
    expect(firstHunk('@@ -5,2 +5,3 @@', '+new', ' a', ' b')?.startOfFile).toBeUndefined();
  });
});

describe('paths', () => {
  const plain = parseUnified(D('--- lib/f.c', '+++ lib/f.c', '@@ -1 +1 @@', '-a', '+b'));

  it('strips git prefixes, and for other diffs takes the level whose names exist', () => {
    expect(stripLevel(parseUnified(MODIFY), none)).toBe(1);
    expect(stripLevel(plain, (p) => p === 'lib/f.c')).toBe(0);
    expect(stripLevel(plain, (p) => p === 'f.c')).toBe(1);
    expect(stripLevel(plain, none, 2)).toBe(2);
  });

  it('patches the name that exists when a plain diff names two files (diff -u f.orig f)', () => {
    const two = parseUnified(D('--- f.c.orig', '+++ f.c', '@@ -1 +1 @@', '-a', '+b'));
    expect(unifiedToOps(two, 0, (p) => p === 'f.c')[0]).toMatchObject({ path: 'f.c' });
    expect(unifiedToOps(two, 0, (p) => p === 'f.c.orig')[0]).toMatchObject({ path: 'f.c.orig' });
    expect(unifiedToOps(two, 0, (p) => p === 'f.c')[0]).not.toHaveProperty('moveTo');
  });

  it('refuses -p N beyond the components a name has', () => {
    expect(() => unifiedToOps(plain, 3, none)).toThrow(/cannot strip 3 leading components/);
  });
});

describe('reversing', () => {
  it('swaps sides, renames, modes, additions and deletions, in reverse file order', () => {
    const text = D(
      'diff --git a/n b/n',
      'new file mode 100644',
      '--- /dev/null',
      '+++ b/n',
      '@@ -0,0 +1 @@',
      '+x',
      'diff --git a/p b/q',
      'old mode 100644',
      'new mode 100755',
      'similarity index 80%',
      'rename from p',
      'rename to q',
      '--- a/p',
      '+++ b/q',
      '@@ -1 +1 @@',
      '-a',
      '+b',
    );
    const ops = unifiedToOps(reverseUnified(parseUnified(text)), 1, none);
    expect(ops).toEqual([
      {
        kind: 'update',
        path: 'q',
        moveTo: 'p',
        executable: false,
        patchLine: 7,
        hunks: [
          {
            lines: [
              { op: '-', text: 'b' },
              { op: '+', text: 'a' },
            ],
            endOfFile: false,
            patchLine: 15,
            hintLine: 1,
            counted: true,
          },
        ],
        simultaneous: true,
        eof: { oldNoEol: false, newNoEol: false },
      },
      { kind: 'delete', path: 'n', patchLine: 1, expectLines: ['x'], simultaneous: true },
    ]);
  });
});
