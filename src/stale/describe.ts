// What a stale hunk is told: which older state its text matched, which lines
// of that range changed since, and the current lines there, so the model
// rebuilds the hunk from them. Pure, on line texts.

import { diffArrays } from 'diff';
import type { Preimage, StaleDetail } from './types.js';

/** A 0-based half-open line range. */
export interface Range {
  start: number;
  end: number;
}

/** How a report names a pre-image: "f.txt as it was before this session's edit of 14:02:17 UTC", "the committed version (HEAD)". */
export function preimageName(p: Preimage, path: string): string {
  if (p.source === 'head') return 'the committed version (HEAD)';
  if (p.source === 'index') return 'the staged version (the git index)';
  const at = new Date(p.time ?? 0).toISOString().slice(11, 19);
  const was = p.from !== undefined && p.from !== path ? ` (then at ${p.from})` : '';
  return `${path}${was} as it was before this session's edit of ${at} UTC`;
}

/** Where the change since the pre-image happened, in words: "changed since" / "changed in the working tree". */
function changedWhere(p: Preimage): string {
  return p.source === 'session'
    ? 'changed since'
    : p.source === 'index'
      ? 'changed in the working tree since it was staged'
      : 'changed in the working tree';
}

/** The base range [start, end) of `base` as it stands in `current` now, and the current lines that differ in it. */
export function mapRange(
  base: readonly string[],
  current: readonly string[],
  range: Range,
): { now: Range; changed: number[]; removedAt: number[] } {
  const chunks = changedChunks(base, current);
  const at = (line: number, end: boolean): number => {
    let delta = 0;
    for (const c of chunks) {
      const [s, n] = c.buffer1;
      if (line < s) break;
      if (line < s + n) return end ? c.buffer2[0] + c.buffer2[1] : c.buffer2[0];
      delta = c.buffer2[0] + c.buffer2[1] - (s + n);
    }
    return line + delta + (end ? 1 : 0);
  };
  const last = Math.max(range.start, range.end - 1);
  const now = { start: at(range.start, false), end: range.end > range.start ? at(last, true) : at(range.start, false) };
  const changed: number[] = [];
  const removedAt: number[] = [];
  for (const c of chunks) {
    const [s, n] = c.buffer1;
    const inside = n > 0 ? s < range.end && s + n > range.start : s > range.start && s < range.end;
    if (!inside) continue;
    const [cs, cn] = c.buffer2;
    if (cn === 0) removedAt.push(cs);
    for (let k = cs; k < cs + cn; k++) changed.push(k);
  }
  return { now, changed, removedAt };
}

/** The changed blocks between two line lists, as [start, count] on each side (jsdiff: linear in the lines for few changes). */
function changedChunks(base: readonly string[], current: readonly string[]): { buffer1: [number, number]; buffer2: [number, number] }[] {
  const chunks: { buffer1: [number, number]; buffer2: [number, number] }[] = [];
  let bi = 0;
  let ci = 0;
  let open: { buffer1: [number, number]; buffer2: [number, number] } | undefined;
  for (const part of diffArrays(base as string[], current as string[])) {
    const n = part.count ?? part.value.length;
    if (!part.added && !part.removed) {
      open = undefined;
      bi += n;
      ci += n;
      continue;
    }
    if (!open) {
      open = { buffer1: [bi, 0], buffer2: [ci, 0] };
      chunks.push(open);
    }
    if (part.added) {
      open.buffer2[1] += n;
      ci += n;
    } else {
      open.buffer1[1] += n;
      bi += n;
    }
  }
  return chunks;
}

/** "line 5", "lines 10-12", "lines 3, 7-9". */
export function lineList(lines: readonly number[]): string {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? `${sorted[i]! + 1}` : `${sorted[i]! + 1}-${sorted[j]! + 1}`);
    i = j;
  }
  return `${sorted.length === 1 ? 'line' : 'lines'} ${parts.join(', ')}`;
}

/** Lines as a read tool numbers them (`    12→text`), 0-based [start, end) of `lines`. */
export function numbered(lines: readonly string[], range: Range): string {
  const out: string[] = [];
  for (let i = range.start; i < Math.min(range.end, lines.length); i++) out.push(`${String(i + 1).padStart(6)}→${lines[i]}`);
  return out.join('\n');
}

/** The structured part of a stale failure or note (JSON `stale`). */
export function staleDetail(p: Preimage, baseRange: Range, mapped: ReturnType<typeof mapRange>): StaleDetail {
  return {
    base: {
      source: p.source,
      sha256: p.hash,
      ...(p.time !== undefined ? { time: new Date(p.time).toISOString() } : {}),
      ...(p.from !== undefined ? { from: p.from } : {}),
    },
    baseLines: [baseRange.start + 1, Math.max(baseRange.start + 1, baseRange.end)],
    currentLines: [mapped.now.start + 1, Math.max(mapped.now.start + 1, mapped.now.end)],
    changed: [...new Set([...mapped.changed, ...mapped.removedAt])].sort((a, b) => a - b).map((n) => n + 1),
  };
}

/** The sentence of a stale_context failure: what matched, what changed, the current lines to rebuild from. */
export function staleMessage(
  what: string,
  p: Preimage,
  path: string,
  mapped: ReturnType<typeof mapRange>,
  current: readonly string[],
): string {
  const changes: string[] = [];
  if (mapped.changed.length > 0) changes.push(`${lineList(mapped.changed)} ${changedWhere(p)}`);
  if (mapped.removedAt.length > 0) changes.push(`lines removed before ${lineList(mapped.removedAt).replace(/^lines? /, 'line ')}`);
  const shown = {
    start: Math.max(0, mapped.now.start - 1),
    end: Math.min(current.length, Math.max(mapped.now.end, mapped.now.start + 1) + 1),
  };
  const body = numbered(current, shown);
  const fix = 'rebuild it from these lines, or pass --3way to merge it into the current file';
  return (
    `${what} does not match the file now, but matches ${preimageName(p, path)}` +
    `${changes.length > 0 ? ` (${changes.join('; ')})` : ''}; ` +
    `the file now reads (${shown.end > shown.start ? `lines ${shown.start + 1}-${shown.end}` : 'empty'}):\n${body}\n${fix}`
  );
}
