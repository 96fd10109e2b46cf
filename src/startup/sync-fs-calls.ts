// Start-up trick: the CLI's first file-system calls are synchronous. Through
// libuv's thread pool (the library's default, which must not block its
// caller's event loop) each call is a round trip to a pool thread, the first
// one starting the pool; the CLI serves one request and exits, so nothing
// waits on its event loop, and a small patch never starts the pool at all.
// Past the budget, large envelopes get overlapping reads and fsyncs back.
// What it saves: 2 ms of CPU on a small patch
// (CPU time, user + sys, median of 30 paired rounds on the 2-core VM,
// 2026-11-30, Node 20.20; `node -e 0` took 45 ms of CPU, the CLI's small
// patch 62 ms, `--version` 50 ms);
// its gain is mostly in wall time (no thread-pool start, no round trips),
// which each `npm run bench` shows in the "Node start-up tricks" table
// (bench/results.md), row "sync fs calls".
// The bench's stand-in without it: scripts/bench/stand-ins/sync-fs-calls.ts.
// In the runs of 2026-11-30 21:19 and 23:36 that row showed little beyond the
// noise for the Node CLI (small patch 0.99x and 1.05x, `--version` 0.98x and
// 1.00x, paired). It stays for
// the binary, which shares this budget: built with a budget of 0 it took
// 1.09x the CPU and 1.03x the wall time on the small patch (21 paired rounds
// on the idle 2-core VM, perf stat), its fsyncs then going to a pool Bun must
// first start and widen (platform/thread-pool.ts).

/** File-system calls the CLI makes synchronously before using the thread pool (NodeFs's `syncCalls`, platform/node-fs.ts). */
export const CLI_SYNC_FS_CALLS = 64;
