// `--fuzz N` for unified diffs (GNU patch's fuzz factor): a hunk that does
// not match is tried again with up to N of its leading and trailing context
// lines left out, fewest first. Only whole context lines at a hunk's two ends
// are left out; removed lines and the context between changes must still
// match, near the lines the hunk states. Every hunk that needed fuzz is
// reported with the fuzz used and where it landed. Never used for envelopes
// or model replies (--extract): only for diffs, and only when asked.

import type { FileOp, Hunk, Note, Outcome } from '../types.js';
import { type RunOptions, runOps } from './pipeline.js';

/** `ops` with fuzz applied to the hunks that need it, and a note for each; unchanged when nothing needs it. */
export async function withFuzz(ops: readonly FileOp[], options: RunOptions): Promise<{ ops: FileOp[]; notes: Note[] }> {
  const max = options.fuzz ?? 0;
  const current = [...ops];
  const used = new Map<string, number>();
  const key = (op: number, hunk: number) => `${op}:${hunk}`;
  let trial: Outcome | undefined;
  const total = ops.reduce((n, op) => n + (op.kind === 'update' ? op.hunks.length : 0), 0);
  for (let round = 0; max > 0 && round <= total * max; round++) {
    trial = await runOps(current, { ...options, check: true, allOrNothing: false, diffs: false }, [], true);
    if (trial.error) break;
    let changed = false;
    for (const f of firstMisses(trial)) {
      const op = ops[f.op]!;
      if (op.kind !== 'update') continue;
      const h = f.hunk - 1;
      const fuzz = (used.get(key(f.op, h)) ?? 0) + 1;
      const trimmed = trimContext(op.hunks[h]!, fuzz);
      if (fuzz > max || !trimmed) continue;
      used.set(key(f.op, h), fuzz);
      const cur = current[f.op] as FileOp & { kind: 'update' };
      current[f.op] = { ...cur, hunks: cur.hunks.map((x, k) => (k === h ? trimmed : x)) };
      changed = true;
    }
    if (!changed) break;
  }
  if (used.size === 0) return { ops: current, notes: [] };
  const placed = await runOps(current, { ...options, check: true, allOrNothing: false, diffs: false }, [], true);
  const notes: Note[] = [...used].map(([k, fuzz]) => {
    const [op, h] = k.split(':').map(Number) as [number, number];
    const at = placed.placements?.find((p) => p.op === op && p.hunk === h + 1);
    const where = at ? `applied at line ${at.line}` : 'still does not apply';
    return {
      code: 'tolerance',
      message:
        `${ops[op]!.path}: hunk ${h + 1} ${where} with fuzz ${fuzz} ` +
        `(${fuzz} context line${fuzz === 1 ? '' : 's'} at each end not compared)`,
    };
  });
  return { ops: current, notes };
}

/** Per operation, its first hunk found nowhere. */
function firstMisses(o: Outcome): { op: number; hunk: number }[] {
  const byOp = new Map<number, number>();
  for (const g of o.failed)
    for (const f of g.failures) if (f.code === 'hunk_not_found' && f.hunk !== undefined && !byOp.has(f.op)) byOp.set(f.op, f.hunk);
  return [...byOp].map(([op, hunk]) => ({ op, hunk }));
}

/** The hunk without up to `n` context lines at each end; undefined when it has none there to leave out. */
function trimContext(h: Hunk, n: number): Hunk | undefined {
  let lead = 0;
  while (lead < n && h.lines[lead]?.op === ' ') lead++;
  let tail = 0;
  while (tail < n && h.lines.length - 1 - tail > lead && h.lines[h.lines.length - 1 - tail]?.op === ' ') tail++;
  if (lead < n && tail < n) return undefined;
  const lines = h.lines.slice(lead, h.lines.length - tail);
  if (!lines.some((l) => l.op !== ' ')) return undefined;
  // An insertion left with no line of the file to stand by would be placed on the stated line alone, or appended: a guess.
  if (!lines.some((l) => l.op !== '+')) return undefined;
  return { ...h, lines, ...(h.hintLine !== undefined ? { hintLine: h.hintLine + lead } : {}), endOfFile: tail === 0 && h.endOfFile };
}
