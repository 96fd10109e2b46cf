// `validate [FILES...]`: patch text against the apply_patch grammar, exactly;
// exit 0 when every input conforms, 1 otherwise.

import { decodeInputBytes } from '../input/bytes.js';
import { formatValidation, validateInput } from '../input/validate.js';
import { errorOf } from '../run/pipeline.js';
import { readInput } from './input.js';
import { writeFd } from '../startup/no-stdio-streams.js';

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
  if (flags.json) {
    const docs = results.map((r) => ('error' in r ? { file: r.name, conforms: false, error: r.error } : { file: r.name, ...r.result }));
    writeFd(1, `${JSON.stringify(docs.length === 1 ? docs[0] : docs, null, 2)}\n`);
  } else {
    for (const r of results) writeFd(1, 'error' in r ? `${r.name}: ${r.error.message}\n` : formatValidation(r.result, r.name));
  }
  return results.every((r) => 'result' in r && r.result.conforms) ? 0 : 1;
}
