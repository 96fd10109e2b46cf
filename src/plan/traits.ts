// What a unified diff asks of a file beyond its hunks (types.ts FileTraits),
// as small pure steps the planner applies: the executable bit, no line ending
// after the last line, and "delete only the content the diff says it deletes".

import { isBaseRun, type Run } from '../text/runs.js';
import type { LineTable } from '../text/table.js';
import { quote } from '../text/quote.js';
import type { LaidHunk } from '../text/splice.js';
import type { Hunk } from '../types.js';

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
    // The file's own last line, given an ending by the splice (text/splice.ts terminate) and losing it again, is that line unchanged.
    const i = base.length - 1;
    const shown = out.some((r) => isBaseRun(r) && r.to > i);
    const own = i >= 0 && !shown && base.eolAt(i) === '' && base.textAt(i) === last.text;
    out[out.length - 1] = own ? { from: i, to: i + 1 } : { text: last.text, eol: '' };
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

/**
 * A unified diff's end of file (FileTraits.eof): true when the written file
 * ends with a line ending, false when it does not, or why the diff
 * contradicts the file. Only a last hunk reaching the end of the file may
 * change the final ending, and then the new side's marker decides; a marker
 * on the old side must be true of the file.
 */
export function diffEndOfFile(
  table: LineTable,
  placed: readonly LaidHunk[],
  eof: { oldNoEol: boolean; newNoEol: boolean },
): boolean | string {
  const hadEol = table.length === 0 || table.eolAt(table.length - 1) !== '';
  if (eof.oldNoEol && hadEol) {
    return 'the diff says the file ends without a newline ("\\ No newline at end of file" after its last old line), but it ends with one';
  }
  const last = placed[placed.length - 1];
  const reaches = last !== undefined && last.start + last.oldLen === table.length;
  return reaches ? !eof.newNoEol : hadEol;
}

/**
 * A unified diff's CRs: in a file with CRLF endings throughout, a hunk line's
 * final CR is its ending (a diff carried with mixed endings), except on the
 * last new line of a diff that says the file ends without a newline: that
 * line has no ending, so its CR is content. Anywhere else a CR is content,
 * kept as git apply keeps it. In a file of mixed endings the two cannot be
 * told apart: refused.
 */
export function crAsEnding(table: LineTable, hunks: readonly Hunk[], eof?: { newNoEol: boolean }): readonly Hunk[] | string {
  const withCr = hunks.some((h) => h.lines.some((l) => l.text.endsWith('\r')));
  if (!withCr) return hunks;
  const uniform = table.uniformEol();
  if (uniform === '\r\n') {
    const lastHunk = hunks.length - 1;
    const lastNew = eof?.newNoEol ? hunks[lastHunk]!.lines.findLastIndex((l) => l.op !== '-') : -1;
    const content = (h: number, k: number) => h === lastHunk && k === lastNew;
    return hunks.map((h, i) => ({
      ...h,
      lines: h.lines.map((l, k) => (l.text.endsWith('\r') && !content(i, k) ? { op: l.op, text: l.text.slice(0, -1) } : l)),
    }));
  }
  if (uniform === undefined && table.length > 1) {
    return 'the diff has lines ending in a CR, and the file mixes line endings: whether the CR is content or a line ending is not clear';
  }
  return hunks;
}
