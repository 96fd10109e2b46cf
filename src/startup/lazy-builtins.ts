// Start-up trick (run-time side): node:crypto and node:os are loaded on the
// first call instead of at start-up. Only --session hashes anything and only a
// permission rule, the session store or the commit lock asks node:os, yet a
// static import loads the module on every run. Under Bun (the compiled
// binary) node:crypto alone pulls in Bun's whole stream implementation at
// start. Under `node` the build does the same to every import of these
// modules (scripts/build/lazy-builtins.mjs), which is where the bench's
// figure is ("Node start-up tricks", row "lazy built-ins").

import type { Hash } from 'node:crypto';

type Crypto = typeof import('node:crypto');
type Os = typeof import('node:os');

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

export function createHash(algorithm: string): Hash {
  return (crypto ??= builtin<Crypto>('node:crypto')).createHash(algorithm);
}

export function homedir(): string {
  return (os ??= builtin<Os>('node:os')).homedir();
}

/** This host's name (the commit lock records it; only writing runs ask). */
export function hostname(): string {
  return (os ??= builtin<Os>('node:os')).hostname();
}
