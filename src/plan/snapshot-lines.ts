// The lines of the files a run read, decoded once per buffer: a session's
// overlap check decodes each older state of a file to compare it and then
// plans the patch against it, and it compares the file as the plan already
// decoded it. Kept with the run's snapshot, so it lives and dies with the
// bytes it describes; a run never changes a buffer it read.

import { type DecodedLines, decodeLines, type DecodeOptions } from '../text/decode.js';

export type LinesMemo = WeakMap<Uint8Array, { encoding: string | undefined; lines: DecodedLines }>;

/** decodeLines of `bytes`, remembered in `memo` (the snapshot's) when there is one. */
export function snapshotLines(memo: LinesMemo | undefined, bytes: Uint8Array, options: DecodeOptions): DecodedLines {
  const known = memo?.get(bytes);
  if (known && known.encoding === options.encoding) return known.lines;
  const lines = decodeLines(bytes, options);
  memo?.set(bytes, { encoding: options.encoding, lines });
  return lines;
}
