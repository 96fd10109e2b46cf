// The coloured terminal view is the plain one with colour added: stripping
// the escapes gives back the uncoloured text, at every chalk level.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply } from '../../src/index.js';
import { colorsAt, NO_COLORS } from '../../src/report/colors.js';
import { humanReport } from '../../src/report/human.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chord-colors-'));
  writeFileSync(join(dir, 'f.txt'), 'one\ntwo\nthree\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const patch = (old: string) =>
  ['*** Begin Patch', '*** Update File: f.txt', '@@', ' one', `-${old}`, '+TWO', ' three', '*** End Patch', ''].join('\n');

describe('the coloured report', () => {
  it.each([1, 2, 3] as const)('at level %i is the plain report plus escapes (diff, diffstat, failure)', async (level) => {
    const colors = await colorsAt(level);
    const applied = await apply(patch('two'), { cwd: dir, check: true });
    const failed = await apply(patch('zwei'), { cwd: dir, check: true });
    for (const [outcome, opts] of [
      [applied, { quiet: false }],
      [applied, { quiet: false, stat: true }],
      [failed, { quiet: false }],
    ] as const) {
      const plain = humanReport(outcome, { ...opts, colors: NO_COLORS });
      const coloured = humanReport(outcome, { ...opts, colors });
      expect(coloured.out + coloured.err).toContain('\x1b[');
      expect(stripVTControlCharacters(coloured.out)).toBe(plain.out);
      expect(stripVTControlCharacters(coloured.err)).toBe(plain.err);
    }
  });

  it('at level 0 for both streams loads no colours at all', async () => {
    expect(await colorsAt(0, 0)).toBe(NO_COLORS);
  });
});
