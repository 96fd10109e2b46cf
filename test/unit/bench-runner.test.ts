// The bench's launcher of timed runs (scripts/bench/runner.mjs): a separate
// small process runs each command and reports its exit code, stderr and
// duration, or why it could not start it.

import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startRunner } from '../../scripts/bench/measure.mjs';
import { scratchDirs } from '../support/tree.js';

const runner = startRunner();
const temp = scratchDirs();
afterAll(() => runner.stop());

describe("the bench's runner process", () => {
  it('runs a command with the given stdin and working directory and reports its exit code and stderr', async () => {
    // A scratch directory (removed after the test), not a file left in the system's temp directory.
    const dir = temp();
    const input = join(dir, 'stdin.txt');
    writeFileSync(input, 'from stdin');
    const script = "process.stderr.write(require('fs').readFileSync(0, 'utf8') + ' in ' + process.cwd()); process.exit(3)";
    const r = await runner.run({ file: process.execPath, args: ['-e', script] }, dir, input, process.env);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(`from stdin in ${dir}`);
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

  it('gives the command /dev/null as stdout, or a pipe when the command asks for one', async () => {
    const probe = "const s = require('fs').fstatSync(1); process.exit(s.isFIFO() || s.isSocket() ? 5 : s.isCharacterDevice() ? 6 : 7)";
    const run = (stdout?: 'pipe') => runner.run({ file: process.execPath, args: ['-e', probe], stdout }, tmpdir(), undefined, process.env);
    expect((await run()).code).toBe(6);
    expect((await run('pipe')).code).toBe(5);
  });

  it('rejects with the reason when the command cannot be started', async () => {
    await expect(runner.run({ file: '/nonexistent/tool', args: [] }, tmpdir(), undefined, process.env)).rejects.toThrow(/ENOENT/);
  });
});
