// `validate [FILES...]`: patch text against the apply_patch grammar, exactly;
// exit 0 when every input conforms, 1 otherwise. `--json` prints one
// versioned document whatever the number of files, as `check --json` does.

import { decodeInputBytes } from '../input/bytes.js';
import { formatValidation, validateInput } from '../input/validate.js';
import { errorOf } from '../run/pipeline.js';
import { readInput } from './input.js';
import { writeFd } from './write.js';

/** The version of the `validate --json` document (docs/reports.md). */
export const VALIDATE_SCHEMA_VERSION = 1;

/** `{schemaVersion, conforms, files: [...]}`; `error` only for a usage error, when no file was checked. */
export function validateDocument(conforms: boolean, files: readonly object[], error?: { code: string; message: string }): string {
  return `${JSON.stringify({ schemaVersion: VALIDATE_SCHEMA_VERSION, conforms, files, ...(error ? { error } : {}) }, null, 2)}\n`;
}

type Checked =
  | { name: string; result: ReturnType<typeof validateInput> }
  | { name: string; error: { code: string; message: string; line?: number } };

export async function runValidate(files: string[], flags: { json?: boolean }): Promise<number> {
  const inputs = files.length > 0 ? files : ['-'];
  const results = inputs.map((f): Checked => {
    const name = f === '-' ? '<stdin>' : f;
    try {
      return { name, result: validateInput(decodeInputBytes(readInput(f))) };
    } catch (e) {
      // Bytes that are not valid text conform to no grammar; say where they are, as a run's input stage does.
      return { name, error: errorOf(e) };
    }
  });
  const conforms = results.every((r) => 'result' in r && r.result.conforms);
  if (flags.json) {
    const files = results.map((r) => ('error' in r ? { file: r.name, conforms: false, error: r.error } : { file: r.name, ...r.result }));
    writeFd(1, validateDocument(conforms, files));
  } else {
    for (const r of results) writeFd(1, 'error' in r ? `${r.name}: ${r.error.message}\n` : formatValidation(r.result, r.name));
  }
  return conforms ? 0 : 1;
}
