// The bench's launcher of timed runs (scripts/bench/runner.mjs): a separate
// small process runs each command and reports its exit code, stderr and
// duration, or why it could not start it.

import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startRunner } from '../../scripts/bench/measure.mjs';

const runner = startRunner();
afterAll(() => runner.stop());

describe("the bench's runner process", () => {
  it('runs a command with the given stdin and working directory and reports its exit code and stderr', async () => {
    const input = join(tmpdir(), `bench-runner-${process.pid}.txt`);
    writeFileSync(input, 'from stdin');
    const script = "process.stderr.write(require('fs').readFileSync(0, 'utf8') + ' in ' + process.cwd()); process.exit(3)";
    const r = await runner.run({ file: process.execPath, args: ['-e', script] }, tmpdir(), input, process.env);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(`from stdin in ${tmpdir()}`);
    expect(r.ms).toBeGreaterThan(0);
  });

  it('runs one request after another on the same process', async () => {
    const codes = [];
    for (const code of [0, 1, 2])
      codes.push(
        (await runner.run({ file: process.execPath, args: ['-e', `process.exit(${code})`] }, tmpdir(), undefined, process.env)).code,
      );
    expect(codes).toEqual([0, 1, 2]);
  });

  it('rejects with the reason when the command cannot be started', async () => {
    await expect(runner.run({ file: '/nonexistent/tool', args: [] }, tmpdir(), undefined, process.env)).rejects.toThrow(/ENOENT/);
  });
});
