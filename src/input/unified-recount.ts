// git apply --recount: a hunk's line counts read off its body instead of its
// `@@` header, for diffs whose counts are wrong (hand-edited patches, and
// models, which write the body right and the counts from a guess). The body
// runs to the next hunk, the next file, a mail's next commit or its
// signature, or the first line that is no hunk line; blank lines right
// before that end are separators, not empty context lines.

/** A format-patch signature: `-- ` and then the version line (`2.39.5`), not a removed line "- ". */
const SIGNATURE_VERSION = /^\d+(\.\d+)+/;

/**
 * The old and new line counts of the hunk whose body starts at `lines[from]`.
 * `startsFile(i)`: does a file (or a mail's next commit) start at line i?
 */
export function recountHunk(lines: readonly string[], from: number, startsFile: (i: number) => boolean): { old: number; new: number } {
  let old = 0;
  let added = 0;
  // Counts up to the last non-blank hunk line: a trailing blank is only counted once a hunk line follows it.
  let blanks = 0;
  for (let i = from; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.startsWith('@@ ') || startsFile(i) || isSignature(lines, i)) break;
    if (l === '') {
      blanks++;
      continue;
    }
    const op = l[0];
    if (op !== ' ' && op !== '-' && op !== '+' && op !== '\\') break;
    old += blanks;
    added += blanks;
    blanks = 0;
    if (op !== '+' && op !== '\\') old++;
    if (op !== '-' && op !== '\\') added++;
  }
  return { old, new: added };
}

/** Does a run of blank lines start at `lines[i]` with a hunk after it (the separators recountHunk leaves)? */
export function blanksBeforeHunk(lines: readonly string[], i: number): boolean {
  let j = i;
  while (lines[j] === '') j++;
  return j > i && lines[j]?.startsWith('@@ ') === true;
}

function isSignature(lines: readonly string[], i: number): boolean {
  return (lines[i] === '-- ' || lines[i] === '--') && (i + 1 >= lines.length || SIGNATURE_VERSION.test(lines[i + 1]!));
}
