// Faults through Fs: every call of a 32-path commit failed in turn (20 paths gave only 672 fault points), once and from then on.
import { expect, it } from 'vitest';
import { injectedFaults } from '../support/faults.js';

it('restores the tree or reports exactly what differs at over 1,000 fault points', async () => {
  const t0 = Date.now();
  const r = await injectedFaults(Number(process.env.STRESS_FAULT_FILES ?? 32));
  console.log(`faults: ${JSON.stringify(r)} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  expect(r.points).toBeGreaterThanOrEqual(1000);
  expect(r).toMatchObject({ untruthful: 0, notRestored: 0 });
});
