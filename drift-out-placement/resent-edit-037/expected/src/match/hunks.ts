// Locating every hunk of one `*** Update File:` section in the file's lines.
// Hunks are located against the section's input in order, each at or after the
// end of the previous one (Codex semantics), and become replacements that
// text/splice.ts applies in one linear walk.

import type { Hunk, HunkLine } from '../types.js';
import { describeMiss } from './diagnose.js';
import { LineIndex, type PassName } from './seek.js';

export interface Replacement {
  /** First file line the hunk's old side covers. */
  start: number;
  /** Number of file lines the old side covers. */
  oldLen: number;
  /** The hunk lines to lay over [start, start + oldLen). */
  lines: HunkLine[];
  /** How the old side was found; 'append' for a hunk with no old side. */
  pass: PassName | 'append';
}

export type LocateResult =
  | { ok: true; replacements: Replacement[] }
  | { ok: false; code: 'hunk_not_found' | 'hunk_ambiguous'; hunk: number; message: string };

const oldSide = (lines: readonly HunkLine[]): string[] => lines.filter((l) => l.op !== '+').map((l) => l.text);

/**
 * Codex retries a hunk whose old side ends in an empty line without that line
 * (models often add a trailing blank context line the file does not have).
 */
function withoutTrailingBlank(lines: readonly HunkLine[]): HunkLine[] | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i]!;
    if (l.op === '+') continue;
    if (l.text.trim() !== '') return undefined;
    return [...lines.slice(0, i), ...lines.slice(i + 1)];
  }
  return undefined;
}

export function locateHunks(index: LineIndex, hunks: readonly Hunk[]): LocateResult {
  const replacements: Replacement[] = [];
  let cursor = 0;
  for (let h = 0; h < hunks.length; h++) {
    const hunk = hunks[h]!;
    const old = oldSide(hunk.lines);
    if (old.length === 0) {
      // Only `+` lines: append at the end of the file.
      replacements.push({ start: index.length, oldLen: 0, lines: hunk.lines, pass: 'append' });
      cursor = index.length;
      continue;
    }
    const found = findHunk(index, hunk, hunk.lines, cursor) ?? retryTrimmed(index, hunk, cursor);
    if (!found) {
      return { ok: false, code: 'hunk_not_found', hunk: h, message: describeMiss(index, hunks, h, cursor) };
    }
    replacements.push(found);
    cursor = found.start + found.oldLen;
  }
  return { ok: true, replacements };
}

function retryTrimmed(index: LineIndex, hunk: Hunk, cursor: number): Replacement | undefined {
  const trimmed = withoutTrailingBlank(hunk.lines);
  if (!trimmed || oldSide(trimmed).length === 0) return undefined;
  return findHunk(index, hunk, trimmed, cursor);
}

/**
 * The header (`@@ text`) is a soft anchor: when found, the body is searched
 * after it, then from the header line itself (models repeat it as context);
 * when that fails or the header is absent, the body alone decides.
 */
function findHunk(index: LineIndex, hunk: Hunk, lines: HunkLine[], cursor: number): Replacement | undefined {
  const old = oldSide(lines);
  const starts: number[] = [];
  if (hunk.header !== undefined) {
    const header = index.seek([hunk.header], cursor);
    if (header) starts.push(header.index + 1, header.index);
  }
  starts.push(cursor);
  for (const start of starts) {
    const hit = index.seek(old, start, hunk.endOfFile);
    if (hit) return { start: hit.index, oldLen: old.length, lines, pass: hit.pass };
  }
  return undefined;
}

type TolerantFound =
  | { kind: 'found'; replacement: Replacement }
  | { kind: 'ambiguous'; candidates: number[]; pass: TolerantPass }
  | { kind: 'unsafe'; line: number; reason: string }
  | { kind: 'none' };

/**
 * The tolerant step. Search starts are the header line (when the header is
 * found, exactly or by a unique tolerant match) and then the cursor; the body
 * as written is tried before the trailing-blank retry. The first start with any
 * candidate decides: exactly one is accepted, several are an ambiguity.
 */
function findTolerant(index: LineIndex, hunk: Hunk, cursor: number): TolerantFound {
  const starts: number[] = [];
  if (hunk.header !== undefined) {
    const exact = index.seek([hunk.header], cursor);
    if (exact) starts.push(exact.index);
    else {
      const header = tolerantSeek(index, [hunk.header], cursor);
      if (header.kind === 'unique') starts.push(header.index);
    }
  }
  starts.push(cursor);
  const variants = [hunk.lines];
  const trimmed = withoutTrailingBlank(hunk.lines);
  if (trimmed && oldSide(trimmed).length > 0) variants.push(trimmed);
  for (const lines of variants) {
    const old = oldSide(lines);
    for (const start of starts) {
      const hit = tolerantSeek(index, old, start, hunk.endOfFile);
      if (hit.kind === 'none') continue;
      if (hit.kind === 'ambiguous') return { kind: 'ambiguous', candidates: hit.candidates, pass: hit.pass };
      const carried = carryFilePunctuation(index.lines, hit.index, lines, hit.pass);
      if (!carried.ok) return { kind: 'unsafe', line: carried.line, reason: carried.reason };
      return { kind: 'found', replacement: { start: hit.index, oldLen: old.length, lines: carried.lines, pass: hit.pass } };
    }
  }
  return { kind: 'none' };
}
