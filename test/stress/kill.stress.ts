// kill -9 (and every fifth run SIGTERM) at random moments, then recovery.
import { expect, it } from 'vitest';
import { recover } from '../../src/index.js';
import { killAndRecover, killHardLinked, type KillResult, singleFileCommit } from '../support/stress.js';

it('leaves no half-applied commit and no temp file after 500 kills and recovery', async () => {
  const t0 = Date.now();
  const kills = Number(process.env.STRESS_KILLS ?? 500);
  // Two lanes, one per core, each in its own directory.
  const lanes = await Promise.all([1, 2].map((seed) => killAndRecover(kills / 2, seed, 40, (dir) => recover({ cwd: dir }), 5)));
  const r = lanes.reduce((a: KillResult, b) => ({
    kills: a.kills + b.kills,
    midCommit: a.midCommit + b.midCommit,
    halfApplied: a.halfApplied + b.halfApplied,
    leftoverTemps: a.leftoverTemps + b.leftoverTemps,
  }));
  console.log(`kill: ${JSON.stringify(r)} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  expect(r).toMatchObject({ halfApplied: 0, leftoverTemps: 0 });
});

it('leaves a single-file commit whole (old or new) and no side file after 200 kills and recovery', async () => {
  const t0 = Date.now();
  const kills = Number(process.env.STRESS_KILLS ?? 500) * 0.4;
  // A 200,000-line file, so that the commit (write, fsync, rename) is a good part of the run the kills land in.
  const lanes = await Promise.all(
    [3, 4].map((seed) => killAndRecover(kills / 2, seed, 200_000, (dir) => recover({ cwd: dir }), 5, singleFileCommit)),
  );
  const r = lanes.reduce((a: KillResult, b) => ({
    kills: a.kills + b.kills,
    midCommit: a.midCommit + b.midCommit,
    halfApplied: a.halfApplied + b.halfApplied,
    leftoverTemps: a.leftoverTemps + b.leftoverTemps,
  }));
  console.log(`kill (single file): ${JSON.stringify(r)} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  expect(r).toMatchObject({ halfApplied: 0, leftoverTemps: 0 });
});

it("keeps a hard-linked file's other name untouched, and the file old or new, after 100 kills and recovery", async () => {
  const t0 = Date.now();
  const kills = Number(process.env.STRESS_KILLS ?? 500) * 0.2;
  const r = await killHardLinked(kills, 6, 200_000, (dir) => recover({ cwd: dir }));
  console.log(`kill (hard links): ${JSON.stringify(r)} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  expect(r).toMatchObject({ split: 0, halfApplied: 0, leftoverTemps: 0 });
  expect(r.midCommit).toBeGreaterThan(0);
});
