// The listings of git apply, laid out as git apply prints them: `--stat`
// (name | count +++--, then a totals line), `--numstat` (added, removed,
// name, tab-separated; `-` for a binary file) and `--summary` (created,
// deleted, renamed and mode-changed files). A file is named by its new name.

import type { FileDiff } from '../types.js';
import { gitMode, type Paint } from './unified.js';

/** git apply keeps a name within 50 columns and a whole row within 70 (name and bar). */
const NAME = 50;
const ROW = 70;

function counts(d: FileDiff): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const h of d.hunks)
    for (const l of h.lines)
      if (l.type === '+') added++;
      else if (l.type === '-') removed++;
  return { added, removed };
}

const newName = (d: FileDiff) => d.to ?? d.path;

/** A name longer than the column keeps its end, from a directory boundary, after "...". */
function scaled(name: string, max: number): string {
  if (name.length <= max) return name;
  const from = name.length + 3 - max;
  const slash = name.indexOf('/', from);
  return `...${name.slice(slash >= 0 ? slash : from)}`;
}

export function diffStat(diffs: readonly FileDiff[], paint: Pick<Paint, 'add' | 'remove'>): string {
  if (diffs.length === 0) return '';
  const rows = diffs.map((d) => ({ name: newName(d), binary: d.binary, ...counts(d) }));
  const maxName = Math.min(NAME, Math.max(...rows.map((r) => r.name.length)));
  const maxChange = Math.max(...rows.map((r) => r.added + r.removed));
  const width = maxName + maxChange > ROW ? ROW - maxName : maxChange;
  let out = '';
  for (const r of rows) {
    const name = scaled(r.name, maxName).padEnd(maxName);
    if (r.binary) {
      out += ` ${name} |  Bin\n`;
      continue;
    }
    let add = r.added;
    let del = r.removed;
    if (maxChange > 0) {
      const total = Math.floor(((r.added + r.removed) * width + Math.floor(maxChange / 2)) / maxChange);
      add = Math.floor((r.added * width + Math.floor(maxChange / 2)) / maxChange);
      del = total - add;
    }
    out += ` ${name} |${String(r.added + r.removed).padStart(5)} ${paint.add('+'.repeat(add))}${paint.remove('-'.repeat(del))}\n`;
  }
  const added = rows.reduce((n, r) => n + r.added, 0);
  const removed = rows.reduce((n, r) => n + r.removed, 0);
  const parts = [`${rows.length} file${rows.length === 1 ? '' : 's'} changed`];
  if (added > 0 || removed === 0) parts.push(`${added} insertion${added === 1 ? '' : 's'}(+)`);
  if (removed > 0 || added === 0) parts.push(`${removed} deletion${removed === 1 ? '' : 's'}(-)`);
  return `${out} ${parts.join(', ')}\n`;
}

export function numStat(diffs: readonly FileDiff[]): string {
  return diffs
    .map((d) => {
      const c = counts(d);
      return d.binary ? `-\t-\t${newName(d)}\n` : `${c.added}\t${c.removed}\t${newName(d)}\n`;
    })
    .join('');
}

/** `old => new`, with a leading directory both share written once: `dir/{a => b}`. */
function renamed(from: string, to: string): string {
  let at = 0;
  for (;;) {
    const a = from.indexOf('/', at);
    const b = to.indexOf('/', at);
    if (a < 0 || a !== b || from.slice(at, a) !== to.slice(at, b)) break;
    at = a + 1;
  }
  return at > 0 ? `${from.slice(0, at)}{${from.slice(at)} => ${to.slice(at)}}` : `${from} => ${to}`;
}

export function diffSummary(diffs: readonly FileDiff[]): string {
  let out = '';
  for (const d of diffs) {
    const modeChange = d.oldMode !== undefined && d.newMode !== undefined && gitMode(d.oldMode) !== gitMode(d.newMode);
    if (d.kind === 'add') out += ` create mode ${gitMode(d.newMode ?? 0o644)} ${d.path}\n`;
    else if (d.kind === 'delete') out += ` delete mode ${gitMode(d.oldMode ?? 0o644)} ${d.path}\n`;
    else if (d.kind === 'move' || d.kind === 'copy') {
      // The similarity is known only for a rename or copy that changes nothing: 100%.
      out += ` ${d.kind === 'move' ? 'rename' : 'copy'} ${renamed(d.path, d.to!)}${d.hunks.length === 0 ? ' (100%)' : ''}\n`;
      if (modeChange) out += ` mode change ${gitMode(d.oldMode!)} => ${gitMode(d.newMode!)}\n`;
    } else if (modeChange) out += ` mode change ${gitMode(d.oldMode!)} => ${gitMode(d.newMode!)} ${d.path}\n`;
  }
  return out;
}
