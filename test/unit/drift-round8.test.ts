// Drift round 8 (node scripts/drift.mjs --per 30 --seed 2024): an exit-0
// write of text the model did not mean, as the smallest case that shows it.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply, edit } from '../../src/index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chord-drift8-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const read = () => readFileSync(join(dir, 'NOTES.md'), 'utf8');

// A Markdown list whose items continue two spaces in: the only indentation near the change.
const before = [
  '# Notes',
  '',
  '- Rounds alternate between tools, each in a',
  '  fresh copy of the tree.',
  '- Memory is the peak RSS above the runtime,',
  '  divided by the bytes touched.',
  '',
  '## Reading',
  '',
].join('\n');
const typed = [
  '- Scaling: four sizes, fitted by least squares',
  '\twith and without a square term; the verdict',
  '\tis that term’s share.',
];
const meant = [
  '- Scaling: four sizes, fitted by least squares',
  '  with and without a square term; the verdict',
  '  is that term’s share.',
];

describe('drift round 8: a new list item typed with a tab for its continuation', () => {
  // indent-added-edit-028
  it('an edit re-indents the continuation to the list’s two spaces, the item at column 0 deciding nothing', async () => {
    writeFileSync(join(dir, 'NOTES.md'), before);
    const o = await edit(
      JSON.stringify({
        path: 'NOTES.md',
        old_string: '  divided by the bytes touched.',
        new_string: ['  divided by the bytes touched.', ...typed].join('\n'),
      }),
      { cwd: dir },
    );
    expect(o.status).toBe('applied');
    expect(read()).toBe(before.replace('  divided by the bytes touched.\n', ['  divided by the bytes touched.', ...meant, ''].join('\n')));
    expect(o.notes.map((n) => n.message).join('\n')).toContain('1 tab → 2 spaces');
  });

  it('so does a patch adding the same lines after exact context', async () => {
    writeFileSync(join(dir, 'NOTES.md'), before);
    const o = await apply(
      [
        '*** Begin Patch',
        '*** Update File: NOTES.md',
        '@@',
        ' - Memory is the peak RSS above the runtime,',
        '   divided by the bytes touched.',
        ...typed.map((l) => `+${l}`),
        ' ',
        ' ## Reading',
        '*** End Patch',
        '',
      ].join('\n'),
      { cwd: dir },
    );
    expect(o.status).toBe('applied');
    expect(read()).toBe(before.replace('  divided by the bytes touched.\n', ['  divided by the bytes touched.', ...meant, ''].join('\n')));
  });

  it('still writes them as typed where the continuation lands beside no line at any width', async () => {
    const flat = ['# Notes', '', '- Rounds alternate', '  between tools.', '', 'Plain text.', ''].join('\n');
    writeFileSync(join(dir, 'NOTES.md'), flat);
    const o = await edit(
      JSON.stringify({ path: 'NOTES.md', old_string: 'Plain text.', new_string: 'Plain text.\n- New item\n\t\t\tthree tabs in' }),
      { cwd: dir },
    );
    expect(o.status).toBe('applied');
    expect(read()).toContain('\n\t\t\tthree tabs in');
    expect(o.notes.map((n) => n.message).join('\n')).toContain('written as given');
  });
});
