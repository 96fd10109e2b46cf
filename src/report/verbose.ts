// `--verbose`: where each hunk matched and by which pass, one line per hunk,
// for the person at the terminal (stderr, so stdout stays a valid diff).

import type { HunkPlacement } from '../types.js';

const HOW: Record<string, string> = {
  exact: 'exactly',
  'trim-end': 'ignoring trailing whitespace',
  trim: 'ignoring surrounding whitespace',
  punctuation: 'with punctuation tolerance',
  'punctuation-wide': 'with the wide punctuation fallback',
};

export function placementLines(placements: readonly HunkPlacement[]): string {
  return placements
    .map((p) => {
      const where =
        p.pass === 'append' ? `appended at the end (line ${p.line})` : `matched at line ${p.line} ${HOW[p.pass] ?? `(${p.pass})`}`;
      return `${p.path}: hunk ${p.hunk}/${p.hunks} ${where}\n`;
    })
    .join('');
}
