// An edit that rewrites more lines than a minimal line diff is worth
// (edit/new-style.ts and edit/whitespace.ts bound it): every line then counts
// as changed, and the result must be what the small edit gives. Rewriting
// 20,000 changed lines took 25 to 80 s before the bound (the edit-JSON audit);
// the time is the bench's to measure, the results are these tests'.

import { describe, expect, it } from 'vitest';
import { edit } from '../../src/index.js';
import { replacedLevels } from '../../src/match/indent-levels.js';
import type { SeqLine } from '../../src/match/indent-evidence.js';
import { MemFs } from '../support/memfs.js';

const N = 1500;
const read = (fs: MemFs, path: string) => new TextDecoder().decode((fs.nodes.get(path) as { bytes: Uint8Array }).bytes);

describe('an edit rewriting more lines than the line diff is bounded to', () => {
  it('gives new_string typed with spaces the file’s tabs on every line', async () => {
    const lines = Array.from({ length: N }, (_, i) => `\tline ${i}\n`);
    const fs = new MemFs({ 'a.txt': lines.join('') });
    const old = lines.join('');
    const o = await edit(
      { mode: 'single', path: 'a.txt', edit: { old_string: old, new_string: old.toUpperCase().replace(/\t/g, '    ') } },
      { cwd: '/work', fs },
    );
    expect(o.status).toBe('applied');
    expect(read(fs, '/work/a.txt')).toBe(old.toUpperCase());
  });

  it('re-indents an old_string typed 2 spaces in where the file has 4, every line', async () => {
    const lines = Array.from({ length: N }, (_, i) => `    line ${i}\n`);
    const fs = new MemFs({ 'a.txt': lines.join('') });
    const old = lines.map((l) => l.slice(2)).join('');
    const o = await edit({ mode: 'single', path: 'a.txt', edit: { old_string: old, new_string: old.toUpperCase() } }, { cwd: '/work', fs });
    expect(o.status).toBe('applied');
    expect(read(fs, '/work/a.txt')).toBe(lines.join('').toUpperCase());
  });
});

describe('replacedLevels', () => {
  it('finds, for each added line, the first removed line typed at its indentation, as a scan of the block would', () => {
    const widths = [0, 2, 4, 2, 8, 4, 0, 6];
    const seq: SeqLine[] = [
      { op: ' ', text: 'ctx', file: 'ctx' },
      ...widths.map((w, i) => ({ op: '-' as const, text: `${' '.repeat(w)}r${i}`, file: `${' '.repeat(w * 2)}r${i}` })),
      ...[4, 6, 2, 1, 8, 0].map((w, i) => ({ op: '+' as const, text: `${' '.repeat(w)}a${i}` })),
      { op: '+', text: '\t\ttab' },
    ];
    expect(replacedLevels(seq)).toEqual([
      { a: 0, width: 8 },
      { a: 1, width: 12 },
      { a: 2, width: 4 },
      { a: 4, width: 16 },
      { a: 5, width: 0 },
    ]);
  });
});
