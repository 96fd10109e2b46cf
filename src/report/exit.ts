// Exit codes, shared by every command (documented in README).

import type { Outcome } from '../types.js';

export const EXIT_OK = 0;
/** Nothing was written (or, for check, nothing would apply). */
export const EXIT_REJECTED = 1;
/** Some file groups were committed, others were not. */
export const EXIT_PARTIAL = 2;
/** Bad command line or unreadable input file (sysexits EX_USAGE). */
export const EXIT_USAGE = 64;

export function exitCodeFor(o: Outcome): number {
  if (o.status === 'applied' || o.status === 'checked') return EXIT_OK;
  if (o.status === 'partial') return EXIT_PARTIAL;
  return EXIT_REJECTED;
}
