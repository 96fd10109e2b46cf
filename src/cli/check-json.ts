// `check --json`: one document whatever the number of patch files (stdin
// counts as one), so a script reads the same fields for one file or fifty.
// The shape is versioned; a field that changes meaning gets a new version.

import { jsonDoc } from '../report/json.js';
import type { Outcome } from '../types.js';
import type { CheckResult } from './report.js';

/** The version of the `check --json` document (docs/reports.md). */
export const CHECK_SCHEMA_VERSION = 1;

/**
 * `{schemaVersion, exitCode, files: [...]}`: one entry per patch file, the
 * apply document with its `file`, or `{file, unreadable}`; `error` only for a
 * usage error, when no file was checked.
 */
export function checkDocument(results: readonly CheckResult[], exitCode: number, error?: Outcome['error']) {
  return {
    schemaVersion: CHECK_SCHEMA_VERSION,
    exitCode,
    files: results.map((r) => ('outcome' in r ? { file: r.name, ...jsonDoc(r.outcome) } : { file: r.name, unreadable: r.unreadable })),
    ...(error ? { error } : {}),
  };
}
