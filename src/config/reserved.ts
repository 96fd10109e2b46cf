// Paths no patch, diff or edit may touch, whatever the permission rules say:
//
//   - version-control directories (`.git/`, `.hg/`, `.svn/`) anywhere in a
//     path: a file written there is code git or hg runs (a hook, a
//     `core.fsmonitor` line in `.git/config`) at the user's next command.
//     `git apply` refuses them the same way. `allowVcs` (the CLI's
//     `--allow-vcs-dirs`) lifts this.
//   - chord-patch's state directory (`.chord-patch/`, commit/state-dir.ts)
//     anywhere in a path: it holds the lock and the journals recovery acts
//     on, and a run in a subdirectory keeps its own there. Never lifted.
//   - the config file (`.chord-patch.yaml` at the root, and the file
//     `--config` named): a patch that rewrites the rules would make the next
//     run's permission check the patch's own. The config is edited by hand.
//
// Both the path as spelled and its real location (symbolic links in its
// directories resolved) are checked, so `link -> .git` does not reach inside.
// Names are compared the way case-insensitive file systems and Windows
// would read them (case folded, trailing dots and spaces dropped, and the
// 8.3 short name `git~1`), as git itself does.

import { sep } from 'node:path';
import { DEFAULT_CONFIG_FILE } from './read.js';

const VCS_DIRS = new Set(['.git', '.hg', '.svn', 'git~1']);

export interface ReservedOptions {
  /** Permit paths inside version-control directories. */
  allowVcs?: boolean;
  /** Absolute paths (real locations) of config files in use, besides the root's DEFAULT_CONFIG_FILE. */
  configFiles?: readonly string[];
}

const fold = (segment: string): string => segment.toLowerCase().replace(/[. ]+$/, '');

/** commit/state-dir.ts's STATE_DIR, spelled here so the config folder does not import the commit's. */
const STATE_DIR_NAME = '.chord-patch';

/** The names in `rel` (`/` or the platform separator between them), `.` left out. */
const segmentsOf = (rel: string): string[] => rel.split(sep === '/' ? '/' : /[\\/]/).filter((s) => s !== '' && s !== '.');

/** Any of the names a version-control directory (the last one too: a worktree's `.git` is a file naming the repository). */
const inVcsDir = (segments: readonly string[]): boolean => segments.some((s) => VCS_DIRS.has(fold(s)));

/**
 * Why the read tools do not show a path: a version-control directory, which
 * holds what a model has no use for and a user may not want sent anywhere (a
 * remote's URL with its token, hooks); `--allow-vcs-dirs` lifts it.
 */
export function unreadableReason(rel: string, options: ReservedOptions = {}): string | undefined {
  if (options.allowVcs || !inVcsDir(segmentsOf(rel))) return undefined;
  return 'is inside a version-control directory (.git, .hg or .svn), which the read tools do not show: it can hold credentials';
}

/**
 * Why no operation may touch the path whose location relative to the root
 * is `rel` (`/` or the platform separator between names; for a path outside
 * the root, its absolute form), or undefined. `abs`: the absolute path, to
 * compare with the config files in use.
 */
export function reservedReason(rel: string, abs: string, options: ReservedOptions = {}): string | undefined {
  const segments = segmentsOf(rel);
  if (segments.some((s) => fold(s) === STATE_DIR_NAME))
    return (
      "is inside chord-patch's state directory (.chord-patch/), which no patch may write: " +
      'it holds the commit lock and the journals that recovery acts on'
    );
  if (!options.allowVcs && inVcsDir(segments))
    return (
      'is inside a version-control directory (.git, .hg or .svn), which no patch may write: ' +
      'what is written there can run at the next git or hg command (pass --allow-vcs-dirs to permit it)'
    );
  const isRootConfig = segments.length === 1 && fold(segments[0]!) === DEFAULT_CONFIG_FILE;
  if (isRootConfig || options.configFiles?.includes(abs))
    return "is the chord-patch config file, which no patch may write (its permission rules would be the patch's own): edit it by hand";
  return undefined;
}
