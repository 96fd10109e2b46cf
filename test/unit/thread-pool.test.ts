// The CLI's thread-pool size: asked for once, before the pool starts, and
// never over a value the user set.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const VARIABLE = 'UV_THREADPOOL_SIZE';
let saved: string | undefined;

/** A fresh copy of the module: its once-per-process flag starts unset. */
const fresh = async () => {
  vi.resetModules();
  return import('../../src/platform/thread-pool.js');
};

beforeEach(() => {
  saved = process.env[VARIABLE];
  delete process.env[VARIABLE];
});
afterEach(() => {
  if (saved === undefined) delete process.env[VARIABLE];
  else process.env[VARIABLE] = saved;
});

describe('widenThreadPool under Node', () => {
  it('sets UV_THREADPOOL_SIZE to the threads asked for', async () => {
    const { widenThreadPool } = await fresh();
    expect(widenThreadPool(32)).toBe(true);
    expect(process.env[VARIABLE]).toBe('32');
  });

  it('keeps the value the user set', async () => {
    process.env[VARIABLE] = '3';
    const { widenThreadPool } = await fresh();
    expect(widenThreadPool(32)).toBe(false);
    expect(process.env[VARIABLE]).toBe('3');
  });

  it('acts once per process: a second call changes nothing', async () => {
    const { widenThreadPool } = await fresh();
    widenThreadPool(16);
    expect(widenThreadPool(32)).toBe(false);
    expect(process.env[VARIABLE]).toBe('16');
  });
});
