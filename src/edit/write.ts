// Writing an edit: LF splices laid over the decoded file, each '\n' given the
// ending of the block it replaces (the file's own convention), as the edited
// text and as lines for the diff renderer.

import { endingFor, insertionEnding, repeatedLines } from '../text/endings.js';
import { type Line, splitLines } from '../text/lines.js';
import { commonPrefixLength } from '../text/quote.js';
import type { FileView, LfSplice } from './view.js';

/** Give each '\n' of an LF replacement the ending of the block it replaces. */
export function withEndings(view: FileView, s: LfSplice): string {
  if (!s.text.includes('\n')) return s.text;
  if (view.uniform !== undefined) return view.uniform === '\n' ? s.text : s.text.replace(/\n/g, view.uniform);
  const endings = view.endingsIn(s.start, s.end);
  // A mixed file always has an ending to find; were there none, the break stays '\n' rather than vanish.
  let near: string | undefined;
  const nearby = () => {
    near ??= insertionEnding((i) => view.table.eolAt(i), view.table.length, lineAbove(view, s)) || '\n';
    return near;
  };
  // A replaced line written again unchanged keeps its own ending (text/endings.ts).
  const repeats = repeatedLines(view.lf.slice(s.start, s.end).split('\n').slice(0, endings.length), s.text.split('\n').slice(0, -1));
  let k = 0;
  return s.text.replace(/\n/g, () => {
    const j = k++;
    const own = repeats[j]! >= 0 ? endings[repeats[j]!] : undefined;
    return own || endingFor(undefined, endings, j, nearby);
  });
}

/**
 * The line a splice that replaces no line break inserts after (see
 * text/endings.ts insertionEnding). Its old text lies inside one line; what
 * it adds starts where the new text stops repeating the old. There, at the
 * start of line i, it goes in after line i - 1 (`b` -> `x\nb` adds the line x
 * above b); anywhere else it splits line i (`b c` -> `b\nc`, `b` -> `b\nx`).
 */
function lineAbove(view: FileView, s: LfSplice): number {
  const at = s.start + commonPrefixLength(view.lf.slice(s.start, s.end), s.text);
  const i = view.lineOf(at);
  return view.lineStart(i) === at ? i - 1 : i;
}

/**
 * Apply disjoint splices to the file's lines. Lines outside every touched
 * region are carried over as they are (keeping `orig`, so the diff renderer
 * needs no re-diff); each touched region is rebuilt from its new text.
 */
export function applySplices(view: FileView, splices: readonly LfSplice[]): Line[] {
  const sorted = [...splices].sort((x, y) => x.start - y.start);
  const lines = view.lines;
  const out: Line[] = [];
  let next = 0;
  let k = 0;
  while (k < sorted.length) {
    const first = view.lineOf(sorted[k]!.start);
    let last = view.lineOf(Math.max(sorted[k]!.start, sorted[k]!.end - 1));
    let j = k + 1;
    // Splices on the same or a touching line share one rebuilt region; a region
    // whose new text no longer ends in a line break absorbs the following line.
    for (;;) {
      while (j < sorted.length && view.lineOf(sorted[j]!.start) <= last) {
        last = Math.max(last, view.lineOf(Math.max(sorted[j]!.start, sorted[j]!.end - 1)));
        j++;
      }
      const tail = sorted[j - 1]!;
      const regionEnd = lineEndLf(view, last);
      const joins = tail.end === regionEnd && tail.text !== '' && !tail.text.endsWith('\n') && lines[last]!.eol !== '';
      const emptied = tail.end === regionEnd && tail.text === '' && tail.start > lineStartLf(view, first) && lines[last]!.eol !== '';
      if ((joins || emptied) && last + 1 < lines.length) {
        last++;
        continue;
      }
      break;
    }
    while (next < first) out.push(lines[next++]!);
    let text = '';
    let at = view.toOrig(lineStartLf(view, first));
    for (let x = k; x < j; x++) {
      const s = sorted[x]!;
      const start = view.toOrig(s.start);
      text += view.text.slice(at, start) + withEndings(view, s);
      at = view.toOrig(s.end);
    }
    text += view.text.slice(at, view.toOrig(lineEndLf(view, last)));
    for (const l of splitLines(text)) out.push({ text: l.text, eol: l.eol });
    next = last + 1;
    k = j;
  }
  while (next < lines.length) out.push(lines[next++]!);
  return out;
}

/**
 * The edited text itself, spliced from the decoded text in one pass (the same
 * text joinLines(applySplices(...)) gives, without joining every line again).
 */
export function spliceText(view: FileView, splices: readonly LfSplice[]): string {
  const sorted = [...splices].sort((x, y) => x.start - y.start);
  const parts: string[] = [];
  let at = 0;
  for (const s of sorted) {
    const start = view.toOrig(s.start);
    parts.push(view.text.slice(at, start), withEndings(view, s));
    at = view.toOrig(s.end);
  }
  parts.push(view.text.slice(at));
  return parts.join('');
}

function lineStartLf(view: FileView, i: number): number {
  return view.lineStart(i);
}

/** LF offset just past line i's ending. */
function lineEndLf(view: FileView, i: number): number {
  return view.lineStart(i + 1);
}
