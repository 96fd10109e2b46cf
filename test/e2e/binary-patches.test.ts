// `GIT binary patch` diffs through the CLI: real patches written by
// `git diff --binary` in a scratch repository, applied to a fresh copy of the
// pre-image and compared byte for byte with the post-image; then every way
// such a patch may not fit (another file, abbreviated ids, corrupt data),
// each refused with nothing written. The git cases ported are marked with
// their source: t/t4103-apply-binary.sh, t/t4116-apply-reverse.sh and
// t/t4012-diff-binary.sh of git's test suite.

import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { readTree, scratchDirs } from '../support/tree.js';

const temp = scratchDirs();
const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'core.autocrlf=false', '-c', 'diff.noprefix=false', ...args], {
    cwd,
    encoding: 'latin1',
    maxBuffer: 64 << 20,
  });

/** Deterministic bytes that do not compress (a seeded generator: the same patch every run). */
function noise(length: number, seed: number): Buffer {
  const out = Buffer.alloc(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

type Files = Record<string, string | Buffer | null>;

function write(dir: string, files: Files): void {
  for (const [p, c] of Object.entries(files)) {
    if (c === null) rmSync(join(dir, p));
    else {
      mkdirSync(join(dir, p, '..'), { recursive: true });
      writeFileSync(join(dir, p), c);
    }
  }
}

/** A copy of the repository's working tree, without .git. */
function copy(dir: string): string {
  const to = temp();
  cpSync(dir, to, { recursive: true, filter: (src) => !src.split('/').includes('.git') });
  return to;
}

const tree = (dir: string) => readTree(dir);

interface Made {
  /** A copy of the files before the change, and after it. */
  pre: string;
  post: string;
  /** `git diff --binary` of the change (with `args`), in a file outside both trees. */
  patch: string;
  text: string;
}

/** Commit `before` in a scratch repository, make `after`, and diff the two (`git diff --cached` with `args`). */
function made(before: Files, after: Files, args: string[] = ['--binary']): Made {
  const repo = temp();
  git(repo, 'init', '-q');
  git(repo, 'config', 'user.email', 't@example.com');
  git(repo, 'config', 'user.name', 't');
  write(repo, before);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-qm', 'before');
  const pre = copy(repo);
  write(repo, after);
  git(repo, 'add', '-A');
  const text = git(repo, 'diff', '--cached', ...args);
  const patch = join(temp(), 'binary.diff');
  writeFileSync(patch, text, 'latin1');
  return { pre, post: copy(repo), patch, text };
}

const apply = (dir: string, ...args: string[]) => runCli(['apply', '-C', dir, ...args]);

const BIG = noise(200_000, 7);
const changedBig = () => {
  const b = Buffer.from(BIG);
  b.write('a small change in the middle', 100_000, 'latin1');
  return b;
};
const BEFORE: Files = { 'big.bin': BIG, 'small.bin': Buffer.from('x\0y\n'), 'gone.bin': noise(500, 3), 't.txt': 'one\ntwo\n' };
const AFTER: Files = {
  'big.bin': changedBig(),
  'small.bin': Buffer.from('z\0\x01\x02'),
  'gone.bin': null,
  'dir/new.bin': noise(3000, 5),
  't.txt': 'one\ntwo\nthree\n',
};

describe('binary patches git writes', () => {
  it('add, modify (literal and delta) and delete binary files byte for byte, beside a text file', () => {
    const m = made(BEFORE, AFTER);
    // The large file with a small change is a delta, the others literals: both kinds are exercised.
    expect(m.text).toMatch(/^delta \d+$/m);
    expect(m.text).toMatch(/^literal \d+$/m);
    const dir = copy(m.pre);
    const r = apply(dir, m.patch);
    expect(r.stdout).toContain('applied 5 changes');
    expect(r.code).toBe(0);
    expect(tree(dir)).toEqual(tree(m.post));
    expect(r.stdout).toContain('Binary files a/big.bin and b/big.bin differ');
    expect(r.stdout).toContain('Binary files /dev/null and b/dir/new.bin differ');
    expect(r.stdout).toContain('Binary files a/gone.bin and /dev/null differ');
  });

  it('check reports them as applicable, M/A/D, and writes nothing', () => {
    const m = made(BEFORE, AFTER);
    const dir = copy(m.pre);
    const r = runCli(['check', '--json', '-C', dir, m.patch]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout).files[0];
    expect(doc.status).toBe('checked');
    expect(doc.changes).toEqual([
      { kind: 'update', path: 'big.bin' },
      { kind: 'add', path: 'dir/new.bin' },
      { kind: 'delete', path: 'gone.bin' },
      { kind: 'update', path: 'small.bin' },
      { kind: 'update', path: 't.txt' },
    ]);
    expect(doc.message).toMatch(/M big.bin\nA dir\/new.bin\nD gone.bin\nM small.bin\nM t.txt/);
    expect(tree(dir)).toEqual(tree(m.pre));
  });

  it('-R undoes them through the reverse hunk: a round trip gives back every byte', () => {
    const m = made(BEFORE, AFTER);
    const dir = copy(m.pre);
    expect(apply(dir, m.patch).code).toBe(0);
    const back = apply(dir, '-R', m.patch);
    expect(back.stdout).toContain('applied 5 changes');
    expect(tree(dir)).toEqual(tree(m.pre));
    // -R on the post-image alone, as git apply -R.
    const post = copy(m.post);
    expect(apply(post, '-R', m.patch).code).toBe(0);
    expect(tree(post)).toEqual(tree(m.pre));
  });

  it('a renamed or copied binary file with changed bytes is moved or copied and patched; an executable one gets its mode', () => {
    const m = made({ 'a.bin': BIG }, { 'a.bin': null, 'moved/b.bin': changedBig() }, ['--binary', '-M']);
    expect(m.text).toContain('rename from a.bin');
    const dir = copy(m.pre);
    const r = apply(dir, m.patch);
    expect(r.code).toBe(0);
    expect(tree(dir)).toEqual(tree(m.post));
    expect(r.stdout).toContain('Binary files a/a.bin and b/moved/b.bin differ');
    expect(apply(dir, '-R', m.patch).code).toBe(0);
    expect(tree(dir)).toEqual(tree(m.pre));
    // A copy (-C --find-copies-harder): the source stays, the copy gets the delta.
    const c = made({ 'a.bin': BIG }, { 'c.bin': changedBig() }, ['--binary', '-C', '--find-copies-harder']);
    expect(c.text).toContain('copy from a.bin');
    const d1 = copy(c.pre);
    expect(apply(d1, c.patch).code).toBe(0);
    expect(tree(d1)).toEqual(tree(c.post));
    const x = made({ 'k.txt': 'k\n' }, { 'tool.bin': Buffer.concat([Buffer.from([0]), noise(100, 9)]) });
    expect(x.text).toContain('GIT binary patch');
    const text = x.text.replace('new file mode 100644', 'new file mode 100755');
    writeFileSync(x.patch, text, 'latin1');
    const d2 = copy(x.pre);
    const made755 = apply(d2, x.patch);
    expect([made755.code, made755.stderr]).toEqual([0, '']);
    expect(execFileSync('stat', ['-c', '%a', join(d2, 'tool.bin')], { encoding: 'utf8' }).trim()).toMatch(/^7[0-7]{2}$/);
  });
});

/** The run fails with a message matching `why` and leaves the tree at `dir` exactly as it was. */
function refusedAll(dir: string, run: () => ReturnType<typeof runCli>, why: RegExp): string {
  const before = tree(dir);
  const r = run();
  expect(r.code).not.toBe(0);
  expect(r.stderr).toMatch(why);
  expect(tree(dir)).toEqual(before);
  return r.stderr;
}

describe('binary patches that do not fit are refused, nothing written', () => {
  it('a file whose content is not the blob the patch was made from, naming the file and the patch line', () => {
    const m = made(BEFORE, AFTER);
    const dir = copy(m.pre);
    writeFileSync(join(dir, 'small.bin'), 'x\0Y\n');
    const line = m.text.split('\n').indexOf('literal 4') + 1;
    const err = refusedAll(
      dir,
      () => apply(dir, m.patch),
      /small\.bin: the binary patch applies to the blob [0-9a-f]{40}, but the file is [0-9a-f]{40}/,
    );
    expect(err).toContain(`patch line ${line}`);
    // The delta's file changed too: the blob is checked before any delta is replayed.
    const d2 = copy(m.pre);
    writeFileSync(join(d2, 'big.bin'), Buffer.concat([BIG.subarray(0, 10), Buffer.from('!'), BIG.subarray(11)]));
    refusedAll(d2, () => apply(d2, m.patch), /big\.bin: the binary patch applies to the blob/);
  });

  it('an abbreviated index line (git: "without full index line")', () => {
    const m = made(BEFORE, AFTER);
    const short = m.text.replace(/^index ([0-9a-f]{7})[0-9a-f]{33}\.\.([0-9a-f]{7})[0-9a-f]{33}/m, 'index $1..$2');
    expect(short).not.toBe(m.text);
    writeFileSync(m.patch, short, 'latin1');
    const dir = copy(m.pre);
    refusedAll(dir, () => apply(dir, m.patch), /big\.bin: cannot apply binary patch without full index line/);
  });

  it('corrupt base85 data and a stated length the data does not inflate to, with the line', () => {
    const m = made(BEFORE, AFTER);
    const lines = m.text.split('\n');
    const at = lines.indexOf('literal 4') + 1;
    const bad = [...lines];
    bad[at] = `${bad[at]!.slice(0, 3)}"${bad[at]!.slice(4)}`;
    writeFileSync(m.patch, bad.join('\n'), 'latin1');
    const dir = copy(m.pre);
    refusedAll(dir, () => apply(dir, m.patch), new RegExp(`line ${at + 1}: corrupt binary patch: .* is not a line of base85 data`));
    const long = [...lines];
    long[at - 1] = 'literal 5';
    writeFileSync(m.patch, long.join('\n'), 'latin1');
    refusedAll(
      dir,
      () => apply(dir, m.patch),
      new RegExp(`line ${at}: corrupt binary patch: the data inflates to 4 bytes, its header states 5`),
    );
  });

  it('a mixed patch applies both files or neither: a binary file that differs keeps the text one unwritten, and the reverse', () => {
    const m = made({ 't.txt': 'one\n', 'b.bin': BIG }, { 't.txt': 'one\ntwo\n', 'b.bin': changedBig() });
    const binDiffers = copy(m.pre);
    writeFileSync(join(binDiffers, 'b.bin'), noise(10, 1));
    refusedAll(binDiffers, () => apply(binDiffers, m.patch), /b\.bin: the binary patch applies to the blob/);
    expect(readFileSync(join(binDiffers, 't.txt'), 'utf8')).toBe('one\n');
    const textDiffers = copy(m.pre);
    writeFileSync(join(textDiffers, 't.txt'), 'uno\n');
    refusedAll(textDiffers, () => apply(textDiffers, m.patch), /t\.txt: hunk not found/);
    expect(readFileSync(join(textDiffers, 'b.bin'))).toEqual(BIG);
  });

  it('a reversed patch without the reverse hunk, and "Binary files ... differ" without data', () => {
    const m = made(BEFORE, AFTER);
    // small.bin's forward hunk only: its reverse hunk and the blank line closing it are cut out.
    const lines = m.text.split('\n');
    const rev = lines.indexOf('', lines.indexOf('literal 4')) + 1;
    expect(lines[rev]).toMatch(/^literal /);
    writeFileSync(m.patch, [...lines.slice(0, rev), ...lines.slice(lines.indexOf('', rev) + 1)].join('\n'), 'latin1');
    const post = copy(m.post);
    refusedAll(post, () => apply(post, '-R', m.patch), /small\.bin: cannot reverse-apply the binary patch: it has no reverse hunk/);
    // Without --binary git writes no data, even with full ids (t4103 "apply binary diff -- should fail", B-index.diff).
    for (const args of [[], ['--full-index']]) {
      const bare = made(BEFORE, AFTER, args);
      expect(bare.text).toContain('Binary files a/big.bin and b/big.bin differ');
      const dir = copy(bare.pre);
      refusedAll(dir, () => apply(dir, bare.patch), /big\.bin: binary diff \("Binary files \.\.\. differ"\) with no content to apply/);
    }
  });
});

describe("git's own cases", () => {
  // t4103-apply-binary.sh's setup: four text files; file1 gains NULs, file2 goes, file3 comes (a copy of file1 with NULs), file4 changes.
  const text = [
    'A quick brown fox jumps over the lazy dog.',
    'A tiny little penguin runs around in circles.',
    'There is a flag with Linux written on it.',
    'A slow black-and-white panda just sits there,',
    'munching on his bamboo.',
    '',
  ].join('\n');
  const file3 = text.replaceAll('x', '\0');
  const T4103_BEFORE: Files = { file1: text, file2: text, file4: text };
  const T4103_AFTER: Files = { file1: file3.replaceAll('y', '\0'), file2: null, file3, file4: file3 };

  it('t4103: BF.diff and CF.diff (-C, copies) apply; -p0 applies B0.diff (--no-prefix)', () => {
    for (const args of [['--binary'], ['--binary', '-C'], ['--binary', '-C', '--find-copies-harder']]) {
      const m = made(T4103_BEFORE, T4103_AFTER, args);
      // With -C git finds file3 in file2 (gone): a rename whose content a binary patch changes.
      if (args.includes('-C')) expect(m.text).toContain('rename from file2');
      const dir = copy(m.pre);
      const r = apply(dir, m.patch);
      expect([args, r.stdout]).toEqual([args, expect.stringContaining('applied')]);
      expect(tree(dir)).toEqual(tree(m.post));
      // Back again (t4116's point, on t4103's files): the NULs go, file2 returns, file3 goes.
      expect(apply(dir, '-R', m.patch).code).toBe(0);
      expect(tree(dir)).toEqual(tree(m.pre));
    }
    const m = made(T4103_BEFORE, T4103_AFTER, ['--binary', '--no-prefix', '--', 'file3']);
    const dir = copy(m.pre);
    expect(apply(dir, '-p0', m.patch).code).toBe(0);
    expect(readFileSync(join(dir, 'file3'), 'latin1')).toBe(file3);
  });

  it('t4116: forward, then in reverse, a binary file beside a text file', () => {
    const lines = (s: string) => `${s.split('').join('\n')}\n`;
    const one = lines('abcdefghijklmn');
    const two = lines('abcghiJKLmonpq');
    const m = made(
      { file1: one, file2: one.replace('i', '\0').replace('j', '\x01').replace('k', '\x02') },
      { file1: two, file2: two.replace('m', '\0').replace('o', '\x01').replace('n', '\x02') },
    );
    const dir = copy(m.pre);
    expect(apply(dir, m.patch).code).toBe(0);
    expect(tree(dir)).toEqual(tree(m.post));
    expect(apply(dir, '-R', m.patch).code).toBe(0);
    expect(tree(dir)).toEqual(tree(m.pre));
  });

  it('t4012: the binary data is skipped exactly, so a corrupt text hunk after it is reported at its own line', () => {
    const png = noise(300, 11);
    const m = made({ a: 'AIT\n', b: 'BIT\n', c: 'CIT\n', d: 'DIT\n' }, { a: 'git\n', b: png, c: 'git\n', d: Buffer.concat([png, png]) });
    const lines = m.text.split('\n');
    const at = lines.indexOf('-CIT');
    expect(at).toBeGreaterThan(lines.indexOf('GIT binary patch'));
    lines[at] = 'xCIT';
    writeFileSync(m.patch, lines.join('\n'), 'latin1');
    const dir = copy(m.pre);
    refusedAll(dir, () => apply(dir, m.patch), new RegExp(`line ${at + 1}: .*"xCIT"`));
    // t4012 "apply binary patch": removal (b), modification (d) and creation (e) at once.
    const n = made({ a: 'AIT\n', b: png, d: png }, { a: 'AIT\n', b: null, d: Buffer.concat([png, png]), e: png }, ['--binary']);
    const d2 = copy(n.pre);
    expect(apply(d2, n.patch).code).toBe(0);
    expect(tree(d2)).toEqual(tree(n.post));
  });
});

describe('binary patches keep the trust boundaries text diffs keep (red team)', () => {
  const PAIR: [Files, Files] = [{ 'pic.bin': Buffer.from('a\0b') }, { 'pic.bin': Buffer.from('c\0d') }];

  it('never writes through a symbolic link at the target to a file outside the root', () => {
    const m = made(...PAIR);
    const dir = copy(m.pre);
    const outside = temp();
    writeFileSync(join(outside, 'pic.bin'), Buffer.from('a\0b'));
    rmSync(join(dir, 'pic.bin'));
    symlinkSync(join(outside, 'pic.bin'), join(dir, 'pic.bin'));
    const r = apply(dir, m.patch);
    expect(r.code).not.toBe(0);
    expect(readFileSync(join(outside, 'pic.bin'))).toEqual(Buffer.from('a\0b'));
    expect(readlinkSync(join(dir, 'pic.bin'))).toBe(join(outside, 'pic.bin'));
  });

  it('refuses a binary file inside .git/, as it refuses a text one', () => {
    const m = made({ 'keep.txt': 'k\n' }, { 'keep.txt': 'k\n', 'hooks/post-checkout': Buffer.from('#!/bin/sh\0\n') });
    const dir = copy(m.pre);
    mkdirSync(join(dir, '.git', 'hooks'), { recursive: true });
    const patch = join(temp(), 'hook.diff');
    writeFileSync(patch, m.text.replace(/hooks\/post-checkout/g, '.git/hooks/post-checkout'), 'latin1');
    expect(m.text).toContain('GIT binary patch');
    const r = apply(dir, patch);
    expect(r.code).not.toBe(0);
    expect(existsSync(join(dir, '.git', 'hooks', 'post-checkout'))).toBe(false);
  });

  it('refuses a directory where the patch modifies a binary file, writing nothing', () => {
    const m = made(...PAIR);
    const dir = copy(m.pre);
    rmSync(join(dir, 'pic.bin'));
    mkdirSync(join(dir, 'pic.bin'));
    const r = apply(dir, m.patch);
    expect(r.code).not.toBe(0);
    expect(readdirSync(join(dir, 'pic.bin'))).toEqual([]);
  });
});
