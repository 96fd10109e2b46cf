// Extended attributes of a file the commit replaces (POSIX ACLs, SELinux
// labels and user attributes all live there), copied onto the temp file that
// takes its place: the rename keeps the new inode's attributes, so without
// this they would be lost. Only the binary on Linux can: Bun's FFI reaches
// libc's xattr calls, and Node has no API for them (docs/safety.md).

import { type Calls, coreCalls, cString, libc, type Signatures } from './libc.js';

const COPY: Signatures = {
  lgetxattr: { args: ['cstring', 'cstring', 'ptr', 'u64'], returns: 'i64' },
  lsetxattr: { args: ['cstring', 'cstring', 'ptr', 'u64', 'i32'], returns: 'i32' },
};

/**
 * Copies every extended attribute of `from` onto `to`. Throws, naming the
 * attribute, when one cannot be read or set (a label or an ACL this user may
 * not write): the change is refused rather than made without it. A file
 * system without attributes has none to copy.
 */
export function copyXattrs(from: string, to: string): void {
  const list = coreCalls();
  if (!list) return;
  const source = cString(from);
  const size = Number(list.llistxattr!(source, null, 0));
  if (size <= 0) return;
  const names = Buffer.alloc(size);
  const got = Number(list.llistxattr!(source, names, size));
  if (got < 0) throw new Error(`cannot list its extended attributes to keep them`);
  const { lgetxattr, lsetxattr } = libc(COPY) as Calls;
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
