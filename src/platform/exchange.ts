// Swapping two names in one step (renameat2 with RENAME_EXCHANGE), so a
// commit learns exactly which file its new content displaced: a plain rename
// would silently drop a file another program renamed into place an instant
// before. Only the binary on Linux can (Bun's FFI, libc.ts); elsewhere, and on
// a file system without the flag, the caller falls back to rename.

import { constants } from 'node:os';
import { type Calls, cString, errnoAfter, libc, type Signatures } from './libc.js';

const EXCHANGE: Signatures = {
  renameat2: { args: ['i32', 'cstring', 'i32', 'cstring', 'u32'], returns: 'i32' },
  __errno_location: { args: [], returns: 'ptr' },
};

const AT_FDCWD = -100;
const RENAME_EXCHANGE = 2;
/**
 * What renameat2 answers where it cannot swap (EINVAL: a file system without
 * the flag; ENOSYS: an old kernel or a sandbox; EOPNOTSUPP; EXDEV: a layered
 * file system that will not swap across its layers): nothing moved, and a
 * plain rename may still work.
 */
const { EXDEV, EINVAL, ENOSYS, EOPNOTSUPP } = constants.errno;
const UNSUPPORTED = new Set([EXDEV, EINVAL, ENOSYS, EOPNOTSUPP]);

/**
 * Swap the files at `a` and `b`, both of which must exist. False (and nothing
 * moved) where no swap is possible here; throws, with a node:fs style code,
 * when the call fails for another reason.
 */
export function exchangeNames(a: string, b: string): boolean {
  const calls: Calls | null = libc(EXCHANGE);
  if (!calls) return false;
  if (calls.renameat2!(AT_FDCWD, cString(a), AT_FDCWD, cString(b), RENAME_EXCHANGE) === 0) return true;
  const errno = errnoAfter(calls);
  if (UNSUPPORTED.has(errno)) return false;
  const name = Object.entries(constants.errno).find(([, n]) => n === errno)?.[0] ?? `errno ${errno}`;
  // Worded as node:fs words its errors, so that reports cut the names (/proc/self/fd/...) off as they do there.
  throw Object.assign(new Error(`${name}: cannot swap the two files, rename '${a}' -> '${b}'`), { code: name, errno });
}
