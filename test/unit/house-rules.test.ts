// The house rules of CONTRIBUTING.md as scripts/house-rules.mjs checks them
// (npm run lint): line length in the code of src/, test/ and scripts/ and
// measurements in src/ comments fail; file and function sizes in src/ are
// warnings for a reviewer.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { houseRules, MAX_FUNCTION_LINES, MAX_LINE_CHARS } from '../../scripts/house-rules.mjs';
import { scratchTrees } from '../support/tree.js';

const line = (chars: number): string => `export const s = '${'x'.repeat(chars - 20)}';\n`;

describe('house rules', () => {
  const tree = scratchTrees();

  it('names each line over 140 characters in src/, test/ and scripts/, and lets a line of exactly 140 pass', () => {
    expect(line(MAX_LINE_CHARS)).toHaveLength(MAX_LINE_CHARS + 1);
    const root = tree({
      'src/a.ts': line(MAX_LINE_CHARS) + line(MAX_LINE_CHARS + 1),
      'test/unit/b.test.ts': line(MAX_LINE_CHARS + 5),
      'scripts/c.mjs': `\n${line(MAX_LINE_CHARS + 2)}`,
      'scripts/c.d.mts': line(MAX_LINE_CHARS),
    });
    expect(houseRules(root).failures).toEqual([
      'src/a.ts:2: line of 141 characters (at most 140)',
      'test/unit/b.test.ts:1: line of 145 characters (at most 140)',
      'scripts/c.mjs:2: line of 142 characters (at most 140)',
    ]);
  });

  it('counts characters, not bytes or UTF-16 units, so a line of 140 non-ASCII characters passes', () => {
    const root = tree({ 'src/a.ts': `// ${'…'.repeat(MAX_LINE_CHARS - 4)}𝑥\n` });
    expect(houseRules(root).failures).toEqual([]);
  });

  it('leaves fixture folders and the data tables out of the line limit: they hold data, not code', () => {
    const root = tree({
      'test/fixtures/001_x/before/a.ts': line(300),
      'test/fixtures-data/b.mjs': line(300),
      'src/models/grammar.ts': line(300),
    });
    expect(houseRules(root).failures).toEqual([]);
  });

  it('warns of a file over 400 lines and a function over 80 lines in src/, and fails on neither', () => {
    const body = Array.from({ length: MAX_FUNCTION_LINES - 1 }, (_, i) => `  const v${i} = ${i};\n`).join('');
    const root = tree({
      'src/long.ts': `export function long(): void {\n${body}}\n`,
      'src/ok.ts': `export function ok(): void {\n${body.slice(body.indexOf('\n') + 1)}}\n`,
      'src/big.ts': 'export const x = 1;\n'.repeat(401),
    });
    expect(houseRules(root)).toEqual({
      failures: [],
      warnings: ['src/big.ts: 401 lines (at most 400)', 'src/long.ts:1: function long is 81 lines (at most 80)'],
    });
  });

  it('fails on a measurement in a src/ comment: a duration, a size, a ratio, a percentage, a date, a round count', () => {
    const root = tree({
      'src/a.ts': [
        '// Built lazily: at load it cost 0.57 ms.',
        '/** A 5 MB file took longer. */',
        'export const a = 1; // 0.82x the wall time',
        '// three times faster (40% less CPU)',
        '// it cost 2 million instructions, 18 times faster',
        '/*',
        ' * measured 2026-11-30',
        ' * on 20 paired rounds',
        ' */',
        "export const b = '12 ms'; // a string is code, not a comment",
        '// the `2026-07-28` protocol revision is a name, in backticks',
        '// a 4 KiB head, read as Latin-1',
        '',
      ].join('\n'),
    });
    expect(houseRules(root).failures.map((f) => f.split(': comment')[0])).toEqual([
      'src/a.ts:1',
      'src/a.ts:2',
      'src/a.ts:3',
      'src/a.ts:4',
      'src/a.ts:5',
      'src/a.ts:7',
      'src/a.ts:8',
    ]);
  });

  it('finds no measurement in the comments of src/ today', () => {
    expect(houseRules(join(import.meta.dirname, '..', '..')).failures.filter((f) => f.includes('comment quotes'))).toEqual([]);
  });
});
