// The diff is built only when something prints it: the decision from the
// command line's flags, the /dev/null test, and the library option itself.

import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printsDiffs } from '../../src/cli/report.js';
import { apply } from '../../src/index.js';
import { isNullDevice } from '../../src/cli/null-device.js';
import { scratchDirs } from '../support/tree.js';

const temp = scratchDirs();
const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');

describe('which outputs show a diff', () => {
  it.each([
    ['the text report', {}, false, true],
    ['the text report with --stat (a diffstat is counted from the diff)', { stat: true }, false, true],
    ['--quiet, which prints the summary lines only', { quiet: true }, false, false],
    ['--quiet --stat, which still prints the diffstat', { quiet: true, stat: true }, false, true],
    ['--model, the model-facing text', { model: true }, false, false],
    ['--json, whose document carries the diff', { json: true }, false, true],
    ['--format json over several files', { format: 'json' }, true, true],
    ['--format github (annotations)', { format: 'github' }, false, false],
    ['--format junit', { format: 'junit' }, false, false],
    ['check over several files as text (a line per file)', {}, true, false],
  ] as const)('%s', (_, flags, several, want) => {
    expect(printsDiffs(flags, several)).toBe(want);
  });
});

describe('the /dev/null test', () => {
  it('says yes for /dev/null only, not for another device or a file', () => {
    const file = join(temp(), 'out.txt');
    writeFileSync(file, '');
    const fds = ['/dev/null', '/dev/zero', file].map((p) => openSync(p, 'w'));
    try {
      expect(fds.map((fd) => isNullDevice(fd))).toEqual([true, false, false]);
    } finally {
      for (const fd of fds) closeSync(fd);
    }
  });

  it('says no for a descriptor that is not open', () => {
    expect(isNullDevice(987_654)).toBe(false);
  });
});

describe('the diffs option of the library', () => {
  const patch = P('*** Update File: f.txt', '@@', ' a', '-b', '+B', '*** Add File: g.txt', '+new');

  it('writes the same files and reports the same changes without building a diff', async () => {
    const [withDiff, without] = [temp(), temp()];
    for (const dir of [withDiff, without]) writeFileSync(join(dir, 'f.txt'), 'a\nb\nc\n');
    const full = await apply(patch, { cwd: withDiff });
    const bare = await apply(patch, { cwd: without, diffs: false });
    expect(full.diffs.map((d) => d.path)).toEqual(['f.txt', 'g.txt']);
    expect(bare.diffs).toEqual([]);
    expect({ ...bare, diffs: full.diffs }).toEqual(full);
    for (const name of ['f.txt', 'g.txt']) {
      expect(readFileSync(join(without, name), 'utf8')).toBe(readFileSync(join(withDiff, name), 'utf8'));
    }
    expect(readFileSync(join(without, 'f.txt'), 'utf8')).toBe('a\nB\nc\n');
  });

  it('still reports a failure in full without the diff', async () => {
    const dir = temp();
    writeFileSync(join(dir, 'f.txt'), 'x\n');
    const o = await apply(P('*** Update File: f.txt', '@@', ' a', '-b', '+B'), { cwd: dir, diffs: false });
    expect(o.status).toBe('rejected');
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('x\n');
    expect(o.failed[0]?.failures[0]?.code).toBe('hunk_not_found');
  });
});
