// FileDiff values for the committed mutations of a plan.

import type { Mutation } from '../plan/planner.js';
import { sameBytes } from '../platform/contents.js';
import { decodeLines } from '../text/decode.js';
import { emptyTable } from '../text/runs.js';
import type { LineTable } from '../text/table.js';
import type { FileDiff } from '../types.js';
import { diffHunks } from '../report/diff.js';

function tableOf(bytes: Uint8Array): LineTable | undefined {
  const d = decodeLines(bytes);
  return d.ok ? d.table : undefined;
}

export function fileDiffs(mutations: readonly Mutation[], displayOf: (abs: string) => string): FileDiff[] {
  const moveSources = new Set<string>();
  for (const m of mutations) {
    const origin = m.content?.origin;
    if (origin !== undefined && origin !== m.abs) moveSources.add(origin);
  }
  const diffs: FileDiff[] = [];
  for (const m of mutations) {
    if (m.before.kind === 'symlink' || m.after?.link !== undefined) {
      diffs.push(...linkDiffs(m));
      continue;
    }
    const oldMode = m.before.kind === 'file' ? m.before.mode : undefined;
    if (!m.after) {
      if (moveSources.has(m.abs) || m.before.kind !== 'file') continue;
      const old = tableOf(m.before.bytes);
      diffs.push({ kind: 'delete', path: m.path, oldMode, binary: !old, hunks: old ? diffHunks(old, []) : [] });
      continue;
    }
    const c = m.content;
    const newMode = m.after.mode;
    const moved = c?.origin !== undefined && c.origin !== m.abs;
    const base: FileDiff = moved
      ? { kind: c!.copied ? 'copy' : 'move', path: displayOf(c!.origin!), to: m.path, oldMode: newMode, newMode, binary: false, hunks: [] }
      : { kind: m.before.kind === 'file' ? 'update' : 'add', path: m.path, oldMode, newMode, binary: false, hunks: [] };
    if (c?.type !== 'text') {
      // Bytes only move unchanged (a pure rename of a binary file): a rename, no content diff; the same bytes in place: a mode change.
      const same = m.before.kind === 'file' && c !== undefined && sameBytes(c.bytes, m.before.bytes);
      diffs.push((moved && !c?.patched) || same ? base : { ...base, binary: true });
      continue;
    }
    // Content that descends from a file diffs against that file's lines. New
    // content (an added file) has no base lines: against an empty file, or
    // against what the path held before (a delete then add of the same path).
    const old = c.origin !== undefined ? c.base : m.before.kind === 'file' ? tableOf(m.before.bytes) : emptyTable();
    if (!old) {
      diffs.push({ ...base, binary: true });
      continue;
    }
    diffs.push({ ...base, hunks: diffHunks(old, c.runs) });
  }
  return diffs;
}

const LINK_MODE = 0o120000;

/**
 * A link's change as git shows it: its target is a one-line file of mode
 * 120000 without a final newline; a type change is a deletion and a creation.
 */
function linkDiffs(m: Mutation): FileDiff[] {
  const line = (type: '-' | '+', text: string) => ({ type, text, eol: '' });
  const oldLink = m.before.kind === 'symlink' ? m.before.target : undefined;
  const newLink = m.after?.link;
  const hunk = (lines: ReturnType<typeof line>[]) => {
    const oldLines = lines.filter((l) => l.type === '-').length;
    const newLines = lines.length - oldLines;
    return { oldStart: oldLines ? 1 : 0, oldLines, newStart: newLines ? 1 : 0, newLines, lines };
  };
  const gone: FileDiff | undefined =
    oldLink !== undefined && newLink === undefined
      ? { kind: 'delete', path: m.path, oldMode: LINK_MODE, binary: false, hunks: [hunk([line('-', oldLink)])] }
      : undefined;
  if (oldLink !== undefined && newLink !== undefined) {
    const hunks = [hunk([line('-', oldLink), line('+', newLink)])];
    return [{ kind: 'update', path: m.path, oldMode: LINK_MODE, newMode: LINK_MODE, binary: false, hunks }];
  }
  const made: FileDiff | undefined =
    newLink !== undefined
      ? { kind: 'add', path: m.path, newMode: LINK_MODE, binary: false, hunks: [hunk([line('+', newLink)])] }
      : undefined;
  // The file side of a type change: a file replaced by a link, or a link by a file.
  const file = m.before.kind === 'file' ? fileDiffs([{ ...m, after: null }], () => m.path) : [];
  const later = m.after && newLink === undefined ? fileDiffs([{ ...m, before: { kind: 'missing' } }], () => m.path) : [];
  return [...file, ...(gone ? [gone] : []), ...(made ? [made] : []), ...later];
}
