// How the CLI prints outcomes in the formats of --format (text, json, github,
// junit), for one patch file or for `check` over several. Pure: each function
// returns what goes to stdout and stderr, and emit.ts or check.ts writes it.

import { OptionError } from './choices.js';
import { EXIT_OK, EXIT_PARTIAL, EXIT_REJECTED, EXIT_USAGE, exitCodeFor } from '../report/exit.js';
import { githubErrors, githubNotice, type PatchResult, workflowCommand } from '../report/github.js';
import { jsonDoc } from '../report/json.js';
import { junitReport } from '../report/junit.js';
import { PLAIN_STYLE, type Style, terminalFailureReport } from '../report/terminal.js';
import type { Outcome } from '../types.js';
import { plural } from '../text/quote.js';
import type { ApplyFlags } from './options.js';
import { checkDocument } from './check-json.js';

export const FORMATS = ['text', 'json', 'github', 'junit', 'openai'] as const;
export type Format = (typeof FORMATS)[number];

/**
 * Whether what the command prints holds the diff of the changes: the text
 * report does (unless --model, or --quiet without --stat), and so does the
 * JSON document; github annotations, JUnit XML and the one-line-per-file
 * text of `check` over several files (`several`) do not. When nothing prints
 * a diff, the library is asked not to build one (RunOptions.diffs).
 */
export function printsDiffs(flags: ApplyFlags, several = false): boolean {
  const format = formatOf(flags);
  if (format === 'json') return true;
  if (format !== 'text' || several || flags.model) return false;
  return !flags.quiet || !!flags.stat || !!flags.numstat || !!flags.summary;
}

/** --format NAME (--json is --format json); anything else is a usage error. */
export function formatOf(flags: { format?: string; json?: boolean }): Format {
  const f = flags.format;
  if (f === undefined) return flags.json ? 'json' : 'text';
  if (!(FORMATS as readonly string[]).includes(f))
    throw new OptionError(`--format expects ${FORMATS.join(', ')}, got ${JSON.stringify(f)}`);
  if (flags.json && f !== 'json') throw new OptionError(`--json is --format json; it cannot be combined with --format ${f}`);
  return f as Format;
}

export interface Printed {
  out: string;
  err: string;
  code: number;
}

/** One patch file's result; `outcome` is absent when the file could not be read (`unreadable` says why). */
export type CheckResult = Omit<PatchResult, 'outcome'> & { name: string } & ({ outcome: Outcome } | { unreadable: string });

/** The one-line summary of a patch file's result. */
export function summaryLine(r: CheckResult): string {
  if (!('outcome' in r)) return `${r.name}: cannot be read: ${r.unreadable}`;
  const o = r.outcome;
  const paths = o.failed.map((g) => g.paths.join(', ')).join('; ');
  const failed = `${paths} ${o.dryRun ? 'would fail' : 'failed'}`;
  if (o.error) return `${r.name}: ${o.dryRun ? 'would not apply' : 'not applied'}: ${o.error.code}: ${o.error.message}`;
  if (o.status === 'applied' || o.status === 'checked') {
    const changes = o.changes.length === 0 ? 'nothing to change' : plural(o.changes.length, 'change');
    return `${r.name}: ${o.dryRun ? 'would apply' : 'applied'}: ${changes}`;
  }
  if (o.status === 'partial')
    return `${r.name}: ${o.dryRun ? 'would partly apply' : 'partly applied'}: ${plural(o.changes.length, 'change')}; ${failed}`;
  return `${r.name}: ${o.dryRun ? 'would not apply' : 'not applied'}: ${failed}`;
}

/**
 * The exit code of several patch files: the worst of theirs, in the order
 * 64 (a file could not be read) > 1 (nothing of a file would apply) > 2 (a
 * file would apply in part) > 0.
 */
export function worstExit(results: readonly CheckResult[]): number {
  const codes = results.map((r) => ('outcome' in r ? exitCodeFor(r.outcome) : EXIT_USAGE));
  for (const code of [EXIT_USAGE, EXIT_REJECTED, EXIT_PARTIAL]) if (codes.includes(code)) return code;
  return EXIT_OK;
}

function totalLine(results: readonly CheckResult[]): string {
  const count = (codes: number[]) => results.filter((r) => codes.includes('outcome' in r ? exitCodeFor(r.outcome) : EXIT_USAGE)).length;
  const parts = [
    `${count([EXIT_OK])} would apply`,
    `${count([EXIT_PARTIAL])} would partly apply`,
    `${count([EXIT_REJECTED])} would not apply`,
    ...(count([EXIT_USAGE]) > 0 ? [`${count([EXIT_USAGE])} could not be read`] : []),
  ];
  return `total: ${plural(results.length, 'patch file')}: ${parts.join(', ')}`;
}

/** --format github / junit / json for one or more patch files (text for one file is report/human.ts's). */
export function printFormatted(format: Exclude<Format, 'text'>, results: readonly CheckResult[], many: boolean): Printed {
  const code = worstExit(results);
  const read = results.filter((r): r is CheckResult & { outcome: Outcome } => 'outcome' in r);
  const unreadable = results.filter((r) => !('outcome' in r)).map((r) => `chord-patch: ${summaryLine(r)}\n`);
  if (format === 'json') {
    const first = results[0]!;
    const doc = many
      ? checkDocument(results, code)
      : 'outcome' in first
        ? jsonDoc(first.outcome)
        : { file: first.name, unreadable: first.unreadable };
    return { out: `${JSON.stringify(doc, null, 2)}\n`, err: '', code };
  }
  if (format === 'openai') {
    // The call outputs; input that held no call gets an empty list and its error on stderr.
    const o = read[0]?.outcome;
    const err = unreadable.join('') + (o && o.answer === undefined && o.error ? `chord-patch: ${o.error.message}\n` : '');
    return { out: o?.answer ?? '[]\n', err, code };
  }
  if (format === 'junit')
    return { out: junitReport(read.map((r) => ({ name: r.name, outcome: r.outcome }))), err: unreadable.join(''), code };
  let out = '';
  for (const r of results) {
    if ('outcome' in r) out += githubErrors(r);
    else out += workflowCommand('error', { title: 'chord-patch: cannot read' }, `${r.name}: ${r.unreadable}`);
  }
  const summary = results.map(summaryLine);
  if (many) summary.push(totalLine(results));
  return { out: out + githubNotice(summary), err: '', code };
}

/** `check` over several patch files as text: a summary line per file and the total on stdout, each failure report on stderr. */
export function printCheckText(results: readonly CheckResult[], opts: { quiet: boolean; style?: Style }): Printed {
  let out = '';
  let err = '';
  for (const r of results) {
    out += `${summaryLine(r)}\n`;
    if (opts.quiet || !('outcome' in r) || exitCodeFor(r.outcome) === EXIT_OK) continue;
    const report = terminalFailureReport(r.outcome, opts.style ?? PLAIN_STYLE);
    err += `${r.name}:\n${report.replace(/^(?=.)/gm, '  ')}`;
  }
  out += `${totalLine(results)}\n`;
  return { out, err, code: worstExit(results) };
}
