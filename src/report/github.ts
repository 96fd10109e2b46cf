// `--format github`: GitHub Actions workflow commands, so a failing patch
// annotates the pull request where it fails: at the target file's line when
// the failure points at one (the closest match, the first candidate) and at
// the failure's line in the patch file, each naming the other; then the
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

/**
 * Where a failure is annotated: at the target's line when known and, when the
 * patch file and its line are known too, there as well (a pull request that
 * adds the patch shows it in the patch's diff); each annotation names the
 * other place. Else at the patch's line, else at the target file.
 */
function failureCommands(r: PatchResult, f: OpFailure): string {
  const title = `chord-patch: ${f.code}`;
  const target = r.display(f.path);
  const line = f.lines?.[0];
  const inPatch = r.file !== undefined && f.patchLine !== undefined ? { file: r.file, line: f.patchLine } : undefined;
  if (line === undefined) return workflowCommand('error', { ...(inPatch ?? { file: target }), title }, f.message);
  if (!inPatch) return workflowCommand('error', { file: target, line, title }, f.message);
  return (
    workflowCommand('error', { file: target, line, title }, `${f.message} (from ${inPatch.file}, line ${inPatch.line})`) +
    workflowCommand('error', { ...inPatch, title }, `${f.message} (at ${target}, line ${line})`)
  );
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
    for (const f of g.failures) out += failureCommands(r, f);
  }
  return out;
}

/** The `::notice` that closes the report: one line per patch file and the total, as given. */
export function githubNotice(summary: readonly string[]): string {
  return workflowCommand('notice', { title: 'chord-patch' }, summary.join('\n'));
}
