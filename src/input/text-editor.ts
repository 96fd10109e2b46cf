// Anthropic text-editor tool calls (str_replace_based_edit_tool, and the
// older str_replace_editor) -> what chord-patch runs for each.
//
//   {"command": "str_replace", "path", "old_str", "new_str"}   an edit: old_str must occur once
//   {"command": "create", "path", "file_text"}                 a new file; an existing one is
//                                                               refused unless "overwrite": true
//   {"command": "insert", "path", "insert_line", "new_str"}    after line N (0: at the top);
//                                                               "insert_text" is accepted too
//   {"command": "view", "path", "view_range": [a, b]}          the file or lines a..b numbered
//                                                               (b = -1: to the end)
//
// Also as the model sends them: a tool_use block {"type": "tool_use",
// "name", "input": {...}}, or a list of such blocks (run in order). Unknown
// fields are refused, as for edit JSON: a field dropped in silence would run
// a different call than the model asked for.

import { bad, isObject } from './openai-calls.js';

export const TEXT_EDITOR_TOOLS = new Set(['str_replace_based_edit_tool', 'str_replace_editor']);
const COMMANDS = new Set(['view', 'create', 'str_replace', 'insert']);

export type EditorCall =
  | { command: 'view'; path: string; range?: [number, number] }
  | { command: 'create'; path: string; text: string; overwrite: boolean }
  | { command: 'str_replace'; path: string; old: string; new: string }
  | { command: 'insert'; path: string; after: number; text: string };

/** A tool_use block of the text editor, or its bare input object. */
function inputOf(v: unknown): Record<string, unknown> | undefined {
  if (!isObject(v)) return undefined;
  if (v.type === 'tool_use' && typeof v.name === 'string' && TEXT_EDITOR_TOOLS.has(v.name) && isObject(v.input)) return v.input;
  return typeof v.command === 'string' && COMMANDS.has(v.command) && typeof v.path === 'string' ? v : undefined;
}

/** Is this JSON value a text-editor call (or a list of tool_use blocks holding one)? */
export function isEditorInput(value: unknown): boolean {
  return Array.isArray(value) ? value.some((v) => inputOf(v) !== undefined) : inputOf(value) !== undefined;
}

const FIELDS: Record<string, readonly string[]> = {
  view: ['command', 'path', 'view_range'],
  create: ['command', 'path', 'file_text', 'overwrite'],
  str_replace: ['command', 'path', 'old_str', 'new_str'],
  insert: ['command', 'path', 'insert_line', 'new_str', 'insert_text'],
};

function str(input: Record<string, unknown>, key: string, fallback?: string): string {
  const v = input[key];
  if (v === undefined && fallback !== undefined) return fallback;
  return typeof v === 'string' ? v : bad(`${input.command}: "${key}" must be a string`);
}

/** One call's input -> the call, every field checked. */
export function parseEditorCall(input: Record<string, unknown>): EditorCall {
  const command = input.command as string;
  if (command === 'undo_edit')
    bad('text editor command "undo_edit" is not supported: chord-patch keeps no edit history (restore the text with str_replace)');
  if (!COMMANDS.has(command)) bad(`text editor command ${JSON.stringify(command)} is not supported (view, create, str_replace, insert)`);
  const extra = Object.keys(input).filter((k) => !FIELDS[command]!.includes(k));
  if (extra.length > 0) bad(`${command}: ${extra.map((k) => JSON.stringify(k)).join(', ')} is not a field of this command`);
  const path = str(input, 'path');
  if (path.trim() === '') bad(`${command}: "path" is empty`);
  if (command === 'view') {
    const r = input.view_range;
    if (r === undefined || r === null) return { command, path };
    const ok = Array.isArray(r) && r.length === 2 && r.every((n) => Number.isInteger(n)) && r[0] >= 1 && (r[1] === -1 || r[1] >= r[0]);
    if (!ok) bad('view: "view_range" must be [first, last] with 1 <= first <= last, or last = -1 for the end');
    return { command, path, range: r as [number, number] };
  }
  if (command === 'create') {
    const overwrite = input.overwrite ?? false;
    if (typeof overwrite !== 'boolean') bad('create: "overwrite" must be true or false');
    return { command, path, text: str(input, 'file_text'), overwrite: overwrite as boolean };
  }
  if (command === 'str_replace') {
    const old = str(input, 'old_str');
    // An empty old_str occurs everywhere (Anthropic's tool: "multiple occurrences").
    if (old === '') bad('str_replace: "old_str" is empty: it must be text the file holds exactly once (to add lines, use insert)');
    return { command, path, old, new: str(input, 'new_str', '') };
  }
  const after = input.insert_line;
  if (!Number.isInteger(after) || (after as number) < 0) bad('insert: "insert_line" must be a whole number, 0 for the top of the file');
  if (input.new_str !== undefined && input.insert_text !== undefined) bad('insert: give "new_str" or "insert_text", not both');
  return { command: 'insert', path, after: after as number, text: str(input, input.insert_text !== undefined ? 'insert_text' : 'new_str') };
}

/**
 * The calls of a JSON value: one call or tool_use block, or a list of them.
 * Blocks of other kinds (text, other tools) are skipped; a bare object with
 * a "command" is a call, and one that cannot be run (undo_edit, a misspelt
 * command) refuses the list rather than being dropped from it.
 */
export function parseEditorCalls(value: unknown): EditorCall[] {
  const items = Array.isArray(value) ? value : [value];
  const bareCall = (v: unknown): v is Record<string, unknown> => isObject(v) && v.type === undefined && 'command' in v;
  const inputs = items.map((v) => (bareCall(v) ? v : inputOf(v))).filter((i): i is Record<string, unknown> => i !== undefined);
  if (inputs.length === 0) bad('no text-editor call: expected {"command", "path", ...} or a tool_use block of str_replace_based_edit_tool');
  return inputs.map(parseEditorCall);
}
