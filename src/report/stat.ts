// `--stat`: the changed files with their added and removed line counts, laid
// out like `git diff --stat` (name | count +++--, then a summary line).

import type { FileDiff } from '../types.js';
import type { Paint } from './unified.js';

/** The widest +/- bar, as git keeps a stat within 80 columns. */
const BAR = 40;

function counts(d: FileDiff): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const h of d.hunks)
    for (const l of h.lines)
      if (l.type === '+') added++;
      else if (l.type === '-') removed++;
  return { added, removed };
}

export function diffStat(diffs: readonly FileDiff[], paint: Pick<Paint, 'add' | 'remove'>): string {
  if (diffs.length === 0) return '';
  const rows = diffs.map((d) => ({ name: d.kind === 'move' ? `${d.path} => ${d.to}` : d.path, binary: d.binary, ...counts(d) }));
  const widest = Math.max(...rows.map((r) => r.added + r.removed));
  const scale = widest > BAR ? BAR / widest : 1;
  const nameWidth = Math.max(...rows.map((r) => r.name.length));
  const countWidth = Math.max(...rows.map((r) => (r.binary ? 3 : String(r.added + r.removed).length)));
  let out = '';
  for (const r of rows) {
    const total = r.binary ? 'Bin' : String(r.added + r.removed);
    // Every non-zero side shows at least one mark, as git's does.
    const plus = r.added === 0 ? 0 : Math.max(1, Math.round(r.added * scale));
    const minus = r.removed === 0 ? 0 : Math.max(1, Math.round(r.removed * scale));
    const bar = `${paint.add('+'.repeat(plus))}${paint.remove('-'.repeat(minus))}`;
    out += ` ${r.name.padEnd(nameWidth)} | ${total.padStart(countWidth)}${bar ? ` ${bar}` : ''}\n`;
  }
  const added = rows.reduce((n, r) => n + r.added, 0);
  const removed = rows.reduce((n, r) => n + r.removed, 0);
  const parts = [`${rows.length} file${rows.length === 1 ? '' : 's'} changed`];
  if (added > 0 || removed === 0) parts.push(`${added} insertion${added === 1 ? '' : 's'}(+)`);
  if (removed > 0 || added === 0) parts.push(`${removed} deletion${removed === 1 ? '' : 's'}(-)`);
  return `${out} ${parts.join(', ')}\n`;
}
