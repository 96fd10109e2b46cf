// Canonically equal text: `é` as one code point (NFC) or as `e` and a
// combining accent (NFD) is the same text under Unicode canonical
// equivalence, and files written on macOS or by some editors keep the
// decomposed form while a model types the composed one (or the reverse).
// A separate step after every other one failed, unique-only like the
// tolerant step: the hunk's lines are put into the form in which the file's
// lines match them exactly (or ignoring trailing or surrounding whitespace),
// so its added lines are written in the file's own form and its context stays
// the file's bytes. Compatibility folding (NFKC: ligatures, full-width digits,
// superscripts) is never used: it changes what text says.

import type { Hunk } from '../types.js';
import { oldSide } from './hunk-lines.js';
import { type LineIndex, PASSES } from './seek.js';

export type CanonicalForm = 'NFC' | 'NFD';

export type CanonicalFound =
  | { kind: 'found'; start: number; form: CanonicalForm; lines: Hunk['lines'] }
  | { kind: 'ambiguous'; candidates: number[]; form: CanonicalForm }
  | { kind: 'none' };

/** Does the text hold anything canonical equivalence could change (a non-ASCII character)? */
const mayChange = (lines: readonly string[]): boolean => lines.some((l) => /[^\u0000-\u007f]/.test(l));

/** The hunk's old side in each canonical form that changes it, sought from `cursor`: exactly one place is accepted. */
export function findCanonical(index: LineIndex, hunk: Hunk, cursor: number): CanonicalFound {
  const old = oldSide(hunk.lines);
  if (old.length === 0 || !mayChange(old)) return { kind: 'none' };
  for (const form of ['NFD', 'NFC'] as const) {
    const conv = old.map((l) => l.normalize(form));
    if (conv.every((l, i) => l === old[i])) continue;
    for (const pass of PASSES) {
      const hits = index.matches(conv, cursor, index.length, pass, 2, hunk.endOfFile);
      if (hits.length === 0) continue;
      if (hits.length > 1)
        return { kind: 'ambiguous', candidates: index.matches(conv, cursor, index.length, pass, 10, hunk.endOfFile), form };
      const lines = hunk.lines.map((l) => ({ ...l, text: l.text.normalize(form) }));
      return { kind: 'found', start: hits[0]!, form, lines };
    }
  }
  return { kind: 'none' };
}
