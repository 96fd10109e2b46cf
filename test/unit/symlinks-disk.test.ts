// Link entries on the real file system, killed halfway: a process that dies
// at any change of a commit of links leaves a journal, and the next run puts
// every link back as it was (or finishes the commit), reading links with
// readlink and never through them, also when another program planted a link
// of its own at a target before recovery.

import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { nodeFs } from '../../src/platform/node-fs.js';
import { runUnifiedTexts } from '../../src/run/run-diffs.js';
import { runPatchText } from '../../src/run/pipeline.js';
import type { Fs } from '../../src/types.js';
import { readLinkTree } from '../support/tree.js';

const base = mkdtempSync(join(tmpdir(), 'chord-links-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let n = 0;

const D = (...lines: string[]) => `${lines.join('\n')}\n`;
const NO_EOL = '\\ No newline at end of file';
const DIFF =
  D('diff --git a/a b/a', 'index 1111111..2222222 120000', '--- a/a', '+++ b/a', '@@ -1 +1 @@', '-f', NO_EOL, '+g', NO_EOL) +
  D('diff --git a/b b/b', 'new file mode 120000', '--- /dev/null', '+++ b/b', '@@ -0,0 +1 @@', '+f', NO_EOL) +
  D('diff --git a/gone b/gone', 'deleted file mode 120000', '--- a/gone', '+++ /dev/null', '@@ -1 +0,0 @@', '-g', NO_EOL) +
  D('diff --git a/f b/f', '--- a/f', '+++ b/f', '@@ -1 +1 @@', '-one', '+uno');

function tree(): string {
  const d = join(base, `t${n++}`);
  mkdirSync(d);
  writeFileSync(join(d, 'f'), 'one\n');
  writeFileSync(join(d, 'g'), 'two\n');
  symlinkSync('f', join(d, 'a'));
  symlinkSync('g', join(d, 'gone'));
  return d;
}

const read = readLinkTree;

const CHANGES = new Set(['writeTemp', 'createTemp', 'rename', 'link', 'symlink', 'unlink', 'mkdir', 'rmdir']);

/** nodeFs that dies at its `at`-th change: that call and every later change fail, as after kill -9 (no rollback can run). */
function dyingFs(at: number): Fs & { died: () => boolean } {
  let changes = 0;
  const wrapped = {} as Record<string, unknown>;
  for (const [name, fn] of Object.entries(nodeFs) as [string, (...a: unknown[]) => Promise<unknown>][]) {
    wrapped[name] = async (...args: unknown[]) => {
      const path = String(args[args.length - 1] ?? '');
      // Once dead, nothing more changes anywhere, the state directory included.
      if (CHANGES.has(name) && (changes >= at || (!path.includes('/.chord-patch/') && ++changes >= at))) {
        throw Object.assign(new Error('killed'), { code: 'EIO' });
      }
      return fn.apply(nodeFs, args);
    };
  }
  wrapped.died = () => changes >= at;
  return wrapped as unknown as Fs & { died: () => boolean };
}

const recoverRun = (root: string) =>
  runPatchText('*** Begin Patch\n*** Add File: u.txt\n+u\n*** End Patch', { cwd: root, isAlive: () => false });

it('a commit of links killed at any change is rolled back or finished by the next run, link for link', async () => {
  const start = read(tree());
  const whole = tree();
  expect((await runUnifiedTexts([{ text: DIFF }], { cwd: whole })).status).toBe('applied');
  const done = read(whole);
  expect(done).toMatchObject({ a: '-> g', b: '-> f', f: 'uno\n' });
  let kills = 0;
  for (let at = 1; at <= 14; at++) {
    const root = tree();
    const fs = dyingFs(at);
    await runUnifiedTexts([{ text: DIFF }], { cwd: root, fs });
    if (!fs.died()) continue;
    kills++;
    expect((await recoverRun(root)).status).toBe('applied');
    rmSync(join(root, 'u.txt'));
    expect([start, done]).toContainEqual(read(root));
  }
  expect(kills).toBeGreaterThan(4);
});

it('recovery never follows a link another program planted where the commit created one', async () => {
  const outside = join(base, 'secret');
  writeFileSync(outside, 'secret\n');
  let planted = 0;
  for (let at = 1; at <= 14; at++) {
    const root = tree();
    const fs = dyingFs(at);
    await runUnifiedTexts([{ text: DIFF }], { cwd: root, fs });
    if (!fs.died()) continue;
    let s: ReturnType<typeof lstatSync> | undefined;
    try {
      s = lstatSync(join(root, 'b'));
    } catch {
      continue;
    }
    if (!s.isSymbolicLink()) continue;
    planted++;
    rmSync(join(root, 'b'));
    symlinkSync(outside, join(root, 'b'));
    await recoverRun(root);
    expect(readlinkSync(join(root, 'b'))).toBe(outside);
    expect(readFileSync(outside, 'utf8')).toBe('secret\n');
  }
  expect(planted).toBeGreaterThan(0);
});
