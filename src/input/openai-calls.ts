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
// `*** End of File`), read by the envelope parser itself, with OpenAI's
// applier's rules where they differ from Codex's: stacked `@@` lines must all
// be in the file, the file's final line ending stays as it was, and `move_to`
// renames the file. delete_file: no diff. A diff may not carry envelope
// markers of its own: a line such as `*** Delete File: x` inside it would
// reach past the operation it came with.

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

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

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

export const bad = (message: string): never => {
  throw new ChordPatchError('bad_input', message);
};

function operationOf(op: unknown): FileOp {
  if (!isObject(op)) return bad('"operation" must be an object {"type", "path", "diff"}');
  const { type, path, diff } = op;
  checkPath('operation.path', path);
  let moveTo = op.move_to ?? undefined;
  if (moveTo !== undefined) {
    if (type !== 'update_file') return bad(`operation.move_to renames the file of an update_file, not of a ${String(type)}`);
    checkPath('operation.move_to', moveTo);
    // The same path: nothing to move.
    if (moveTo === path) moveTo = undefined;
  }
  if (type === 'delete_file') return { kind: 'delete', path, patchLine: 0 };
  if (type !== 'create_file' && type !== 'update_file')
    return bad(`operation.type must be create_file, update_file or delete_file, not ${JSON.stringify(type)}`);
  if (typeof diff !== 'string') return bad(`operation.diff must be a string for ${type}`);
  return type === 'create_file' ? createOp(path, diff) : updateOp(path, diff, moveTo);
}

/** A path the call names: one non-empty line, and `/` between directories (a backslash reads two ways). */
function checkPath(field: string, path: unknown): asserts path is string {
  if (typeof path !== 'string' || path.trim() === '') bad(`${field} must be a non-empty string`);
  const text = path as string;
  if (/[\r\n]/.test(text)) bad(`${field} must be one line`);
  if (text.includes('\\'))
    bad(
      `${field} ${JSON.stringify(text)} holds a backslash, which may be a directory separator or part of a file name: ` +
        `write ${JSON.stringify(text.replace(/\\/g, '/'))} for the directories`,
    );
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

/** update_file: the diff as the hunks of one envelope section for `path` (moved to `moveTo`). */
function updateOp(path: string, diff: string, moveTo: string | undefined): FileOp {
  const lines = diff.split(/\r?\n/);
  const marker = lines.findIndex((l) => l.startsWith('*** ') && l.trim() !== '*** End of File');
  if (marker >= 0)
    bad(
      `update_file diff line ${marker + 1} is an envelope marker (${JSON.stringify(lines[marker]!.slice(0, 40))}): a diff holds hunks only`,
    );
  const empty = lines.every((l) => l.trim() === '');
  if (empty && moveTo === undefined) bad('update_file diff is empty');
  if (empty) return { kind: 'update', path, moveTo: moveTo!, hunks: [], patchLine: 1, keepFinalEol: true };
  // The envelope's own lines before the diff: its line numbers are the diff's plus this.
  const head = moveTo === undefined ? 2 : 3;
  const envelope = [
    '*** Begin Patch',
    `*** Update File: ${path}`,
    ...(moveTo === undefined ? [] : [`*** Move to: ${moveTo}`]),
    diff.replace(/\r?\n$/, ''),
    '*** End Patch',
    '',
  ].join('\n');
  const names = { path, ...(moveTo === undefined ? {} : { moveTo }) };
  const parsed = parseDiff(envelope, head, lines.length, names);
  const op = parsed.ops[0];
  if (parsed.ops.length !== 1 || op?.kind !== 'update' || op.path !== path.trim())
    return bad('update_file diff does not read as the hunks of one file');
  const hunks = op.hunks.map((h) => ({
    ...h,
    patchLine: h.patchLine - head,
    ...(stackedAt(lines, h.patchLine - head) ? { anchorsRequired: true } : {}),
    ...(h.header === undefined && !h.endOfFile && !h.lines.some((l) => l.op !== '+') ? { needsAnchor: true } : {}),
  }));
  // A CRLF diff's lines say which ending new lines take where the file shows none (the SDK keeps them too).
  const crlf = diff.includes('\r\n') && !/(^|[^\r])\n/.test(diff);
  return { ...op, patchLine: 1, hunks, keepFinalEol: true, ...(crlf ? { eol: '\r\n' } : {}) };
}

/** Does the hunk starting at diff line `at` (1-based) open with two or more `@@` lines? */
const stackedAt = (lines: readonly string[], at: number): boolean =>
  lines[at - 1]?.startsWith('@@') === true && lines[at]?.startsWith('@@') === true;

/** The envelope parsed, its errors told in the diff's own line numbers and the call's own fields. */
function parseDiff(envelope: string, head: number, diffLines: number, names: { path: string; moveTo?: string }) {
  try {
    return parsePatch(envelope);
  } catch (e) {
    if (!(e instanceof ChordPatchError) || e.line === undefined) throw e;
    let rest = e.message.replace(/^line \d+: /, '');
    rest = rest.replace(`"*** Update File: ${names.path}"`, `operation.path ${JSON.stringify(names.path)}`);
    if (names.moveTo !== undefined)
      rest = rest.replace(`"*** Move to: ${names.moveTo}"`, `operation.move_to ${JSON.stringify(names.moveTo)}`);
    const line = e.line - head;
    if (line >= 1 && line <= diffLines) throw new ChordPatchError(e.code, `update_file diff line ${line}: ${rest}`, line);
    throw new ChordPatchError(e.code, `update_file: ${rest}`);
  }
}
