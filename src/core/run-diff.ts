// Running a unified diff: parse, reverse on request, pick the paths it means
// (the strip level and old/new choice look at which files exist: see
// input/unified-ops.ts), then the same snapshot, plan and commit as an envelope.

import { resolve } from 'node:path';
import { parseUnified, type UnifiedFile } from '../input/unified.js';
import { candidatePaths, reverseUnified, stripLevel, unifiedToOps } from '../input/unified-ops.js';
import type { FileOp, Outcome } from '../types.js';
import { nodeFs } from './node-fs.js';
import { errorOutcome, type RunOptions, runOps } from './pipeline.js';

export async function runUnifiedText(text: string, options: RunOptions = {}): Promise<Outcome> {
  let files: UnifiedFile[];
  try {
    files = parseUnified(text);
    if (options.reverse) files = reverseUnified(files);
  } catch (e) {
    return errorOutcome(e, 'apply_patch', !!options.check);
  }
  const fs = options.fs ?? nodeFs;
  const root = resolve(options.cwd ?? process.cwd());
  const existing = new Set<string>();
  for (const p of candidatePaths(files)) {
    const st = await fs.lstat(resolve(root, p)).catch(() => null);
    if (st?.kind === 'file') existing.add(p);
  }
  const exists = (p: string) => existing.has(p);
  let ops: FileOp[];
  try {
    ops = unifiedToOps(files, stripLevel(files, exists, options.strip), exists);
  } catch (e) {
    return errorOutcome(e, 'apply_patch', !!options.check);
  }
  return runOps(ops, options);
}
