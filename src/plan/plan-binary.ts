// The content a `GIT binary patch` leaves (git's apply_binary): the file is
// read as bytes, never decoded as text; its blob id must be the patch's old
// id, the hunk (a literal, or git's delta against those bytes) is applied,
// and the result's blob id must be the new id. Anything else fails the
// operation with the blob ids, and nothing is written.

import { blobId, NO_BLOB } from '../platform/git-blob.js';
import { encodeText } from '../text/decode.js';
import { textOfRuns } from '../text/runs.js';
import type { BinaryChange } from '../input/git-binary.js';
import { OpError } from './failure.js';
import { applyDelta } from './git-delta.js';
import type { Content } from './tree-view.js';

/** The bytes `content` writes (text content as its encoding writes it). */
export function contentBytes(content: Content): Uint8Array {
  return content.type === 'bytes' ? content.bytes : encodeText(textOfRuns(content.runs, content.base), content.encoding);
}

const where = (change: BinaryChange) => ({ patchLine: change.hunk.patchLine });

/** The bytes the patch makes of `old` (undefined: an addition), which must be its old blob; the result must be its new blob. */
export function binaryResult(change: BinaryChange, old: Content | undefined): Uint8Array {
  const source = old === undefined ? new Uint8Array(0) : contentBytes(old);
  if (old !== undefined) {
    const id = blobId(source);
    if (id !== change.oldId && id === change.newId) {
      throw new OpError('already_applied', `the file is already the blob ${id} the binary patch makes: nothing to change`, where(change));
    }
    if (id !== change.oldId) {
      throw new OpError(
        'content_differs',
        `the binary patch applies to the blob ${change.oldId}, but the file is ${id}: it does not hold what the patch was made from`,
        where(change),
      );
    }
  }
  const { method, data } = change.hunk;
  const result = method === 'literal' ? data : applyDelta(source, data);
  if (typeof result === 'string') throw new OpError('content_differs', `the binary patch does not apply: ${result}`, where(change));
  const id = blobId(result);
  if (id !== change.newId && !(change.newId === NO_BLOB && result.length === 0)) {
    throw new OpError(
      'content_differs',
      `the binary patch makes the blob ${id}, not ${change.newId} as its "index" line says: the patch data is wrong`,
      where(change),
    );
  }
  return result;
}

/** The content a binary update leaves at its path (or its move's destination): bytes, still descending from the source. */
export function patchedContent(change: BinaryChange, src: Content): Content {
  const bytes = binaryResult(change, src);
  return { type: 'bytes', bytes, patched: true, ...(src.origin !== undefined ? { origin: src.origin } : {}) };
}
