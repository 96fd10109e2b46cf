// Invisible characters that models leak into the text they write (spec,
// "Invisible Character Cleaning"). They carry no content, so removing them
// cannot change what the text means, while leaving them in plants invisible
// bytes in the user's file. Only text a patch or edit adds is cleaned; the rest
// of a file is never scanned.
//
// Removed: U+200B, U+200C, U+2060, U+00AD; U+FEFF except as a leading BOM;
// U+200D except between two emoji; variation selectors with no base that can
// take them; combining marks with no visible base (at the start, or after a
// space or an invisible). Kept: a mark over any visible base (letter, digit,
// symbol, punctuation, and marks stacked on those), ZWJ emoji sequences,
// keycaps, ideographic variation sequences.

import { lazyRegExp } from './lazy-regexp.js';
import { codePoint } from './quote.js';

export interface Cleaned {
  text: string;
  /** Code point -> how many were removed. */
  removed: Map<number, number>;
}

export interface CleanOptions {
  /**
   * The text begins a file, so a U+FEFF at its very start is a byte-order mark
   * the author meant (default true). Lines added inside a file pass false.
   */
  atFileStart?: boolean;
}

/** Every character the slow path may act on; text without any is returned as is. */
const CANDIDATE = /[\u00AD\u200B-\u200D\u2060\uFEFF\p{M}]/u;

const ALWAYS = new Set([0x200b, 0x200c, 0x2060, 0x00ad]);
const ZWJ = 0x200d;
const BOM = 0xfeff;

const VISIBLE_BASE = lazyRegExp('[\\p{L}\\p{N}\\p{S}\\p{P}\\p{Co}\\p{Cn}]');
const MARK = lazyRegExp('\\p{M}');
const PICTOGRAPHIC = lazyRegExp('\\p{Extended_Pictographic}');
const EMOJI = lazyRegExp('\\p{Emoji}');
const IDEOGRAPHIC = lazyRegExp('\\p{Ideographic}');

const isTextVs = (cp: number) => cp >= 0xfe00 && cp <= 0xfe0d;
const isEmojiVs = (cp: number) => cp === 0xfe0e || cp === 0xfe0f;
const isIdeographicVs = (cp: number) => cp >= 0xe0100 && cp <= 0xe01ef;
const isEmojiModifier = (cp: number) => cp >= 0x1f3fb && cp <= 0x1f3ff;

/** Might cleanInvisible change anything in `text`? False is certain; true means look closer. */
export function mayHoldInvisible(text: string): boolean {
  return CANDIDATE.test(text);
}

export function cleanInvisible(text: string, options: CleanOptions = {}): Cleaned {
  const removed = new Map<number, number>();
  if (!mayHoldInvisible(text)) return { text, removed };
  const atFileStart = options.atFileStart ?? true;
  const cps = Array.from(text, (ch) => ch.codePointAt(0)!);
  const kept: number[] = [];
  /** The last kept character that is not a mark: what a following mark would sit on. */
  let base: number | undefined;
  /** Whether `base` is visible (a mark after it has something to sit on). */
  let visible = false;
  const drop = (cp: number) => removed.set(cp, (removed.get(cp) ?? 0) + 1);
  const keep = (cp: number) => {
    kept.push(cp);
    if (MARK.test(String.fromCodePoint(cp))) return;
    base = cp;
    visible = VISIBLE_BASE.test(String.fromCodePoint(cp));
  };

  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i]!;
    const prev = kept[kept.length - 1];
    if (ALWAYS.has(cp)) drop(cp);
    else if (cp === BOM) {
      if (i === 0 && atFileStart) keep(cp);
      else drop(cp);
    } else if (cp === ZWJ) {
      if (emojiBefore(kept) && cps[i + 1] !== undefined && PICTOGRAPHIC.test(String.fromCodePoint(cps[i + 1]!))) keep(cp);
      else drop(cp);
    } else if (isEmojiVs(cp) || isTextVs(cp) || isIdeographicVs(cp)) {
      // A selector modifies the character right before it, and only one that has variants.
      const ok = prev !== undefined && prev === base && visible && takesSelector(prev, cp);
      if (ok) kept.push(cp);
      else drop(cp);
    } else if (MARK.test(String.fromCodePoint(cp))) {
      if (visible) kept.push(cp);
      else drop(cp);
    } else keep(cp);
  }
  if (removed.size === 0) return { text, removed };
  return { text: fromCodePoints(kept), removed };
}

function fromCodePoints(cps: readonly number[]): string {
  const parts: string[] = [];
  // fromCodePoint takes its arguments on the stack: keep calls small.
  for (let i = 0; i < cps.length; i += 8192) parts.push(String.fromCodePoint(...cps.slice(i, i + 8192)));
  return parts.join('');
}

function takesSelector(base: number, selector: number): boolean {
  const ch = String.fromCodePoint(base);
  if (isEmojiVs(selector)) return EMOJI.test(ch);
  if (isIdeographicVs(selector)) return IDEOGRAPHIC.test(ch);
  // FE00-FE0D: math symbols, CJK compatibility ideographs, Myanmar, Phags-pa...
  // all visible bases; the per-character table is not worth carrying.
  return true;
}

/** Whether the kept text ends in an emoji (possibly with a presentation selector or skin tone). */
function emojiBefore(kept: readonly number[]): boolean {
  let i = kept.length - 1;
  while (i >= 0 && (kept[i] === 0xfe0f || isEmojiModifier(kept[i]!))) i--;
  return i >= 0 && PICTOGRAPHIC.test(String.fromCodePoint(kept[i]!));
}

/** Add the counts of `from` into `into`. */
export function mergeRemoved(into: Map<number, number>, from: ReadonlyMap<number, number>): void {
  for (const [cp, n] of from) into.set(cp, (into.get(cp) ?? 0) + n);
}

/** `U+200B×2, U+FEFF×1`, sorted by code point. */
export function formatRemoved(removed: ReadonlyMap<number, number>): string {
  return [...removed]
    .sort(([a], [b]) => a - b)
    .map(([cp, n]) => `${codePoint(cp)}×${n}`)
    .join(', ');
}
