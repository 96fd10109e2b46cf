// libc's calls through Bun's FFI, for what Node has no API for (extended
// attributes, flock): only the binary on Linux has them, and each group of
// calls is bound on its first use, so a run that needs none loads no FFI.

interface Ffi {
  dlopen(
    lib: string,
    symbols: Record<string, { args: readonly string[]; returns: string }>,
  ): { symbols: Record<string, (...args: unknown[]) => number | bigint> };
  read: { i32(ptr: unknown, offset?: number): number };
}

export type Calls = Record<string, (...args: unknown[]) => number | bigint>;
export type Signatures = Record<string, { args: readonly string[]; returns: string }>;

const LIBC = 'libc.so.6';
let ffi: Ffi | null | undefined;
const bound = new Map<Signatures, Calls | null>();

/** Bun's FFI module when running in Bun on Linux, else null (Node, another system). */
function ffiModule(): Ffi | null {
  if (ffi === undefined) {
    const bun = (globalThis as { Bun?: unknown }).Bun && process.platform === 'linux';
    ffi = bun ? (process.getBuiltinModule('bun:ffi') as Ffi) : null;
  }
  return ffi;
}

/** The calls `symbols` names, bound once per signature table; null where there is no FFI or no glibc. */
export function libc(symbols: Signatures): Calls | null {
  const known = bound.get(symbols);
  if (known !== undefined) return known;
  let calls: Calls | null = null;
  try {
    calls = ffiModule()?.dlopen(LIBC, symbols).symbols ?? null;
  } catch {
    calls = null;
  }
  bound.set(symbols, calls);
  return calls;
}

/**
 * The calls nearly every run that writes makes, bound together in one load:
 * flock for its locks (flock.ts), llistxattr for each file it replaces
 * (xattrs.ts), and errno's location to read why a call failed.
 */
const CORE: Signatures = {
  flock: { args: ['i32', 'i32'], returns: 'i32' },
  llistxattr: { args: ['cstring', 'ptr', 'u64'], returns: 'i64' },
  __errno_location: { args: [], returns: 'ptr' },
};

export const coreCalls = (): Calls | null => libc(CORE);

/** A string as a C string argument: its UTF-8 bytes and a NUL. */
export const cString = (s: string) => Buffer.from(`${s}\0`);

/** errno of this thread, read right after a call of `calls` failed (`calls` binds `__errno_location`). */
export function errnoAfter(calls: Calls): number {
  return ffi && calls.__errno_location ? ffi.read.i32(calls.__errno_location(), 0) : 0;
}
