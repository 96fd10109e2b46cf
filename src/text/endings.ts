// The line-ending rule both tools write by (spec, "Line Endings"): a line
// break the edit writes takes the file's one convention; in a file that mixes
// them, the ending of the k-th line it replaces (a change of three lines into
// three keeps each line's own), else of the last line it replaces, else of a
// line next to it. Untouched lines keep their own ending byte for byte; that
// is the callers' part (text/splice.ts for hunks, edit/write.ts for edits),
// as is what "next to it" means for an insertion in each.

/**
 * The ending of the `k`-th line break written over `replaced` (the endings of
 * the lines it replaces, in order). `uniform` is the file's one ending, or
 * undefined in a mixed file; `nearby` gives a neighbour's ending, asked only
 * when nothing is replaced.
 */
export function endingFor(uniform: string | undefined, replaced: readonly string[], k: number, nearby: () => string): string {
  return uniform ?? replaced[k] ?? replaced[replaced.length - 1] ?? nearby();
}
