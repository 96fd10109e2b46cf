// A unified diff's `@@ -a,b +c,d @@ text` line: git (and `diff -p`) write
// after it the hunk's function context, the nearest line above the hunk that
// starts with a letter, `_` or `$` (git cuts it to 80 bytes, GNU diff to 40,
// both trim its end). When a hunk's old side stands in several places and its
// stated line number picks one, that text is a second witness: a stale line
// number may point at another copy of a repeated block. A diff made with a
// language's own function rule (a `.gitattributes` driver) names lines this
// default rule does not find, and then says nothing here.

import type { LineIndex } from './seek.js';

const FUNC_START = /^[A-Za-z_$]/;
const CUTS = [80, 40];
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** `line` as a diff tool writes it after `@@`: cut to `bytes` bytes, its end trimmed. */
function cut(line: string, bytes: number): string {
  const b = encoder.encode(line);
  const t = b.length <= bytes ? line : decoder.decode(b.subarray(0, bytes));
  return t.replace(/[ \t\r\n\v\f]+$/, '');
}

const names = (line: string, context: string): boolean => CUTS.some((n) => cut(line, n) === context);

/**
 * Of `places` (0-based starts, ascending), the ones whose function context by
 * the default rule is `context`. Each line above a place is read once: a
 * place with no such line between it and the place before has that place's.
 */
export function placesNamedBy(index: LineIndex, places: readonly number[], context: string): number[] {
  const out: number[] = [];
  let floor = 0;
  let found: string | undefined;
  for (const p of [...places].sort((a, b) => a - b)) {
    for (let i = p - 1; i >= floor; i--) {
      const text = index.table.textAt(i);
      if (FUNC_START.test(text)) {
        found = text;
        break;
      }
    }
    floor = p;
    if (found !== undefined && names(found, context)) out.push(p);
  }
  return out;
}
