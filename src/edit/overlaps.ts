// Entries of one batch edit that reach into each other's text: refused, each
// pair named once, since the order they would apply in would decide the result.

import type { FileView, LfSplice } from './view.js';

/** Overlapping splices of different entries, as failure messages. */
export function overlaps(view: FileView, splices: readonly LfSplice[]): { entries: [number, number]; message: string }[] {
  const sorted = [...splices].sort((x, y) => x.start - y.start || x.end - y.end);
  const out: { entries: [number, number]; message: string }[] = [];
  const seen = new Set<string>();
  let reach: LfSplice | undefined;
  for (const s of sorted) {
    if (reach && s.start < reach.end && s.entry !== reach.entry) {
      const a = Math.min(s.entry, reach.entry);
      const b = Math.max(s.entry, reach.entry);
      const key = `${a}:${b}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push({
          entries: [a, b],
          message:
            `edits[${a}] and edits[${b}] overlap at line ${view.lineOf(s.start) + 1}: ` +
            'entries must target disjoint text of the original file; merge them into one entry',
        });
      }
    }
    if (!reach || s.end > reach.end) reach = s;
  }
  return out;
}
