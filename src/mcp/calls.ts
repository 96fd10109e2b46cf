// One MCP tool call -> one CallToolResult. The text is what the CLI's
// --model output says; structuredContent is the --json document. Every
// failure, bad arguments included, is an isError result the model can read,
// never a protocol error.

import { jsonDoc } from '../report/json.js';
import { modelMessage } from '../report/message.js';
import type { Outcome } from '../types.js';
import { type CallContext, runEditCall, runFileOps, runPatchCall, unknownKeys } from './engine.js';
import { readTool } from './read.js';
import { writeOp } from '../input/whole-file.js';
import { rejected } from '../run/pipeline.js';

export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent: Record<string, unknown>;
  isError: boolean;
}

export function outcomeResult(o: Outcome): ToolResult {
  const text = o.answer ?? modelMessage(o);
  const doc = jsonDoc(o) as unknown as Record<string, unknown>;
  const isError = o.status !== 'applied' && o.status !== 'checked';
  const size = Buffer.byteLength(text) + Buffer.byteLength(JSON.stringify(doc));
  if (size <= ANSWER_BYTES) return { content: [{ type: 'text', text }], structuredContent: doc, isError };
  return { ...withinLimit(o, text, doc, size), isError };
}

/**
 * The most an answer holds. MCP clients close the connection on a message
 * past 10 MiB (the official SDK's limit), and a client that never hears the
 * answer cannot know its change is on disk: a long answer is cut instead.
 */
const ANSWER_BYTES = 4 * 1024 * 1024;
/** How many of each list a cut answer keeps: groups and changes, and the failures and operations of each group. */
const KEPT = 50;
const KEPT_EACH = 20;

/**
 * A report too long for one answer: the status, the changes and the first of
 * the failures stay; the diff goes, and the text is cut at its head, saying so.
 */
function withinLimit(o: Outcome, text: string, doc: Record<string, unknown>, size: number) {
  const cut = `this answer was cut: the whole report is ${size} bytes, more than an MCP answer may carry`;
  const failed = o.failed
    .slice(0, KEPT)
    .map((g) => ({ ...g, failures: g.failures.slice(0, KEPT_EACH), operations: g.operations.slice(0, KEPT_EACH) }));
  const head = text.slice(0, ANSWER_BYTES / 8);
  const structuredContent = {
    ...doc,
    changes: o.changes.slice(0, 20 * KEPT),
    failed,
    notes: [...o.notes.slice(0, KEPT), { code: 'info', message: `${cut} (the diff left out, long lists shortened)` }],
    message: head,
    diff: '',
    ...(o.answer !== undefined ? { answer: head } : {}),
  };
  return {
    content: [{ type: 'text' as const, text: `${head}\n… ${cut}; its status and the first of its files are above.` }],
    structuredContent,
  };
}

/** Arguments the tool cannot take: the same shape of report as any other refusal. */
function badArguments(tool: Outcome['tool'], message: string, code: 'bad_input' | 'internal_error' = 'bad_input'): ToolResult {
  return outcomeResult(rejected(tool, false, { code, message }));
}

function writeCall(args: Record<string, unknown>, ctx: CallContext): Promise<ToolResult> | ToolResult {
  const extra = unknownKeys(args, ['path', 'content']);
  if (extra) return badArguments('write', `${extra}: write takes {"path", "content"}`);
  if (typeof args.path !== 'string' || args.path.trim() === '') return badArguments('write', 'path must be a non-empty string');
  if (typeof args.content !== 'string') return badArguments('write', 'content must be a string (the whole new file)');
  return runFileOps('write', [writeOp(args.path, args.content)], ctx).then(outcomeResult);
}

function deleteCall(args: Record<string, unknown>, ctx: CallContext): Promise<ToolResult> | ToolResult {
  const extra = unknownKeys(args, ['path']);
  if (extra) return badArguments('delete', `${extra}: delete takes {"path"}`);
  if (typeof args.path !== 'string' || args.path.trim() === '') return badArguments('delete', 'path must be a non-empty string');
  return runFileOps('delete', [{ kind: 'delete', path: args.path, patchLine: 0 }], ctx).then(outcomeResult);
}

/** Run tool `name`; anything thrown becomes an isError result too (the report says it was internal). */
export async function callTool(name: string, raw: unknown, ctx: CallContext): Promise<ToolResult> {
  const args = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
  const tool = name === 'edit' || name === 'write' || name === 'delete' ? name : 'apply_patch';
  if (!args) return badArguments(tool, 'the arguments must be a JSON object');
  try {
    if (name === 'apply_patch') return outcomeResult(await runPatchCall(args, ctx));
    if (name === 'edit') return outcomeResult(await runEditCall(args, ctx));
    if (name === 'write') return await writeCall(args, ctx);
    if (name === 'delete') return await deleteCall(args, ctx);
    const r = await readTool(args, ctx);
    return { content: [{ type: 'text', text: r.text }], structuredContent: r.report, isError: !r.ok };
  } catch (e) {
    return badArguments(tool, `internal error: ${(e as Error)?.message ?? String(e)}`, 'internal_error');
  }
}
