// OpenAI Responses `apply_patch_call` items -> file operations, one call at
// a time. Accepted: one item, a list of items, or a whole response (its
// `output` array); items of other types (messages, reasoning) are skipped.
//
//   {"type": "apply_patch_call", "call_id": "call_1",
//    "operation": {"type": "update_file", "path": "a.py", "diff": "@@ def f():\n-  x\n+  y\n"}}
//
// create_file: every diff line starts with `+`; the lines joined are the
// file (a CRLF diff makes a CRLF file). update_file: the diff is the V4A
// hunks of one envelope section (stacked `@@` anchors, context, `-`, `+`,
// `*** End of File`), read by the envelope parser itself. delete_file: no
// diff. A diff may not carry envelope markers of its own: a line such as
// `*** Delete File: x` inside it would reach past the operation it came with.

import { ChordPatchError } from '../errors.js';
import type { FileOp } from '../types.js';
import { parsePatch } from './envelope.js';
import { writeOp } from './whole-file.js';

export interface PatchCall {
  call_id: string;
  /** The operation, or why the call cannot be read (answered with status failed). */
  ops?: FileOp[];
  error?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Is this JSON value one apply_patch_call item, a list holding one, or a response whose output holds one? */
export function isPatchCallInput(value: unknown): boolean {
  const items = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.output) ? value.output : [value];
  return items.some((i) => isObject(i) && i.type === 'apply_patch_call');
}

/** The calls of the input, in order. Throws only when there is no apply_patch_call item at all. */
export function parsePatchCalls(value: unknown): PatchCall[] {
  const items = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.output) ? value.output : [value];
  const calls = items.filter((i): i is Record<string, unknown> => isObject(i) && i.type === 'apply_patch_call');
  if (calls.length === 0) {
    throw new ChordPatchError(
      'bad_input',
      'no apply_patch_call item: expected {"type": "apply_patch_call", "call_id", "operation"}, a list of them, or a response',
    );
  }
  return calls.map((item, k) => {
    const call_id = typeof item.call_id === 'string' ? item.call_id : `call_${k}`;
    try {
      return { call_id, ops: [operationOf(item.operation)] };
    } catch (e) {
      if (!(e instanceof ChordPatchError)) throw e;
      return { call_id, error: e.message };
    }
  });
}

const bad = (message: string): never => {
  throw new ChordPatchError('bad_input', message);
};

function operationOf(op: unknown): FileOp {
  if (!isObject(op)) return bad('"operation" must be an object {"type", "path", "diff"}');
  const { type, path, diff } = op;
  if (typeof path !== 'string' || path.trim() === '') return bad('operation.path must be a non-empty string');
  if (/[\r\n]/.test(path)) return bad('operation.path must be one line');
  if (type === 'delete_file') return { kind: 'delete', path, patchLine: 0 };
  if (type !== 'create_file' && type !== 'update_file')
    return bad(`operation.type must be create_file, update_file or delete_file, not ${JSON.stringify(type)}`);
  if (typeof diff !== 'string') return bad(`operation.diff must be a string for ${type}`);
  return type === 'create_file' ? createOp(path, diff) : updateOp(path, diff);
}

/** create_file: `+` lines joined; a final newline of the diff ends the file, as does a missing one (like an Add File). */
function createOp(path: string, diff: string): FileOp {
  const eol = diff.includes('\r\n') ? '\r\n' : '\n';
  const lines = diff.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  const bare = lines.findIndex((l) => !l.startsWith('+'));
  if (bare >= 0) bad(`create_file diff line ${bare + 1} does not start with "+": every line of a new file does`);
  const text = lines.map((l) => l.slice(1)).join(eol);
  return writeOp(path, text.endsWith(eol) || text === '' ? text : `${text}${eol}`, false);
}

/** update_file: the diff as the hunks of one envelope section for `path`. */
function updateOp(path: string, diff: string): FileOp {
  const lines = diff.split(/\r?\n/);
  const marker = lines.findIndex((l) => l.startsWith('*** ') && l.trim() !== '*** End of File');
  if (marker >= 0)
    bad(
      `update_file diff line ${marker + 1} is an envelope marker (${JSON.stringify(lines[marker]!.slice(0, 40))}): a diff holds hunks only`,
    );
  if (lines.every((l) => l.trim() === '')) bad('update_file diff is empty');
  const parsed = parsePatch(`*** Begin Patch\n*** Update File: ${path}\n${diff.replace(/\r?\n$/, '')}\n*** End Patch\n`);
  const op = parsed.ops[0];
  if (parsed.ops.length !== 1 || op?.kind !== 'update' || op.path !== path.trim())
    return bad('update_file diff does not read as the hunks of one file');
  // Line numbers of the diff itself, not of the envelope built around it.
  return { ...op, patchLine: 1, hunks: op.hunks.map((h) => ({ ...h, patchLine: h.patchLine - 2 })) };
}
