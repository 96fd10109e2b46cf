// An old_string that starts inside a line's indentation ("    foo();" found in
// "        foo();"), or at its first visible character: how much indentation it
// fell short by, and the lines new_string adds given that indentation too, so
// they do not land one level out (replace.ts decides when that is safe).

import { chooseReading, nearbyLines, reindentSeq, type SeqLine } from '../match/indent-evidence.js';

/**
 * old_string is one line whose indentation falls short of the file's: it
 * matches inside the line's indentation ("    foo();" in "        foo();").
 * The match keeps the missing indentation in front of the first line, but the
 * lines new_string adds after a line break would keep the model's shorter
 * indentation and land one level out (a TabError or wrong nesting in Python).
 * Returns the missing indentation, and whether every added line sits at
 * old_string's own indentation (then "same level as that line" is what the
 * model meant, and the added lines get the missing indentation too).
 * Undefined when old_string spans lines (its later lines matched exactly, so
 * the model's indentation is the file's; shortOfItsIndentation weighs whether
 * that exact place is the only reading), brings no indentation of its own
 * (it starts at the first visible character: its added lines are written as
 * they stand), or new_string adds no indented text.
 */
export function insideIndentation(
  lf: string,
  hit: number,
  oldText: string,
  newText: string,
): { by: string; consistent: boolean } | undefined {
  const own = /^[ \t]*/.exec(oldText)![0];
  if (own === '' || spansLines(oldText)) return undefined;
  const by = missingIndentation(lf, hit);
  if (by === undefined) return undefined;
  const added = newText
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() !== '');
  if (added.length === 0) return undefined;
  return { by, consistent: added.every((l) => /^[ \t]*/.exec(l)![0] === own) };
}

/**
 * old_string spans lines, its first with an indentation of its own, and it
 * matches only from inside that line's indentation ("  foo();\n}" in
 * "    foo();\n}"): its later lines stand at the file's indentation and its
 * first does not, so its lines are not indented relative to each other as
 * the file's are, and the exact hit may be a coincidence of columns (the
 * block meant may be another, indented alike). Returns the indentation the
 * first line falls short by; replace.ts weighs the hit against the places
 * matching with indentation ignored finds.
 */
export function shortOfItsIndentation(lf: string, hit: number, oldText: string): string | undefined {
  if (/^[ \t]*/.exec(oldText)![0] === '' || !spansLines(oldText)) return undefined;
  return missingIndentation(lf, hit);
}

/** The whitespace between the start of the line and `hit`, when `hit` lies inside the line's indentation. */
function missingIndentation(lf: string, hit: number): string | undefined {
  const by = lf.slice(lf.lastIndexOf('\n', hit - 1) + 1, hit);
  return by !== '' && /^[ \t]+$/.test(by) ? by : undefined;
}

const spansLines = (text: string): boolean => text.replace(/\n$/, '').includes('\n');

/**
 * old_string is one whole line quoted bare (from its first visible character
 * to its end, with no indentation of its own) and new_string goes on below
 * it: its later lines were typed either as bare as old_string (each missing
 * the line's indentation: `log(x)\nreturn g(x)` for `return g(x)`) or at the
 * file's own indentation. The file's indentation decides, as for a drifted
 * hunk (match/indent-evidence.ts), and a tie is refused. Undefined when
 * there is nothing to decide or the lines stand as typed.
 */
export function bareLineReading(
  table: { readonly length: number; textAt(i: number): string },
  line: number,
  oldText: string,
  newText: string,
): { text: string; note?: string } | { ambiguous: string } | undefined {
  if (oldText.trim() === '' || /^[ \t]/.test(oldText) || spansLines(oldText)) return undefined;
  const fileLine = table.textAt(line);
  const by = /^[ \t]*/.exec(fileLine)![0];
  if (by === '' || fileLine.slice(by.length) !== oldText.replace(/\n$/, '')) return undefined;
  const newLines = newText.split('\n');
  const last = newText.endsWith('\n') ? newLines.pop() : undefined;
  if (!newLines.slice(1).some((l) => l.trim() !== '')) return undefined;
  const seq: SeqLine[] = [
    { op: '-', text: oldText.replace(/\n$/, ''), file: fileLine },
    { op: '+', text: by + newLines[0]!, fixed: true },
    ...newLines.slice(1).map((text) => ({ op: '+' as const, text })),
  ];
  const at = (i: number) => (i >= 0 && i < table.length ? table.textAt(i) : undefined);
  const read = reindentSeq(seq, at(line - 1), at(line + 1), nearbyLines(at, line, line + 1));
  if (!read.ok) return { ambiguous: read.message };
  const later = read.added.slice(1);
  if (later.every((t, i) => t === newLines[i + 1])) return undefined;
  const text = [newLines[0]!, ...later].join('\n') + (last === undefined ? '' : '\n');
  return { text, note: `old_string is line ${line + 1} without its indentation: new_string's later lines were given it too` };
}

/** Every line after the first that has text gets `by` in front. */
export function reindentAdded(text: string, by: string): string {
  return text
    .split('\n')
    .map((l, i) => (i === 0 || l.trim() === '' ? l : by + l))
    .join('\n');
}

/** "2 tabs and 4 spaces": an indentation in words, for notes. */
export const describeIndent = (ws: string): string => {
  const tabs = [...ws].filter((c) => c === '\t').length;
  const spaces = ws.length - tabs;
  return [tabs ? `${tabs} tab${tabs === 1 ? '' : 's'}` : '', spaces ? `${spaces} space${spaces === 1 ? '' : 's'}` : '']
    .filter(Boolean)
    .join(' and ');
};

/**
 * old_string quoted from the first visible character of line `line` (no
 * indentation of its own), new_string's first line typed with at least that
 * line's indentation: new_string was typed as whole lines, or it indents the
 * line by as much again. Laid among the file's lines, the reading that
 * follows the file's indentation decides (the first line's indentation
 * counted once, or twice as the plain replacement writes it); a tie is
 * refused. Undefined when the shape does not apply or the plain replacement
 * is the reading.
 */
export function wholeLineReading(
  table: { readonly length: number; textAt(i: number): string },
  line: number,
  oldText: string,
  newText: string,
): { text: string; note: string } | { ambiguous: string } | undefined {
  if (oldText.trim() === '' || /^[ \t]/.test(oldText)) return undefined;
  const by = /^[ \t]*/.exec(table.textAt(line))![0];
  const typed = /^[ \t]*/.exec(newText)![0];
  if (by === '' || !typed.startsWith(by) || [...typed].some((c) => c !== by[0])) return undefined;
  const oldLines = oldText.replace(/\n$/, '').split('\n');
  const newLines = newText.replace(/\n$/, '').split('\n');
  const whole = { text: newText.slice(by.length), note: "new_string's first line is typed with its whole indentation: written once" };
  // A blank line's indentation typed twice is never meant, and the file's lines cannot tell (blank lines carry no level).
  if (newLines[0]!.trim() === '') return typed === by ? whole : undefined;
  const at = (i: number) => (i >= 0 && i < table.length ? table.textAt(i) : undefined);
  const seq: SeqLine[] = [
    ...oldLines.map((_, k) => ({ op: '-' as const, text: at(line + k) ?? '', file: at(line + k) ?? '' })),
    { op: '+', text: by + newLines[0]! },
    ...newLines.slice(1).map((text) => ({ op: '+' as const, text, fixed: true })),
  ];
  const once = { kind: 'map' as const, from: by[0]!, to: by[0]!, num: 1, den: 1, shift: -by.length, step: by.length };
  const read = chooseReading(seq, once, at(line - 1), at(line + oldLines.length));
  if (!read.ok) return { ambiguous: read.message };
  return read.added[0] === newLines[0] ? whole : undefined;
}
