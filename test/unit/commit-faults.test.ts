// Faults through the Fs interface on the real file system: the small version
// of `npm run stress -- faults` (every call of a 3-path commit failed in turn).

import { expect, it } from 'vitest';
import { injectedFaults } from '../support/faults.js';

it('restores the tree or reports exactly what differs for a fault at any file-system call', async () => {
  const r = await injectedFaults(3);
  expect(r.points).toBeGreaterThan(100);
  expect(r).toMatchObject({ notRestored: 0, untruthful: 0 });
  expect(r.rollbackFailed).toBeGreaterThan(0);
}, 120_000);
