// The re-indentation rule driven from plain (model, file) line pairs, for the tests that check it.

import { reindentSeq } from '../../src/match/indent-evidence.js';

/** The quoted lines (model, file) as context, then the added lines after them. */
export const reindentLines = (
  pairs: readonly (readonly [string, string])[],
  added: readonly string[],
): { lines: string[]; note?: string; ambiguous?: string } => {
  const r = reindentSeq([
    ...pairs.map(([text, file]) => ({ op: ' ' as const, text, file })),
    ...added.map((text) => ({ op: '+' as const, text })),
  ]);
  return r.ok ? { lines: r.added, ...(r.note === undefined ? {} : { note: r.note }) } : { lines: [...added], ambiguous: r.message };
};
