// The terminal view: a coloured unified diff and the A/M/D/R summary on stdout;
// the failure report on stderr.

import { Chalk } from 'chalk';
import type { Outcome } from '../types.js';
import { changeLine, modelMessage } from './message.js';
import { type Paint, plain, unifiedDiff } from './unified.js';

export interface HumanOptions {
  color: boolean;
  quiet: boolean;
}

function painter(color: boolean): Paint {
  if (!color) return plain;
  const c = new Chalk({ level: 1 });
  return { header: (s) => c.bold(s), hunk: (s) => c.cyan(s), add: (s) => c.green(s), remove: (s) => c.red(s) };
}

export function humanReport(o: Outcome, opts: HumanOptions): { out: string; err: string } {
  let out = '';
  if (!opts.quiet) out += o.diffs.map((d) => unifiedDiff(d, painter(opts.color))).join('');
  const ok = o.status === 'applied' || o.status === 'checked';
  if (ok) {
    const verb = o.dryRun ? 'would apply' : 'applied';
    const summary = o.changes.map(changeLine).join('\n');
    const notes = o.notes.map((n) => `note: ${n.message}`).join('\n');
    if (opts.quiet || o.diffs.length === 0) out += summary ? `${summary}\n` : '';
    const e = o.edit;
    const headline =
      o.changes.length === 0
        ? `chord-patch: nothing to change`
        : e
          ? `chord-patch: ${o.dryRun ? 'would edit' : 'edited'} ${e.path}: ${e.replacements} replacement${e.replacements === 1 ? '' : 's'} (${e.bytesBefore} → ${e.bytesAfter} bytes)`
          : `chord-patch: ${verb} ${o.changes.length} change${o.changes.length === 1 ? '' : 's'}`;
    out += `${[headline, notes].filter(Boolean).join('\n')}\n`;
    return { out, err: '' };
  }
  return { out, err: modelMessage(o) };
}
