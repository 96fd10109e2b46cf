// What a patch says about the level of each added line through the quoted
// lines around it: the side of a neighbour it is typed on, the width of a
// line it replaces. indent-evidence.ts weighs the readings of a drifted hunk
// against these.

import type { SeqLine } from './indent-evidence.js';
import { indentOf } from './reindent.js';

const blank = (s: string): boolean => s.trim() === '';

/**
 * The first added line of `added` (a reading of `seq`'s) that sits strictly
 * deeper in the file than a quoted line next to it (the nearest non-blank one
 * above or below) that the patch types it strictly shallower than, in the
 * same indentation character, or the other way round; undefined when none does.
 */
export function invertedDepth(
  seq: readonly SeqLine[],
  added: readonly string[],
): { quoted: string; typed: string; written: string } | undefined {
  const rows: { l: SeqLine; a: number }[] = [];
  let a = 0;
  for (const l of seq) rows.push({ l, a: l.op === '+' ? a++ : -1 });
  const side = (d: number) => (d > 0 ? 'right of' : 'left of');
  for (let i = 0; i < rows.length; i++) {
    const { l, a: k } = rows[i]!;
    if (l.op !== '+' || l.fixed || blank(l.text)) continue;
    for (const dir of [-1, 1]) {
      let j = i + dir;
      while (j >= 0 && j < rows.length && (rows[j]!.l.op === '+' || blank(rows[j]!.l.text))) j += dir;
      const q = rows[j]?.l;
      // Widths typed in different characters (a quoted tab beside added spaces) put neither line on a side of the other.
      if (q?.file === undefined || blank(q.file) || !sameCharacter(indentOf(l.text), indentOf(q.text))) continue;
      const typed = Math.sign(indentOf(l.text).length - indentOf(q.text).length);
      const written = Math.sign(indentOf(added[k]!).length - indentOf(q.file).length);
      if (typed !== 0 && written !== 0 && typed !== written) return { quoted: q.file, typed: side(typed), written: side(written) };
    }
  }
  return undefined;
}

/** Whether two indentations are written in one character between them (an empty one goes with either). */
const sameCharacter = (a: string, b: string): boolean => new Set(a + b).size <= 1;

/** Does every change block that removes lines put its first added line at its first removed line's width in the file? */
export function keepsReplacedLevel(seq: readonly SeqLine[], added: readonly string[]): boolean {
  let a = 0;
  let removed: SeqLine | undefined;
  let first = true;
  let any = false;
  for (const l of seq) {
    if (l.op === ' ') {
      removed = undefined;
      first = true;
    } else if (l.op === '-') removed ??= l.file === undefined || blank(l.text) ? undefined : l;
    else {
      if (first && removed !== undefined && !blank(l.text)) {
        if (indentOf(added[a]!).length !== indentOf(removed.file!).length) return false;
        any = true;
        first = false;
      }
      a++;
    }
  }
  return any;
}

/**
 * Added lines the patch puts at the level of a line it quotes, with the width
 * that level has in the file: in a change block that removes lines, an added
 * line typed at the width of one of them is at its level (lines replaced in
 * kind); in a block that only adds, its first line typed at the width of the
 * context line before it is at that line's level. Typed at another width, a
 * line says nothing here (an added line typed at the file's width of a quoted
 * line may as well be a level deeper in the model's style). Without
 * `byWidth`, a block that does not replace its lines one for one pairs only
 * its first added line, with its first removed line: a removed line of the
 * same typed width further on says only that the added line shares the
 * quoted lines' style, which is what choosing a reading has to find out.
 */
export function replacedLevels(seq: readonly SeqLine[], byWidth = true): { a: number; width: number }[] {
  const out: { a: number; width: number }[] = [];
  let a = 0;
  let context: SeqLine | undefined;
  for (let i = 0; i < seq.length; ) {
    const l = seq[i]!;
    if (l.op === ' ') {
      if (!blank(l.text)) context = l.file === undefined ? undefined : l;
      i++;
      continue;
    }
    let j = i;
    while (j < seq.length && seq[j]!.op !== ' ') j++;
    const block = seq.slice(i, j);
    // The first removed line typed at each indentation: a look-up, since a block may replace thousands of lines.
    const removedAt = new Map<string, SeqLine>();
    for (const x of block) {
      if (x.op === '-' && !blank(x.text) && x.file !== undefined && !removedAt.has(indentOf(x.text))) removedAt.set(indentOf(x.text), x);
    }
    // A block that replaces its lines one for one pairs them in order: the
    // added line that stands where a removed one stood is the one at its level.
    const removed = block.filter((x) => x.op === '-' && !blank(x.text));
    const inOrder = removed.length > 0 && removed.length === block.filter((x) => x.op === '+' && !blank(x.text)).length;
    let first = true;
    /** Otherwise: a removed line typed at the added line's width, or for a block that only adds, the context before it. */
    const sameWidth = (own: string): SeqLine | undefined => {
      if (removedAt.size === 0) return first ? context : undefined;
      if (!byWidth) return first ? removed[0] : undefined;
      return sameCharacter(own, '') ? removedAt.get(own) : undefined;
    };
    let nth = 0;
    for (const x of block) {
      if (x.op !== '+') continue;
      if (!blank(x.text)) {
        const paired = removed[nth++];
        if (!x.fixed) {
          const own = indentOf(x.text);
          // Typed in another character (added spaces beside quoted tabs), an equal width is no equal level.
          const level = (r: SeqLine) => indentOf(r.text).length === own.length && sameCharacter(indentOf(r.text), own);
          const ref = inOrder ? (paired?.file !== undefined ? paired : undefined) : sameWidth(own);
          if (ref !== undefined && level(ref)) out.push({ a, width: indentOf(ref.file!).length });
          first = false;
        }
      }
      a++;
    }
    i = j;
  }
  return out;
}
