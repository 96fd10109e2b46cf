// The terminal view: a coloured unified diff and the A/M/D/R summary on stdout;
// the failure report for people (report/terminal.ts) on stderr.

import type { Outcome } from '../types.js';
import { changeLine } from './message.js';
import { diffStat, diffSummary, numStat } from './stat.js';
import { type Colors, NO_COLORS } from './colors.js';
import { terminalFailureReport } from './terminal.js';
import { unifiedDiff } from './unified.js';
import { placementLines } from './verbose.js';

export interface HumanOptions {
  /** The colours of stdout (the diff, the diffstat) and stderr (the failure report); default: none. */
  colors?: Colors;
  quiet: boolean;
  /** A diffstat instead of the diff. */
  stat?: boolean;
  /** Added and removed line counts per file, tab-separated (git apply --numstat). */
  numstat?: boolean;
  /** Created, deleted, renamed and mode-changed files (git apply --summary). */
  summary?: boolean;
  /** Print only the listings above when the patch would apply (no headline). */
  listingOnly?: boolean;
  /** Where each hunk matched, on stderr. */
  verbose?: boolean;
}

export function humanReport(full: Outcome, opts: HumanOptions): { out: string; err: string } {
  // The repeated-failure note is advice for the model (spec: "The note does not
  // appear in the UI"); the person at the terminal sees the failure itself.
  const o: Outcome = { ...full, notes: full.notes.filter((n) => n.code !== 'repeated_failure') };
  const { paint, style } = opts.colors ?? NO_COLORS;
  let out = '';
  const verbose = opts.verbose && o.placements ? placementLines(o.placements) : '';
  const listed = opts.stat || opts.numstat || opts.summary;
  if (opts.numstat) out += numStat(o.diffs);
  if (opts.stat) out += diffStat(o.diffs, paint);
  if (opts.summary) out += diffSummary(o.diffs);
  if (!listed && !opts.quiet) out += o.diffs.map((d) => unifiedDiff(d, paint)).join('');
  const ok = o.status === 'applied' || o.status === 'checked';
  if (ok && opts.listingOnly) return { out, err: verbose };
  if (ok) {
    const verb = o.dryRun ? 'would apply' : 'applied';
    const summary = o.changes.map(changeLine).join('\n');
    const notes = o.notes.map((n) => `note: ${n.message}`).join('\n');
    if (opts.quiet || o.diffs.length === 0) out += summary ? `${summary}\n` : '';
    // A link's diff is one line of mode 120000: the summary line says plainly what it became.
    else
      out += o.changes
        .filter((c) => c.link !== undefined)
        .map((c) => `${changeLine(c)}\n`)
        .join('');
    const e = o.edit;
    const headline =
      o.changes.length === 0
        ? `chord-patch: nothing to change`
        : e
          ? `chord-patch: ${o.dryRun ? 'would edit' : 'edited'} ${e.path}: ` +
            `${e.replacements} replacement${e.replacements === 1 ? '' : 's'} (${e.bytesBefore} → ${e.bytesAfter} bytes)`
          : `chord-patch: ${verb} ${o.changes.length} change${o.changes.length === 1 ? '' : 's'}`;
    out += `${[headline, notes].filter(Boolean).join('\n')}\n`;
    return { out, err: verbose };
  }
  return { out, err: verbose + terminalFailureReport(o, style) };
}
