// Why a hunk did not match, in words a model can act on. The message starts
// with `hunk not found (N/M)` and the first expected complete line, then gives
// the single most useful hint.

import type { Hunk } from '../types.js';
import type { LineIndex } from './seek.js';

const PREVIEW = 120;

export function quoteLine(line: string): string {
  if (line.length <= PREVIEW) return `line ${JSON.stringify(line)}`;
  return `line starting ${JSON.stringify(line.slice(0, PREVIEW))} (prefix)`;
}

export function describeMiss(index: LineIndex, hunks: readonly Hunk[], h: number, cursor: number): string {
  const hunk = hunks[h]!;
  const old = hunk.lines.filter((l) => l.op !== '+').map((l) => l.text);
  const first = old.find((l) => l.trim() !== '') ?? old[0] ?? '';
  let message = `hunk not found (${h + 1}/${hunks.length}): expected ${quoteLine(first)}`;
  const hint = hintFor(index, old, cursor, hunk.endOfFile);
  if (hint) message += `; ${hint}`;
  if (h > 0) {
    message += `; hunk${h > 1 ? `s 1..${h}` : ' 1'} of this file matched in memory but ${h > 1 ? 'were' : 'was'} not written: resubmit them together with this one`;
  }
  return message;
}

function hintFor(index: LineIndex, old: string[], cursor: number, eof: boolean): string | undefined {
  if (eof && index.seek(old, 0)) return 'the context exists, but not at the end of the file as "*** End of File" requires';
  if (cursor > 0) {
    const earlier = index.seek(old, 0);
    if (earlier && earlier.index < cursor) {
      return `the context exists at line ${earlier.index + 1}, before the preceding hunk: hunks must follow file order`;
    }
  }
  return undefined;
}
