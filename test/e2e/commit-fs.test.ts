// The commit on the real file system, through the CLI: long names, owners,
// append-only directories, and `chord-patch recover`.

import {
  chmodSync,
  chownSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chord-patch-commitfs-'));
});
afterEach(() => {
  spawnSync('chattr', ['-R', '-a', dir], { stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
});

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');
const isRoot = process.geteuid?.() === 0;
const chattrWorks = () => {
  const probe = join(dir, 'probe');
  mkdirSync(probe);
  const ok = spawnSync('chattr', ['+a', probe]).status === 0;
  spawnSync('chattr', ['-a', probe]);
  rmSync(probe, { recursive: true });
  return ok;
};

describe('file names near the 255-byte limit', () => {
  it('applies an Add and an Update of a 251-byte name that check accepted', () => {
    const name = `${'x'.repeat(247)}.txt`;
    writeFileSync(join(dir, name), 'a\n');
    const patch = P(`*** Update File: ${name}`, '-a', '+b', `*** Add File: ${'y'.repeat(250)}.md`, '+new');
    expect(runCli(['check', '-C', dir], { input: patch }).code).toBe(0);
    const r = runCli(['apply', '-C', dir], { input: patch });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, name), 'utf8')).toBe('b\n');
  });

  it('refuses a name over 255 bytes in check exactly as in apply', () => {
    const patch = P(`*** Add File: ${'z'.repeat(256)}.txt`, '+x');
    const check = runCli(['check', '--json', '-C', dir], { input: patch });
    const apply = runCli(['apply', '--json', '-C', dir], { input: patch });
    expect(check.code).toBe(1);
    expect(apply.code).toBe(1);
    expect(JSON.parse(apply.stdout).error.code).toBe(JSON.parse(check.stdout).files[0].error.code);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('owners and hard links', () => {
  it.skipIf(!isRoot)('keeps the owner and group of a file edited by root', () => {
    const f = join(dir, 'owned.txt');
    writeFileSync(f, 'a\n');
    chownSync(f, 1234, 2345);
    chmodSync(f, 0o640);
    expect(runCli(['apply', '-C', dir], { input: P('*** Update File: owned.txt', '-a', '+b') }).code).toBe(0);
    const s = statSync(f);
    expect([s.uid, s.gid, s.mode & 0o7777]).toEqual([1234, 2345, 0o640]);
  });

  it('replaces a hard-linked file as git apply does: its other name keeps the old content, and a note says so', () => {
    writeFileSync(join(dir, 'a.txt'), 'a\n');
    linkSync(join(dir, 'a.txt'), join(dir, 'b.txt'));
    const ino = statSync(join(dir, 'a.txt')).ino;
    const r = runCli(['apply', '--json', '-C', dir], { input: P('*** Update File: a.txt', '-a', '+b') });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).notes).toContainEqual({
      code: 'info',
      message: 'a.txt had 2 hard links: it was replaced by a new file, so its other names keep the previous content',
    });
    const [a, b] = ['a.txt', 'b.txt'].map((f) => statSync(join(dir, f)));
    expect([a!.ino === ino, b!.ino, b!.nlink]).toEqual([false, ino, 1]);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('b\n');
    expect(readFileSync(join(dir, 'b.txt'), 'utf8')).toBe('a\n');
    expect(readdirSync(dir).sort()).toEqual(['a.txt', 'b.txt']);
  });

  // A tree unpacked from an archive may carry hard links (tar keeps them): written into the shared inode, a patch to
  // notes.txt rewrote .git/config (git then ran its fsmonitor command), or a file outside the root.
  it.each([
    ['.git/config', '.git/config'],
    ['a file outside the root', '../outside.txt'],
  ])('leaves %s, a second name of the patched file, as it was', (_what, other) => {
    const root = join(dir, 'root');
    mkdirSync(join(root, '.git'), { recursive: true });
    const victim = join(root, other);
    writeFileSync(victim, '[core]\n\tbare = false\n');
    linkSync(victim, join(root, 'notes.txt'));
    const patch = P('*** Update File: notes.txt', ' [core]', '+\tfsmonitor = "touch PWNED; false"', ' \tbare = false');
    const r = runCli(['apply', '-C', root], { input: patch });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(root, 'notes.txt'), 'utf8')).toContain('fsmonitor');
    expect(readFileSync(victim, 'utf8')).toBe('[core]\n\tbare = false\n');
  });
});

describe('append-only directories', () => {
  it('reports the temp file it could not remove after an Add, and nothing else is left', () => {
    if (!chattrWorks()) return;
    mkdirSync(join(dir, 'ao'));
    spawnSync('chattr', ['+a', join(dir, 'ao')]);
    const r = runCli(['apply', '--json', '-C', dir], { input: P('*** Add File: ao/new.txt', '+n') });
    const doc = JSON.parse(r.stdout);
    const left = readdirSync(join(dir, 'ao')).filter((n) => n !== 'new.txt');
    expect(left.length).toBe(1);
    expect(doc.notes.map((n: { message: string }) => n.message).join('\n')).toContain(left[0]);
    expect(existsSync(join(dir, '.chord-patch'))).toBe(false);
  });

  it('leaves an Update target unchanged and names every leftover instead of "Nothing was written"', () => {
    if (!chattrWorks()) return;
    mkdirSync(join(dir, 'ao'));
    writeFileSync(join(dir, 'ao', 'e.txt'), 'x\n');
    spawnSync('chattr', ['+a', join(dir, 'ao')]);
    const r = runCli(['apply', '--model', '-C', dir], { input: P('*** Update File: ao/e.txt', '-x', '+y') });
    expect(r.code).toBe(1);
    expect(readFileSync(join(dir, 'ao', 'e.txt'), 'utf8')).toBe('x\n');
    expect(r.stderr).not.toContain('Nothing was written');
    for (const n of readdirSync(join(dir, 'ao')).filter((x) => x !== 'e.txt')) expect(r.stderr).toContain(n);
  });
});

describe('chord-patch recover', () => {
  it('says there is nothing to recover in a clean directory, and leaves no trace', () => {
    const r = runCli(['recover', '-C', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('nothing to recover');
    expect(readdirSync(dir)).toEqual([]);
  });
});
