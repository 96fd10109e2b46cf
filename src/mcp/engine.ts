// The MCP server's one door to the runner: each tool call becomes an input
// the library already runs (a patch, an edit request, whole-file operations)
// and comes back as an Outcome. The server never plans or commits itself, so
// a call is checked, locked, re-checked and reported exactly as the CLI's.

import type { Config } from '../config/config.js';
import { authorizeEdit, denialReason, evaluatePermission, patchAuthorizer, rulePath } from '../config/permissions.js';
import { isChordPatchError } from '../errors.js';
import { readInRoot, runOps } from '../run/pipeline.js';
import { apply, edit } from '../index.js';
import type { Entry, FileOp, Fs, Outcome } from '../types.js';

export interface CallContext {
  /** The directory every path resolves against, and may not leave. */
  root: string;
  fs: Fs;
  config: Config | undefined;
  /** This connection's session (the repeated-failure note). */
  session: { session: string; stateDir: string };
  /** This connection's --3way (stale/): stale patches and edits merged into the file. */
  threeWay?: 'merge' | 'markers';
  /** The client's cancellation of this call: honoured up to the commit (RunOptions.signal). */
  signal?: AbortSignal;
}

/** The root's permission rules as the planner's hooks, as the CLI sets them: patches by apply_patch's rules, edits by edit's. */
function permissions(ctx: CallContext) {
  const config = ctx.config;
  // The config file is never a call's to write (config/reserved.ts).
  const file = config?.file !== undefined ? { configFile: config.file } : {};
  if (!config?.permission) return file;
  return {
    ...file,
    authorize: patchAuthorizer(config.permission, ctx.root),
    authorizeEdit: (path: string, real?: string) => authorizeEdit(config, path, { cwd: ctx.root, ...(real !== undefined ? { real } : {}) }),
  };
}

/** The library options of one call: the root, its permission rules, the connection's session. */
function runOptions(ctx: CallContext) {
  return {
    cwd: ctx.root,
    fs: ctx.fs,
    allowOutside: false,
    ...permissions(ctx),
    ...ctx.session,
    ...(ctx.threeWay ? { threeWay: ctx.threeWay } : {}),
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  };
}

/** `apply_patch`: the arguments go in as the {"patch": ...} JSON the CLI reads, so every format it detects is accepted. */
export function runPatchCall(args: Record<string, unknown>, ctx: CallContext): Promise<Outcome> {
  return apply(JSON.stringify(args), runOptions(ctx));
}

/** `edit`: the arguments are an edit request, validated field by field by the edit parser. */
export function runEditCall(args: Record<string, unknown>, ctx: CallContext): Promise<Outcome> {
  return edit(JSON.stringify(args), runOptions(ctx));
}

/** Whole-file operations are judged by their own tool's rules (`write`, `delete`, then `*`), as Chord judges its write tool. */
function ownRules(ctx: CallContext, tool: 'write' | 'delete') {
  const rules = ctx.config?.permission;
  if (!rules) return {};
  const judge = (path: string) => denialReason(evaluatePermission(rules, tool, rulePath(ctx.root, path)), tool);
  // Where the path really is (a linked directory on its way) is judged too, as for patches.
  return {
    authorize: (_op: FileOp, path: string, _role: 'source' | 'target', real?: string) =>
      judge(path) ?? (real !== undefined ? judge(real) : undefined),
  };
}

/** `write` and `delete` run as one-operation patches through the same plan and commit; the outcome is labelled with the tool. */
export async function runFileOps(tool: 'write' | 'delete', ops: FileOp[], ctx: CallContext): Promise<Outcome> {
  const outcome = await runOps(ops, { ...runOptions(ctx), ...ownRules(ctx, tool) });
  return { ...outcome, tool };
}

/** What the snapshot sees at one path inside the root (the read tool), or why it may not be read. */
export async function readEntryInRoot(path: string, ctx: CallContext): Promise<{ entry: Entry } | { refused: string }> {
  try {
    return { entry: await readInRoot(path, { cwd: ctx.root, fs: ctx.fs }, true) };
  } catch (e) {
    if (!isChordPatchError(e)) throw e;
    return { refused: e.message };
  }
}

/** Argument names a tool does not take, as a phrase for its refusal; undefined when there are none. */
export function unknownKeys(args: Record<string, unknown>, known: readonly string[]): string | undefined {
  const extra = Object.keys(args).filter((k) => !known.includes(k));
  return extra.length > 0
    ? `unknown argument${extra.length === 1 ? '' : 's'} ${extra.map((k) => JSON.stringify(k)).join(', ')}`
    : undefined;
}
