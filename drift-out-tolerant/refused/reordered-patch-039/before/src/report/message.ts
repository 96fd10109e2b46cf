// The model-facing text of an outcome: what an agent feeds back to the model.
// It names what is already on disk (never to be redone), each group that was
// not applied with its cause, and what to do next. It never echoes the patch.

import type { ChangeSummary, FailedGroup, Outcome } from '../types.js';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function changeLine(c: ChangeSummary): string {
  if (c.kind === 'add') return `A ${c.path}`;
  if (c.kind === 'delete') return `D ${c.path}`;
  if (c.kind === 'move') return `R ${c.path} -> ${c.to}`;
  return `M ${c.path}`;
}

function groupLines(g: FailedGroup): string[] {
  const reasons = [...new Set(g.failures.map((f) => f.message))].sort();
  const out = reasons.map((r) => `- ${r}`);
  const carried = g.operations.filter((o) => o.status === 'carried');
  if (carried.length > 0) {
    out.push(
      `  carried along (matched in memory, not written; resubmit with the fix): ${carried.map((o) => o.label).join('; ')}`,
    );
  }
  return out;
}

export function modelMessage(o: Outcome): string {
  const lines: string[] = [];
  const failedPaths = o.failed.map((g) => g.paths.join(', '));
  const notApplied = () => {
    lines.push('Not applied:');
    for (const g of o.failed) lines.push(...groupLines(g));
  };
  const rebuild =
    'Rebuild the operations listed under "Not applied" from the current file contents (read the target range fresh) and submit only those; do not retry them unchanged.';

  if (o.error) {
    lines.push(`${o.tool} failed: ${o.error.message}`);
    if (o.failed.length > 0) notApplied();
    lines.push('Nothing was written.');
  } else if (o.status === 'applied' || o.status === 'checked') {
    lines.push(o.dryRun ? 'Check passed. The patch would update the following files:' : 'Success. Updated the following files:');
    lines.push(...o.changes.map(changeLine));
  } else if (o.status === 'partial') {
    const verb = o.dryRun ? 'would partially apply' : 'partially applied';
    lines.push(
      `${o.tool} ${verb}: ${plural(o.changes.length, 'change', 'changes')} ${o.dryRun ? 'committable' : 'committed'}, ${plural(o.failed.length, 'file group', 'file groups')} not applied: ${failedPaths.join('; ')}`,
    );
    lines.push(o.dryRun ? 'Would apply:' : 'Applied patch (already on disk; do not redo):');
    lines.push(...o.changes.map(changeLine));
    notApplied();
    lines.push(rebuild);
  } else {
    lines.push(`${o.tool} failed: ${plural(o.failed.length, 'file group', 'file groups')} not applied: ${failedPaths.join('; ')}`);
    notApplied();
    lines.push(`Nothing was written. ${rebuild}`);
  }
  if (o.notes.length > 0) {
    lines.push('Notes:');
    for (const n of o.notes) lines.push(`- ${n.message}`);
  }
  return `${lines.join('\n')}\n`;
}
