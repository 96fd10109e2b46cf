import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apply, edit, modelMessage } from '../../src/index.js';
import type { EditRequest, Outcome } from '../../src/types.js';
import { MemFs } from '../support/memfs.js';

const codes = (o: Outcome) => [...(o.error ? [o.error.code] : []), ...o.failed.flatMap((g) => g.failures.map((f) => f.code))];

const single = (old_string: string, new_string: string, path = 'f.txt'): EditRequest => ({
  mode: 'single',
  path,
  edit: { old_string, new_string },
});

describe('an edit commits through the same path as a patch', () => {
  it('writes the file once, keeps its mode and reports replacements and sizes', async () => {
    const fs = new MemFs();
    fs.put('/work/f.txt', 'a\nb\nc\n', 0o755);
    const o = await edit(single('b', 'BB'), { fs, cwd: '/work' });
    expect(o.status).toBe('applied');
    expect(fs.text('/work/f.txt')).toBe('a\nBB\nc\n');
    expect(fs.dump()['/work/f.txt']![1]).toBe(0o755);
    expect(fs.writes).toBe(1);
    expect(o.edit).toEqual({ path: 'f.txt', mode: 'single', replacements: 1, skipped: [], bytesBefore: 6, bytesAfter: 7 });
    expect(o.changes).toEqual([{ kind: 'update', path: 'f.txt' }]);
    expect(o.diffs[0]!.hunks[0]!.lines.filter((l) => l.type !== ' ').map((l) => `${l.type}${l.text}`)).toEqual(['-b', '+BB']);
    expect(modelMessage(o)).toBe('Success. Edited f.txt: 1 replacement made (6 bytes → 7 bytes).\n');
  });

  it('writes nothing when the file changed between planning and commit', async () => {
    const fs = new MemFs({ 'f.txt': 'a\nb\n' });
    fs.hooks.onRevalidate = (m) => m.put('/work/f.txt', 'a\nb\nzz\n');
    const o = await edit(single('b', 'B'), { fs, cwd: '/work' });
    expect(o.status).toBe('rejected');
    expect(codes(o)).toEqual(['changed_after_planning']);
    expect(fs.text('/work/f.txt')).toBe('a\nb\nzz\n');
    expect(modelMessage(o)).toContain('changed after planning');
    expect(o.edit).toBeUndefined();
  });

  it('leaves the file as it was when the write fails', async () => {
    const fs = new MemFs({ 'f.txt': 'a\nb\n' });
    fs.hooks.beforeWrite = (_path, nth) => {
      if (nth === 1) throw new Error('disk full');
    };
    const o = await edit(single('b', 'B'), { fs, cwd: '/work' });
    expect(codes(o)).toEqual(['write_failed']);
    expect(fs.text('/work/f.txt')).toBe('a\nb\n');
    expect(modelMessage(o)).toContain('disk full');
  });

  it('writes nothing under check and says what would change', async () => {
    const fs = new MemFs({ 'f.txt': 'a\nb\n' });
    const o = await edit(single('b', 'B'), { fs, cwd: '/work', check: true });
    expect(o.status).toBe('checked');
    expect(fs.writes).toBe(0);
    expect(modelMessage(o)).toContain('Check passed. The edit would change f.txt: 1 replacement (4 bytes → 4 bytes); nothing was written.');
  });
});

describe('a batch is all or nothing', () => {
  it('writes once for several entries and counts every replacement', async () => {
    const fs = new MemFs({ 'f.go': 'const port = 8080\nconst retries = 2\nx x\n' });
    const o = await edit(
      {
        mode: 'batch',
        path: 'f.go',
        edits: [
          { old_string: 'const port = 8080', new_string: 'const port = 3000' },
          { old_string: 'const retries = 2', new_string: 'const retries = 3' },
          { old_string: 'x', new_string: 'y', replace_all: true },
        ],
      },
      { fs, cwd: '/work' },
    );
    expect(o.status).toBe('applied');
    expect(fs.writes).toBe(1);
    expect(fs.text('/work/f.go')).toBe('const port = 3000\nconst retries = 3\ny y\n');
    expect(o.edit?.replacements).toBe(4);
  });

  it('says so when an entry builds on what an earlier entry writes, instead of calling the file stale', async () => {
    const fs = new MemFs({ 'f.js': 'let a = 1;\nlet b = 2;\n' });
    const o = await edit(
      {
        mode: 'batch',
        path: 'f.js',
        edits: [
          { old_string: 'let a = 1;', new_string: 'const a = 1;' },
          { old_string: 'const a = 1;', new_string: 'const a = 10;' },
        ],
      },
      { fs, cwd: '/work' },
    );
    expect(o.status).toBe('rejected');
    expect(fs.writes).toBe(0);
    const failure = o.failed[0]!.failures[0]!;
    expect(failure.code).toBe('old_string_not_found');
    expect(failure.message).toContain("edits[1]: old_string is not in the file, but edits[0]'s new_string writes it");
    expect(failure.message).toContain('fold the two into one entry');
    expect(failure.message).not.toContain('re-read the file');
  });

  it('rejects the whole batch and names every failing entry in one report', async () => {
    const fs = new MemFs({ 'f.txt': 'one\ntwo\ntwo\nthree\n' });
    const o = await edit(
      {
        mode: 'batch',
        path: 'f.txt',
        edits: [
          { old_string: 'one', new_string: '1' },
          { old_string: 'tow', new_string: '2' },
          { old_string: 'two', new_string: '2' },
          { old_string: 'three', new_string: '3' },
        ],
      },
      { fs, cwd: '/work' },
    );
    expect(o.status).toBe('rejected');
    expect(fs.writes).toBe(0);
    expect(codes(o)).toEqual(['old_string_not_found', 'old_string_ambiguous']);
    const m = modelMessage(o);
    expect(m).toContain('2 entries of 4 cannot be applied');
    expect(m).toContain('- edits[1]: old_string not found in file');
    expect(m).toContain('- edits[2]: old_string found 2 times (lines 2, 3)');
    expect(m).toContain('resend the complete batch');
  });

  it('skips identical entries without counting them, and writes nothing when nothing changes', async () => {
    const fs = new MemFs({ 'f.txt': 'a\n' });
    const o = await edit(
      { mode: 'batch', path: 'f.txt', edits: [{ old_string: 'not in file', new_string: 'not in file' }] },
      { fs, cwd: '/work' },
    );
    expect(o.status).toBe('applied');
    expect(o.changes).toEqual([]);
    expect(fs.writes).toBe(0);
    expect(o.edit).toMatchObject({ replacements: 0, skipped: [{ entry: 0, reason: 'old_string and new_string are identical' }] });
    expect(modelMessage(o)).toContain('No changes to f.txt (every entry requests no change); nothing was written.');
    expect(modelMessage(o)).toContain('skipped edits[0]: old_string and new_string are identical');
  });

  it('matches every entry against the original file, not against earlier entries', async () => {
    const fs = new MemFs({ 'f.txt': 'a\n' });
    const o = await edit(
      {
        mode: 'batch',
        path: 'f.txt',
        edits: [
          { old_string: 'a', new_string: 'b' },
          { old_string: 'b', new_string: 'c' },
        ],
      },
      { fs, cwd: '/work' },
    );
    expect(codes(o)).toEqual(['old_string_not_found']);
    expect(fs.text('/work/f.txt')).toBe('a\n');
  });
});

describe('the file must be one existing text file', () => {
  it.each([
    ['a missing file', (fs: MemFs) => fs, 'file_missing', 'file not found'],
    ['a directory', (fs: MemFs) => (fs.mkdirSync('/work/f.txt'), fs), 'not_a_file', 'is a directory'],
    [
      'a symbolic link',
      (fs: MemFs) => (fs.nodes.set('/work/f.txt', { kind: 'symlink', target: 'g', mode: 0o777, ino: 99 }), fs),
      'symlink',
      'symbolic link',
    ],
    ['a binary file', (fs: MemFs) => (fs.put('/work/f.txt', new Uint8Array([0, 1, 2, 0x62])), fs), 'binary', 'binary file'],
  ])('refuses %s', async (_name, setup, code, message) => {
    const fs = setup(new MemFs());
    const o = await edit(single('b', 'B'), { fs, cwd: '/work' });
    expect(o.status).toBe('rejected');
    expect(codes(o)).toEqual([code]);
    expect(modelMessage(o)).toContain(message);
    expect(fs.writes).toBe(0);
  });

  it('refuses a path outside the working directory', async () => {
    const fs = new MemFs({ 'f.txt': 'b' });
    fs.put('/etc/passwd', 'b');
    const o = await edit(single('b', 'B', '../etc/passwd'), { fs, cwd: '/work' });
    expect(codes(o)).toEqual(['outside_root']);
  });

  it('refuses an edit the permission rules deny', async () => {
    const fs = new MemFs({ 'f.txt': 'b' });
    const o = await edit(single('b', 'B'), {
      fs,
      cwd: '/work',
      authorizeEdit: (p) => (p === 'f.txt' ? 'denied by rule edit: f.txt deny' : undefined),
    });
    expect(codes(o)).toEqual(['permission_denied']);
    expect(fs.text('/work/f.txt')).toBe('b');
  });

  it('refuses a control character new_string would write', async () => {
    const fs = new MemFs({ 'f.txt': 'b' });
    const o = await edit(single('b', 'a\u0007b'), { fs, cwd: '/work' });
    expect(codes(o)).toEqual(['control_chars']);
  });
});

describe('apply() detects edit JSON', () => {
  it('runs an edit object given as text', async () => {
    const fs = new MemFs({ 'f.txt': 'hello\n' });
    const o = await apply('{"path":"f.txt","old_string":"hello","new_string":"bye"}', { fs, cwd: '/work' });
    expect(o.tool).toBe('edit');
    expect(fs.text('/work/f.txt')).toBe('bye\n');
  });

  it('rejects a malformed edit object naming the field, writing nothing', async () => {
    const fs = new MemFs({ 'f.txt': 'hello\n' });
    const o = await apply('{"path":"f.txt","old_string":"hello","new_string":"bye","edits":[]}', { fs, cwd: '/work' });
    expect(o.error?.code).toBe('bad_edit');
    expect(o.error?.message).toContain('do not combine "edits" with top-level "old_string", "new_string"');
    expect(fs.writes).toBe(0);
  });
});

describe('repeated old_string misses in a session', () => {
  it('add the repeated-failure note from the second miss on the same file', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'chord-patch-session-'));
    try {
      const fs = new MemFs({ 'f.txt': 'alpha\n' });
      const opts = { fs, cwd: '/work', session: 's1', stateDir };
      const first = await edit(single('alpah', 'x'), opts);
      expect(first.notes.map((n) => n.code)).not.toContain('repeated_failure');
      const second = await edit(single('alpah', 'x'), opts);
      expect(second.notes.map((n) => n.code)).toContain('repeated_failure');
      const ok = await edit(single('alpha', 'x'), opts);
      expect(ok.status).toBe('applied');
      const third = await edit(single('nothing', 'y'), opts);
      expect(third.notes.map((n) => n.code)).not.toContain('repeated_failure');
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
  });
});

describe('an old_string typed shallower than the file, first line included', () => {
  // Found by running the same changes as edits and as SEARCH/REPLACE blocks: the edit read old_string's first line
  // as copied from past the file's indentation, put new_string's indented first line after it (4 spaces), and wrote
  // the other lines at 2, with exit 0.
  const FILE = 'function f() {\n  const a = 1;\n  if (a) return a;\n}\n';
  it.each([
    ['typed at the file indentation', '  const a = 2;\n  if (a) return a;'],
    ['typed as shallow as old_string', 'const a = 2;\nif (a) return a;'],
  ])('writes new_string %s at the file indentation', async (_how, new_string) => {
    const fs = new MemFs();
    fs.put('/work/f.js', FILE);
    const o = await edit(single('const a = 1;\nif (a) return a;', new_string, 'f.js'), { fs, cwd: '/work' });
    expect(o.status).toBe('applied');
    expect(fs.text('/work/f.js')).toBe('function f() {\n  const a = 2;\n  if (a) return a;\n}\n');
  });

  it('still reads a first line copied from past the indentation when the other lines are the file own', async () => {
    const fs = new MemFs();
    fs.put('/work/f.js', FILE);
    const o = await edit(single('const a = 1;\n  if (a) return a;', 'const a = 2;\n  if (a) return a;', 'f.js'), { fs, cwd: '/work' });
    expect(o.status).toBe('applied');
    expect(fs.text('/work/f.js')).toBe('function f() {\n  const a = 2;\n  if (a) return a;\n}\n');
  });
});
