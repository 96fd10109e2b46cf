// The formats that arrive as calls or blocks (SEARCH/REPLACE text, OpenAI
// apply_patch_call items, Anthropic text-editor calls): each parsed into the
// operations or edit requests the other formats make, and run through the
// same runners (runOps, runEdit). Only what a call asks to be answered with
// (a view, the call outputs) is built here.

import { ChordPatchError } from '../errors.js';
import { type EditorCall, parseEditorCalls } from '../input/text-editor.js';
import { parsePatchCalls } from '../input/openai-calls.js';
import { reverseOps } from '../input/reverse.js';
import { parseSearchReplace } from '../input/search-replace.js';
import { writeOp } from '../input/whole-file.js';
import { modelMessage } from '../report/message.js';
import { numberedLines } from '../report/numbered.js';
import { decodeLines, prepareDecoding } from '../text/decode.js';
import type { LineTable } from '../text/table.js';
import type { Hunk, Outcome } from '../types.js';
import { errorOutcome, patchJob, readInRoot, type RunOptions, rejected, runInput, runOps } from './pipeline.js';
import { runEdit } from './run-edit.js';

const ok = (o: Outcome) => o.status === 'applied' || o.status === 'checked';

/** Every file_exists failure says `message` instead: the words of the format the call came in. */
function restate(o: Outcome, message: string): Outcome {
  if (!o.failed.some((g) => g.failures.some((f) => f.code === 'file_exists'))) return o;
  const failed = o.failed.map((g) => ({ ...g, failures: g.failures.map((f) => (f.code === 'file_exists' ? { ...f, message } : f)) }));
  return { ...o, failed };
}

/** SEARCH/REPLACE blocks (`path`: the file a {"path", "diff"} call names). */
export async function runSearchReplaceText(text: string, options: RunOptions, path?: string): Promise<Outcome> {
  const outcome = await runInput('apply_patch', options, () => {
    const ops = parseSearchReplace(text, path);
    return patchJob(options.reverse ? reverseOps(ops) : ops, options, [], false);
  });
  return restate(
    outcome,
    'an empty SEARCH creates a file, and this file exists: nothing was appended; SEARCH for the lines the new text goes next to',
  );
}

/** Several calls' outcomes as one: every change, failure and note, in call order. */
export function mergeOutcomes(outcomes: readonly Outcome[], answer?: string): Outcome {
  const one = outcomes.length === 1 ? outcomes[0]! : undefined;
  if (one) return answer !== undefined ? { ...one, answer } : one;
  const done = outcomes.filter(ok).length;
  const changed = outcomes.some((o) => o.changes.length > 0);
  const first = outcomes[0];
  const status: Outcome['status'] =
    done === outcomes.length ? (first?.dryRun ? 'checked' : 'applied') : changed || done > 0 ? 'partial' : 'rejected';
  const allErrors = outcomes.every((o) => o.error);
  return {
    status,
    dryRun: !!first?.dryRun,
    tool: 'apply_patch',
    changes: outcomes.flatMap((o) => o.changes),
    diffs: outcomes.flatMap((o) => o.diffs),
    failed: outcomes.flatMap((o) => o.failed),
    notes: outcomes.flatMap((o) => o.notes),
    ...(allErrors && first?.error ? { error: first.error } : {}),
    ...(answer !== undefined ? { answer } : {}),
  };
}

/** OpenAI apply_patch_call items, one run each in order; the answer is their apply_patch_call_output items. */
export async function runPatchCalls(value: unknown, options: RunOptions): Promise<Outcome> {
  let calls: ReturnType<typeof parsePatchCalls>;
  try {
    calls = parsePatchCalls(value);
  } catch (e) {
    return errorOutcome(e, 'apply_patch', !!options.check);
  }
  const outcomes: Outcome[] = [];
  const items: { type: 'apply_patch_call_output'; call_id: string; status: 'completed' | 'failed'; output: string }[] = [];
  for (const call of calls) {
    const o = call.ops
      ? await runOps(options.reverse ? reverseOps(call.ops) : call.ops, options)
      : rejected('apply_patch', !!options.check, { code: 'bad_input', message: call.error ?? 'unreadable call' });
    outcomes.push(o);
    items.push({ type: 'apply_patch_call_output', call_id: call.call_id, status: ok(o) ? 'completed' : 'failed', output: modelMessage(o) });
  }
  return mergeOutcomes(outcomes, `${JSON.stringify(items, null, 2)}\n`);
}

/** The decoded lines of a file inside the root, or the refusal as an outcome. */
async function readLines(path: string, options: RunOptions, tool: Outcome['tool']): Promise<LineTable | Outcome> {
  try {
    const entry = await readInRoot(path, options);
    if (entry.kind !== 'file')
      throw new ChordPatchError('bad_input', `${path}: ${entry.kind === 'missing' ? 'no such file' : 'not a regular file'}`);
    await prepareDecoding([entry.bytes], options);
    const d = decodeLines(entry.bytes, options);
    if (!d.ok) throw new ChordPatchError('bad_input', `${path}: ${d.message}`);
    return d.table;
  } catch (e) {
    return errorOutcome(e, tool, !!options.check);
  }
}

/** `view`: the file or a range, numbered; nothing is written. */
async function view(call: Extract<EditorCall, { command: 'view' }>, options: RunOptions): Promise<Outcome> {
  const table = await readLines(call.path, options, 'edit');
  if (!('textAt' in table)) return table;
  const [first, last] = call.range ?? [1, -1];
  const to = last === -1 ? table.length : Math.min(last, table.length);
  if (first > Math.max(table.length, 1)) {
    return errorOutcome(
      new ChordPatchError('bad_input', `view_range starts at line ${first}, past the end of ${call.path} (${table.length} lines)`),
      'edit',
      !!options.check,
    );
  }
  const shown = numberedLines(table, first - 1, to);
  return {
    status: options.check ? 'checked' : 'applied',
    dryRun: !!options.check,
    tool: 'edit',
    changes: [],
    diffs: [],
    failed: [],
    notes: [],
    answer: `${shown}\n`,
  };
}

/** `insert`: after line N (0: the top), as a hunk whose context is the lines around N, hinted at N. */
async function insert(call: Extract<EditorCall, { command: 'insert' }>, options: RunOptions): Promise<Outcome> {
  const table = await readLines(call.path, options, 'apply_patch');
  if (!('textAt' in table)) return table;
  const n = call.after;
  if (n > table.length) {
    return errorOutcome(
      new ChordPatchError('bad_input', `insert_line ${n} is past the end of ${call.path} (${table.length} lines); nothing was written`),
      'apply_patch',
      !!options.check,
    );
  }
  const added = call.text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n');
  const from = Math.max(0, n - 3);
  const to = Math.min(table.length, n + 3);
  const context = (a: number, b: number) => Array.from({ length: b - a }, (_, k) => ({ op: ' ' as const, text: table.textAt(a + k) }));
  const hunk: Hunk = {
    lines: [...context(from, n), ...added.map((text) => ({ op: '+' as const, text })), ...context(n, to)],
    endOfFile: false,
    patchLine: 0,
    ...(to > from ? { hintLine: from + 1 } : {}),
  };
  // Only the inserted lines change: a file without a final line ending keeps it that way.
  return runOps([{ kind: 'update', path: call.path, hunks: [hunk], patchLine: 0, keepFinalEol: true }], options);
}

async function runEditorCall(call: EditorCall, options: RunOptions): Promise<Outcome> {
  if (call.command === 'view') return view(call, options);
  if (call.command === 'insert') return insert(call, options);
  if (call.command === 'str_replace')
    return runEdit({ mode: 'single', path: call.path, edit: { old_string: call.old, new_string: call.new } }, options);
  return restate(
    await runOps([writeOp(call.path, call.text, call.overwrite)], options),
    'create refuses a file that exists: use str_replace to change it, or pass "overwrite": true to replace all of it',
  );
}

/** Anthropic text-editor calls, one run each in order; views are the answer. */
export async function runEditorCalls(value: unknown, options: RunOptions): Promise<Outcome> {
  let calls: EditorCall[];
  try {
    calls = parseEditorCalls(value);
  } catch (e) {
    return errorOutcome(e, 'edit', !!options.check);
  }
  const outcomes: Outcome[] = [];
  for (const call of calls) outcomes.push(await runEditorCall(call, options));
  const views = outcomes.map((o) => o.answer).filter((a) => a !== undefined);
  return mergeOutcomes(outcomes, views.length > 0 ? views.join('') : undefined);
}
