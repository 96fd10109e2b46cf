// Undoing a patch (-R) removes the files it added, and a unified diff's
// deletions and renames remove files too; the directories those files were in
// would stay behind, empty, where git (which tracks no directories) leaves
// none. So, as `git apply` does, the directories these deletions leave empty
// are removed, innermost first, never the working directory itself. An
// envelope applied forward keeps them, as Codex's apply_patch does. This runs after the commit point: a directory that cannot be
// removed (not empty any more, busy, read-only parent) simply stays, and a
// note names what was removed.
//
// Confinement: each level is opened through its parent's pin without
// following a symlink (as the commit opens directories, commit/pins.ts), so a
// directory swapped for a link to outside the root is never entered.

import { dirname, relative, sep } from 'node:path';
import type { DirPin, Fs, Note } from '../types.js';

/** Remove the directories between `root` and each of `deleted`'s parents that are now empty. */
export async function pruneEmptyDirs(fs: Fs, root: string, deleted: readonly string[], cause: 'undo' | 'diff'): Promise<Note[]> {
  const candidates = new Set<string>();
  for (const abs of deleted) {
    for (let d = dirname(abs); d !== root && d.startsWith(`${root}${sep}`); d = dirname(d)) candidates.add(d);
  }
  if (candidates.size === 0) return [];
  const removed: string[] = [];
  // Deepest first: a parent can only be empty once its children are gone.
  const order = [...candidates].sort((a, b) => b.split(sep).length - a.split(sep).length || a.localeCompare(b));
  for (const dir of order) if (await removeIfEmpty(fs, root, dir)) removed.push(relative(root, dir));
  if (removed.length === 0) return [];
  const list = removed.map((d) => `${d}/`).join(', ');
  return [{ code: 'info', message: `removed the director${removed.length === 1 ? 'y' : 'ies'} the ${cause} left empty: ${list}` }];
}

/** rmdir `dir` through a chain of no-follow pins from the root; false when it is not empty or cannot be reached. */
async function removeIfEmpty(fs: Fs, root: string, dir: string): Promise<boolean> {
  const names = relative(root, dir).split(sep);
  const pins: DirPin[] = [];
  try {
    pins.push(await fs.pinDir(root, false));
    for (const name of names.slice(0, -1)) pins.push(await fs.pinDir(`${pins.at(-1)!.path}/${name}`, true));
    await fs.rmdir(`${pins.at(-1)!.path}/${names.at(-1)!}`);
    return true;
  } catch {
    return false;
  } finally {
    for (const p of pins) await p.close().catch(() => {});
  }
}
