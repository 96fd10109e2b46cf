// The benchmark's workload generators (scripts/bench/workloads.mjs), run at a
// tiny scale: chord-patch must turn each starting tree into exactly the tree
// the generator expects, and the equivalent unified diff must do the same
// under `git apply`, so `npm run bench` compares tools doing the same work.
// No timing here: that is the bench's job.

import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { fitScaling, fmtStage } from '../../scripts/bench/report.mjs';
import { FLOOR_POOL_THREADS } from '../../scripts/bench/tools.mjs';
import { CLI_POOL_THREADS } from '../../src/platform/thread-pool.js';
import { thisProcess } from '../../src/commit/liveness.js';
import { allWorkloads, type BenchFile, type Workload } from '../../scripts/bench/workloads.mjs';
import { ROOT, RUNTIME, runCli } from '../support/cli.js';
import { readTree } from '../support/tree.js';

const tiny = allWorkloads(0.002);
const cases: [string, Workload][] = [
  ...Object.entries(tiny)
    .filter(([key, w]) => key !== 'scaling' && key !== 'batches' && (w as Workload).patch !== null)
    .map(([key, w]) => [key, w as Workload] as [string, Workload]),
  ...tiny.scaling.map((w): [string, Workload] => [w.name, w]),
];
/** The edit tool's own workloads: one long line, and the batch sizes. */
const editCases: [string, Workload][] = [
  ['lineMissEdit', tiny.lineMissEdit],
  ['lineMatchEdit', tiny.lineMatchEdit],
  ...tiny.batches.map((w): [string, Workload] => [w.name, w]),
];

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tree(files: readonly BenchFile[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'chord-patch-bench-'));
  dirs.push(dir);
  for (const f of files) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.bytes);
  }
  return dir;
}

function expected(w: Workload): Record<string, string> {
  return readTree(tree(w.after));
}

const gitAvailable = spawnSync('git', ['--version']).status === 0;
const editAvailable = /^\s+edit\b/m.test(runCli(['--help']).stdout);

describe('benchmark workloads', () => {
  it('stay small at the test scale and name their sizes', () => {
    expect(tiny.hunks.lines).toBe(200);
    expect(tiny.files.files.length).toBe(2);
    expect(tiny.bigFile.bytesTouched).toBeGreaterThan(10_000);
  });

  it.each(cases)('%s: chord-patch leaves exactly the expected tree', (_key, w) => {
    const dir = tree(w.files);
    const r = runCli(['apply', '--json'], { cwd: dir, input: w.patch ?? '' });
    expect(r.code, r.stderr).toBe(w.expectSuccess ? 0 : 1);
    expect(readTree(dir)).toEqual(expected(w));
  });

  it.skipIf(!gitAvailable).each(cases)('%s: the unified diff gives git apply the same result', (_key, w) => {
    if (!w.diff) return;
    const dir = tree(w.files);
    const args = ['apply', '-p1', '--whitespace=nowarn', ...(w.diffNeedsWhitespaceTolerance ? ['--ignore-whitespace'] : [])];
    const r = spawnSync('git', args, { cwd: dir, input: w.diff, env: { ...process.env, GIT_CEILING_DIRECTORIES: dirname(dir) } });
    if (w.diffNeedsWhitespaceTolerance) {
      // git's --ignore-whitespace only ignores a changed amount of whitespace,
      // not trailing whitespace present on one side only: git cannot apply it.
      expect(r.status).not.toBe(0);
      return;
    }
    expect(r.status, r.stderr.toString()).toBe(w.expectSuccess ? 0 : 1);
    expect(readTree(dir)).toEqual(expected(w));
  });

  it.skipIf(!editAvailable).each(editCases)('%s: the edit request leaves exactly the expected tree', (_key, w) => {
    const dir = tree(w.files);
    const r = runCli(['edit', '--json'], { cwd: dir, input: JSON.stringify(w.edit) });
    expect(r.code, r.stderr).toBe(w.expectSuccess ? 0 : 1);
    expect(readTree(dir)).toEqual(expected(w));
  });

  it.skipIf(!editAvailable)('miss: the edit request fails and writes nothing', () => {
    const w = tiny.miss;
    const dir = tree(w.files);
    const r = runCli(['edit', '--json'], { cwd: dir, input: JSON.stringify(w.edit) });
    expect(r.code).toBe(1);
    expect(readTree(dir)).toEqual(expected(w));
  });

  it('CRLF and whitespace-drift variants really differ from the plain file', () => {
    const plain = tiny.hunks.files[0]!.bytes;
    expect(tiny.crlf.files[0]!.bytes.includes('\r\n')).toBe(true);
    expect(tiny.drift.files[0]!.bytes.length).toBeGreaterThan(plain.length);
    expect(tiny.drift.patch).toBe(tiny.hunks.patch);
  });
});

describe("the bench's durable I/O floor (scripts/bench/durable-floor.cjs)", () => {
  const script = join(import.meta.dirname, '../../scripts/bench/durable-floor.cjs');
  const bun = join(import.meta.dirname, '../../node_modules/bun/bin/bun.exe');
  // Bun comes with npm ci; where it is missing the bench skips the row too.
  const runtimes = (
    [
      ['node', process.execPath],
      ['bun', bun],
    ] as [string, string][]
  ).filter(([, file]) => existsSync(file));

  it.each(runtimes)('under %s rewrites every file durably and leaves the tree exactly as it was', (_name, runtime) => {
    const w = allWorkloads(0.01).files;
    const dir = tree(w.files);
    const paths = w.files.map((f) => f.path);
    chmodSync(join(dir, paths[0]!), 0o755);
    const before = readTree(dir);
    const inode = statSync(join(dir, paths[1]!)).ino;
    const r = spawnSync(runtime, [script, ...paths], { cwd: dir, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(readTree(dir)).toEqual(before);
    // Replaced, not rewritten in place: the atomic rename chord-patch's commit makes.
    expect(statSync(join(dir, paths[1]!)).ino).not.toBe(inode);
    expect(statSync(join(dir, paths[0]!)).mode & 0o777).toBe(0o755);
    const names = readdirSync(dir, { recursive: true }).map(String);
    expect(names.filter((n) => n.includes('durable-floor'))).toEqual([]);
  });

  it('asks for the thread-pool width the CLI asks for', () => {
    expect(FLOOR_POOL_THREADS).toBe(CLI_POOL_THREADS);
  });
});

// Each probe built once, for the binary's run of the suite: a Bun compile takes a few seconds.
describe.skipIf(RUNTIME !== 'binary')(
  "the bench's probes of the binary's floors (node scripts/binary.mjs --front-end-probe / --locked-probe / --decoded-probe)",
  () => {
    // Kept for the describe's tests (afterEach clears only their trees).
    const built = new Map<string, string>();
    afterAll(() => {
      for (const probe of built.values()) rmSync(dirname(probe), { recursive: true, force: true });
    });
    function buildProbe(kind: 'front-end' | 'locked' | 'decoded'): string {
      const known = built.get(kind);
      if (known) return known;
      const scratch = mkdtempSync(join(tmpdir(), `chord-patch-${kind}-`));
      const probe = join(scratch, `${kind}-probe`);
      const compiled = spawnSync(process.execPath, [join(ROOT, 'scripts', 'binary.mjs'), `--${kind}-probe`, probe], { encoding: 'utf8' });
      expect(compiled.status, compiled.stderr).toBe(0);
      // The real command line: commander's program, options and version included.
      expect(spawnSync(probe, ['--version'], { encoding: 'utf8' }).stdout).toBe(runCli(['--version']).stdout);
      expect(spawnSync(probe, ['apply', '--bogus'], { encoding: 'utf8' }).status).toBe(64);
      built.set(kind, probe);
      return probe;
    }
    const runProbe = (probe: string, dir: string, w: Workload, env: Record<string, string> = {}) =>
      spawnSync(probe, ['apply'], {
        cwd: dir,
        input: w.patch!,
        encoding: 'utf8',
        env: { ...process.env, CHORD_PATCH_FRONT_END_FILES: w.files.map((f) => f.path).join('\n'), ...env },
      });

    it.each(['front-end', 'locked', 'decoded'] as const)(
      "%s: the binary's own front end, whose apply only writes the named files back durably",
      (kind) => {
        const probe = buildProbe(kind);
        const w = tiny.small;
        const dir = tree(w.files);
        const before = readTree(dir);
        const inode = statSync(join(dir, w.files[0]!.path)).ino;
        const r = runProbe(probe, dir, w);
        expect(r.status, r.stderr).toBe(0);
        // Nothing of the patch applied: the same bytes, replaced by a new inode the way the commit replaces a file.
        expect(readTree(dir)).toEqual(before);
        expect(statSync(join(dir, w.files[0]!.path)).ino).not.toBe(inode);
        // The locked probe releases the root's lock the way a run does: no state directory is left.
        expect(existsSync(join(dir, '.chord-patch'))).toBe(false);
      },
      120_000,
    );

    it("locked: waits for the root's commit lock, and writes nothing while a live run holds it", () => {
      const probe = buildProbe('locked');
      const w = tiny.small;
      const dir = tree(w.files);
      mkdirSync(join(dir, '.chord-patch'));
      const holder = { ...thisProcess(), pid: process.pid, since: new Date().toISOString(), id: 'held-by-the-test' };
      writeFileSync(join(dir, '.chord-patch', 'lock'), JSON.stringify(holder));
      const before = readTree(dir);
      const inode = statSync(join(dir, w.files[0]!.path)).ino;
      const r = runProbe(probe, dir, w, { CHORD_PATCH_LOCK_TIMEOUT_MS: '300' });
      expect(r.status).not.toBe(0);
      expect(r.stderr).toContain('holds the lock');
      expect(readTree(dir)).toEqual(before);
      expect(statSync(join(dir, w.files[0]!.path)).ino).toBe(inode);
    }, 120_000);

    it('decoded: reads each file as text before writing anything, so a file that is not text is refused untouched', () => {
      const probe = buildProbe('decoded');
      const w = tiny.small;
      const dir = tree(w.files);
      const target = join(dir, w.files[0]!.path);
      writeFileSync(target, Buffer.from([0x41, 0x00, 0x42, 0x0a]));
      const inode = statSync(target).ino;
      const r = runProbe(probe, dir, w);
      expect(r.status).not.toBe(0);
      expect(r.stderr).toContain('binary file');
      expect(readFileSync(target)).toEqual(Buffer.from([0x41, 0x00, 0x42, 0x0a]));
      expect(statSync(target).ino).toBe(inode);
    }, 120_000);
  },
);

describe('the scaling verdict', () => {
  const sizes = [25_000, 50_000, 100_000, 200_000];
  it('puts no time in the quadratic term of a linear series, even with noise, and nearly all of a quadratic one', () => {
    const linear = fitScaling(sizes.map((lines, k) => ({ lines, ms: 120 + 0.002 * lines + [4, -6, 5, -3][k]! })));
    expect(Math.abs(linear.quadratic)).toBeLessThan(0.25);
    expect(linear.slope * 10).toBeCloseTo(20, 0);
    expect(linear.intercept).toBeCloseTo(120, -1);
    const quadratic = fitScaling(sizes.map((lines) => ({ lines, ms: 120 + 2e-8 * lines * lines })));
    expect(quadratic.quadratic).toBeGreaterThan(0.9);
  });
});

describe("the report's stage costs", () => {
  it('gives a stage its milliseconds, and names a negative difference of two noisy rows as noise, not as time', () => {
    expect(fmtStage(3.44)).toBe('3.4 ms');
    expect(fmtStage(254)).toBe('254 ms');
    expect(fmtStage(-96.6)).toBe('none measurable (the medians differ by -96.6 ms)');
  });
});
