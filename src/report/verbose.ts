// `--verbose`: where each hunk matched and by which pass, one line per hunk,
// for the person at the terminal (stderr, so stdout stays a valid diff).

import { passWords } from '../match/passes.js';
import type { HunkPlacement } from '../types.js';

export function placementLines(placements: readonly HunkPlacement[]): string {
  return placements
    .map((p) => {
      const where =
        p.pass === 'append'
          ? `appended at the end (line ${p.line})`
          : `matched at line ${p.line} ${passWords(p.pass)?.how ?? `(${p.pass})`}`;
      return `${p.path}: hunk ${p.hunk}/${p.hunks} ${where}\n`;
    })
    .join('');
}
