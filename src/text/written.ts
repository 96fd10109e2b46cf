// Checks on the text a patch or an edit would write: the lines a patch adds,
// the text new_string adds, never the rest of the file. Both tools use these
// same rules. Invisible characters are cleaned (and counted for the report);
// control characters and text the file's encoding cannot hold are refused,
// because writing them would corrupt the file in ways nobody sees in a diff.

import type { Hunk } from '../types.js';
import { type TextEncoding, unencodable } from './decode.js';
import { cleanInvisible, formatRemoved, mayHoldInvisible, mergeRemoved } from './invisible.js';
import { codePoint, quote } from './quote.js';

export type Refusal = { ok: false; code: 'control_chars' | 'invisible_only' | 'unencodable'; message: string };

export type CleanedLines = { ok: true; lines: string[]; removed: Map<number, number> } | Refusal;

/** C0 and C1 controls and DEL, except tab, LF, FF and CR. */
const CONTROL = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F]/;

/**
 * Clean the lines an operation adds and check what remains. `atFileStart`:
 * the first line opens a new file, so a leading U+FEFF there is a BOM.
 */
export function cleanAddedLines(lines: readonly string[], atFileStart: boolean): CleanedLines {
  const removed = new Map<number, number>();
  // Nearly always nothing to clean or refuse: two searches over all the lines
  // at once, not a cleaning call and a refusal search per line. The '\n'
  // joining them is neither a candidate nor a refused control character.
  const all = lines.join('\n');
  if (!mayHoldInvisible(all) && !CONTROL.test(all)) return { ok: true, lines: [...lines], removed };
  const out = lines.map((line, i) => {
    const c = cleanInvisible(line, { atFileStart: atFileStart && i === 0 });
    mergeRemoved(removed, c.removed);
    return c.text;
  });
  if (removed.size > 0 && out.every((l) => l === '' || l === '\uFEFF')) {
    return {
      ok: false,
      code: 'invisible_only',
      message:
        `the added lines contain only invisible characters (${formatRemoved(removed)}), which chord-patch removes, ` +
        'so nothing visible would be written; rebuild the change with the text you meant to add',
    };
  }
  for (const line of out) {
    const refusal = refuseControl(line, `in added line ${quote(line)}`);
    if (refusal) return refusal;
  }
  return { ok: true, lines: out, removed };
}

/**
 * Refuse text holding a control character (C0, C1 or DEL other than tab, LF,
 * CR and FF): invisible in a diff, it corrupts source files. `where` names
 * the text in the message ("in added line ...", "from new_string").
 */
export function refuseControl(text: string, where: string): Refusal | undefined {
  const m = CONTROL.exec(text);
  if (!m) return undefined;
  return {
    ok: false,
    code: 'control_chars',
    message:
      `refusing to write control character ${codePoint(m[0])} ${where}; ` +
      'only tab, LF, CR and FF may be written (spell it as an escape sequence if the code needs it)',
  };
}

/** `added`: the `+` lines of `hunks` in order, as cleaned (the planner checks them against the file's encoding next). */
export type CleanedHunks = { ok: true; hunks: Hunk[]; added: string[]; removed: Map<number, number> } | Refusal;

/** cleanAddedLines over the `+` lines of an update's hunks; context and `-` lines must match the file as it is. */
export function cleanHunks(hunks: readonly Hunk[]): CleanedHunks {
  const added: string[] = [];
  for (const h of hunks) for (const l of h.lines) if (l.op === '+') added.push(l.text);
  const c = cleanAddedLines(added, false);
  if (!c.ok) return c;
  if (c.removed.size === 0) return { ok: true, hunks: [...hunks], added: c.lines, removed: c.removed };
  let k = 0;
  const cleaned = hunks.map((h) => ({ ...h, lines: h.lines.map((l) => (l.op === '+' ? { op: l.op, text: c.lines[k++]! } : l)) }));
  return { ok: true, hunks: cleaned, added: c.lines, removed: c.removed };
}

/**
 * Refuse added text that `encoding` cannot hold (iconv would write `?` in its
 * place). `from` names the text in the message.
 */
export function checkEncodable(lines: readonly string[], encoding: TextEncoding, from = 'an added line'): Refusal | undefined {
  const bad = unencodable(lines.join('\n'), encoding);
  if (bad === undefined) return undefined;
  const label = encoding.name + (encoding.bom ? ' with BOM' : '');
  return {
    ok: false,
    code: 'unencodable',
    message: `the file is ${label}, which cannot represent ${JSON.stringify(bad)} (${codePoint(bad)}) from ${from}; not edited`,
  };
}
