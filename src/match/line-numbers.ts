// Line-number prefixes a read tool printed (`    12→text`, `12\ttext`,
// `12 | text`), copied by a model into a hunk or an old_string. They are
// removed only when the copy proves itself: every old line carries the same
// prefix style, the numbers run consecutively, and each line, stripped, is
// exactly the file's line of that number. New lines lose the prefix only when
// every one of them carries it too; a mix is left alone (the match fails as
// it would have). The caller tries this only after a miss, so a file whose
// lines really start with numbers is never touched.

import type { Hunk, HunkLine } from '../types.js';

const STYLES: readonly { name: string; re: RegExp }[] = [
  { name: '"N→"', re: /^ *(\d+)→/ },
  { name: '"N<tab>"', re: /^ *(\d+)\t/ },
  { name: '"N | "', re: /^ *(\d+) \| / },
];

export interface Stripped {
  old: string[];
  added: string[];
  /** 1-based file lines the old lines are. */
  first: number;
  last: number;
  style: string;
}

/** `lineText(n)`: the file's line n (1-based), undefined past the end. */
export function stripNumbered(
  old: readonly string[],
  added: readonly string[],
  lineText: (n: number) => string | undefined,
): Stripped | undefined {
  if (old.length === 0) return undefined;
  for (const { name, re } of STYLES) {
    const m = re.exec(old[0]!);
    if (!m) continue;
    const first = Number(m[1]);
    const out: string[] = [];
    let fits = true;
    for (let k = 0; k < old.length && fits; k++) {
      const mk = re.exec(old[k]!);
      const text = mk ? old[k]!.slice(mk[0].length) : '';
      fits = !!mk && Number(mk[1]) === first + k && lineText(first + k) === text;
      out.push(text);
    }
    if (!fits) continue;
    const prefixed = added.filter((l) => re.test(l)).length;
    if (prefixed !== 0 && prefixed !== added.length) return undefined;
    const newLines = prefixed === 0 ? [...added] : added.map((l) => l.replace(re, ''));
    return { old: out, added: newLines, first, last: first + old.length - 1, style: name };
  }
  return undefined;
}

/** The note a stripped copy gets. */
export function strippedNote(where: string, s: Stripped): string {
  const lines = s.first === s.last ? `line ${s.first}` : `lines ${s.first}-${s.last}`;
  return `${where}: removed ${s.style} line-number prefixes copied from a read (they match ${lines} of the file); send text without them`;
}

/** A hunk with its old lines' (and, when all carry them, new lines') read-tool numbers removed, or undefined. */
export function stripHunk(h: Hunk, lineText: (n: number) => string | undefined): { hunk: Hunk; stripped: Stripped } | undefined {
  const old = h.lines.filter((l) => l.op !== '+').map((l) => l.text);
  const added = h.lines.filter((l) => l.op === '+').map((l) => l.text);
  const s = stripNumbered(old, added, lineText);
  if (!s) return undefined;
  let o = 0;
  let a = 0;
  const lines: HunkLine[] = h.lines.map((l) => ({ op: l.op, text: l.op === '+' ? s.added[a++]! : s.old[o++]! }));
  return { hunk: { ...h, lines }, stripped: s };
}
