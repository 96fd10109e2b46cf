// The checks on added lines first search all of them at once and only clean
// and refuse line by line when that search finds something: the answer must
// be exactly the line-by-line one (cleaned lines, counts, refusal and its
// message) for any lines.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanInvisible, mergeRemoved } from '../../src/text/invisible.js';
import { cleanAddedLines, refuseControl } from '../../src/text/written.js';

/** The line-by-line definition: clean each line, refuse an invisible-only result, then the first control character. */
function reference(lines: readonly string[], atFileStart: boolean) {
  const removed = new Map<number, number>();
  const out = lines.map((line, i) => {
    const c = cleanInvisible(line, { atFileStart: atFileStart && i === 0 });
    mergeRemoved(removed, c.removed);
    return c.text;
  });
  if (removed.size > 0 && out.every((l) => l === '' || l === '\uFEFF')) return { ok: false, code: 'invisible_only' };
  for (const line of out) {
    const refusal = refuseControl(line, 'x');
    if (refusal) return { ok: false, code: refusal.code };
  }
  return { ok: true, lines: out, removed };
}

const PIECES = ['a', 'const x = 1;', ' ', '\t', '\f', '\r', '\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u200b', '\u200d', '\ufeff'];
const MORE = ['\u00ad', '\u2060', '\u0301', '\ufe0f', '😀', 'é', '中', '\ud800', '\udc00', '\u00a0'];
const lineArb = fc.array(fc.constantFrom(...PIECES, ...MORE), { maxLength: 8 }).map((p) => p.join(''));

describe('checks on added lines', () => {
  it('clean and refuse exactly as line by line, whether or not anything needs it', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 12 }), fc.boolean(), (lines, atFileStart) => {
        const got = cleanAddedLines(lines, atFileStart);
        const want = reference(lines, atFileStart);
        if (!got.ok) expect({ ok: false, code: got.code }).toEqual(want);
        else expect({ ok: true, lines: got.lines, removed: got.removed }).toEqual(want);
      }),
      { numRuns: 2000 },
    );
  });

  it('hands back lines of plain text as they are, with nothing removed', () => {
    const lines = ['  const a = 1;', '', '\tb();'];
    const got = cleanAddedLines(lines, false);
    expect(got).toEqual({ ok: true, lines, removed: new Map() });
  });
});
