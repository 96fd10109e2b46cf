// The binary's JIT switch (src/startup/jit-policy.ts): Bun's normal JIT
// thresholds come back exactly once, when the bytes a run has read first
// reach the threshold, and counting reads changes nothing a read returns.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NodeFs } from '../../src/platform/node-fs.js';
import { BUN_HEAVY_BYTES, countingReads, heavyRunSwitch } from '../../src/startup/jit-policy.js';

describe('heavy-run JIT switch', () => {
  it('fires once, when the running total first reaches the threshold', () => {
    let fired = 0;
    const note = heavyRunSwitch(100, () => fired++);
    note(60);
    expect(fired).toBe(0);
    note(39);
    expect(fired).toBe(0);
    note(1);
    expect(fired).toBe(1);
    note(1_000);
    expect(fired).toBe(1);
  });

  it('fires on a single read at or past the threshold, never below it', () => {
    let fired = 0;
    heavyRunSwitch(BUN_HEAVY_BYTES, () => fired++)(BUN_HEAVY_BYTES);
    expect(fired).toBe(1);
    let never = 0;
    const note = heavyRunSwitch(BUN_HEAVY_BYTES, () => never++);
    for (let i = 0; i < 100; i++) note(BUN_HEAVY_BYTES / 128);
    expect(never).toBe(0);
  });

  it('counts the bytes of every file read through the wrapped file system, returning them unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chord-patch-jit-'));
    try {
      writeFileSync(join(dir, 'a'), Buffer.alloc(300, 97));
      writeFileSync(join(dir, 'b'), 'hello\n');
      const seen: number[] = [];
      const fs = countingReads(new NodeFs(), (n) => seen.push(n));
      expect(Buffer.from(await fs.readFile(join(dir, 'a'))).equals(Buffer.alloc(300, 97))).toBe(true);
      expect(Buffer.from(await fs.readFile(join(dir, 'b'))).toString()).toBe('hello\n');
      expect(seen).toEqual([300, 6]);
      // Every other call is the wrapped file system's own.
      expect((await fs.lstat(join(dir, 'b')))?.kind).toBe('file');
      expect(await fs.hasBytes?.(join(dir, 'b'), Buffer.from('hello\n'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
