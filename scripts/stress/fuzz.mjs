#!/usr/bin/env node
// npm run stress:fuzz [-- --runs N --seed S]: the big fuzz run. Feeds N hostile
// inputs (default 100,000) to the built library's apply() in a scratch
// directory and counts throws (exit 70 in the CLI), writes outside the root,
// and changes inside it that the outcome does not report (torn or half-applied
// groups, leftover temp files). A sample also goes through the built CLI,
// counting exit 70. Exits 1 when any count is not zero.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { fuzzOne, makeWorkspace } from './fuzz-check.mjs';
import { hostileInput } from './fuzz-inputs.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 100_000);
const SEED = arg('seed', 20261130);
const CLI_EVERY = arg('cli-every', 500);

const { apply } = createRequire(import.meta.url)(join(ROOT, 'dist', 'index.cjs'));
const base = mkdtempSync(join(tmpdir(), 'chord-fuzz-'));
const ws = makeWorkspace(base);
const counts = { inputs: 0, throw: 0, outside: 0, unreported: 0, cliRuns: 0, cliExit70: 0 };
const examples = [];
const started = Date.now();

const samples = fc.sample(hostileInput, { numRuns: RUNS, seed: SEED });
for (const [n, input] of samples.entries()) {
  const check = n % 2 === 1;
  const r = await fuzzOne(apply, ws, input, { check });
  counts.inputs++;
  if (r.kind !== 'ok') {
    counts[r.kind]++;
    if (examples.length < 10)
      examples.push({
        n,
        kind: r.kind,
        detail: r.detail,
        input: typeof input === 'string' ? input.slice(0, 300) : `bytes ${Buffer.from(input).toString('hex').slice(0, 200)}`,
      });
  }
  if (n % CLI_EVERY === 0) {
    const cli = spawnSync(join(ROOT, 'bin', 'chord-patch'), ['apply', '--json', '-C', ws.root], {
      input,
      env: { ...process.env, CHORD_PATCH_SESSION: '' },
      timeout: 60_000,
    });
    counts.cliRuns++;
    if (cli.status === 70 || cli.status === null) {
      counts.cliExit70++;
      if (examples.length < 10) examples.push({ n, kind: 'cli', detail: `${cli.status} ${cli.stderr}`.slice(0, 300) });
    }
    ws.reset();
  }
  if ((n + 1) % 10_000 === 0) process.stderr.write(`  ${n + 1} inputs, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}
rmSync(base, { recursive: true, force: true });
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(JSON.stringify({ seed: SEED, ...counts, seconds }, null, 2));
for (const e of examples) console.log(JSON.stringify(e));
process.exit(counts.throw + counts.outside + counts.unreported + counts.cliExit70 === 0 ? 0 : 1);
