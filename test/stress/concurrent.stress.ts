// Lost updates: 300 processes, ten at a time, each changing its own line of one file.
import { expect, it } from 'vitest';
import { concurrentUpdates } from '../support/stress.js';

it('loses no update over 300 concurrent chord-patch processes', async () => {
  const t0 = Date.now();
  const r = await concurrentUpdates(Number(process.env.STRESS_ROUNDS ?? 30), 10);
  console.log(`concurrent: ${JSON.stringify(r)} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  expect(r.lost).toBe(0);
});
