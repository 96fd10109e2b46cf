// Options people bring from other tools, or put where they do not belong:
// commander's closest-spelling guess would point them at an unrelated option
// (`--forward` -> `--format`), so these get the hint that fits what was meant,
// and so do their misspellings (`--forwrd`), which commander cannot know of.

import { align } from '../match/distance.js';

/** Options of GNU patch and git apply that chord-patch does not need, each spelling with why: the hint adds "drop FLAG". */
const NOT_NEEDED: readonly (readonly [flags: readonly string[], why: string])[] = [
  [['-u', '--unified'], 'chord-patch recognises a unified diff by itself'],
  [['--binary', '--allow-binary-replacement'], "chord-patch reads a diff's binary patches (git diff --binary) by itself"],
  [['-f', '--force', '-t', '--batch'], 'chord-patch never stops to ask: what does not fit is refused and nothing is written'],
  [
    ['-b', '--backup', '--no-backup-if-mismatch'],
    'chord-patch writes no backup files: each file is replaced atomically, a failed run restores what it wrote, ' +
      'and chord-patch apply -R FILE undoes an applied patch',
  ],
  [
    ['-E', '--remove-empty-files'],
    'chord-patch deletes a file only where the diff deletes it (+++ /dev/null, deleted file mode), as git apply does',
  ],
  [['--index', '--cached'], "chord-patch writes the working tree, never git's index: run git add afterwards"],
  [
    ['-l', '--ignore-whitespace', '--ignore-space-change'],
    'chord-patch already matches context and removed lines whose whitespace drifted, where only one place fits',
  ],
  [
    ['--whitespace'],
    'chord-patch writes added lines as the patch has them (it only removes invisible characters and refuses control characters)',
  ],
];

/** An unknown option -> what to say instead of a spelling guess. */
const HINTS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(NOT_NEEDED.flatMap(([flags, why]) => flags.map((flag) => [flag, `${why}; drop ${flag}`]))),
  '--directory': "git apply's --directory=DIR is closest to chord-patch's -C DIR: the patch's paths resolve against DIR",
  '-s': "GNU patch's -s (--silent) is closest to chord-patch's -q (--quiet), which prints only the summary line",
  '--silent': "GNU patch's --silent is closest to chord-patch's --quiet, which prints only the summary line",
  '--forward':
    'chord-patch never applies a patch twice: a section already in the file is reported as already applied ' +
    'and nothing is written; drop --forward',
  '-N': "GNU patch's -N (--forward) is what chord-patch always does: an already-applied section is reported and skipped; drop -N",
  '-R':
    '-R (--reverse) undoes a patch or a diff and belongs after apply or check: ' +
    'chord-patch apply -R FILE (an edit request cannot be reversed)',
  '--reverse': '--reverse undoes a patch or a diff and belongs after apply or check: chord-patch apply --reverse FILE',
  '--apply': 'check never writes: run chord-patch apply (with --stat to see the counts as well)',
  '-i': "the patch is chord-patch's FILE argument (or stdin), as in chord-patch apply FILE; there is no -i",
  '-d': "-d DIR is GNU patch's; chord-patch's is -C DIR (the patch's paths resolve against DIR)",
};

/** The hint for an unknown option (its value left off: `--whitespace=fix`), when it is one of those above. */
export function optionHint(option: string): string | undefined {
  const flag = option.startsWith('--') ? option.split('=')[0]! : option;
  return Object.hasOwn(HINTS, flag) ? HINTS[flag] : undefined;
}

/** A misspelling at most this many edits from a hinted long option is taken for it. */
const NEAR = 2;

/**
 * The hinted long option an unknown one misspells (`--forwrd`: `--forward`),
 * unless commander's own guess among the command's options (`suggestion`) is
 * at least as close: `apply --revrse` means apply's `--reverse`.
 */
export function misspelledHint(option: string, suggestion: string | undefined): string | undefined {
  if (!option.startsWith('--')) return undefined;
  const distance = (flag: string) => align(option, flag, false, false).distance;
  const guess = suggestion === undefined ? Infinity : distance(suggestion);
  let best: { flag: string; distance: number } | undefined;
  for (const flag of Object.keys(HINTS)) {
    if (!flag.startsWith('--')) continue;
    const d = distance(flag);
    if (d <= NEAR && d < guess && (!best || d < best.distance)) best = { flag, distance: d };
  }
  return best?.flag;
}
