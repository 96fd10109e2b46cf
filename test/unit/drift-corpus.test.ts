// A fixed slice of the drift corpus (scripts/drift, `npm run drift`): real
// changes written as patches and edits with one kind of model drift each, run
// through the library. For the guarded kinds no case may be written wrong or
// crash; the other kinds are run too (a crash anywhere fails), and are added to
// GUARDED as the engine learns them.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCorpus } from '../../scripts/drift/corpus.mjs';
import { scoreCase } from '../../scripts/drift/score.mjs';
import { apply } from '../../src/index.js';

/** The unified-diff kinds (scripts/drift/unified.mjs). */
const UNIFIED = ['diff-clean', 'diff-numbers', 'diff-counts', 'diff-recount', 'diff-context', 'diff-ws'];

/**
 * Kinds (or kind/tool cells) with no wrong write left on main; every case of
 * these must be correct or refused.
 */
const GUARDED = new Set([
  'none',
  'markers',
  'unified-range',
  'crlf',
  'wrong-word',
  'invented-line',
  'reordered',
  'ambiguous',
  'resent',
  'trailing-ws',
  'indent',
  'quotes',
  'dashes',
  'full-width',
  'unicode-space',
  'search-replace',
  'openai-call',
  'text-editor',
  'line-numbers',
  'line-numbers-off',
  ...UNIFIED,
]);

const ROOT = join(import.meta.dirname, '..', '..');
const scratch = mkdtempSync(join(tmpdir(), 'chord-drift-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the drift corpus slice (seed 7, three cases per kind and tool)', () => {
  it('never writes a wrong result for a guarded kind and never crashes', { timeout: 180_000 }, async () => {
    const cases = buildCorpus(ROOT, { seed: 7, perCell: 3 });
    expect(cases.length).toBeGreaterThan(90);
    const bad: string[] = [];
    let guardedCorrect = 0;
    for (const [i, c] of cases.entries()) {
      const { verdict, outcomes, error } = await scoreCase({ apply }, c, join(scratch, String(i)));
      const guarded = GUARDED.has(c.kind) || GUARDED.has(`${c.kind}/${c.tool}`);
      if (guarded && verdict === 'correct') guardedCorrect++;
      if (verdict === 'crash' || (guarded && verdict === 'wrong'))
        bad.push(`${verdict} ${c.name} from ${c.origin}: ${error ?? outcomes.map((o) => o.status).join(', ')}`);
    }
    expect(bad).toEqual([]);
    // The slice is not vacuous: the guarded kinds include cases that must apply and do.
    expect(guardedCorrect).toBeGreaterThan(12);
  });
});

describe('the unified-diff kinds of the drift corpus (seed 3, eight cases per kind)', () => {
  it('applies every must-apply unified diff and writes none wrong', { timeout: 120_000 }, async () => {
    const cases = buildCorpus(ROOT, { seed: 3, perCell: 8, kinds: UNIFIED });
    expect(cases.length).toBe(8 * UNIFIED.length);
    const bad: string[] = [];
    let must = 0;
    for (const [i, c] of cases.entries()) {
      const { verdict, outcomes, error } = await scoreCase({ apply }, c, join(scratch, `u${i}`));
      if (c.expect === 'must') must++;
      if (verdict === 'crash' || verdict === 'wrong' || (c.expect === 'must' && verdict !== 'correct'))
        bad.push(`${verdict} ${c.name} (${c.expect}) from ${c.origin}: ${error ?? outcomes.map((o) => o.status).join(', ')}`);
    }
    expect(bad).toEqual([]);
    // Every kind but diff-counts (whose counts disagree with its body) has cases that must apply.
    expect(must).toBeGreaterThan(25);
  });
});
