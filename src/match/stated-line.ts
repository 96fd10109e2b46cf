// A unified diff's stated line number chooses among several places its old
// side matches. It may be stale, so two other things a hunk says are weighed
// against it: the function context after its @@ line, and the lack of context
// after its change (git apply and GNU patch read that as the file's end).
// When either points at other places only, both readings are named instead
// of the line number being taken.

import type { Hunk, HunkLine } from '../types.js';
import { placesNamedBy } from './func-context.js';
import { oldSide } from './hunk-lines.js';
import type { LineIndex } from './seek.js';

/**
 * Why the stated line, which picks `hinted` among `places` (0-based), is not
 * to be taken: undefined when nothing in the hunk says otherwise.
 */
export function statedLineDoubted(
  index: LineIndex,
  hunk: Hunk,
  lines: readonly HunkLine[],
  places: readonly number[],
  hinted: number,
): string | undefined {
  if (hunk.hintLine === undefined || !places.includes(hinted)) return undefined;
  return namedElsewhere(index, hunk, places, hinted) ?? endElsewhere(hunk, lines, places, hinted, index.length);
}

/** The @@ line's function context is that of other places only. */
function namedElsewhere(index: LineIndex, hunk: Hunk, places: readonly number[], hinted: number): string | undefined {
  if (hunk.funcContext === undefined) return undefined;
  const named = placesNamedBy(index, places, hunk.funcContext);
  if (named.length === 0 || named.includes(hinted)) return undefined;
  const at = named.map((p) => p + 1).join(', ');
  return (
    `its stated line number (${hunk.hintLine}) points at line ${hinted + 1}, but its @@ line names ${JSON.stringify(hunk.funcContext)}, ` +
    `the function context git gives ${named.length === 1 ? 'the place at line' : 'the places at lines'} ${at}`
  );
}

/** The hunk has context before its change and none after it, and another of its places ends the file. */
function endElsewhere(hunk: Hunk, lines: readonly HunkLine[], places: readonly number[], hinted: number, n: number): string | undefined {
  if (lines.at(-1)?.op === ' ' || !lines.some((l) => l.op === ' ')) return undefined;
  const oldLen = oldSide(lines).length;
  const last = places.find((p) => p + oldLen === n);
  if (last === undefined || last === hinted) return undefined;
  return (
    `its stated line number (${hunk.hintLine}) points at line ${hinted + 1}, but it has no context after its change, ` +
    `which in a diff means the change reaches the end of the file, as its place at line ${last + 1} does ` +
    '(git apply and GNU patch read it so)'
  );
}
