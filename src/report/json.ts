// The --json document: one object, stable field names (documented in docs/reports.md).

import type { Outcome } from '../types.js';
import { modelMessage } from './message.js';
import { unifiedDiff } from './unified.js';

/** The document as an object (`check` over several files prints an array of them). */
export function jsonDoc(o: Outcome) {
  return {
    status: o.status,
    dryRun: o.dryRun,
    tool: o.tool,
    changes: o.changes,
    failed: o.failed,
    ...(o.error ? { error: o.error } : {}),
    ...(o.edit ? { edit: o.edit } : {}),
    ...(o.disk ? { disk: o.disk } : {}),
    notes: o.notes,
    message: modelMessage(o),
    diff: o.diffs.map((d) => unifiedDiff(d)).join(''),
    ...(o.answer !== undefined ? { answer: o.answer } : {}),
  };
}

export function jsonReport(o: Outcome): string {
  return `${JSON.stringify(jsonDoc(o), null, 2)}\n`;
}
