// Start-up trick (run-time side): node:crypto, node:os and node:buffer are
// loaded on the first call instead of at start-up. Hashing (a multi-file
// commit's journal, --session), node:os (permission rules, the session store,
// the commit lock) and node:buffer's validators (reading a file) are not
// needed by every run, yet a static import loads the module on every run.
// The bench's figure is in its "Node start-up tricks" table, row "lazy
// built-ins" (the CLI built with static imports instead:
// scripts/bench/stand-ins/lazy-builtins.ts).
//
// A build-side twin (an esbuild plugin wrapping every import of node:crypto,
// node:os and node:child_process) was removed on 2026-11-30: no source
// imports them any more, so the Node CLI's bundle came out byte for byte the
// same with and without it, and for the packages it still wrapped (commander's
// node:child_process, in `--help` runs) paired runs showed no difference.
//
// Under Bun (the compiled binary) hashing never loads node:crypto: that
// module pulls in Bun's whole stream implementation, 12.7 ms in the compiled
// binary against 0.15 ms for Bun's native CryptoHasher (first call of each in
// a fresh process, min of 6, busy 2-core VM, 2026-11-30), and every commit
// of more than one file hashes what it writes. Both give the same digests.

type Crypto = typeof import('node:crypto');
type Os = typeof import('node:os');
type BufferModule = typeof import('node:buffer');
type V8 = typeof import('node:v8');

/**
 * process.getBuiltinModule (Node 20.16+, Bun) works the same from ESM (the
 * tests run the sources), a CommonJS bundle and the binary; `require` is the
 * fallback for older Node 20, where only the CommonJS bundle runs.
 */
function builtin<T>(name: string): T {
  const get = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  return (typeof get === 'function' ? get.call(process, name) : require(name)) as T;
}

let crypto: Crypto | undefined;
let os: Os | undefined;
let buffer: BufferModule | undefined;

/** The part of a hash object chord-patch uses: feed it, then read the hex digest once. */
export interface Hasher {
  update(data: string | Uint8Array): Hasher;
  digest(encoding: 'hex'): string;
}

interface BunGlobal {
  CryptoHasher: new (algorithm: string) => Hasher;
}

export function createHash(algorithm: string): Hasher {
  const bun = (globalThis as { Bun?: BunGlobal }).Bun;
  if (bun) return new bun.CryptoHasher(algorithm);
  return (crypto ??= builtin<Crypto>('node:crypto')).createHash(algorithm);
}

export function homedir(): string {
  return (os ??= builtin<Os>('node:os')).homedir();
}

/** This host's name (the commit lock records it; only writing runs ask). */
export function hostname(): string {
  return (os ??= builtin<Os>('node:os')).hostname();
}

// node:buffer's validators, for the decoder: loading the module took 0.3 ms
// of the binary's --version (Bun builds it on first require; in Node it is
// part of start-up anyway), and only a run that reads a file needs them.

/** Whether the bytes are valid UTF-8 (node:buffer's isUtf8). */
export function isUtf8(bytes: Uint8Array): boolean {
  return (buffer ??= builtin<BufferModule>('node:buffer')).isUtf8(bytes);
}

/** V8 flags set at run time (node:v8's setFlagsFromString: loading the module costs Node 3-6 ms, so only a run that needs it). */
export function setV8Flags(flags: string): void {
  builtin<V8>('node:v8').setFlagsFromString(flags);
}

/** Whether the bytes are all ASCII (node:buffer's isAscii). */
export function isAscii(bytes: Uint8Array): boolean {
  return (buffer ??= builtin<BufferModule>('node:buffer')).isAscii(bytes);
}
