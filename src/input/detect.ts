// What kind of input arrived: a raw patch envelope, a JSON function-call
// argument object ({"patch": ...}), or an edit request ({"path", ...}).

import { ChordPatchError } from '../errors.js';
import { looksUnified } from './unified.js';

export type DetectedInput =
  | { kind: 'patch'; text: string }
  | { kind: 'unified'; text: string }
  | { kind: 'edit'; json: Record<string, unknown> };

/** The formats chord-patch reads, for messages about input it does not recognise. */
export const ACCEPTED_FORMATS =
  'a patch envelope ("*** Begin Patch" ...), a unified diff (git diff, git format-patch, diff -u), ' +
  '{"patch": "..."} JSON or an edit object {"path", "old_string", "new_string"}';

/**
 * Envelope or unified diff? Text starting with an envelope marker (or a
 * heredoc) is an envelope; otherwise a `diff --git` line, or `---`/`+++`
 * names directly followed by a `@@ -` hunk, make it a unified diff. Anything
 * else goes to the envelope parser, whose errors name every accepted format.
 */
export function patchFormat(text: string): 'patch' | 'unified' {
  const head = text
    .slice(0, 4096)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('*** ') || head.startsWith('<<') || head.startsWith('apply_patch') || /^cat\s+<</.test(head)) return 'patch';
  if (!/^(diff |--- |\+\+\+ |@@ )/m.test(text)) return 'patch';
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  if (lines.some((l) => l.trim() === '*** Begin Patch')) return 'patch';
  return looksUnified(lines) ? 'unified' : 'patch';
}

export function detectInput(input: string): DetectedInput {
  const trimmed = input.replace(/^\uFEFF/, '').trim();
  if (!trimmed.startsWith('{')) return patchFormat(input) === 'unified' ? { kind: 'unified', text: input } : { kind: 'patch', text: input };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (e) {
    throw new ChordPatchError(
      'bad_input',
      `input starts with "{" but is not valid JSON (${(e as Error).message}); send a patch envelope, {"patch": "..."} or an edit object`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ChordPatchError('bad_input', 'JSON input must be an object: {"patch": "..."} or {"path", "old_string", "new_string"}');
  }
  const obj = value as Record<string, unknown>;
  if ('patch' in obj) {
    if (typeof obj.patch !== 'string') throw new ChordPatchError('bad_input', '"patch" must be a string holding the patch envelope');
    return patchFormat(obj.patch) === 'unified' ? { kind: 'unified', text: obj.patch } : { kind: 'patch', text: obj.patch };
  }
  if ('input' in obj && typeof obj.input === 'string') {
    throw new ChordPatchError(
      'freeform_lowered',
      'received {"input": "..."}: a gateway lowered the freeform apply_patch custom tool into a function call; ' +
        'set compat.apply_patch.freeform: false for this provider or model so the tool is sent as a JSON function taking {"patch": "..."}',
    );
  }
  if ('path' in obj || 'file_path' in obj || 'filePath' in obj || 'old_string' in obj || 'edits' in obj) return { kind: 'edit', json: obj };
  throw new ChordPatchError(
    'bad_input',
    `unrecognised JSON object with keys ${
      Object.keys(obj)
        .map((k) => JSON.stringify(k))
        .join(', ') || '(none)'
    }: expected {"patch": "..."} or an edit object with "path"`,
  );
}
