// The model-facing text of an outcome: what an agent feeds back to the model.
// It names what is already on disk (never to be redone), each group that was
// not applied with its cause, and what to do next. It never echoes the patch.

import type { ChangeKind, ChangeSummary, FailedGroup, Outcome } from '../types.js';
import { plural } from '../text/quote.js';

/** The letter of each kind of change, as git's name-status writes it. */
export const CHANGE_LETTER = { add: 'A', update: 'M', delete: 'D', move: 'R', copy: 'C' } as const satisfies Record<ChangeKind, string>;

export function changeLine(c: ChangeSummary): string {
  if (c.link !== undefined) return `${c.kind === 'add' ? 'A' : c.kind === 'delete' ? 'D' : 'M'} symlink ${c.path} -> ${c.link}`;
  return `${CHANGE_LETTER[c.kind]} ${c.path}${c.to !== undefined ? ` -> ${c.to}` : ''}`;
}

/** A group whose only failures say it was applied before: nothing to fix, nothing to resend. */
const alreadyApplied = (g: FailedGroup): boolean => g.failures.every((f) => f.code === 'already_applied');

function groupLines(g: FailedGroup): string[] {
  const reasons = [...new Set(g.failures.map((f) => f.message))].sort();
  const out = reasons.map((r) => `- ${r}`);
  const carried = g.operations.filter((o) => o.status === 'carried');
  if (carried.length > 0) {
    const labels = carried.map((o) => o.label).join('; ');
    out.push(
      alreadyApplied(g)
        ? `  not written because they share the file with what is already applied (resubmit only these): ${labels}`
        : `  carried along (matched in memory, not written; resubmit with the fix): ${labels}`,
    );
  }
  return out;
}

export function modelMessage(o: Outcome): string {
  if (o.tool === 'edit') return editMessage(o);
  const lines: string[] = [];
  const failedPaths = o.failed.map((g) => g.paths.join(', '));
  const notApplied = () => {
    lines.push('Not applied:');
    for (const g of o.failed) lines.push(...groupLines(g));
  };
  // Rebuilding cannot fix a path the configuration denies; say so instead.
  const onlyDenied = o.failed.length > 0 && o.failed.every((g) => g.failures.every((f) => f.code === 'permission_denied'));
  // A re-sent patch: nothing to rebuild, and resending it again changes nothing.
  const applied = o.failed.filter(alreadyApplied);
  const rebuild = onlyDenied
    ? 'The permission configuration denies these paths: do not retry them; ask the user to change the rules if the edit is needed.'
    : applied.length === o.failed.length && applied.length > 0
      ? o.changes.length > 0
        ? 'What was not applied is already in the files: do not resubmit it.'
        : o.reversed
          ? 'The patch is not applied: there is nothing to undo.'
          : 'The patch is already applied: do not resubmit it.'
      : 'Rebuild the operations listed under "Not applied" from the current file contents (read the target range fresh) ' +
        `and submit only those; do not retry them unchanged.${applied.length > 0 ? ' Do not resubmit those marked already applied.' : ''}`;

  if (o.error) {
    lines.push(`${o.tool} failed: ${o.error.message}`);
    if (o.failed.length > 0) notApplied();
    lines.push(...afterError(o));
  } else if ((o.status === 'applied' || o.status === 'checked') && o.changes.length === 0) {
    lines.push(`${o.dryRun ? 'Check passed' : 'Success'}. No file ${o.dryRun ? 'would change' : 'changed'}.`);
  } else if (o.status === 'applied' || o.status === 'checked') {
    lines.push(o.dryRun ? 'Check passed. The patch would update the following files:' : 'Success. Updated the following files:');
    lines.push(...o.changes.map(changeLine));
  } else if (o.status === 'partial') {
    const verb = o.dryRun ? 'would partially apply' : 'partially applied';
    lines.push(
      `${o.tool} ${verb}: ${plural(o.changes.length, 'change', 'changes')} ${o.dryRun ? 'committable' : 'committed'}, ` +
        `${plural(o.failed.length, 'file group', 'file groups')} not applied: ${failedPaths.join('; ')}`,
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

/**
 * The closing lines of an envelope-wide error: "Nothing was written." unless
 * a failed rollback left files changed, which are then listed one by one.
 */
function afterError(o: Outcome): string[] {
  if (!o.disk) return ['Nothing was written.'];
  const list = (xs: string[]) => xs.map((x) => `  ${x}`);
  const left =
    o.disk.leftovers.length > 0
      ? ['Leftover temporary files and directories of chord-patch (safe to delete):', ...list(o.disk.leftovers)]
      : [];
  if (o.disk.newContent.length === 0) return ['No file was changed.', ...left];
  return [
    'On disk now (read these files before doing anything else):',
    'Files holding the NEW content:',
    ...list(o.disk.newContent),
    ...(o.disk.restored.length > 0 ? ['Files restored to their previous content:', ...list(o.disk.restored)] : []),
    ...left,
  ];
}

const bytes = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'byte' : 'bytes'}`;

/**
 * The edit tool's result text. Uses the spec's wording verbatim in failures
 * ("old_string not found in file", "old_string found N times", "old_string and
 * new_string are identical"); a batch failure lists every failing entry at
 * once, because the whole batch must be resent.
 */
function editMessage(o: Outcome): string {
  const lines: string[] = [];
  const group = o.failed[0];
  if (o.error) {
    lines.push(`edit failed: ${o.error.message}`, ...afterError(o));
  } else if (group) {
    const path = group.paths[0] ?? '';
    // Entry failures name their entry; a failure of the file itself has none.
    const entryFailures = group.failures.filter((f) => f.entry !== undefined);
    if (group.edit === 'batch' && entryFailures.length > 0) {
      const failing = new Set(group.failures.map((f) => f.op)).size;
      lines.push(
        `edit failed for ${path}: ${plural(failing, 'entry', 'entries')} of ${group.operations.length} cannot be applied, ` +
          'so the whole batch was rejected and nothing was written:',
      );
      for (const f of group.failures) lines.push(`- ${f.message}`);
      const applied = group.failures.filter((f) => f.code === 'already_applied').length;
      if (applied === group.failures.length && failing === group.operations.length) {
        lines.push('Every entry is already applied: the batch was applied before; no change made; do not resubmit.');
      } else {
        lines.push(
          'Fix every entry listed and resend the complete batch ' +
            `(all entries, not only the failing ones${applied > 0 ? ', leaving out those already applied' : ''}).`,
        );
      }
    } else {
      // A single edit's entry failure is the bare cause; the headline names the file.
      for (const f of group.failures) lines.push(`edit failed${f.entry === undefined ? '' : ` for ${path}`}: ${f.message}`);
      lines.push('Nothing was written.');
    }
  } else if (o.edit && o.changes.length === 0) {
    const why = o.notes.find((n) => n.code === 'no_changes');
    lines.push(`No changes to ${o.edit.path}${why ? ` (${why.message})` : ''}; nothing was written.`);
  } else if (o.edit) {
    const e = o.edit;
    const size = `(${bytes(e.bytesBefore)} → ${bytes(e.bytesAfter)})`;
    const made = `${plural(e.replacements, 'replacement', 'replacements')}${o.dryRun ? '' : ' made'} ${size}`;
    lines.push(
      o.dryRun ? `Check passed. The edit would change ${e.path}: ${made}; nothing was written.` : `Success. Edited ${e.path}: ${made}.`,
    );
  } else {
    lines.push(o.dryRun ? 'Check passed.' : 'Success.', ...o.changes.map(changeLine));
  }
  // The no-change reason is already the headline.
  const notes = o.notes.filter((n) => n.code !== 'no_changes');
  if (notes.length > 0) {
    lines.push('Notes:');
    for (const n of notes) lines.push(`- ${n.message}`);
  }
  return `${lines.join('\n')}\n`;
}
