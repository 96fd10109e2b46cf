// Commit safety against other processes, kills and directory swaps: small
// fixed-seed versions of the `npm run stress` harnesses (test/stress/), run
// against the built CLI and the real file system. (Faults: unit/commit-faults.)

import { describe, expect, it } from 'vitest';
import { recover } from '../../src/index.js';
import { concurrentUpdates, killAndRecover, killHardLinked, swapRaces } from '../support/stress.js';

describe('commit safety (small fixed-seed harness runs)', () => {
  it('loses no update when ten processes change different lines of one file at once', async () => {
    const r = await concurrentUpdates(1, 10);
    expect(r).toMatchObject({ processes: 10, lost: 0 });
    expect(r.applied).toBe(10);
  }, 60_000);

  it('leaves no half-applied commit and no temp file after kills at random moments and recovery', async () => {
    const r = await killAndRecover(12, 12, 40, (dir) => recover({ cwd: dir }), 4);
    expect(r).toMatchObject({ kills: 12, halfApplied: 0, leftoverTemps: 0 });
  }, 120_000);

  it('keeps a hard-linked file one inode, old or new with its commit, after kills during its in-place write and recovery', async () => {
    const r = await killHardLinked(10, 5, 200_000, (dir) => recover({ cwd: dir }));
    expect(r).toMatchObject({ kills: 10, split: 0, halfApplied: 0, leftoverTemps: 0 });
  }, 120_000);

  it('never writes outside the root while a directory is swapped for a symlink to outside', async () => {
    const lib = await swapRaces(100, 7, 'library');
    const cli = await swapRaces(12, 8, 'cli');
    expect([lib, cli]).toMatchObject([
      { races: 100, escapes: 0 },
      { races: 12, escapes: 0 },
    ]);
  }, 120_000);
});
