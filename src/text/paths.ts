// How reports name files: as the input first spelled a path, else relative to
// the working directory when inside it, else absolute. The planners, the
// commit, recovery and the snapshot's refusals all name files this one way.

import { basename } from 'node:path';

/** A path as reports show it: relative to `root` when inside it, the root itself by its own name, anything else absolute. */
export function shownPath(root: string, abs: string): string {
  return abs.startsWith(`${root}/`) ? abs.slice(root.length + 1) : abs === root ? basename(abs) : abs;
}

/** The first spelling the input used for each absolute path (`a.txt` and `./a.txt` are one file), in input order. */
export function spellings(refs: Iterable<{ readonly abs: string; readonly raw: string }>): Map<string, string> {
  const byAbs = new Map<string, string>();
  for (const r of refs) if (!byAbs.has(r.abs)) byAbs.set(r.abs, r.raw);
  return byAbs;
}

/** How reports name `abs`: as the input first spelled it, else as shownPath does. */
export function displayPath(spelled: ReadonlyMap<string, string>, root: string, abs: string): string {
  return spelled.get(abs) ?? shownPath(root, abs);
}

/**
 * A spelling only a directory can have: a trailing separator, or `.` or `..`
 * last. `resolve` drops the separator, so `a.txt/` would otherwise edit the
 * file `a.txt`, which the path does not name.
 */
export const namesDirectory = (raw: string): boolean => /[/\\]$/.test(raw) || /(^|[/\\])\.{1,2}$/.test(raw);
