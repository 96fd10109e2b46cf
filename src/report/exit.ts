// Exit codes, shared by every command (documented in docs/exit-codes.md).

import type { Outcome } from '../types.js';

export const EXIT_OK = 0;
/** Nothing was written (or, for check, nothing would apply). */
export const EXIT_REJECTED = 1;
/** Some file groups were committed, others were not. */
export const EXIT_PARTIAL = 2;
/** Bad command line or unreadable input file (sysexits EX_USAGE). */
export const EXIT_USAGE = 64;
/** A bug: an exception nothing expected (sysexits EX_SOFTWARE). */
export const EXIT_INTERNAL = 70;
/**
 * The report could not be written (stdout or stderr on a full disk, a closed
 * descriptor; sysexits EX_IOERR). Files may have changed: a last line on
 * stderr says which, when stderr still works.
 */
export const EXIT_REPORT_FAILED = 74;

export function exitCodeFor(o: Outcome): number {
  if (o.status === 'applied' || o.status === 'checked') return EXIT_OK;
  if (o.status === 'partial') return EXIT_PARTIAL;
  return EXIT_REJECTED;
}
