// Running one or more unified diffs as one transaction: each is parsed,
// reversed on request, its names resolved against the tree (input/unified-ops.ts)
// and its entries filtered and refused one by one (input/unified-read.ts);
// then all operations go through one snapshot, plan and commit, all or
// nothing unless --reject (run/reject.ts).

import { resolve } from 'node:path';
import { ChordPatchError, isChordPatchError } from '../errors.js';
import { readUnified, type UnifiedFile } from '../input/unified.js';
import { candidatePaths, reverseUnified, stripLevel } from '../input/unified-ops.js';
import { type DiffEntries, diffEntries, type RefusedEntry, refuseStaleRenames } from '../input/unified-read.js';
import { nodeFs } from '../platform/node-fs.js';
import type { FailedGroup, FileOp, Note, Outcome } from '../types.js';
import { explainMissing } from './missing-hints.js';
import { errorOutcome, type RunOptions, rejected, runOps } from './pipeline.js';
import { runWithRejects } from './reject.js';
import { withFuzz } from './fuzz.js';
import { contextFree, withFileContext } from '../input/unified-zero.js';

/** A diff to run, and the name the report gives it when there are several. */
export interface DiffText {
  text: string;
  name?: string;
}

interface Read extends DiffEntries {
  level: number;
  notes: Note[];
}

export async function runUnifiedTexts(diffs: readonly DiffText[], options: RunOptions = {}): Promise<Outcome> {
  const dryRun = !!options.check;
  let read: Read;
  try {
    read = await readDiffs(diffs, options);
  } catch (e) {
    return errorOutcome(e, 'apply_patch', dryRun);
  }
  const { sources, notes } = read;
  let ops = read.ops;
  if ((options.fuzz ?? 0) > 0 && ops.length > 0) {
    const fuzzed = await withFuzz(ops, options);
    ops = fuzzed.ops;
    notes.push(...fuzzed.notes);
  }
  const refusedGroups = read.refused.map((r, k) => refusedGroup(r, ops.length + k));
  if (ops.length === 0 && refusedGroups.length === 0)
    return { ...rejected('apply_patch', dryRun, undefined, notes), status: dryRun ? 'checked' : 'applied' };
  const fs = options.fs ?? nodeFs;
  const root = resolve(options.cwd ?? process.cwd());
  const explain = (o: Outcome) => explainMissing(o, { fs, root, stripLevel: read.level });
  if (options.reject) return explain(await runWithRejects(ops, sources, options, notes, refusedGroups));
  if (refusedGroups.length > 0) return explain(await refusedRun(ops, options, notes, refusedGroups));
  // All or nothing unless asked otherwise: git apply's default for a diff.
  return explain(await runOps(ops, { ...options, allOrNothing: options.allOrNothing ?? true }, notes, true));
}

/** Every diff's operations, in order; throws ChordPatchError for a diff that cannot be read. */
export async function readDiffs(diffs: readonly DiffText[], options: RunOptions): Promise<Read> {
  const out: Read = { ops: [], sources: [], refused: [], excluded: [], level: 0, notes: [] };
  let files = 0;
  for (const d of diffs) {
    const where = diffs.length > 1 && d.name !== undefined ? `${d.name}: ` : '';
    try {
      const part = await readOne(d.text, options, where);
      refuseStaleRenames(out.ops, part.ops, d.name ?? 'a diff');
      out.ops.push(...part.ops);
      out.sources.push(...part.sources);
      out.refused.push(...part.refused);
      out.excluded.push(...part.excluded);
      out.notes.push(...part.notes);
      out.level = part.level;
      files += part.files;
    } catch (e) {
      if (!isChordPatchError(e) || where === '') throw e;
      throw new ChordPatchError(e.code, `${where}${e.message}`, e.line);
    }
  }
  if (out.excluded.length > 0) out.notes.push({ code: 'info', message: `left out by --include/--exclude: ${out.excluded.join(', ')}` });
  // Every file left out is no error (git apply: the diff was valid, only filtered); no file at all is one.
  const none = out.ops.length === 0 && out.refused.length === 0 && (files === 0 || out.excluded.length < files);
  if (none && !options.allowEmpty) {
    const why =
      files === 0
        ? 'no diff in the input'
        : 'the diff changes nothing: no file has a hunk, a mode change, a rename, an addition or a deletion';
    throw new ChordPatchError('empty_patch', `${why} (git apply: "No valid patches in input"); pass --allow-empty to accept it`);
  }
  if (none) out.notes.push({ code: 'no_changes', message: 'no diff to apply (--allow-empty)' });
  return out;
}

async function readOne(text: string, options: RunOptions, where: string): Promise<Read & { files: number }> {
  let parsed: { files: UnifiedFile[]; skipped: number };
  try {
    parsed = readUnified(text, { recount: options.recount === true });
  } catch (e) {
    if (options.allowEmpty && isChordPatchError(e) && e.code === 'empty_patch') parsed = { files: [], skipped: 0 };
    else throw e;
  }
  let files = parsed.files;
  if (options.reverse) files = reverseUnified(files);
  const fs = options.fs ?? nodeFs;
  const root = resolve(options.cwd ?? process.cwd());
  const existing = new Set<string>();
  for (const p of candidatePaths(files)) {
    const st = await fs.lstat(resolve(root, p)).catch(() => null);
    if (st?.kind === 'file') existing.add(p);
  }
  const exists = (p: string) => existing.has(p);
  const level = files.length === 0 ? 0 : stripLevel(files, exists, options.strip);
  const entries = diffEntries(files, level, exists, options.pathRules, !!options.unidiffZero);
  if (options.unidiffZero) entries.ops = await Promise.all(entries.ops.map((op) => zeroContext(op, root, options)));
  const notes: Note[] = [];
  if (parsed.skipped > 0)
    notes.push({
      code: 'info',
      message: `${where}lines 1-${parsed.skipped}, text before the diff, were skipped (as git apply skips them)`,
    });
  return { ...entries, level, notes, files: files.length };
}

/** --unidiff-zero: the file's lines as context for the hunks that have none (input/unified-zero.ts). */
async function zeroContext(op: FileOp, root: string, options: RunOptions): Promise<FileOp> {
  if (op.kind !== 'update' || !op.hunks.some(contextFree)) return op;
  const fs = options.fs ?? nodeFs;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await fs.readFile(resolve(root, op.path)));
  } catch {
    // Missing or not UTF-8: the plan reports the file as it finds it; the hunk stays context-free and cannot match by itself.
    return op;
  }
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return withFileContext(op, lines);
}

/** The failure of an entry refused before planning (binary, symbolic link). */
function refusedGroup(r: RefusedEntry, op: number): FailedGroup {
  return {
    paths: [r.path],
    failures: [{ op, code: r.code, path: r.path, message: `${r.path}: ${r.message}`, patchLine: r.patchLine }],
    operations: [{ op, label: `diff of ${r.path}`, status: 'failed' }],
  };
}

/** Some entries are refused: nothing is written (all or nothing); the others are planned, to report them too. */
async function refusedRun(ops: FileOp[], options: RunOptions, notes: Note[], refused: FailedGroup[]): Promise<Outcome> {
  const dryRun = !!options.check;
  const planned = ops.length > 0 ? await runOps(ops, { ...options, check: true, diffs: false }, notes, true) : undefined;
  if (planned?.error) return { ...planned, dryRun, failed: [...refused, ...planned.failed] };
  const fit = planned?.changes ?? [];
  const list = fit.map((c) => (c.to !== undefined ? `${c.path} -> ${c.to}` : c.path)).join(', ');
  const why =
    `nothing was written: ${refused.length === 1 ? 'a file of the diff is' : `${refused.length} files of the diff are`} refused` +
    (fit.length > 0 ? `; ${fit.length} change${fit.length === 1 ? '' : 's'} would have applied (${list})` : '') +
    '; leave the refused files out with --exclude, or write the rest with --reject';
  return {
    ...rejected('apply_patch', dryRun, undefined, [...(planned?.notes ?? notes), { code: 'info', message: why }]),
    failed: [...refused, ...(planned?.failed ?? [])],
  };
}
