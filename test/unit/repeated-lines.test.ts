// Files of repeated and near-duplicate lines: a miss must cost about what a
// match costs, not file x hunk line comparisons, and the answers must stay
// those of a brute-force search. Costs are counted (line comparisons and
// lines normalised), never timed, so the bounds hold on a busy machine.

import { describe, expect, it } from 'vitest';
import { locateHunks } from '../../src/match/hunks.js';
import { type PassName, PASSES, LineIndex } from '../../src/match/seek.js';
import { tolerantCandidates } from '../../src/match/tolerant.js';
import { LineTable } from '../../src/text/table.js';
import type { Hunk } from '../../src/types.js';

const KEY: Record<PassName, (s: string) => string> = { exact: (s) => s, 'trim-end': (s) => s.trimEnd(), trim: (s) => s.trim() };

function bruteForce(file: readonly string[], pattern: readonly string[], pass: PassName, limit: number): number[] {
  const out: number[] = [];
  for (let i = 0; i + pattern.length <= file.length && out.length < limit; i++) {
    if (pattern.every((p, k) => KEY[pass](file[i + k]!) === KEY[pass](p))) out.push(i);
  }
  return out;
}

/** A LineIndex over `lines` whose table counts the line comparisons made. */
function counted(lines: readonly string[], backing: 'text' | 'utf8' = 'text') {
  const table = backing === 'text' ? LineTable.fromTexts(lines) : LineTable.fromUtf8(Buffer.from(`${lines.join('\n')}\n`));
  const cost = { compared: 0, read: 0 };
  const equals = table.equals.bind(table);
  const equalsTrimmed = table.equalsTrimmed.bind(table);
  const textAt = table.textAt.bind(table);
  table.equals = (i, s) => (cost.compared++, equals(i, s));
  table.equalsTrimmed = (i, s, both) => (cost.compared++, equalsTrimmed(i, s, both));
  table.textAt = (i) => (cost.read++, textAt(i));
  return { index: new LineIndex(table), cost };
}

const LINE = '    x = compute(1)';
// Differs from LINE only at a unit the sampled line hash does not read.
const OTHER = '    x = compute(2)';

describe('a hunk of repeated lines against a file of the same lines', () => {
  const n = 6000;
  const m = 3000;
  const file = Array<string>(n).fill(LINE);
  const misses: [string, string[]][] = [
    ['its last line differs', [...Array<string>(m - 1).fill(LINE), OTHER]],
    ['its middle line differs', [...Array<string>(m / 2).fill(LINE), OTHER, ...Array<string>(m / 2 - 1).fill(LINE)]],
  ];

  it.each(misses)('a miss where %s costs about the file plus the hunk, in every pass', (_name, hunk) => {
    for (const backing of ['text', 'utf8'] as const) {
      const { index, cost } = counted(file, backing);
      for (const pass of PASSES) expect(index.matches(hunk, 0, n, pass, 2)).toEqual([]);
      // file x hunk would be about 9 million per pass.
      expect(cost.compared).toBeLessThan(10 * (n + m) + 200_000);
    }
  });

  it('a whole patch that misses is refused after a bounded number of comparisons, naming the line that is not there', () => {
    const { index, cost } = counted(file);
    const hunk: Hunk = {
      lines: [...misses[0]![1].map((text) => ({ op: '-' as const, text })), { op: '+', text: 'y = 2' }],
      endOfFile: false,
      patchLine: 1,
    };
    const r = locateHunks(index, [hunk]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.message).toContain('x = compute(2)');
    expect(cost.compared).toBeLessThan(20 * (n + m) + 400_000);
  });

  it('finds exactly what a brute-force search finds once block hashes take over', () => {
    const lines = Array.from({ length: 4000 }, (_, i) => (i % 997 === 500 ? `${LINE} ` : i % 1499 === 3 ? OTHER : LINE));
    const { index } = counted(lines);
    const patterns = [
      Array<string>(900).fill(LINE),
      [...Array<string>(400).fill(LINE), `${LINE} `, ...Array<string>(400).fill(LINE)],
      [OTHER, ...Array<string>(800).fill(LINE)],
      [...Array<string>(800).fill(LINE), `  ${LINE.trim()}`],
      [...Array<string>(700).fill(LINE), OTHER],
    ];
    // Many look-ups first, so the block hashes are in use for the ones compared.
    for (let r = 0; r < 3; r++) for (const pass of PASSES) index.matches(patterns[0]!, 0, lines.length, pass, 4);
    for (const p of patterns) {
      for (const pass of PASSES) {
        for (const limit of [1, 2, 50]) expect(index.matches(p, 0, lines.length, pass, limit)).toEqual(bruteForce(lines, p, pass, limit));
      }
    }
  });
});

describe('near-duplicate lines (differing only by a number)', () => {
  const n = 20_000;
  const file = Array.from({ length: n }, (_, i) => `2026-01-01 INFO request ${i} done in 5 ms`);

  it('the tolerant step normalises only the few lines that can match, not every line', () => {
    const { index, cost } = counted(file);
    const at = n / 2;
    const hunk = [file[at]!, file[at + 1]!.replace('done', 'dne'), file[at + 2]!];
    expect(tolerantCandidates(index, hunk, 0, 'punctuation')).toEqual([]);
    expect(tolerantCandidates(index, hunk, 0, 'punctuation-wide')).toEqual([]);
    expect(cost.read).toBeLessThan(100);
    // A real tolerant match among them is still found, and only there.
    const quoted = [file[at]!, file[at + 1]!.replaceAll('-', '\u2013'), file[at + 2]!];
    expect(tolerantCandidates(index, quoted, 0, 'punctuation')).toEqual([at]);
  });

  it('a patch that misses costs a bounded number of comparisons', () => {
    const { index, cost } = counted(file);
    const at = n / 2;
    const hunk: Hunk = {
      lines: [
        { op: '-', text: file[at]! },
        { op: '-', text: file[at + 1]!.replace('done', 'dne') },
        { op: '+', text: 'replaced' },
      ],
      endOfFile: false,
      patchLine: 1,
    };
    const r = locateHunks(index, [hunk]);
    expect(r.ok).toBe(false);
    expect(cost.read).toBeLessThan(200);
    expect(cost.compared).toBeLessThan(10 * n);
  });
});
