// new_string's added lines typed with the other indentation character than
// the file's (tabs into a space-indented file, spaces into a tab-indented
// one) after old_string matched exactly: the same rule as a patch's
// (match/indent-style.ts), so an edit does not leave a Python file raising
// TabError. They take the file's character when one level width reads them
// consistently among the file's lines; otherwise they are written as typed,
// and the result says so.

import type { SeqLine } from '../match/indent-evidence.js';
import { followFileStyle, styleOf, styleWindow } from '../match/indent-style.js';
import { lineChanges } from './line-diff.js';
import type { FileView } from './view.js';

/** new_string for old_string matched exactly at LF offset `hit`, its added lines in the file's indentation character. */
export function followEditStyle(view: FileView, hit: number, oldText: string, newText: string): { text: string; note?: string } {
  const unchanged = { text: newText };
  // Only whole lines show their indentation.
  if (hit > 0 && view.lf[hit - 1] !== '\n') return unchanged;
  const oldLines = oldText.split('\n');
  const newLines = newText.split('\n');
  const lines = view.lfLines();
  const first = view.lineOf(hit);
  const style = styleOf(styleWindow((i) => lines.at(i), lines.length, first, first + oldLines.length));
  if (style === undefined) return unchanged;
  // Only lines indented with the other character can change: without one, no diff is needed.
  const other = style.ch === ' ' ? '\t' : ' ';
  if (!newLines.some((l) => l.startsWith(other) && l.trim() !== '')) return unchanged;
  const parts = lineChanges(oldLines, newLines);
  if (!parts.some((p) => p.added && p.value.some((l) => /^[ \t]/.test(l) && l.trim() !== ''))) return unchanged;
  const seq: SeqLine[] = parts.flatMap((p) =>
    p.value.map((text) => (p.added ? { op: '+' as const, text } : { op: p.removed ? ('-' as const) : (' ' as const), text, file: text })),
  );
  const styled = followFileStyle(seq, style, lines.at(first - 1), lines.at(first + oldLines.length));
  if (styled.note === undefined) return unchanged;
  let a = 0;
  const out = parts.flatMap((p) => (p.removed ? [] : p.added ? p.value.map(() => styled.added[a++]!) : p.value));
  return { text: out.join('\n'), note: `new_string's ${styled.note}` };
}
