// How a usage error is told: signed with the name the command was run by
// (apply_patch under that name), and, when the command line asked for JSON,
// also as the JSON document that command prints, so a script reading stdout
// gets a document whatever went wrong.

import { rejected } from '../run/pipeline.js';
import { EXIT_USAGE } from '../report/exit.js';
import { jsonDoc } from '../report/json.js';
import { checkDocument } from './check-json.js';
import { validateDocument } from './validate.js';

/** Whether the options (those before `--`) ask for JSON: --json, --format json or --format=json. */
export function wantsJson(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  const options = end < 0 ? args : args.slice(0, end);
  return options.some((a, i) => a === '--json' || a === '--format=json' || (a === '--format' && options[i + 1] === 'json'));
}

/** The JSON document of a usage error, in the shape the command prints (check's, validate's, else apply's or edit's). */
export function usageDocument(args: readonly string[], message: string): string {
  const error = { code: 'usage_error' as const, message };
  const command = args[0];
  if (command === 'check') return `${JSON.stringify(checkDocument([], EXIT_USAGE, error), null, 2)}\n`;
  if (command === 'validate') return validateDocument(false, [], error);
  const dryRun = args.includes('--check') || args.includes('--dry-run');
  const doc = { ...jsonDoc(rejected(command === 'edit' ? 'edit' : 'apply_patch', dryRun, error)), exitCode: EXIT_USAGE };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
