// The binary's swap of two names (renameat2 RENAME_EXCHANGE over Bun's FFI,
// src/platform/exchange.ts), run under Bun as the binary runs it: the commit
// relies on it to see which file its new content displaced
// (test/unit/outside-rename.test.ts has the commit's side, on an in-memory
// file system). Linux only; Node has no such call and gets false.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exchangeNames } from '../../src/platform/exchange.js';

const bun = join(import.meta.dirname, '../../node_modules/bun/bin/bun.exe');
const source = join(import.meta.dirname, '../../src/platform/exchange.ts');

let top: string;
beforeEach(() => {
  top = mkdtempSync(join(tmpdir(), 'chord-exchange-'));
});
afterEach(() => rmSync(top, { recursive: true, force: true }));

/** exchangeNames(a, b) under Bun: its result, or the error's code. */
function swapUnderBun(a: string, b: string): string {
  const script = `import { exchangeNames } from ${JSON.stringify(source)};
try { console.log(String(exchangeNames(process.env.A, process.env.B))); } catch (e) { console.log('threw ' + e.code + ' ' + e.message); }`;
  const r = spawnSync(bun, ['-e', script], { encoding: 'utf8', env: { ...process.env, A: a, B: b } });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.trim();
}

describe.runIf(process.platform === 'linux')('swapping two names under Bun', () => {
  it('swaps the two files in one call', () => {
    const a = join(top, 'a');
    const b = join(top, 'b');
    writeFileSync(a, 'first');
    writeFileSync(b, 'second');
    const [ia, ib] = [statSync(a).ino, statSync(b).ino];
    expect(swapUnderBun(a, b)).toBe('true');
    expect(readFileSync(a, 'utf8')).toBe('second');
    expect(readFileSync(b, 'utf8')).toBe('first');
    expect([statSync(a).ino, statSync(b).ino]).toEqual([ib, ia]);
  });

  it('throws with the errno named as node:fs names it, moving nothing, when a name is missing', () => {
    const a = join(top, 'a');
    writeFileSync(a, 'only');
    // Worded as node:fs words it, so that a report cuts the paths off (commit.ts errorText).
    expect(swapUnderBun(a, join(top, 'missing'))).toBe(
      `threw ENOENT ENOENT: cannot swap the two files, rename '${a}' -> '${join(top, 'missing')}'`,
    );
    expect(readFileSync(a, 'utf8')).toBe('only');
  });
});

describe('under Node', () => {
  it('has no swap, so the commit renames', () => {
    expect(exchangeNames(join(top, 'a'), join(top, 'b'))).toBe(false);
  });
});
