// Start-up trick for the compiled binary: Bun's JIT thresholds are raised
// tenfold when it starts (scripts/binary.mjs, --compile-jit-policy=10), so
// that code which runs once per process (module set-up, argument parsing,
// the lock) stays in the interpreter instead of being compiled for nothing.
// A heavy run is the opposite: locating 500 hunks in a 100,000-line file
// calls the same few functions thousands of times, and at a tenth of the
// normal rate they are compiled late or never. So once the run has read
// HEAVY_BYTES (the patch and the files together), the thresholds go back to
// normal (Bun.unsafe.setJITPolicy(1), what Bun's documentation suggests once
// the start-up burst is over).
// What it saves (binary, 41 paired rounds on the idle 2-core VM, 2026-12-01,
// median wall time): 100,000 lines / 500 hunks 80.3 -> 72.7 ms, its CRLF
// twin 79.8 -> 72.9 ms, whitespace drift 84.4 -> 77.4 ms (the CPU time is the
// same or a little more: the compiling is done on Bun's JIT thread, on the
// other core). The small patch never reaches the threshold (22.0 and 19.6 ms
// in the same rounds: noise), so it keeps the start-up policy's gain.
// The Node CLI has no such switch (V8 tiers up on its own): this is a no-op
// there.

import type { Fs } from '../types.js';

/** Bytes read (patch plus files) from which a run counts as heavy. */
export const HEAVY_BYTES = 256 * 1024;

interface BunUnsafe {
  unsafe?: { setJITPolicy?: (scale: number) => void };
}

/** Bun's normal JIT thresholds (a no-op outside Bun). */
function normalJit(): void {
  (globalThis as { Bun?: BunUnsafe }).Bun?.unsafe?.setJITPolicy?.(1);
}

/** A counter of bytes read that calls `onHeavy` once, when the total first reaches `threshold`. */
export function heavyRunSwitch(threshold: number, onHeavy: () => void): (bytes: number) => void {
  let read = 0;
  let switched = false;
  return (bytes) => {
    if (switched) return;
    read += bytes;
    if (read < threshold) return;
    switched = true;
    onHeavy();
  };
}

/** The CLI's one counter: the patch (cli/input.ts) and every file the run reads (countingReads). */
export const noteBytesRead = heavyRunSwitch(HEAVY_BYTES, normalJit);

/** A file system whose file reads count towards a heavy run (`note`: the CLI's counter). */
export function countingReads(fs: Fs, note: (bytes: number) => void = noteBytesRead): Fs {
  const readFile = fs.readFile;
  return {
    ...fs,
    readFile: async (path) => {
      const bytes = await readFile(path);
      note(bytes.byteLength);
      return bytes;
    },
  };
}
