// `apply -` on a terminal: the patch is pasted, ended by Ctrl-D. The read is
// synchronous like every other input read, and waits out EAGAIN, since a
// terminal's descriptor may have been left non-blocking.

import { readSync } from 'node:fs';

/** Everything typed or pasted on fd 0 until end of input (Ctrl-D). */
export function readPasted(): Buffer {
  process.stderr.write('reading the patch from the terminal: paste it, then press Ctrl-D on an empty line\n');
  const chunks: Buffer[] = [];
  const buf = Buffer.alloc(64 * 1024);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      Atomics.wait(pause, 0, 0, 20);
      continue;
    }
    if (n === 0) return Buffer.concat(chunks);
    chunks.push(Buffer.from(buf.subarray(0, n)));
  }
}
