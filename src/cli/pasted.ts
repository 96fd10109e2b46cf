// `apply -` on a terminal: the patch is pasted, ended by Ctrl-D. The read is
// synchronous like every other input read, and waits out EAGAIN, since a
// terminal's descriptor may have been left non-blocking.

import { readFdBounded } from './bounded-read.js';

/** Everything typed or pasted on fd 0 until end of input (Ctrl-D), up to `limit` bytes. */
export function readPasted(limit: number): Buffer {
  process.stderr.write('reading the patch from the terminal: paste it, then press Ctrl-D on an empty line\n');
  return readFdBounded(0, limit, 'the pasted input');
}
