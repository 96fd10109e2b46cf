// Edit JSON -> EditRequest. Two shapes, one file per call:
//
//   {"path", "old_string", "new_string", "replace_all"?}          single
//   {"path", "edits": [{"old_string", "new_string", "replace_all"?}, ...]}  batch
//
// Validation is strict and field-precise: every problem is collected and named
// by its JSON path (`edits[1].old_string`), so one error report lets the model
// fix the whole call. `file_path` and `filePath` (what Claude Code's Edit tool
// and others send) are accepted for `path`, one of them at a time. Unknown
// fields are errors rather than ignored, because a silently dropped
// `replaceAll: true` would apply a different edit than the one the model asked for.

import { ChordPatchError } from '../errors.js';
import { duplicateKey, duplicateKeyMessage } from './json.js';
import type { EditEntry, EditRequest } from '../types.js';

const SINGLE_FIELDS = ['old_string', 'new_string', 'replace_all'] as const;
/** Names clients send for `path` (Claude Code's Edit tool sends `file_path`): accepted, one at a time. */
const PATH_FIELDS = ['path', 'file_path', 'filePath'] as const;
const TOP_FIELDS = new Set<string>([...PATH_FIELDS, 'edits', ...SINGLE_FIELDS]);
const ENTRY_FIELDS = new Set<string>(SINGLE_FIELDS);

/** Spellings other tools use for our fields: named in the error so the fix is obvious. */
const ALIASES: Record<string, string> = {
  filename: 'path',
  oldString: 'old_string',
  old_str: 'old_string',
  newString: 'new_string',
  new_str: 'new_string',
  replaceAll: 'replace_all',
};

const SHAPES =
  'expected {"path", "old_string", "new_string", "replace_all"?} or {"path", "edits": [{"old_string", "new_string", "replace_all"?}, ...]}';

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return `a ${typeof v}`;
}

function unknownField(where: string, key: string): string {
  const alias = Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
  return alias !== undefined
    ? `${where}${JSON.stringify(key)} is not a field of the edit tool: use "${alias}"`
    : `${where}${JSON.stringify(key)} is not a field of the edit tool`;
}

/**
 * Validate one replacement (the top-level object or an `edits` entry).
 * `prefix` is '' for the single shape and `edits[i].` for batch entries.
 */
function entry(obj: Record<string, unknown>, prefix: string, problems: string[]): EditEntry | undefined {
  const before = problems.length;
  for (const field of ['old_string', 'new_string'] as const) {
    const v = obj[field];
    if (v === undefined) problems.push(`${prefix}${field} is required`);
    else if (typeof v !== 'string') problems.push(`${prefix}${field} must be a string, got ${typeName(v)}`);
  }
  const ra = obj.replace_all;
  // null is accepted as "not given": models that fill every optional schema
  // field send it, and it cannot be mistaken for true.
  if (ra !== undefined && ra !== null && typeof ra !== 'boolean') {
    problems.push(
      `${prefix}replace_all must be true or false, got ${typeName(ra)}${typeof ra === 'string' ? ` ${JSON.stringify(ra)}` : ''}`,
    );
  }
  if (problems.length > before) return undefined;
  const old_string = obj.old_string as string;
  const new_string = obj.new_string as string;
  // An empty old_string matches everywhere; identical strings are judged later
  // (an error for a single edit, a skipped entry in a batch).
  if (old_string === '' && new_string !== '') {
    problems.push(
      `${prefix}old_string must not be empty: it has to name existing text in the file ` +
        '(to create or overwrite a whole file, use write or apply_patch)',
    );
    return undefined;
  }
  return { old_string, new_string, ...(ra === true ? { replace_all: true } : {}) };
}

/** Validate a parsed JSON object as an edit request; throws bad_edit listing every problem. */
export function parseEditRequest(obj: Record<string, unknown>): EditRequest {
  const problems: string[] = [];
  for (const key of Object.keys(obj)) if (!TOP_FIELDS.has(key)) problems.push(unknownField('', key));

  let path: string | undefined;
  const named = PATH_FIELDS.filter((f) => obj[f] !== undefined);
  const field = named[0] ?? 'path';
  const value = obj[field];
  if (named.length > 1) problems.push(`${named.map((f) => `"${f}"`).join(' and ')} both name the file: send only one`);
  else if (value === undefined) problems.push('path is required');
  else if (typeof value !== 'string') problems.push(`${field} must be a string, got ${typeName(value)}`);
  else if (value.trim() === '') problems.push(`${field} must not be empty`);
  else path = value.trim();

  let request: EditRequest | undefined;
  if (obj.edits !== undefined) {
    // Defaults beside `edits` ask for nothing (`"replace_all": false`, empty
    // strings, null: what tool-call serializers fill in), and Chord accepts them.
    const mixed = SINGLE_FIELDS.filter((f) => obj[f] !== undefined && obj[f] !== null && obj[f] !== false && obj[f] !== '');
    if (mixed.length > 0) {
      problems.push(`do not combine "edits" with top-level ${mixed.map((f) => `"${f}"`).join(', ')}: put every replacement inside "edits"`);
    }
    if (!Array.isArray(obj.edits)) {
      problems.push(`edits must be an array of {"old_string", "new_string", "replace_all"?} objects, got ${typeName(obj.edits)}`);
    } else if (obj.edits.length === 0) {
      problems.push('edits must contain at least one entry');
    } else {
      const edits: EditEntry[] = [];
      obj.edits.forEach((e: unknown, i) => {
        const prefix = `edits[${i}].`;
        if (typeof e !== 'object' || e === null || Array.isArray(e)) {
          problems.push(`edits[${i}] must be an object {"old_string", "new_string", "replace_all"?}, got ${typeName(e)}`);
          return;
        }
        const rec = e as Record<string, unknown>;
        for (const key of Object.keys(rec)) if (!ENTRY_FIELDS.has(key)) problems.push(unknownField(prefix, key));
        const parsed = entry(rec, prefix, problems);
        if (parsed) edits.push(parsed);
      });
      if (path !== undefined) request = { mode: 'batch', path, edits };
    }
  } else {
    const parsed = entry(obj, '', problems);
    if (parsed && path !== undefined) request = { mode: 'single', path, edit: parsed };
  }

  if (problems.length > 0 || !request) {
    const list = problems.length > 0 ? problems : ['invalid edit request'];
    throw new ChordPatchError('bad_edit', `invalid edit request: ${list.join('; ')}; ${SHAPES}`);
  }
  return request;
}

/** Parse edit JSON text (the `edit` command's input); throws bad_edit. */
export function parseEditJson(text: string): EditRequest {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') throw new ChordPatchError('bad_edit', `empty input: ${SHAPES}`);
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (e) {
    const hint = trimmed.startsWith('*** ') ? ' (this looks like a patch envelope: use `chord-patch apply`)' : '';
    throw new ChordPatchError('bad_edit', `edit input is not valid JSON: ${(e as Error).message}${hint}; ${SHAPES}`);
  }
  const dup = duplicateKey(text.replace(/^\uFEFF/, ''));
  if (dup) throw new ChordPatchError('bad_edit', `invalid edit request: ${duplicateKeyMessage(dup)}`, dup.line);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ChordPatchError('bad_edit', `edit input must be a JSON object, got ${typeName(value)}; ${SHAPES}`);
  }
  const obj = value as Record<string, unknown>;
  if ('patch' in obj && !('path' in obj)) {
    throw new ChordPatchError('bad_edit', `received {"patch": ...}: that is an apply_patch call, use \`chord-patch apply\`; ${SHAPES}`);
  }
  return parseEditRequest(obj);
}
