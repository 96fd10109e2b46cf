// FileDiff values for the committed mutations of a plan.

import type { Mutation } from '../core/plan.js';
import { decodeBytes } from '../text/decode.js';
import { type Line, splitLines } from '../text/lines.js';
import type { FileDiff } from '../types.js';
import { diffHunks } from './diff.js';

function linesOf(bytes: Uint8Array): Line[] | undefined {
  const d = decodeBytes(bytes);
  return d.ok ? splitLines(d.text) : undefined;
}

export function fileDiffs(mutations: readonly Mutation[], displayOf: (abs: string) => string): FileDiff[] {
  const moveSources = new Set<string>();
  for (const m of mutations) {
    const origin = m.content?.origin;
    if (origin !== undefined && origin !== m.abs) moveSources.add(origin);
  }
  const diffs: FileDiff[] = [];
  for (const m of mutations) {
    const oldMode = m.before.kind === 'file' ? m.before.mode : undefined;
    if (!m.after) {
      if (moveSources.has(m.abs) || m.before.kind !== 'file') continue;
      const old = linesOf(m.before.bytes);
      diffs.push({ kind: 'delete', path: m.path, oldMode, binary: !old, hunks: old ? diffHunks(old, []) : [] });
      continue;
    }
    const c = m.content;
    const newMode = m.after.mode;
    const moved = c?.origin !== undefined && c.origin !== m.abs;
    const base: FileDiff = moved
      ? { kind: 'move', path: displayOf(c!.origin!), to: m.path, oldMode: newMode, newMode, binary: false, hunks: [] }
      : { kind: m.before.kind === 'file' ? 'update' : 'add', path: m.path, oldMode, newMode, binary: false, hunks: [] };
    if (!c || c.type !== 'text') {
      // Bytes only move unchanged (a pure rename of a binary file): a rename, no content diff.
      diffs.push(moved ? base : { ...base, binary: true });
      continue;
    }
    const old = c.base ?? (m.before.kind === 'file' && !moved ? linesOf(m.before.bytes) : []);
    if (!old) {
      diffs.push({ ...base, binary: true });
      continue;
    }
    diffs.push({ ...base, hunks: diffHunks(old, c.lines) });
  }
  return diffs;
}
