// The options only unified diffs take: git apply's --reject, --allow-empty,
// --include / --exclude, --unidiff-zero and --recount, and GNU patch's --fuzz.

import type { PathRule } from './unified-filter.js';

export interface UnifiedOptions {
  /** Write the hunks that apply, and `<file>.rej` for those that do not (git apply --reject). */
  reject?: boolean;
  /** Input with no diff in it applies nothing, successfully (git apply --allow-empty). */
  allowEmpty?: boolean;
  /** --include / --exclude patterns in command-line order: the first that matches a path decides. */
  pathRules?: PathRule[];
  /** Hunks without context (`git diff -U0`) apply at the lines they state (git apply --unidiff-zero). */
  unidiffZero?: boolean;
  /** Hunk line counts come from each hunk's body, not its `@@` header (git apply --recount). */
  recount?: boolean;
  /** Up to N context lines at each end of a hunk may differ from the file (GNU patch --fuzz); default 0. */
  fuzz?: number;
}
