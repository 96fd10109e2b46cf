// A diff entry carrying a `GIT binary patch` (input/git-binary.ts) as the
// change its operation makes, held to git apply's rules: both blob ids of the
// `index` line written in full (an abbreviated one could name another file's
// content), an addition from the empty id and a deletion to it, and -R only
// with the reverse hunk git writes second. `Binary files ... differ` carries
// no content and stays refused.

import { ChordPatchError } from '../errors.js';
import { NO_BLOB } from '../platform/git-blob.js';
import type { BinaryChange } from './git-binary.js';
import type { UnifiedFile } from './unified.js';

const FULL_ID = /^[0-9a-f]{40}$/;

/** Throws (binary_patch) when the entry's binary content cannot be applied; passes a text entry. */
export function refuseBinary(f: UnifiedFile): void {
  if (!f.binary) return;
  const data = f.binaryData;
  if (!data) {
    refuse(
      f.patchLine,
      'binary diff ("Binary files ... differ") with no content to apply: ' +
        'make the diff with git diff --binary, leave the file out with --exclude, or apply it with git apply',
    );
  }
  if (f.hunks.length > 0) refuse(f.patchLine, 'the entry has both a binary patch and text hunks: which one gives the content is not clear');
  if (!data.forward)
    refuse(data.patchLine, 'cannot reverse-apply the binary patch: it has no reverse hunk (git writes one after the forward hunk)');
  if (!FULL_ID.test(f.oldId ?? '') || !FULL_ID.test(f.newId ?? '')) {
    refuse(
      f.patchLine,
      'cannot apply binary patch without full index line (git apply\'s rule): the "index" line must name both ' +
        'blob ids in full (40 hex digits, as git diff --binary writes them)',
    );
  }
  if ((f.oldPath === undefined) !== (f.oldId === NO_BLOB) || (f.newPath === undefined) !== (f.newId === NO_BLOB)) {
    const says = f.oldPath === undefined ? 'a new file' : f.newPath === undefined ? 'a deleted file' : 'a changed file';
    refuse(
      f.patchLine,
      `the binary patch contradicts itself: the "index" line's ${f.oldId}..${f.newId} does not say what its headers do (${says})`,
    );
  }
}

/** The binary change of an entry refuseBinary has passed (undefined: a text entry). */
export function binaryChange(f: UnifiedFile): BinaryChange | undefined {
  const hunk = f.binaryData?.forward;
  return hunk ? { oldId: f.oldId!, newId: f.newId!, hunk } : undefined;
}

function refuse(line: number, why: string): never {
  throw new ChordPatchError('binary_patch', `line ${line}: ${why}`, line);
}
