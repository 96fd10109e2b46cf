// `mkdir -p` for chord-patch's own state directories. Node's
// mkdirSync(dir, { recursive: true }) never returns when a parent exists but
// cannot hold the child (mkdir says ENOENT under /proc, EEXIST for the
// parent, and it tries again), so a state directory set to such a place
// would hang the run; each directory here is tried at most twice.

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** Make `dir` and its missing parents with `mode`; throws the first error that is not EEXIST. */
export function makeDirs(dir: string, mode: number): void {
  try {
    mkdirSync(dir, { mode });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    const parent = dirname(dir);
    if (code !== 'ENOENT' || parent === dir) throw e;
    makeDirs(parent, mode);
    // Once more only: a parent that exists and still has no room for it keeps its ENOENT.
    try {
      mkdirSync(dir, { mode });
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code !== 'EEXIST') throw again;
    }
  }
}
