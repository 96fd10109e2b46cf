// A reversed run (-R) applies the patch backwards, so a hunk "already
// applied" there is a patch that is not applied: there is nothing to undo.
// The matcher words every failure for the patch it was given; this says it
// for the patch the user named.

import type { Outcome } from '../types.js';

const ALREADY =
  /already applied; no change made; do not resubmit: the new text of (?:the hunk|every hunk) already stands in the file (\([^)]*\)).*$/;

/** Undoing an added file deletes it: one that is missing was never added, or was undone before. */
const MISSING = /cannot delete a file that does not exist$/;

/** `o` as the outcome of undoing a patch: its already-applied failures say the patch is not applied. */
export function asUndo(o: Outcome): Outcome {
  const failed = o.failed.map((g) => ({
    ...g,
    failures: g.failures.map((f) =>
      f.code === 'already_applied'
        ? {
            ...f,
            message: f.message.replace(
              ALREADY,
              'not applied, so there is nothing to undo: the text from before the patch stands in the file $1',
            ),
          }
        : f.code === 'file_missing'
          ? { ...f, message: f.message.replace(MISSING, 'does not exist, so there is nothing to undo: the patch adds this file') }
          : f,
    ),
  }));
  return { ...o, failed, reversed: true };
}
