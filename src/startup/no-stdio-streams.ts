// Start-up trick: the CLI never creates process.stdout, process.stderr or
// process.stdin unless it must. Node builds those streams on first use,
// loading its stream modules (and, for a pipe, net or fs-promises) just for
// one report, so the CLI writes with write(2) and asks fstat(2) whether a
// descriptor can be a terminal at all before touching the stream.
// What it saves: 12 ms on a small patch written to /dev/null, 15 ms to a pipe
// (CPU time, user + sys, median of 30 paired rounds on the 2-core VM,
// 2026-11-30, Node 20.20; `node -e 0` took 45 ms of CPU, the CLI's small
// patch 62 ms, `--version` 50 ms);
// each `npm run bench` shows its wall-time figure in the "Node start-up
// tricks" table (bench/results.md), row "direct fd output".
// The bench's stand-in without it: scripts/bench/stand-ins/no-stdio-streams.ts.

import { fstatSync, statSync, writeSync } from 'node:fs';

/** Whether stdin is a terminal, asking process.stdin only when it may be one (input is read with readFileSync(0)). */
export function stdinIsTerminal(): boolean {
  return mayBeTerminal(0) && !!process.stdin.isTTY;
}

/** Whether stdout is a terminal (for colour), asking process.stdout only when it may be one. */
export function stdoutIsTerminal(): boolean {
  return mayBeTerminal(1) && !!process.stdout.isTTY;
}

/** Whether stderr is a terminal (for the failure report's colour), asking process.stderr only when it may be one. */
export function stderrIsTerminal(): boolean {
  return mayBeTerminal(2) && !!process.stderr.isTTY;
}

/**
 * False when `fd` certainly is no terminal (a file, a pipe, /dev/null); when
 * in doubt (no fstat, no /dev/null to compare with), true: ask the stream.
 */
function mayBeTerminal(fd: number): boolean {
  try {
    const s = fstatSync(fd);
    if (!s.isCharacterDevice()) return false;
    return s.rdev !== statSync('/dev/null').rdev;
  } catch {
    return true;
  }
}

/** Writes handed to a stream (EAGAIN) and not yet done: what a signal held until the report is out waits for. */
let queued: Promise<void> = Promise.resolve();

/** Resolves when every write writeFd handed to a stream has been done (or failed). */
export function queuedWrites(): Promise<void> {
  return queued;
}

/**
 * Write a report with write(2) rather than through process.stdout/stderr. A
 * non-blocking descriptor (EAGAIN) hands the rest to the stream; a reader
 * that went away (EPIPE) just gets nothing more. Any other failure (a full
 * disk, a closed descriptor) is thrown: the caller says the report was lost.
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
