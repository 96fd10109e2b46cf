// What a written file keeps of the file it replaces besides the bytes (the
// owner and group are node-fs.ts's: ownerChange). Set-uid and set-gid are
// dropped whenever a file is written, as the kernel drops them on a write,
// and GNU patch and Codex do: a changed program must not keep running as its
// owner. A read-only file is written anyway (as GNU patch and git apply do) and stays
// read-only, with a note.

import type { Mutation } from '../plan/planner.js';
import type { Note } from '../types.js';

const PRIVILEGE_BITS = 0o6000;

/** The mode a written file gets: its planned mode without set-uid/set-gid. */
export function writtenMode(m: Mutation): number | undefined {
  const mode = m.after?.mode;
  return mode === undefined ? undefined : mode & ~PRIVILEGE_BITS;
}

/** The owner a replaced file keeps (as root; the group alone when the user belongs to it); none for a new file. */
export function ownerOf(m: Mutation): { uid: number; gid: number } | undefined {
  return m.before.kind === 'file' && m.before.uid !== undefined && m.before.gid !== undefined
    ? { uid: m.before.uid, gid: m.before.gid }
    : undefined;
}

/** The notes a committed mutation earns for the metadata it could not keep as it was. */
export function metadataNotes(m: Mutation): Note[] {
  const notes: Note[] = [];
  const mode = m.after?.mode;
  if (mode !== undefined && (mode & PRIVILEGE_BITS) !== 0)
    notes.push({ code: 'info', message: `${m.path}: its set-uid/set-gid bits were dropped, as for any file whose content changes` });
  if (m.after && m.before.kind === 'file' && (m.before.mode & 0o222) === 0)
    notes.push({
      code: 'info',
      message: `${m.path} is read-only (no write permission for anyone); it was written anyway and stays read-only`,
    });
  const links = m.after && m.before.kind === 'file' ? (m.before.links ?? 1) : 1;
  if (links > 1)
    notes.push({
      code: 'info',
      message: `${m.path} had ${links} hard links: it was replaced by a new file, so its other names keep the previous content`,
    });
  return notes;
}
