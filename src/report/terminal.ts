// The failure report for a person at a terminal (stderr): one `error:` block
// per failed file group with file:line of the closest match or of every
// candidate, the cause and its hint, then what was committed. The text meant
// for a model ("do not redo", "Rebuild the operations…", "do not resubmit",
// read coordinates) stays with --model, the apply_patch entry, JSON and MCP
// (person.ts words the failures for a person). Everything is read from the failures'
// fields (plan/failure.ts); nothing is parsed out of a message.

import type { FailedGroup, OpFailure, Outcome } from '../types.js';
import { changeLine } from './message.js';
import { carriedLine, forPerson } from './person.js';

export interface Style {
  error(s: string): string;
  location(s: string): string;
  dim(s: string): string;
}

export const PLAIN_STYLE: Style = { error: (s) => s, location: (s) => s, dim: (s) => s };

/** What the `lines` of a failure are, by its cause. */
function linesLabel(f: OpFailure): string {
  if (f.code === 'hunk_ambiguous' || f.code === 'old_string_ambiguous') return f.lines!.length === 1 ? 'candidate' : 'candidates';
  if (f.code === 'already_applied' || f.code === 'partly_applied') return 'already there';
  if (f.code === 'edits_overlap') return 'overlap';
  return 'closest match';
}

/** `path:line` for each file line the failure points at (at most 10, then how many more). */
function locations(f: OpFailure, style: Style): string | undefined {
  if (f.lines === undefined || f.lines.length === 0) return undefined;
  const shown = f.lines.slice(0, 10).map((l) => style.location(`${f.path}:${l}`));
  const more = f.lines.length > 10 ? ` and ${f.lines.length - 10} more` : '';
  return `  --> ${shown.join(', ')}${more} (${linesLabel(f)})`;
}

/** Where in the input the failure comes from: the hunk and patch line, or the edit entry. */
function origin(f: OpFailure): string | undefined {
  const parts: string[] = [];
  if (f.hunk !== undefined) parts.push(`hunk ${f.hunk}`);
  if (f.patchLine !== undefined) parts.push(`patch line ${f.patchLine}`);
  if (f.entry !== undefined) parts.push(`edits[${f.entry}]`);
  return parts.length > 0 ? `  = from ${parts.join(', ')}` : undefined;
}

function groupBlock(g: FailedGroup, style: Style): string[] {
  const out: string[] = [];
  for (const f of g.failures) {
    // The message already names its location (path, or edits[i]); a single edit's bare cause gets the path.
    const message = forPerson(f.message);
    const text = f.entry !== undefined && g.edit === 'single' ? `${f.path}: ${message}` : message;
    out.push(`${style.error('error:')} ${text}`);
    const where = locations(f, style);
    if (where) out.push(where);
    const from = origin(f);
    if (from) out.push(style.dim(from));
  }
  const carried = g.operations.filter((o) => o.status === 'carried');
  if (carried.length > 0) {
    out.push(style.dim(carriedLine(carried.map((o) => o.label))));
  }
  return out;
}

/** The closing lines: what is on disk now. */
function committed(o: Outcome): string[] {
  if (o.disk) {
    const leftovers = o.disk.leftovers.map((p) => `  leftover (safe to delete): ${p}`);
    if (o.disk.newContent.length === 0) return ['no file was changed', ...leftovers];
    return [
      'the commit failed and could not be undone; on disk now:',
      ...o.disk.newContent.map((p) => `  new content: ${p}`),
      ...o.disk.restored.map((p) => `  restored: ${p}`),
      ...leftovers,
    ];
  }
  if (o.status === 'partial') {
    const head = o.dryRun ? 'would commit (the rest would be left as it is):' : 'committed (the rest was left as it was):';
    return [head, ...o.changes.map((c) => `  ${changeLine(c)}`)];
  }
  return [o.dryRun ? 'nothing would be applied' : 'nothing was written'];
}

/** The terminal's failure report for an outcome that did not (fully) apply. */
export function terminalFailureReport(o: Outcome, style: Style): string {
  const lines: string[] = [];
  if (o.error) lines.push(`${style.error('error:')} ${forPerson(o.error.message)}`);
  for (const g of o.failed) lines.push(...groupBlock(g, style));
  lines.push(...committed(o));
  for (const n of o.notes) lines.push(`note: ${n.message}`);
  return `${lines.join('\n')}\n`;
}
