// old_string's lines against new_string's, for the edit steps that read which
// lines new_string keeps (new-style.ts, whitespace.ts).

import { type ArrayChange, diffArrays } from 'diff';

/** The most line changes worth a minimal diff (diffArrays' maxEditLength). */
const MAX_EDIT = 1000;

/**
 * The line diff of old against next, bounded: past MAX_EDIT changed lines a
 * minimal diff costs their number squared, so every line then counts as
 * changed (all of old removed, all of next added).
 */
export function lineChanges(oldLines: string[], newLines: string[]): ArrayChange<string>[] {
  return (
    diffArrays(oldLines, newLines, { maxEditLength: MAX_EDIT }) ?? [
      { value: oldLines, count: oldLines.length, added: false, removed: true },
      { value: newLines, count: newLines.length, added: true, removed: false },
    ]
  );
}
