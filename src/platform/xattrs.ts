// Extended attributes of a file the commit replaces (POSIX ACLs, SELinux
// labels and user attributes all live there), copied onto the temp file that
// takes its place: the rename keeps the new inode's attributes, so without
// this they would be lost. Only the binary on Linux can: Bun's FFI reaches
// libc's xattr calls, and Node has no API for them (docs/safety.md).

interface Ffi {
  dlopen(
    lib: string,
    symbols: Record<string, { args: readonly string[]; returns: string }>,
  ): { symbols: Record<string, (...args: unknown[]) => number | bigint> };
}

type Calls = Record<string, (...args: unknown[]) => number | bigint>;

const LIBC = 'libc.so.6';
let lister: Calls | null | undefined;
let copier: Calls | undefined;

/** libc's llistxattr through Bun's FFI; null where there is none (Node, another system, no libc). */
function listCall(): Calls | null {
  if (lister !== undefined) return lister;
  lister = null;
  const ffi =
    (globalThis as { Bun?: unknown }).Bun && process.platform === 'linux' ? (process.getBuiltinModule('bun:ffi') as Ffi) : undefined;
  try {
    if (ffi) lister = ffi.dlopen(LIBC, { llistxattr: { args: ['cstring', 'ptr', 'u64'], returns: 'i64' } }).symbols;
  } catch {
    lister = null;
  }
  return lister;
}

function copyCalls(): Calls {
  copier ??= (process.getBuiltinModule('bun:ffi') as Ffi).dlopen(LIBC, {
    lgetxattr: { args: ['cstring', 'cstring', 'ptr', 'u64'], returns: 'i64' },
    lsetxattr: { args: ['cstring', 'cstring', 'ptr', 'u64', 'i32'], returns: 'i32' },
  }).symbols;
  return copier;
}

const cString = (s: string) => Buffer.from(`${s}\0`);

/**
 * Copies every extended attribute of `from` onto `to`. Throws, naming the
 * attribute, when one cannot be read or set (a label or an ACL this user may
 * not write): the change is refused rather than made without it. A file
 * system without attributes has none to copy.
 */
export function copyXattrs(from: string, to: string): void {
  const list = listCall();
  if (!list) return;
  const source = cString(from);
  const size = Number(list.llistxattr!(source, null, 0));
  if (size <= 0) return;
  const names = Buffer.alloc(size);
  const got = Number(list.llistxattr!(source, names, size));
  if (got < 0) throw new Error(`cannot list its extended attributes to keep them`);
  const { lgetxattr, lsetxattr } = copyCalls();
  const target = cString(to);
  for (const name of names.subarray(0, got).toString('latin1').split('\0').filter(Boolean)) {
    const key = cString(name);
    const length = Number(lgetxattr!(source, key, null, 0));
    const value = Buffer.alloc(Math.max(length, 1));
    if (length < 0 || Number(lgetxattr!(source, key, value, length)) !== length)
      throw new Error(`cannot read its extended attribute ${name} to keep it`);
    if (lsetxattr!(target, key, length > 0 ? value : null, length, 0) !== 0)
      throw new Error(`cannot keep its extended attribute ${name} (this user may not set it here)`);
  }
}
