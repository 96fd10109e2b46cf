// Writing a model's text back after a tolerant match, without rewriting the
// file into the model's spelling and without moving anything the model wrote.
//
// After a tolerant match there are three texts: `old` (what the model quoted:
// an edit's old_string, a hunk's `-` line), `file` (the file's own text that
// matched it, equal to `old` once folded) and `next` (what the model wants
// written). The written text is `next`, except:
//   - a tolerated character (quote, dash, Unicode space, full-width
//     punctuation) that the model left unchanged is written as the file has
//     it, so an edit does not turn the file's “quotes” into "quotes";
//   - where the model's text and the file's differ by a single optional space
//     (or a floating combining mark), text the model kept is written with the
//     file's spacing (present or absent), so `f(a, b)` quoted as `f(a,b)`
//     stays `f(a, b)`; a space the file has and the model's text lacks is kept
//     between two characters the model kept, and before text it replaced;
//     text inserted right at such a space is refused (either side fits);
//   - quotes and brackets are carried in pairs: when one of a pair is new text
//     the model typed, its partner keeps the model's form too, so a line never
//     ends up with one curly and one straight quote (an apostrophe between
//     two letters, it’s, is no quote and pairs with nothing).
// Nothing else changes: every letter, digit and space is the model's, in the
// model's order. `verify` checks exactly that, with spaces kept, before the
// text is used (a failed check refuses; it never writes a guess).
//
// Offsets are UTF-16 units; folds map one unit to one unit, so a substituted
// character never changes the length of the text around it.

import { diffArrays, diffChars } from 'diff';
import { foldChar, type NormalizeOptions, normalizeForMatch } from './normalize.js';
import { commonPrefixLength, commonSuffixLength } from '../text/quote.js';

/** Diffs larger than this many edits fall back to the common prefix and suffix. */
const MAX_EDIT = 2000;

/**
 * For each unit of `old`, the unit of `file` it stands for, or -1. `oldMap`
 * and `fileMap` give, for each unit of their common normalised text, the
 * offset it came from in `old` and `file` (sentinel: each text's length).
 * Between two such units, dropped characters (optional spaces, floating marks)
 * are paired one to one when both sides dropped the same number of
 * characters that fold alike; otherwise they stay unpaired: a gap.
 */
export function alignUnits(
  old: string,
  file: string,
  oldMap: ArrayLike<number>,
  fileMap: ArrayLike<number>,
  opts: NormalizeOptions = {},
): Int32Array {
  const align = new Int32Array(old.length).fill(-1);
  let po = 0;
  let pf = 0;
  for (let k = 0; k < oldMap.length; k++) {
    const uo = oldMap[k]!;
    const uf = fileMap[k]!;
    if (uo - po === uf - pf) {
      for (let d = 0; d < uo - po; d++) if (foldChar(old[po + d]!, opts) === foldChar(file[pf + d]!, opts)) align[po + d] = pf + d;
    }
    if (uo >= old.length) break;
    align[uo] = uf;
    po = uo + 1;
    pf = uf + 1;
  }
  return align;
}

/** `alignUnits` for two texts that normalise to the same text; undefined when they do not. */
export function alignTexts(old: string, file: string, opts: NormalizeOptions = {}): Int32Array | undefined {
  const no = normalizeForMatch(old, opts);
  const nf = normalizeForMatch(file, opts);
  if (no.text !== nf.text) return undefined;
  return alignUnits(old, file, no.map, nf.map, opts);
}

/** A stretch of a character diff: text both sides keep, or only the old or the new side has. */
export type CharRun = { kind: 'same' | 'old' | 'new'; text: string };
type Run = CharRun;

/**
 * Above this many characters (old and new together) the character diff is not
 * tried: it splits both strings into one array element per character, which
 * for a new_string of ~134 M characters exceeds V8's array limit and throws.
 */
const CHAR_DIFF_LIMIT = 1_000_000;

/** old -> next as runs of kept, removed and added text (prefix/suffix when a full diff costs too much). */
export function charRuns(old: string, next: string): Run[] {
  const changes = old.length + next.length <= CHAR_DIFF_LIMIT ? diffChars(old, next, { maxEditLength: MAX_EDIT }) : undefined;
  if (changes) return changes.map((c) => ({ kind: c.added ? 'new' : c.removed ? 'old' : 'same', text: c.value }));
  const p = commonPrefixLength(old, next);
  const s = commonSuffixLength(old, next, p);
  const runs: Run[] = [
    { kind: 'same', text: old.slice(0, p) },
    { kind: 'old', text: old.slice(p, old.length - s) },
    { kind: 'new', text: next.slice(p, next.length - s) },
    { kind: 'same', text: old.slice(old.length - s) },
  ];
  return runs.filter((r) => r.text !== '');
}

/** One written piece: the model's text, or the file's in place of the model's `stands`. */
export interface Piece {
  text: string;
  /** What the model wrote here (equal to `text` for the model's own pieces). */
  stands: string;
  /** 'sub': a tolerated character taken from the file; 'gap': the file's optional space; 'model': the model's. */
  from: 'model' | 'sub' | 'gap';
  /** 'new' when the model added this text, 'same' when it kept it. */
  kind: 'same' | 'new';
}

export interface Carried {
  text: string;
  /** Some character or space of the file was kept. */
  carried: boolean;
}

/**
 * `next` with the file's own form of what the model kept (see the top of this
 * file). `align` is alignUnits(old, file, …). Undefined when the result fails
 * verification.
 */
export function carryText(old: string, file: string, next: string, align: Int32Array, opts: NormalizeOptions = {}): Carried | undefined {
  const pieces: Piece[] = [];
  let a = 0;
  let unplaced = false;
  const runs = charRuns(old, next);
  runs.forEach((run, r) => {
    if (run.kind === 'new') pieces.push({ text: run.text, stands: run.text, from: 'model', kind: 'new' });
    else if (run.kind === 'old') a += run.text.length;
    else if (strayBlank(runs, r)) {
      // Spaces the diff paired up between two changes are the model's own spacing, not a kept stretch of the file.
      pieces.push({ text: run.text, stands: run.text, from: 'model', kind: 'same' });
      a += run.text.length;
    } else {
      keptPieces(old, file, align, a, a + run.text.length, pieces, runs[r + 1]?.kind === 'new');
      a += run.text.length;
      const replaces = runs[r + 1]?.kind === 'old';
      const changed = runs[r + 1]?.kind === 'new' ? runs[r + 1] : replaces ? runs[r + 2] : undefined;
      const gap = changed?.kind === 'new' && !/^\s/.test(changed.text) ? droppedSpace(old, file, align, a, opts) : undefined;
      if (gap !== undefined && (replaces || SEPARATORS.has(foldChar(old[a - 1]!, opts))))
        pieces.push({ text: gap, stands: '', from: 'gap', kind: 'same' });
      else if (gap !== undefined) unplaced = true;
    }
  });
  // Text inserted where the file has a space the model dropped (`import foo`
  // quoted as `importfoo`, changed to `importsfoo`): before or after the space, both fit.
  if (unplaced) return undefined;
  dropSplitPairs(pieces, opts);
  const text = pieces.map((p) => p.text).join('');
  if (!verify(pieces, next, opts)) return undefined;
  return { text, carried: pieces.some((p) => p.from !== 'model' && p.text !== p.stands) };
}

/** A kept run of blanks alone between two changed runs. */
function strayBlank(runs: readonly { kind: string; text: string }[], r: number): boolean {
  const before = runs[r - 1]?.kind;
  const after = runs[r + 1]?.kind;
  return /^[ \t]+$/.test(runs[r]!.text) && before !== undefined && before !== 'same' && after !== undefined && after !== 'same';
}

/** Pieces for old[s, e), a stretch the model kept: the file's units where aligned, the file's gaps strictly inside. */
function keptPieces(old: string, file: string, align: Int32Array, s: number, e: number, out: Piece[], beforeInsert = false): void {
  let x = s;
  while (x < e) {
    const f = align[x]!;
    if (f >= 0) {
      // The file has something the model's text lacks between two kept units (a space it dropped).
      if (x > s && align[x - 1]! >= 0 && f > align[x - 1]! + 1) {
        out.push({ text: file.slice(align[x - 1]! + 1, f), stands: '', from: 'gap', kind: 'same' });
      }
      const ch = file[f]!;
      out.push(
        ch === old[x] ? { text: ch, stands: ch, from: 'model', kind: 'same' } : { text: ch, stands: old[x]!, from: 'sub', kind: 'same' },
      );
      x++;
      continue;
    }
    // A gap: old[x, y) unaligned, between aligned old[x - 1] and old[y]. The
    // model kept these characters, so the file's own spelling of the spot is
    // written (its space, or none), bounded by the units on either side.
    let y = x;
    while (y < e && align[y]! < 0) y++;
    const inside = x > 0 && y < old.length && align[x - 1]! >= 0 && align[y]! >= 0;
    const stands = old.slice(x, y);
    // Blanks the file lacks, ending the stretch right before text the model adds: the model's spacing of its addition.
    const own = y === e && beforeInsert && /^[ \t]+$/.test(stands) && inside && align[y]! === align[x - 1]! + 1;
    out.push(
      inside && !own
        ? { text: file.slice(align[x - 1]! + 1, align[y]!), stands, from: 'gap', kind: 'same' }
        : { text: stands, stands, from: 'model', kind: 'same' },
    );
    x = y;
  }
}

/** Punctuation after which one space is optional (normalize.ts): the space is the separator's own. */
const SEPARATORS = new Set([',', ';', ':', '.', '!', '?', '(']);

/**
 * The file's optional space right after old[e - 1], a character the model
 * kept, where old_string has none and the model's change follows; undefined
 * when there is none. After a separator (`version: 1` quoted as `version：1`
 * and changed to `version：2`) the space belongs to the unchanged separator,
 * and before text the model replaced (`import foo` quoted as `importfoo` and
 * changed to `importbar`) the new text takes the old text's place after it:
 * either way it stays the file's. Text only inserted there could go on either
 * side of it. `e` is the end of the kept stretch in `old`.
 */
function droppedSpace(old: string, file: string, align: Int32Array, e: number, opts: NormalizeOptions): string | undefined {
  if (e === 0 || e >= old.length || align[e - 1]! < 0) return undefined;
  let y = e;
  while (y < old.length && align[y]! < 0) y++;
  if (y >= old.length) return undefined;
  const gap = file.slice(align[e - 1]! + 1, align[y]!);
  return gap !== '' && isGap(gap, opts) && [...gap].some((ch) => foldChar(ch, opts) === ' ') ? gap : undefined;
}

/** Fold target -> [family, role]: quotes pair in order, brackets by nesting. */
const PAIRED: Record<string, [string, 'quote' | 'open' | 'close']> = {
  '"': ['"', 'quote'],
  "'": ["'", 'quote'],
  '(': ['()', 'open'],
  ')': ['()', 'close'],
  '[': ['[]', 'open'],
  ']': ['[]', 'close'],
  '{': ['{}', 'open'],
  '}': ['{}', 'close'],
  '<': ['<>', 'open'],
  '>': ['<>', 'close'],
};

/**
 * Quotes and brackets carried consistently or not at all: per line, pair each
 * family's characters (quotes in order, brackets by nesting); a pair with one
 * side carried from the file and the other new text the model typed goes back
 * to the model's form on both sides. Characters left without a partner
 * (an apostrophe, an unclosed bracket) are all carried or none are, when any
 * of them is new text.
 */
function dropSplitPairs(pieces: Piece[], opts: NormalizeOptions): void {
  type Member = { piece: number; offset: number; role: 'quote' | 'open' | 'close' };
  let line = new Map<string, Member[]>();
  const flush = () => {
    for (const members of line.values()) settleFamily(pieces, members);
    line = new Map();
  };
  // An apostrophe between two letters (it’s, don't) is no quote: it pairs with nothing.
  const whole = pieces.map((p) => p.stands).join('');
  const apostrophe = (at: number) =>
    foldChar(whole[at]!, opts) === "'" && /[\p{L}\p{N}]/u.test(whole[at - 1] ?? '') && /[\p{L}\p{N}]/u.test(whole[at + 1] ?? '');
  let at = 0;
  pieces.forEach((p, i) => {
    for (let k = 0; k < p.stands.length; k++, at++) {
      const ch = p.stands[k]!;
      if (ch === '\n') {
        flush();
        continue;
      }
      const info = PAIRED[foldChar(ch, opts)];
      if (!info || apostrophe(at)) continue;
      let list = line.get(info[0]);
      if (!list) line.set(info[0], (list = []));
      list.push({ piece: i, offset: k, role: info[1] });
    }
  });
  flush();

  function settleFamily(all: Piece[], members: { piece: number; role: 'quote' | 'open' | 'close' }[]): void {
    const pairs: [number, number][] = [];
    const loose: number[] = [];
    const stack: number[] = [];
    let open = -1;
    members.forEach((m, idx) => {
      if (m.role === 'quote') {
        if (open < 0) open = idx;
        else {
          pairs.push([open, idx]);
          open = -1;
        }
      } else if (m.role === 'open') stack.push(idx);
      else if (stack.length > 0) pairs.push([stack.pop()!, idx]);
      else loose.push(idx);
    });
    if (open >= 0) loose.push(open);
    loose.push(...stack);
    const isSub = (idx: number) => all[members[idx]!.piece]!.from === 'sub';
    const isNew = (idx: number) => all[members[idx]!.piece]!.kind === 'new';
    const unsub = (idx: number) => {
      const p = all[members[idx]!.piece]!;
      if (p.from === 'sub') all[members[idx]!.piece] = { ...p, text: p.stands, from: 'model' };
    };
    for (const [x, y] of pairs) {
      if ((isSub(x) && isNew(y)) || (isSub(y) && isNew(x))) {
        unsub(x);
        unsub(y);
      }
    }
    if (loose.some(isNew) && loose.some(isSub)) loose.forEach(unsub);
  }
}

/**
 * The final check, with spaces kept: every piece is the model's text, a
 * tolerated character that folds to the model's, or a gap of the file's that
 * holds at most one space-like character (plus floating marks) where the
 * model's holds the same kind of thing. Together the pieces spell `next`.
 */
export function verify(pieces: readonly Piece[], next: string, opts: NormalizeOptions = {}): boolean {
  if (pieces.map((p) => p.stands).join('') !== next) return false;
  for (const p of pieces) {
    if (p.from === 'model' && p.text !== p.stands) return false;
    if (p.from === 'sub' && (p.text.length !== 1 || foldChar(p.text, opts) !== foldChar(p.stands, opts))) return false;
    if (p.from === 'gap' && !(isGap(p.text, opts) && isGap(p.stands, opts))) return false;
  }
  return true;
}

/** At most one character that folds to a space, and otherwise combining marks only. */
function isGap(s: string, opts: NormalizeOptions): boolean {
  let spaces = 0;
  for (const ch of s) {
    if (foldChar(ch, opts) === ' ') spaces++;
    else if (!/\p{M}/u.test(ch)) return false;
  }
  return spaces <= 1;
}

/**
 * Multi-line carry (the edit tool): lines the model kept whole are the file's
 * own lines, byte for byte; each block of changed lines is carried with
 * carryText. `old` and `file` have the same number of lines (folding never
 * touches a line break).
 */
export function carryLines(old: string, file: string, next: string, align: Int32Array, opts: NormalizeOptions = {}): Carried | undefined {
  const oldLines = old.split('\n');
  const fileLines = file.split('\n');
  const nextLines = next.split('\n');
  if (oldLines.length !== fileLines.length) return undefined;
  const oldStarts = starts(oldLines);
  const fileStarts = starts(fileLines);
  const out: string[] = [];
  let carried = false;
  let o = 0;
  let n = 0;
  const blocks = lineRuns(oldLines, nextLines);
  for (let b = 0; b < blocks.length; b++) {
    const run = blocks[b]!;
    if (run.kind === 'same') {
      for (let k = 0; k < run.count; k++) {
        const f = fileLines[o + k]!;
        if (f !== oldLines[o + k]) carried = true;
        out.push(f);
      }
      o += run.count;
      n += run.count;
      continue;
    }
    // A change block: removed old lines [o, o + r), added next lines [n, n + a).
    let r = 0;
    let add = 0;
    while (b < blocks.length && blocks[b]!.kind !== 'same') {
      if (blocks[b]!.kind === 'old') r += blocks[b]!.count;
      else add += blocks[b]!.count;
      b++;
    }
    b--;
    if (add > 0 && r > 0) {
      // The line break after the block (when a kept line follows) goes along
      // as kept text: it bounds a space the file has or lacks at the line end.
      const more = o + r < oldLines.length && n + add < nextLines.length ? 1 : 0;
      const oFrom = oldStarts[o]!;
      const oTo = oldStarts[o + r]! - 1 + more;
      const fFrom = fileStarts[o]!;
      const fTo = fileStarts[o + r]! - 1 + more;
      const sub = new Int32Array(oTo - oFrom);
      for (let x = 0; x < sub.length; x++) {
        const f = align[oFrom + x]!;
        sub[x] = f >= fFrom && f < fTo ? f - fFrom : -1;
      }
      const nextBlock = nextLines.slice(n, n + add).join('\n') + (more ? '\n' : '');
      const c = carryText(old.slice(oFrom, oTo), file.slice(fFrom, fTo), nextBlock, sub, opts);
      if (!c) return undefined;
      carried ||= c.carried;
      out.push(...(more ? c.text.slice(0, -1) : c.text).split('\n'));
    } else if (add > 0) {
      out.push(...nextLines.slice(n, n + add));
    }
    o += r;
    n += add;
  }
  return { text: out.join('\n'), carried };
}

/** Start offset of each line when joined with '\n', plus the end (+1) as a sentinel. */
function starts(lines: readonly string[]): number[] {
  const out: number[] = [];
  let at = 0;
  for (const l of lines) {
    out.push(at);
    at += l.length + 1;
  }
  out.push(at);
  return out;
}

/** Line-level runs old -> next (counts of lines). */
function lineRuns(oldLines: string[], nextLines: string[]): { kind: 'same' | 'old' | 'new'; count: number }[] {
  const changes = diffArrays(oldLines, nextLines, { maxEditLength: MAX_EDIT });
  if (changes) return changes.map((c) => ({ kind: c.added ? 'new' : c.removed ? 'old' : 'same', count: c.count ?? c.value.length }));
  const p = commonPrefixLength(oldLines, nextLines);
  const s = commonSuffixLength(oldLines, nextLines, p);
  const runs = [
    { kind: 'same' as const, count: p },
    { kind: 'old' as const, count: oldLines.length - p - s },
    { kind: 'new' as const, count: nextLines.length - p - s },
    { kind: 'same' as const, count: s },
  ];
  return runs.filter((r) => r.count > 0);
}
