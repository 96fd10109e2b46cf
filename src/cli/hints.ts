// Options people bring from other tools, or put where they do not belong:
// commander's closest-spelling guess would point them at an unrelated option
// (`--forward` -> `--format`), so these get the hint that fits what was meant.

/** An unknown option -> what to say instead of a spelling guess. */
const HINTS: Readonly<Record<string, string>> = {
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

/** The hint for an unknown option, when it is one of those above. */
export function optionHint(option: string): string | undefined {
  return Object.hasOwn(HINTS, option) ? HINTS[option] : undefined;
}
