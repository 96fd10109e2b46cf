// What kind of input arrived: a raw patch envelope, a JSON function-call
// argument object ({"patch": ...}), or an edit request ({"path", ...}).

import { ChordPatchError } from '../errors.js';
import { duplicateKey, duplicateKeyMessage } from './json.js';
import { isPatchCallInput } from './openai-calls.js';
import { looksSearchReplace, opensSearchBlock } from './search-replace.js';
import { isEditorInput } from './text-editor.js';
import { looksUnified } from './unified.js';

/** `crBreaks`: the text's lines were ended by CR alone and were read with LF instead (crLineBreaks). */
export type DetectedInput =
  | { kind: 'patch'; text: string; crBreaks?: true }
  | { kind: 'unified'; text: string; crBreaks?: true }
  /** `path`: the file a {"path", "diff"} call (Roo's apply_diff, Cline's replace_in_file) names. */
  | { kind: 'search-replace'; text: string; path?: string; crBreaks?: true }
  | { kind: 'openai'; value: unknown }
  | { kind: 'editor'; value: unknown }
  | { kind: 'edit'; json: Record<string, unknown> };

type TextKind = 'patch' | 'unified' | 'search-replace';

/** The formats chord-patch reads, for messages about input it does not recognise. */
export const ACCEPTED_FORMATS =
  'a patch envelope ("*** Begin Patch" ...), a unified diff (git diff, git format-patch, diff -u), ' +
  'SEARCH/REPLACE blocks (<<<<<<< SEARCH ... ======= ... >>>>>>> REPLACE), ' +
  '{"patch": "..."} JSON, an edit object {"path", "old_string", "new_string"}, ' +
  'OpenAI apply_patch_call items or Anthropic text-editor calls';

/**
 * Why text that is no accepted format is not one, when it is a kind people
 * often send: a diff with a terminal's colour codes in it, or a context diff.
 */
export function unreadKind(lines: readonly string[]): string | undefined {
  const head = lines.slice(0, 50);
  if (head.some((l) => l.includes('\u001b['))) {
    return (
      'the input holds terminal colour codes (ESC [ ... m), as `git diff --color` or a pager writes them: ' +
      'send the diff without them (git diff --no-color, or git diff > FILE)'
    );
  }
  if (/^\*\*\* \S/.test(head[0] ?? '') && head.some((l) => l.startsWith('--- ')) && head.some((l) => /^\*{15}$/.test(l))) {
    return 'this is a context diff (diff -c), which chord-patch does not read: make a unified diff (diff -u, or git diff)';
  }
  return undefined;
}

/**
 * Envelope or unified diff? Text starting with an envelope marker (or a
 * heredoc) is an envelope; otherwise a `diff --git` line, or `---`/`+++`
 * names directly followed by a `@@ -` hunk, make it a unified diff. Anything
 * else goes to the envelope parser, whose errors name every accepted format.
 */
export function patchFormat(text: string): TextKind {
  const head = text
    .slice(0, 4096)
    .replace(/^\uFEFF/, '')
    .trimStart();
  const heredoc = (head.startsWith('<<') && !head.startsWith('<<<<<')) || /^cat\s+<</.test(head);
  if (head.startsWith('*** ') || heredoc || head.startsWith('apply_patch')) return 'patch';
  if (looksSearchReplace(text)) return 'search-replace';
  if (!/^(diff |--- |\+\+\+ |@@ )/m.test(text)) return opensSearchBlock(text) ? 'search-replace' : 'patch';
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  if (lines.some((l) => l.trim() === '*** Begin Patch')) return 'patch';
  return looksUnified(lines) ? 'unified' : 'patch';
}

/**
 * A patch with no LF at all but two CRs or more had its lines ended by CR
 * alone (classic Mac OS, or a paste through a tool that turned newlines into
 * CRs): read as one line it would be refused with a message about its first
 * line only, so its CRs are read as line breaks, and the outcome says so
 * (CR_BREAKS_NOTE). Text with any LF in it is left exactly as sent: there a
 * lone CR is a character of the line, or a CRLF ending.
 */
export function crLineBreaks(text: string): string | undefined {
  if (text.includes('\n')) return undefined;
  const first = text.indexOf('\r');
  return first >= 0 && text.indexOf('\r', first + 1) > 0 ? text.replace(/\r/g, '\n') : undefined;
}

export const CR_BREAKS_NOTE =
  'the patch had no LF line breaks, only CRs (old Mac line endings, or newlines turned into CRs on the way): ' +
  'each CR was read as a line break';

const ofText = (sent: string, path?: string): DetectedInput => {
  const lf = crLineBreaks(sent);
  const text = lf ?? sent;
  const kind = patchFormat(text);
  const cr = lf !== undefined ? { crBreaks: true as const } : {};
  return kind === 'search-replace' ? { kind, text, ...(path !== undefined ? { path } : {}), ...cr } : { kind, text, ...cr };
};

export function detectInput(input: string): DetectedInput {
  const trimmed = input.replace(/^\uFEFF/, '').trim();
  if (trimmed.startsWith('[')) return detectList(trimmed, input);
  if (!trimmed.startsWith('{')) return ofText(input);
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (e) {
    throw new ChordPatchError(
      'bad_input',
      `input starts with "{" but is not valid JSON (${(e as Error).message}); send a patch envelope, {"patch": "..."} or an edit object`,
    );
  }
  refuseDuplicateKeys(input);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ChordPatchError('bad_input', 'JSON input must be an object: {"patch": "..."} or {"path", "old_string", "new_string"}');
  }
  const obj = value as Record<string, unknown>;
  if (isPatchCallInput(obj)) return { kind: 'openai', value: obj };
  if (isEditorInput(obj)) return { kind: 'editor', value: obj };
  if ('patch' in obj) {
    if (typeof obj.patch !== 'string') throw new ChordPatchError('bad_input', '"patch" must be a string holding the patch envelope');
    return ofText(obj.patch);
  }
  if (typeof obj.diff === 'string' && typeof obj.path === 'string' && looksSearchReplace(obj.diff)) {
    const extra = Object.keys(obj).filter((k) => k !== 'path' && k !== 'diff');
    if (extra.length > 0)
      throw new ChordPatchError('bad_input', `{"path", "diff"} takes no other field: ${extra.map((k) => JSON.stringify(k)).join(', ')}`);
    return { kind: 'search-replace', text: obj.diff, path: obj.path };
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

/** A JSON list: OpenAI items (or a response's output) or text-editor tool_use blocks. */
function detectList(text: string, input: string): DetectedInput {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new ChordPatchError('bad_input', `input starts with "[" but is not valid JSON (${(e as Error).message})`);
  }
  refuseDuplicateKeys(input);
  if (isPatchCallInput(value)) return { kind: 'openai', value };
  if (isEditorInput(value)) return { kind: 'editor', value };
  throw new ChordPatchError('bad_input', 'a JSON list must hold apply_patch_call items or text-editor tool_use blocks');
}

/**
 * JSON input with a key given twice in one object is refused: JSON.parse would
 * drop the first value unseen. Read in the input as sent (a BOM aside), so the
 * line named is the sender's.
 */
function refuseDuplicateKeys(input: string): void {
  const dup = duplicateKey(input.replace(/^\uFEFF/, ''));
  if (dup) throw new ChordPatchError('bad_input', duplicateKeyMessage(dup), dup.line);
}
