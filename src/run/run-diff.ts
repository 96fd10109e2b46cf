// Running a unified diff: parse, reverse on request, pick the paths it means
// (the strip level and old/new choice look at which files exist: see
// input/unified-ops.ts), then the same snapshot, plan and commit as an envelope.

import { resolve } from 'node:path';
import { parseUnified, type UnifiedFile } from '../input/unified.js';
import { candidatePaths, reverseUnified, stripLevel, unifiedToOps } from '../input/unified-ops.js';
import type { FileOp, Outcome } from '../types.js';
import { explainMissing } from './missing-hints.js';
import { fsOf, patchJob, rootOf, type RunOptions, runInput } from './pipeline.js';

export async function runUnifiedText(text: string, options: RunOptions = {}): Promise<Outcome> {
  let level: number | undefined;
  const outcome = await runInput('apply_patch', options, async () => {
    const read = await readUnified(text, options);
    level = read.level;
    // All or nothing unless asked otherwise: git apply's default for a diff.
    return patchJob(read.ops, { ...options, allOrNothing: options.allOrNothing ?? true }, [], true);
  });
  // A missing file's report may suggest another strip level (a diff that could not be read has none).
  return level === undefined ? outcome : explainMissing(outcome, { fs: fsOf(options), root: rootOf(options), stripLevel: level });
}

/** A unified diff's file operations (throws ChordPatchError for a diff that cannot be read). */
export async function unifiedOps(text: string, options: RunOptions): Promise<FileOp[]> {
  return (await readUnified(text, options)).ops;
}

/** The operations, and the strip level they were read at (a missing file's report may suggest another). */
async function readUnified(text: string, options: RunOptions): Promise<{ ops: FileOp[]; level: number }> {
  let files: UnifiedFile[] = parseUnified(text);
  if (options.reverse) files = reverseUnified(files);
  const fs = fsOf(options);
  const root = rootOf(options);
  const existing = new Set<string>();
  for (const p of candidatePaths(files)) {
    const st = await fs.lstat(resolve(root, p)).catch(() => null);
    if (st?.kind === 'file') existing.add(p);
  }
  const exists = (p: string) => existing.has(p);
  const level = stripLevel(files, exists, options.strip);
  return { ops: unifiedToOps(files, level, exists), level };
}
