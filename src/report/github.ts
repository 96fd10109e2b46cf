// `--format github`: GitHub Actions workflow commands, so a failing patch
// annotates the pull request where it fails. One `::error` per failure, at
// the target file's line when the failure points at one (the closest match,
// the first candidate), else at the failure's line in the patch file; then the
// caller's `::notice` summary. Escaping as GitHub's toolkit does it
// (@actions/core, command.ts): data escapes %, CR and LF; property values
// also escape `:` and `,`.

import type { OpFailure, Outcome } from '../types.js';

/** One patch file's outcome, with how to name its paths for GitHub (relative to the workspace). */
export interface PatchResult {
  /** The patch file as given on the command line; undefined for stdin. */
  file?: string;
  outcome: Outcome;
  /** A path as the patch spelled it, as GitHub should see it (relative to where the workflow runs). */
  display(path: string): string;
}

export const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

export const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

type Props = { file?: string; line?: number; title: string };

export function workflowCommand(command: 'error' | 'notice', props: Props, message: string): string {
  const pairs: string[] = [];
  if (props.file !== undefined) pairs.push(`file=${escapeProperty(props.file)}`);
  if (props.line !== undefined) pairs.push(`line=${props.line}`);
  pairs.push(`title=${escapeProperty(props.title)}`);
  return `::${command} ${pairs.join(',')}::${escapeData(message)}\n`;
}

/** Where a failure is annotated: the target's line when known, else the patch's line, else the target file. */
function site(r: PatchResult, f: OpFailure): { file?: string; line?: number } {
  const line = f.lines?.[0];
  if (line !== undefined) return { file: r.display(f.path), line };
  if (r.file !== undefined && f.patchLine !== undefined) return { file: r.file, line: f.patchLine };
  return { file: r.display(f.path) };
}

/** The `::error` commands of one patch file's outcome (none when it applies). */
export function githubErrors(r: PatchResult): string {
  const o = r.outcome;
  let out = '';
  if (o.error) {
    const props: Props = { title: `chord-patch: ${o.error.code}` };
    if (r.file !== undefined) props.file = r.file;
    if (r.file !== undefined && o.error.line !== undefined) props.line = o.error.line;
    out += workflowCommand('error', props, o.error.message);
  }
  for (const g of o.failed) {
    for (const f of g.failures) out += workflowCommand('error', { ...site(r, f), title: `chord-patch: ${f.code}` }, f.message);
  }
  return out;
}

/** The `::notice` that closes the report: one line per patch file and the total, as given. */
export function githubNotice(summary: readonly string[]): string {
  return workflowCommand('notice', { title: 'chord-patch' }, summary.join('\n'));
}
