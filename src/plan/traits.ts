// What a unified diff asks of a file beyond its hunks (types.ts FileTraits),
// as small pure steps the planner applies: the executable bit, no line ending
// after the last line, and "delete only the content the diff says it deletes".

import { isBaseRun, type Run } from '../text/runs.js';
import type { LineTable } from '../text/table.js';
import { quote } from '../text/quote.js';

/**
 * The file mode after git's executable bit: set it for whoever may read the
 * file (what `chmod +x` does under the usual umask), or clear it. A new file
 * made executable gets 0755, what git apply creates under umask 022.
 */
export function withExecutable(mode: number | undefined, executable: boolean | undefined): number | undefined {
  if (executable === undefined) return mode;
  if (mode === undefined) return executable ? 0o755 : undefined;
  return executable ? mode | ((mode & 0o444) >> 2) : mode & ~0o111;
}

/** The runs with the last line's ending removed (`\ No newline at end of file` on the new side). */
export function withoutFinalEol(runs: readonly Run[], base: LineTable): Run[] {
  const out = [...runs];
  const last = out[out.length - 1];
  if (last === undefined) return out;
  if (!isBaseRun(last)) {
    out[out.length - 1] = { text: last.text, eol: '' };
    return out;
  }
  const i = last.to - 1;
  if (base.eolAt(i) === '') return out;
  out[out.length - 1] = { from: last.from, to: i };
  if (i === last.from) out.pop();
  out.push({ text: base.textAt(i), eol: '' });
  return out;
}

/**
 * Why a file may not be deleted as the diff's pre-image (undefined: it may):
 * deleting a file that holds more or other lines than the diff shows would
 * lose them.
 */
export function deletedContentDiffers(table: LineTable, expect: readonly string[]): string | undefined {
  if (table.length !== expect.length) {
    return `the file has ${table.length} line${table.length === 1 ? '' : 's'}, the diff deletes ${expect.length}`;
  }
  for (let i = 0; i < expect.length; i++) {
    if (table.textAt(i) !== expect[i]) return `line ${i + 1} differs from the diff's ${quote(expect[i]!)}`;
  }
  return undefined;
}
