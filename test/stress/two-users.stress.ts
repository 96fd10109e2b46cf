// Runs of two users on one file, through the binary: root with -C DIR and
// nobody with -C DIR/sub, each with its own state directory, so only the
// kernel lock (src/platform/flock.ts) is common to them: 520 processes,
// eight at a time, no reported edit missing from the file. As root, with
// runuser and build/chord-patch; CHORD_PATCH_STRESS_BIN names another build.

import { expect, it } from 'vitest';
import { twoUserAppends, twoUsersPossible } from '../support/two-users.js';

it.skipIf(!twoUsersPossible)('loses no edit when root and nobody write one file from two roots (520 processes)', async () => {
  const t0 = Date.now();
  const perUser = Number(process.env.STRESS_TWO_USERS ?? 260);
  const r = await twoUserAppends(perUser, 8);
  console.log(`two users on one file: ${2 * perUser} processes, ${JSON.stringify(r)}, in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  expect(r.lost).toBe(0);
  expect(r.refusals).toEqual([]);
  expect(r.unlocked).toBe(0);
  expect(r.present).toBe(2 * perUser);
});
