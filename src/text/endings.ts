// The line-ending rule both tools write by (spec, "Line Endings"): a line
// break the edit writes takes the file's one convention; in a file that mixes
// them, the ending of the k-th line it replaces (a change of three lines into
// three keeps each line's own), else of the last line it replaces, else of a
// line next to it (insertionEnding: what "next to it" means, for both tools).
// A replaced line the change writes again, unchanged (a line diff pairs them,
// repeatedLines), keeps its own ending wherever it moves among the others:
// by position, a line added above it would take its ending and push its own
// onto the next line. Untouched lines keep their own ending byte for byte;
// that is the callers' part (text/splice.ts for hunks, edit/write.ts for edits).

import { diffArrays } from 'diff';

/**
 * The ending of the `k`-th line break written over `replaced` (the endings of
 * the lines it replaces, in order). `uniform` is the file's one ending, or
 * undefined in a mixed file; `nearby` gives a neighbour's ending, asked only
 * when nothing is replaced.
 */
export function endingFor(uniform: string | undefined, replaced: readonly string[], k: number, nearby: () => string): string {
  return uniform ?? replaced[k] ?? replaced[replaced.length - 1] ?? nearby();
}

/**
 * The neighbour's ending for a line break that replaces none (a pure
 * insertion), the same for hunks and edits: the nearest ending at or above
 * the insertion point, else the nearest below, else '' (no line has one).
 * `above` is the line the insertion point follows: a hunk's added lines
 * between file lines i and i + 1, or an edit inserting at the start of line
 * i + 1, give i (-1 at the top of the file); an edit that splits line i gives
 * i, whose ending the new break takes (as when it replaces the line).
 * Above first, as hunks always did: a hunk's added lines follow the context
 * line above them. Only the file's own lines, as read, are asked, never lines
 * the same change adds.
 */
export function insertionEnding(eolAt: (i: number) => string, lines: number, above: number): string {
  for (let i = Math.min(above, lines - 1); i >= 0; i--) {
    const eol = eolAt(i);
    if (eol !== '') return eol;
  }
  for (let i = Math.max(above + 1, 0); i < lines; i++) {
    const eol = eolAt(i);
    if (eol !== '') return eol;
  }
  return '';
}

/**
 * For each of a change's new lines, the index of the replaced line it repeats
 * exactly, or -1: equal texts paired in order, as a line diff pairs them,
 * then a moved line whose text the rest of the change has once on each side.
 */
export function repeatedLines(replaced: readonly string[], added: readonly string[]): number[] {
  const out = new Array<number>(added.length).fill(-1);
  if (replaced.length === 0 || added.length === 0) return out;
  const paired = new Set<number>();
  let i = 0;
  let j = 0;
  for (const part of diffArrays([...replaced], [...added])) {
    const n = part.count ?? part.value.length;
    if (part.added) j += n;
    else if (part.removed) i += n;
    else
      for (let t = 0; t < n; t++) {
        paired.add(i);
        out[j++] = i++;
      }
  }
  const once = (lines: readonly string[], left: (k: number) => boolean) => {
    const seen = new Map<string, number>();
    lines.forEach((text, k) => left(k) && seen.set(text, seen.has(text) ? -1 : k));
    return seen;
  };
  const replacedOnce = once(replaced, (k) => !paired.has(k));
  for (const [text, k] of once(added, (k) => out[k] === -1)) {
    const from = replacedOnce.get(text);
    if (k >= 0 && from !== undefined && from >= 0) out[k] = from;
  }
  return out;
}
