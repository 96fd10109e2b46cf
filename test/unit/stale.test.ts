// Stale context (src/stale/): sequences an agent really produces. Each run
// goes through the library as the CLI and the MCP server call it.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply, edit } from '../../src/index.js';
import { endSession, preimageDirFor } from '../../src/session/store.js';
import { evict, keepPreimages, sessionPreimages } from '../../src/stale/store.js';
import { loadMerge, type MergeSide, mergeSidesConflicts, mergeWindows } from '../../src/stale/merge.js';
import type { Outcome } from '../../src/types.js';

let dir: string;
let state: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cp-stale-'));
  state = mkdtempSync(join(tmpdir(), 'cp-stale-state-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
});

const TEN = 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n';
const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
const read = (name: string) => readFileSync(join(dir, name), 'utf8');
const patch = (body: string) => `*** Begin Patch\n${body}*** End Patch\n`;
const opts = (extra: Record<string, unknown> = {}) => ({ cwd: dir, session: 's1', stateDir: state, ...extra });
const failure = (o: Outcome) => o.failed[0]?.failures[0];

/** The agent's first patch: b -> B. Its pre-image (TEN) is kept in the session. */
async function firstPatch(): Promise<void> {
  write('f.txt', TEN);
  const o = await apply(patch('*** Update File: f.txt\n@@\n a\n-b\n+B\n c\n'), opts());
  expect(o.status).toBe('applied');
}

describe('a second patch written from before the first', () => {
  it('is diagnosed: stale_context names the pre-image, the lines changed since and the lines now there; nothing written', async () => {
    await firstPatch();
    const o = await apply(patch('*** Update File: f.txt\n@@\n a\n b\n c\n-d\n+D\n e\n'), opts());
    const f = failure(o)!;
    expect(o.status).toBe('rejected');
    expect(f.code).toBe('stale_context');
    expect(f.message).toMatch(/matches f\.txt as it was before this session's edit of \d\d:\d\d:\d\d UTC \(line 2 changed since\)/);
    expect(f.message).toContain('     2→B');
    expect(f.lines).toEqual([2]);
    expect(f.stale).toMatchObject({ base: { source: 'session' }, baseLines: [1, 5], currentLines: [1, 5], changed: [2] });
    expect(read('f.txt')).toBe(TEN.replace('b\n', 'B\n'));
  });

  it('--3way: a change to other lines merges, written with a note naming the base', async () => {
    await firstPatch();
    const o = await apply(patch('*** Update File: f.txt\n@@\n a\n b\n c\n-d\n+D\n e\n'), opts({ threeWay: 'merge' }));
    expect(o.status).toBe('applied');
    expect(read('f.txt')).toBe('a\nB\nc\nD\ne\nf\ng\nh\ni\nj\n');
    const note = o.notes.find((n) => n.code === 'merged')!;
    expect(note.message).toMatch(/hunk 1 was written against f\.txt as it was before this session's edit of .* merged three-way/);
    expect(o.diffs[0]!.hunks[0]!.lines.filter((l) => l.type !== ' ').map((l) => l.type + l.text)).toEqual(['-d', '+D']);
  });

  it('--3way: a change to the same lines is merge_conflict with both sides, and nothing is written', async () => {
    await firstPatch();
    const o = await apply(patch('*** Update File: f.txt\n@@\n a\n-b\n+XX\n c\n'), opts({ threeWay: 'merge' }));
    const f = failure(o)!;
    expect(o.status).toBe('rejected');
    expect(f.code).toBe('merge_conflict');
    expect(f.stale?.conflicts).toEqual([{ line: 2, ours: ['B'], theirs: ['XX'] }]);
    expect(f.message).toContain('the file now has\n    | B\n  the change would make it\n    | XX');
    expect(read('f.txt')).toBe(TEN.replace('b\n', 'B\n'));
  });

  it('--3way=markers writes the conflict with markers and says where', async () => {
    await firstPatch();
    const o = await apply(patch('*** Update File: f.txt\n@@\n a\n-b\n+XX\n c\n'), opts({ threeWay: 'markers' }));
    expect(o.status).toBe('applied');
    expect(read('f.txt')).toMatch(
      /^a\n<<<<<<< f\.txt \(now\)\nB\n\|\|\|\|\|\|\| f\.txt as it was .*\nb\n=======\nXX\n>>>>>>> f\.txt \(patched\)\nc\n/,
    );
    expect(o.notes.find((n) => n.code === 'merged')!.message).toContain('1 conflicting region written with conflict markers');
  });

  it('other operations of the patch commit in the same transaction as the merge', async () => {
    await firstPatch();
    write('g.txt', 'x\n');
    const o = await apply(
      patch('*** Update File: f.txt\n@@\n c\n-d\n+D\n*** Update File: g.txt\n@@\n-x\n+y\n'),
      opts({ threeWay: 'merge' }),
    );
    expect(o.status).toBe('applied');
    expect(o.changes.map((c) => c.path)).toEqual(['f.txt', 'g.txt']);
    expect(read('g.txt')).toBe('y\n');
  });

  it('a unified diff shares the path', async () => {
    await firstPatch();
    const diff = '--- a/f.txt\n+++ b/f.txt\n@@ -1,5 +1,5 @@\n a\n b\n c\n-d\n+D\n e\n';
    const o = await apply(diff, opts({ threeWay: 'merge' }));
    expect(o.status).toBe('applied');
    expect(read('f.txt')).toBe('a\nB\nc\nD\ne\nf\ng\nh\ni\nj\n');
  });
});

describe("a change that fits the file now and the state before this session's edit", () => {
  const first = async () => {
    write('f.txt', 'x\ny\nz\n');
    expect((await apply(patch('*** Update File: f.txt\n@@\n y\n z\n+F1\n+F2\n'), opts())).status).toBe('applied');
  };

  it('where it rewrites what that edit changed, is two readings: refused, nothing written', async () => {
    await first();
    // Written from before the first edit: re-adds the block at the end, which now would land above F1.
    const o = await apply(patch('*** Update File: f.txt\n@@\n x\n y\n z\n+G1\n+G2\n'), opts({ threeWay: 'merge' }));
    const f = failure(o)!;
    expect(f.code).toBe('stale_context');
    expect(f.message).toMatch(
      /fits the file now, and also f\.txt as it was before this session's edit of .* rewrites lines that edit changed/,
    );
    expect(f.stale?.base.source).toBe('session');
    expect(read('f.txt')).toBe('x\ny\nz\nF1\nF2\n');
  });

  it('written against the file now (its context reaches the edit), it applies', async () => {
    await first();
    const o = await apply(patch('*** Update File: f.txt\n@@\n z\n F1\n F2\n+G1\n'), opts());
    expect(o.status).toBe('applied');
    expect(read('f.txt')).toBe('x\ny\nz\nF1\nF2\nG1\n');
  });

  it('away from what that edit changed, it applies', async () => {
    await first();
    const o = await apply(patch('*** Update File: f.txt\n@@\n-x\n+X\n y\n'), opts());
    expect(o.status).toBe('applied');
    expect(read('f.txt')).toBe('X\ny\nz\nF1\nF2\n');
  });
});

describe('a large file', () => {
  it('refuses a change written from before an edit in the middle, though the session also edited the top', async () => {
    const big = Array.from({ length: 12000 }, (_, i) => `line ${i}\n`).join('');
    write('big.txt', big);
    expect((await apply(patch('*** Update File: big.txt\n@@\n line 6000\n+A1\n'), opts())).status).toBe('applied');
    expect((await apply(patch('*** Update File: big.txt\n@@\n-line 2\n+TWO\n'), opts())).status).toBe('applied');
    const before = read('big.txt');
    // Fits the file now and the first state, where it adds a line where the first edit added A1: two readings.
    const o = await apply(patch('*** Update File: big.txt\n@@\n line 6000\n+G1\n'), opts());
    const f = failure(o)!;
    expect(f.code).toBe('stale_context');
    expect(f.message).toMatch(/as it was before this session's edit of .* rewrites lines that edit changed \(now line 6002\)/);
    expect(read('big.txt')).toBe(before);
    // Away from both edits it applies.
    expect((await apply(patch('*** Update File: big.txt\n@@\n line 9000\n+G2\n'), opts())).status).toBe('applied');
  });

  it('merges and refuses it, running the three-way merge only on windows around the changes', async () => {
    const big = Array.from({ length: 20000 }, (_, i) => `line ${i}\n`).join('');
    write('big.txt', big);
    expect((await apply(patch('*** Update File: big.txt\n@@\n-line 1\n+LINE 1\n'), opts())).status).toBe('applied');
    const merged = await apply(
      patch('*** Update File: big.txt\n@@\n line 0\n line 1\n line 2\n-line 3\n+THREE\n'),
      opts({ threeWay: 'merge' }),
    );
    expect(merged.status).toBe('applied');
    expect(read('big.txt')).toBe(big.replace('line 1\n', 'LINE 1\n').replace('line 3\n', 'THREE\n'));
    const clash = await apply(patch('*** Update File: big.txt\n@@\n line 0\n-line 1\n+L\n'), opts({ threeWay: 'merge' }));
    expect(failure(clash)!.code).toBe('merge_conflict');
    expect(failure(clash)!.stale?.conflicts?.[0]).toEqual({ line: 2, ours: ['LINE 1'], theirs: ['L'] });
  });

  it('gives node-diff3 the lines around each change, not the file', () => {
    const base = Array.from({ length: 20000 }, (_, i) => `line ${i}`);
    const ours = base.map((l, i) => (i === 1 ? 'LINE 1' : l));
    const theirs = [...base.slice(0, 15000), 'inserted', ...base.slice(15000, 19990), ...base.slice(19991)];
    // Context lines either side of each change; changes whose windows overlap share one.
    // Line 1 replaced: line 1 removed and an insertion before line 2, 3 lines of context each side.
    expect(mergeWindows(ours, base, theirs)).toEqual([
      [0, 6],
      [14997, 15004],
      [19987, 19994],
    ]);
    expect(mergeWindows(base, base, base)).toEqual([]);
    expect(mergeWindows(ours, base, ours)).toEqual([[0, 6]]);
  });

  it('reads only the lines of windows both sides change when only the conflicts are wanted', async () => {
    await loadMerge();
    const base = Array.from({ length: 20000 }, (_, i) => `line ${i}\u0000\n`);
    const ours = base.map((l, i) => (i === 1 ? 'LINE 1\u0000\n' : i === 12000 ? 'ours\u0000\n' : l));
    const theirs = base.map((l, i) => (i === 12001 ? 'theirs\u0000\n' : l));
    let read = 0;
    const side = (keys: string[]): MergeSide => ({
      length: keys.length,
      keys: (from, to) => {
        read += to - from;
        return keys.slice(from, to);
      },
      sameAsBase: (i, j) => base[i] === keys[j],
    });
    const conflicts = mergeSidesConflicts(side(base), side(ours), side(theirs));
    expect(conflicts).toEqual([{ oursStart: 12000, ours: ['ours', 'line 12001'], theirs: ['line 12000', 'theirs'], baseStart: 12000 }]);
    // One window, lines 11997-12005 (three lines of context around the positions either side touches), on each of the
    // three sides; the change at line 1 (ours only) is never read.
    expect(read).toBe(27);
  });
});

describe('edits (old_string) written from before an earlier edit', () => {
  const first = async () => {
    write('f.txt', TEN);
    expect((await edit({ mode: 'single', path: 'f.txt', edit: { old_string: 'b\nc\n', new_string: 'B\nc\n' } }, opts())).status).toBe(
      'applied',
    );
  };

  it('is diagnosed as stale_context', async () => {
    await first();
    const o = await edit({ mode: 'single', path: 'f.txt', edit: { old_string: 'b\nc\nd\n', new_string: 'b\nc\nD\n' } }, opts());
    expect(failure(o)!.code).toBe('stale_context');
    expect(failure(o)!.message).toMatch(/^old_string does not match the file now, but matches f\.txt as it was before/);
    expect(read('f.txt')).toBe(TEN.replace('b\n', 'B\n'));
  });

  it('--3way merges it', async () => {
    await first();
    const o = await edit(
      { mode: 'single', path: 'f.txt', edit: { old_string: 'b\nc\nd\n', new_string: 'b\nc\nD\n' } },
      opts({ threeWay: 'merge' }),
    );
    expect(o.status).toBe('applied');
    expect(read('f.txt')).toBe('a\nB\nc\nD\ne\nf\ng\nh\ni\nj\n');
    expect(o.notes.some((n) => n.code === 'merged')).toBe(true);
  });

  it('--3way refuses an overlapping one', async () => {
    await first();
    const o = await edit(
      { mode: 'single', path: 'f.txt', edit: { old_string: 'a\nb\n', new_string: 'a\nZ\n' } },
      opts({ threeWay: 'merge' }),
    );
    expect(failure(o)!.code).toBe('merge_conflict');
    expect(read('f.txt')).toBe(TEN.replace('b\n', 'B\n'));
  });
});

describe('git: the index and HEAD versions are pre-images', () => {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'core.hooksPath=/dev/null', ...args], {
      cwd: dir,
      stdio: 'pipe',
    });

  it("the user's uncommitted change and a model patch made from HEAD: named, then merged", async () => {
    write('f.txt', TEN);
    git('init', '-q');
    git('add', 'f.txt');
    git('commit', '-q', '-m', 'x');
    write('f.txt', TEN.replace('e\n', 'E (user)\n'));
    const body = '*** Update File: f.txt\n@@\n d\n e\n f\n-g\n+G\n h\n';
    const o = await apply(patch(body), { cwd: dir });
    expect(failure(o)!.code).toBe('stale_context');
    expect(failure(o)!.message).toMatch(/matches the committed version \(HEAD\) \(line 5 changed in the working tree\)/);
    expect(failure(o)!.stale?.base.source).toBe('head');
    const m = await apply(patch(body), { cwd: dir, threeWay: 'merge' });
    expect(m.status).toBe('applied');
    expect(read('f.txt')).toBe(TEN.replace('e\n', 'E (user)\n').replace('g\n', 'G\n'));
  });

  it('runs no hook or fsmonitor the repository config names', async () => {
    write('f.txt', TEN);
    git('init', '-q');
    git('add', 'f.txt');
    git('commit', '-q', '-m', 'x');
    const marker = join(dir, 'ran');
    writeFileSync(join(dir, 'mon.sh'), `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 });
    git('config', 'core.fsmonitor', join(dir, 'mon.sh'));
    write('f.txt', TEN.replace('e\n', 'E\n'));
    const o = await apply(patch('*** Update File: f.txt\n@@\n d\n e\n f\n-g\n+G\n'), { cwd: dir, threeWay: 'merge' });
    expect(o.status).toBe('applied');
    expect(existsSync(marker)).toBe(false);
  });

  it('preimages: false looks for none', async () => {
    write('f.txt', TEN);
    git('init', '-q');
    git('add', 'f.txt');
    git('commit', '-q', '-m', 'x');
    write('f.txt', TEN.replace('e\n', 'E\n'));
    const o = await apply(patch('*** Update File: f.txt\n@@\n d\n e\n-f\n+F\n'), { cwd: dir, preimages: false });
    expect(failure(o)!.code).toBe('hunk_not_found');
  });
});

describe('a file renamed by an earlier patch in the session', () => {
  it('a hunk on the new name with the old name’s context merges, and the note says where it was', async () => {
    write('a.txt', TEN);
    expect((await apply(patch('*** Update File: a.txt\n*** Move to: b.txt\n@@\n a\n-b\n+B\n'), opts())).status).toBe('applied');
    const o = await apply(patch('*** Update File: b.txt\n@@\n b\n c\n-d\n+D\n'), opts({ threeWay: 'merge' }));
    expect(o.status).toBe('applied');
    expect(read('b.txt')).toBe('a\nB\nc\nD\ne\nf\ng\nh\ni\nj\n');
    expect(o.notes.find((n) => n.code === 'merged')!.message).toContain('(then at ');
  });
});

describe('the session store of pre-images', () => {
  it('is bounded per file: the oldest states are dropped first, and a hunk against a dropped one is not diagnosed', async () => {
    write('f.txt', TEN);
    for (let k = 0; k < 9; k++) {
      const o = await apply(patch(`*** Update File: f.txt\n@@\n-${k === 0 ? 'a' : `a${k - 1}`}\n+a${k}\n`), opts());
      expect(o.status).toBe('applied');
    }
    expect(sessionPreimages({ session: 's1', stateDir: state }, join(dir, 'f.txt')).preimages).toHaveLength(8);
    // Written against the very first state (now evicted): nothing can name it.
    const o = await apply(patch('*** Update File: f.txt\n@@\n a\n b\n-c\n+C\n'), opts());
    expect(failure(o)!.code).toBe('hunk_not_found');
  });

  it('is bounded in total bytes, oldest first (evict)', () => {
    const e = (path: string, hash: string, size: number, time: number) => ({ path, hash: hash.repeat(64), size, time });
    const kept = evict([e('x', 'a', 60, 1), e('y', 'b', 50, 2), e('z', 'c', 40, 3)], { perFile: 8, totalBytes: 100, fileBytes: 100 });
    expect(kept.map((k) => k.path)).toEqual(['y', 'z']);
  });

  it('a damaged blob is never a base: the merge is refused, the file left as it is, the damage named', async () => {
    await firstPatch();
    const objects = join(preimageDirFor({ session: 's1', stateDir: state }), 'objects');
    for (const name of readdirSync(objects)) writeFileSync(join(objects, name), 'tampered\n');
    const o = await apply(patch('*** Update File: f.txt\n@@\n a\n b\n c\n-d\n+D\n'), opts({ threeWay: 'merge' }));
    expect(failure(o)!.code).toBe('hunk_not_found');
    expect(o.notes.some((n) => /pre-image store .* is damaged/.test(n.message))).toBe(true);
    expect(read('f.txt')).toBe(TEN.replace('b\n', 'B\n'));
  });

  it('a corrupt index is refused the same way', async () => {
    await firstPatch();
    writeFileSync(join(preimageDirFor({ session: 's1', stateDir: state }), 'index.json'), '{not json');
    const o = await apply(patch('*** Update File: f.txt\n@@\n a\n b\n c\n-d\n+D\n'), opts({ threeWay: 'merge' }));
    expect(failure(o)!.code).toBe('hunk_not_found');
    expect(o.notes.some((n) => /is unreadable/.test(n.message))).toBe(true);
    expect(read('f.txt')).toBe(TEN.replace('b\n', 'B\n'));
  });

  it('a store that cannot be written keeps the commit, says so, and a later stale hunk is refused, the file intact', async () => {
    write('f.txt', TEN);
    const pre = preimageDirFor({ session: 's1', stateDir: state });
    mkdirSync(pre, { recursive: true });
    writeFileSync(join(pre, 'objects'), 'a file where the folder goes');
    const o = await apply(patch('*** Update File: f.txt\n@@\n a\n-b\n+B\n'), opts());
    expect(o.status).toBe('applied');
    expect(o.notes.some((n) => /could not be kept in the session store/.test(n.message))).toBe(true);
    const again = await apply(patch('*** Update File: f.txt\n@@\n a\n b\n c\n-d\n+D\n'), opts({ threeWay: 'merge' }));
    expect(failure(again)!.code).toBe('hunk_not_found');
    expect(read('f.txt')).toBe(TEN.replace('b\n', 'B\n'));
  });

  it('keeps nothing for a denied file, a dry run or a run without a session', async () => {
    write('f.txt', TEN);
    const deny = { authorize: () => 'denied by the rules' };
    await apply(patch('*** Update File: f.txt\n@@\n-a\n+A\n'), opts(deny));
    await apply(patch('*** Update File: f.txt\n@@\n-a\n+A\n'), opts({ check: true }));
    await apply(patch('*** Update File: f.txt\n@@\n-a\n+A\n'), { cwd: dir, stateDir: state });
    expect(existsSync(preimageDirFor({ session: 's1', stateDir: state }))).toBe(false);
  });

  it('stays inside the state directory whatever the session id, and ends with the session', async () => {
    write('f.txt', TEN);
    const o = await apply(patch('*** Update File: f.txt\n@@\n-a\n+A\n'), opts({ session: '../../escape' }));
    expect(o.status).toBe('applied');
    const pre = preimageDirFor({ session: '../../escape', stateDir: state });
    expect(pre.startsWith(join(state, 'chord-patch', 'sessions'))).toBe(true);
    expect(existsSync(pre)).toBe(true);
    endSession({ session: '../../escape', stateDir: state });
    expect(existsSync(pre)).toBe(false);
  });

  it('content-addressed: one blob for the same state kept twice', () => {
    const o = { session: 's2', stateDir: state };
    keepPreimages(o, [{ path: '/x', bytes: Buffer.from('same\n') }]);
    keepPreimages(o, [{ path: '/y', bytes: Buffer.from('same\n') }]);
    expect(readdirSync(join(preimageDirFor(o), 'objects'))).toHaveLength(1);
    expect(sessionPreimages(o, '/y').preimages[0]!.bytes.toString()).toBe('same\n');
  });
});
