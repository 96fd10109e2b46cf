// Directory-swap races: `sub` flips between a directory and a symlink to outside.
import { expect, it } from 'vitest';
import { swapRaces } from '../support/stress.js';

it('never writes outside the root over 1,000 library races and 100 CLI races', async () => {
  const t0 = Date.now();
  const lib = await swapRaces(Number(process.env.STRESS_RACES ?? 1000), 11, 'library');
  const cli = await swapRaces(Number(process.env.STRESS_CLI_RACES ?? 100), 12, 'cli');
  console.log(`swap (library): ${JSON.stringify(lib)}`);
  console.log(`swap (cli): ${JSON.stringify(cli)} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  expect(lib.escapes + cli.escapes).toBe(0);
});
