// The public library API. The CLI is built on these functions.
//
//   import { apply, check, parse } from 'chord-patch';
//   const outcome = await apply(patchText, { cwd: '/repo' });
//   if (outcome.status !== 'applied') console.error(modelMessage(outcome));

import { decodeInputBytes } from './input/bytes.js';
import { CR_BREAKS_NOTE, crLineBreaks, type DetectedInput, detectInput } from './input/detect.js';
import { parsePatch } from './input/envelope.js';
import { errorOutcome, type RunOptions, runPatchText } from './run/pipeline.js';
import type { EditRequest, Outcome, ParsedPatch } from './types.js';
import { runUnifiedText } from './run/run-diff.js';
import { runExtracted } from './run/run-extract.js';
import { runEditorCalls, runPatchCalls, runSearchReplaceText } from './run/run-calls.js';
import { runEdit, runEditObject, runEditText } from './run/run-edit.js';
import { nodeFs as realFs } from './platform/node-fs.js';
import { explainMissing } from './run/missing-hints.js';
import { nothingRecovered, type RecoverOptions, type RecoverResult, recoverRoot } from './commit/recover.js';
import { checkEditRequest, checkInput, checkOptions } from './run/options.js';
import { resolve } from 'node:path';

// The public API is exactly what docs/library.md documents;
// tests and scripts that need internals import them from their modules
// (test/e2e/package-exports.test.ts holds this list to that page).
export type { RunOptions } from './run/pipeline.js';
export type * from './types.js';
export { ChordPatchError, isChordPatchError, type ErrorCode } from './errors.js';
export { modelMessage } from './report/message.js';
export { jsonReport } from './report/json.js';
export { nodeFs } from './platform/node-fs.js';

/**
 * Apply model output: a patch envelope, {"patch": "..."} JSON, or an edit
 * request. Resolves to an Outcome; never throws for bad input. Bytes (as read
 * from a pipe or file) must be UTF-8, or UTF-16 with a byte-order mark: a byte
 * that is not valid text is refused with its line (`bad_input`), never turned
 * into U+FFFD and written.
 */
export async function apply(input: string | Uint8Array, options: RunOptions = {}): Promise<Outcome> {
  let detected: DetectedInput;
  try {
    checkOptions(options);
    checkInput(input, 'apply');
    const text = typeof input === 'string' ? input : decodeInputBytes(input);
    if (options.extract) {
      const lf = crLineBreaks(text);
      return withCrNote(lf !== undefined, await explained(await runExtracted(lf ?? text, options), options));
    }
    detected = detectInput(text);
  } catch (e) {
    return errorOutcome(e, 'apply_patch', options?.check === true);
  }
  return withCrNote('crBreaks' in detected && detected.crBreaks === true, await runDetected(detected, options));
}

/** The outcome of input whose CRs were read as line breaks (input/detect.ts crLineBreaks) says so first. */
const withCrNote = (converted: boolean, o: Outcome): Outcome =>
  converted ? { ...o, notes: [{ code: 'repair', message: CR_BREAKS_NOTE }, ...o.notes] } : o;

async function runDetected(detected: DetectedInput, options: RunOptions): Promise<Outcome> {
  // git apply --allow-empty: input without any patch in it applies nothing, successfully.
  if (options.allowEmpty && detected.kind === 'patch' && !/^\s*\*\*\* /m.test(detected.text)) return runUnifiedText(detected.text, options);
  if (detected.kind === 'patch') return explained(await runPatchText(detected.text, options), options);
  if (detected.kind === 'unified') return runUnifiedText(detected.text, options);
  if (detected.kind === 'search-replace') return explained(await runSearchReplaceText(detected.text, options, detected.path), options);
  if (detected.kind === 'openai') return runPatchCalls(detected.value, options);
  if (detected.kind === 'editor') return explained(await runEditorCalls(detected.value, options), options);
  return explained(await runEditObject(detected.json, options), options);
}

/** A missing target's report says where it looked, and where the file is when it exists elsewhere (run/missing-hints.ts). */
function explained(outcome: Outcome, options: RunOptions): Promise<Outcome> {
  return explainMissing(outcome, { fs: options.fs ?? realFs, root: resolve(options.cwd ?? process.cwd()) });
}

/**
 * Run the edit tool: an EditRequest, or edit JSON text
 * ({"path", "old_string", "new_string", "replace_all"?} or {"path", "edits": [...]}).
 * Patch input is refused. Resolves to an Outcome; never throws for bad input.
 */
export async function edit(input: string | Uint8Array | EditRequest, options: RunOptions = {}): Promise<Outcome> {
  try {
    checkOptions(options);
    if (input === null || typeof input !== 'object') checkInput(input, 'edit');
    else if (!(input instanceof Uint8Array)) checkEditRequest(input);
    if (input instanceof Uint8Array) input = decodeInputBytes(input);
  } catch (e) {
    return errorOutcome(e, 'edit', options?.check === true);
  }
  return explained(await (typeof input === 'string' ? runEditText(input, options) : runEdit(input, options)), options);
}

/** Plan everything and write nothing: would this input apply cleanly? */
export async function check(input: string | Uint8Array, options: RunOptions = {}): Promise<Outcome> {
  // Not spread into a new object before apply has checked it: a non-object must be refused, not silently dropped.
  if (options === null || typeof options !== 'object') return apply(input, options);
  return apply(input, { ...options, check: true });
}

/**
 * Roll back commits in `cwd` that were interrupted (killed, crashed) halfway,
 * and remove their temporary files. Every apply/edit in that directory does
 * this first as well; this does only that.
 */
export async function recover(options: RecoverOptions = {}): Promise<RecoverResult> {
  try {
    checkOptions(options);
  } catch (e) {
    return { ...nothingRecovered(), ok: false, message: (e as Error).message };
  }
  return recoverRoot(resolve(options.cwd ?? process.cwd()), options.fs ?? realFs, options);
}
export type { RecoverOptions, RecoverResult } from './commit/recover.js';

/** Parse a patch envelope; throws ChordPatchError (with `.line`) when malformed. */
export function parse(text: string): ParsedPatch {
  return parsePatch(text);
}
