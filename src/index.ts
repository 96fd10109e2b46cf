// The public library API. The CLI is built on exactly these functions.
//
//   import { apply, check, parse } from 'chord-patch';
//   const outcome = await apply(patchText, { cwd: '/repo' });
//   if (outcome.status !== 'applied') console.error(modelMessage(outcome));

import { detectInput } from './input/detect.js';
import { parsePatch } from './input/envelope.js';
import { errorOutcome, type RunOptions, runPatchText } from './core/pipeline.js';
import type { Outcome, ParsedPatch } from './types.js';
import { ChordPatchError } from './errors.js';

export type { RunOptions } from './core/pipeline.js';
export type * from './types.js';
export { ChordPatchError, isChordPatchError, type ErrorCode } from './errors.js';
export { modelMessage } from './report/message.js';
export { jsonReport } from './report/json.js';
export { unifiedDiff } from './report/unified.js';
export { nodeFs } from './core/node-fs.js';

/**
 * Apply model output: a patch envelope, {"patch": "..."} JSON, or an edit
 * request. Resolves to an Outcome; never throws for bad input.
 */
export async function apply(input: string, options: RunOptions = {}): Promise<Outcome> {
  let detected;
  try {
    detected = detectInput(input);
  } catch (e) {
    return errorOutcome(e, 'apply_patch', !!options.check);
  }
  if (detected.kind === 'patch') return runPatchText(detected.text, options);
  return errorOutcome(new ChordPatchError('bad_edit', 'edit requests are not supported by this build'), 'edit', !!options.check);
}

/** Plan everything and write nothing: would this input apply cleanly? */
export async function check(input: string, options: RunOptions = {}): Promise<Outcome> {
  return apply(input, { ...options, check: true });
}

/** Parse a patch envelope; throws ChordPatchError (with `.line`) when malformed. */
export function parse(text: string): ParsedPatch {
  return parsePatch(text);
}
