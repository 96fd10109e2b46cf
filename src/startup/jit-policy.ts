// What each runtime's JIT does once a run turns out to be heavy, counted in
// the bytes it has read (the patch and the files together). One counter, two
// switches, each a no-op on the other runtime.
//
// Bun (the compiled binary), for speed: its JIT thresholds are raised
// tenfold when it starts (scripts/binary.mjs, --compile-jit-policy=10), so
// that code which runs once per process (module set-up, argument parsing,
// the lock) stays in the interpreter instead of being compiled for nothing.
// A heavy run is the opposite: locating 500 hunks in a 100,000-line file
// calls the same few functions thousands of times, and at a tenth of the
// normal rate they are compiled late or never. So past BUN_HEAVY_BYTES the
// thresholds go back to normal (Bun.unsafe.setJITPolicy(1), what Bun's
// documentation suggests once the start-up burst is over).
// What it saves (binary, 41 paired rounds on the idle 2-core VM, 2026-12-01,
// median wall time): 100,000 lines / 500 hunks 80.3 -> 72.7 ms, its CRLF
// twin 79.8 -> 72.9 ms, whitespace drift 84.4 -> 77.4 ms (the CPU time is the
// same or a little more: the compiling is done on Bun's JIT thread, on the
// other core). The small patch never reaches the threshold (22.0 and 19.6 ms
// in the same rounds: noise), so it keeps the start-up policy's gain.
//
// Node (the npm package's CLI), against a hang: V8's optimizing compiler
// (TurboFan) compiles on a worker thread, and a worker that runs out of heap
// asks the main thread for a garbage collection and waits for it. When the
// run is over, Node's main thread waits for its workers to finish
// (NodePlatform::DrainTasks) and runs no garbage collection: both wait for
// ever (nodejs/node#54918, unfixed in Node 20). Seen here twice on
// 2026-12-01: once in `npm run bench`, and once in 600 runs of the CLI on the
// 4,000-line miss workload (gdb: the main thread in DrainTasks, a worker in
// CollectionBarrier::AwaitCollectionBackground under TurboFan's inlining).
// A run that compiles nothing with TurboFan cannot hang this way, so past
// NODE_TURBOFAN_BYTES TurboFan is turned off (--no-turbofan, set at run
// time: no new compile starts; one already running finishes while the run
// goes on); the same workload then ran 1,200 times without a hang, and
// test/e2e/node-turbofan.test.ts checks the condition itself (no TurboFan
// compile at all in a heavy run). --trace-opt counts of TurboFan compiles (2026-12-01): none for
// the small patch (a 9.5 KB file), 1 for a 48 KB file, 4 for 97 KB, 27-31 on
// the 100,000-line workloads. What it costs: loading node:v8 (3-6 ms, paid
// only past the threshold) and the optimized code of long runs (the Node CLI
// on 100,000 lines / 500 hunks, 11 paired rounds: 248 -> 271 ms of wall
// time, with less CPU; the binary is the fast path).
// An edit request (JSON input) keeps TurboFan: a heavy edit is nearly all
// loops it compiles (the Node CLI with TurboFan off: an old_string missing
// from one 20 MB line 1.5 -> 14.4 s, a batch of 80,000 entries 5.1 -> 21.1 s;
// npm run bench, 2026-12-01). Its run ends instead with TurboFan off and
// SETTLE_MS with the event loop alive: no compile starts any more, and one
// still running gets its garbage collections from a main thread that is
// not yet waiting in DrainTasks (TurboFan compiles in these runs took a
// median 2-4 ms, at most 43 ms, --trace-opt). A compile running longer than
// that can still meet the hang: a narrower window, not none.

import type { Fs } from '../types.js';
import { setV8Flags } from './lazy-builtins.js';

/** Bytes read from which Bun's normal JIT thresholds come back. */
export const BUN_HEAVY_BYTES = 256 * 1024;

/** Bytes read from which Node's TurboFan is turned off (a run on a 9.5 KB file compiled nothing with it, one on 48 KB once). */
export const NODE_TURBOFAN_BYTES = 32 * 1024;

/** How long a heavy edit run keeps the event loop alive at its end, TurboFan off, for compiles to finish. */
export const SETTLE_MS = 50;

/** Node: TurboFan off once heavy ('off', patches and diffs), or kept and settled at exit ('settle', edit requests). */
let nodeMode: 'off' | 'settle' = 'off';
let heavyOnNode = false;

interface BunUnsafe {
  unsafe?: { setJITPolicy?: (scale: number) => void };
}

const bun = (): BunUnsafe | undefined => (globalThis as { Bun?: BunUnsafe }).Bun;

/** Bun's normal JIT thresholds (a no-op outside Bun). */
function normalBunJit(): void {
  bun()?.unsafe?.setJITPolicy?.(1);
}

/** No TurboFan from here on (Node only: Bun has no V8), unless the run settles at exit instead. */
function noTurbofan(): void {
  if (bun() !== undefined || process.versions.v8 === undefined) return;
  heavyOnNode = true;
  if (nodeMode === 'off') setV8Flags('--no-turbofan');
}

/** The CLI's input, before it is counted: an edit request (JSON) keeps TurboFan and settles at exit. */
export function noteInputKind(input: Uint8Array): void {
  let i = 0;
  while (i < input.length && (input[i] === 0x20 || input[i] === 0x09 || input[i] === 0x0a || input[i] === 0x0d)) i++;
  nodeMode = input[i] === 0x7b || input[i] === 0x5b ? 'settle' : 'off';
}

/** At the end of a heavy edit run under Node: TurboFan off, then SETTLE_MS with the event loop alive. */
export async function settleCompilers(): Promise<void> {
  if (!heavyOnNode || nodeMode !== 'settle') return;
  setV8Flags('--no-turbofan');
  await new Promise((done) => setTimeout(done, SETTLE_MS));
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

const bunSwitch = heavyRunSwitch(BUN_HEAVY_BYTES, normalBunJit);
const nodeSwitch = heavyRunSwitch(NODE_TURBOFAN_BYTES, noTurbofan);

/** The CLI's one counter: the patch (cli/input.ts) and every file the run reads (countingReads). */
export function noteBytesRead(bytes: number): void {
  bunSwitch(bytes);
  nodeSwitch(bytes);
}

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
