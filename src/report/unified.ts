// A FileDiff as unified-diff text. Without colour the output is a valid
// git-style patch (`git apply` accepts it); the colour hook only wraps text.

import { posix } from 'node:path';
import type { DiffLine, FileDiff } from '../types.js';

export interface Paint {
  header(s: string): string;
  hunk(s: string): string;
  add(s: string): string;
  remove(s: string): string;
}

export const plain: Paint = { header: (s) => s, hunk: (s) => s, add: (s) => s, remove: (s) => s };

// A symbolic link keeps git's 120000; a file is 100755 or 100644 by its executable bit.
export const gitMode = (mode: number | undefined): string =>
  mode !== undefined && (mode & 0o170000) === 0o120000 ? '120000' : (mode ?? 0o644) & 0o111 ? '100755' : '100644';

function range(start: number, count: number): string {
  return count === 1 ? `${start}` : `${start},${count}`;
}

function bodyLine(l: DiffLine, paint: Paint): string {
  const text = `${l.type}${l.text}`;
  const painted = l.type === '+' ? paint.add(text) : l.type === '-' ? paint.remove(text) : text;
  return l.eol === '' ? `${painted}\n\\ No newline at end of file\n` : `${painted}${l.eol}`;
}

/** A path as git's headers spell it: `./a.txt` and `src//a.ts` name the file `a.txt` and `src/a.ts` there. */
const headerPath = (path: string): string => (posix.isAbsolute(path) ? path : posix.normalize(path));

export function unifiedDiff(d: FileDiff, paint: Paint = plain): string {
  const from = headerPath(d.path);
  const to = headerPath(d.to ?? d.path);
  const head: string[] = [`diff --git a/${from} b/${to}`];
  if (d.kind === 'add') head.push(`new file mode ${gitMode(d.newMode)}`);
  if (d.kind === 'delete') head.push(`deleted file mode ${gitMode(d.oldMode)}`);
  if (d.kind === 'update' && d.oldMode !== undefined && d.newMode !== undefined && gitMode(d.oldMode) !== gitMode(d.newMode)) {
    head.push(`old mode ${gitMode(d.oldMode)}`, `new mode ${gitMode(d.newMode)}`);
  }
  if (d.kind === 'move' || d.kind === 'copy') {
    if (d.hunks.length === 0 && !d.binary) head.push('similarity index 100%');
    const verb = d.kind === 'move' ? 'rename' : 'copy';
    head.push(`${verb} from ${from}`, `${verb} to ${to}`);
  }
  if (d.binary) {
    head.push(`Binary files ${d.kind === 'add' ? '/dev/null' : `a/${from}`} and ${d.kind === 'delete' ? '/dev/null' : `b/${to}`} differ`);
    return `${head.map(paint.header).join('\n')}\n`;
  }
  if (d.hunks.length > 0) {
    head.push(`--- ${d.kind === 'add' ? '/dev/null' : `a/${from}`}`, `+++ ${d.kind === 'delete' ? '/dev/null' : `b/${to}`}`);
  }
  let out = `${head.map(paint.header).join('\n')}\n`;
  for (const h of d.hunks) {
    out += `${paint.hunk(`@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@`)}\n`;
    for (const l of h.lines) out += bodyLine(l, paint);
  }
  return out;
}
