// The --json document: one object, stable field names (documented in README).

import type { Outcome } from '../types.js';
import { modelMessage } from './message.js';
import { unifiedDiff } from './unified.js';

export function jsonReport(o: Outcome): string {
  const doc = {
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
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
