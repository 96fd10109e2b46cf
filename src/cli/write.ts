// The CLI's output: written synchronously, so that a report which cannot be
// written (a full disk, a closed descriptor) is known before the exit code
// is chosen (emit.ts says what changed on disk when it is lost).

import { writeSync } from 'node:fs';
import type { Outcome } from '../types.js';
import { EXIT_REPORT_FAILED } from '../report/exit.js';
import { reportLostLine } from '../report/lost.js';

/** Writes handed to a stream (EAGAIN) and not yet done: what a signal held until the report is out waits for. */
let queued: Promise<void> = Promise.resolve();

/** Resolves when every write writeFd handed to a stream has been done (or failed). */
export function queuedWrites(): Promise<void> {
  return queued;
}

/**
 * Write a report with write(2). A non-blocking descriptor (EAGAIN) hands the
 * rest to the stream; a reader that went away (EPIPE) just gets nothing
 * more. Any other failure is thrown: the caller says the report was lost.
 */
export function writeFd(fd: 1 | 2, text: string): void {
  let bytes = Buffer.from(text, 'utf8');
  try {
    while (bytes.length > 0) bytes = bytes.subarray(writeSync(fd, bytes));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN') {
      const rest = bytes;
      const before = queued;
      queued = new Promise((done) => (fd === 1 ? process.stdout : process.stderr).write(rest, () => before.then(done)));
    } else if (code !== 'EPIPE') throw e;
  }
}

/** The last-resort line for a lost report (if even stderr fails, the exit code is all there is). */
export function reportLost(outcome: Outcome | undefined, e: unknown): number {
  try {
    writeFd(2, reportLostLine(outcome, e));
  } catch {
    // Nothing is left to say it with.
  }
  return EXIT_REPORT_FAILED;
}
