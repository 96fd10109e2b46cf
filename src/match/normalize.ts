// Punctuation and space folding for the tolerant matching step, shared by
// apply_patch (match/tolerant.ts) and the edit tool (old_string fallback).
//
// Spec, "Punctuation Tolerance" / "Matching Tolerance", and NOTES "Matching":
//   - curly double quotes “ ” „ ‟ -> "     curly single quotes ‘ ’ ‚ ‛ -> '
//   - – — − and U+2010..U+2015 -> -
//   - full-width ， ； ： 。 ． ！ ？ （ ） -> , ; : . . ! ? ( )
//   - NBSP, U+2002..U+200A, U+202F, U+205F, U+3000 -> space (Codex's list)
//   - one space directly after , ; : . ! ? ( or directly before ) is optional,
//     and one space between two word characters is optional;
//   - a combining mark with no visible base (line start, or only whitespace
//     before it) is folded out: a tokenizer artefact, never real content;
//   - double spaces, spaces after quotes or dashes, indentation and newlines
//     stay significant, so a genuine layout mismatch still fails.
// Never NFKC: it folds ligatures, superscripts and full-width digits, which
// would let a tolerant match land on text that means something else.
//
// The `wide` profile is apply_patch's final fallback for any decodable text
// ("common Chinese and ASCII punctuation as equivalent"): it adds the rest of
// the full-width ASCII punctuation block (U+FF01..U+FF5E minus letters and
// digits) and the common CJK brackets and marks (、 「 」 『 』 【 】 《 》 〈 〉),
// and also makes one space directly *before* , ; : . ! ? optional ("a single
// space adjacent to a separator punctuation mark").
//
// Every folded character maps to exactly one UTF-16 unit and every kept unit
// comes from exactly one original unit, so the result carries an offset map
// and any normalised range maps back to an original range: callers splice the
// file's own text, never the normalised form.
//
// API (stable; the edit tool depends on it):
//   normalizeForMatch(text, opts?) -> { text, map }   map[i] = original offset
//       of normalised unit i; map[text.length] = original length (sentinel).
//   normalizeKey(text, opts?)      -> the normalised text alone (cheaper).
//   toOriginalRange(n, start, end) -> original [start, end) of a normalised range.
//   foldChar(ch, opts?)            -> the 1:1 fold of one character (or itself).
//   foldKinds(text)                -> which fold families a text would use.
//
// Caveat for substring search (edit tool): folding looks at neighbours, so a
// needle that starts or ends with a space folds as if at a line start / end.
// Normalise the needle and the whole file the same way and search the
// normalised file; trimming the needle's outer spaces first is the caller's call.

import { type FoldKind, foldMaps, foldTable } from './folds.js';
import { lazyRegExp } from '../text/lazy-regexp.js';

export interface NormalizeOptions {
  /** apply_patch's final fallback: wider Chinese/ASCII punctuation equivalence. Default false (Chord's map). */
  wide?: boolean;
}

export interface Normalized {
  /** The folded text. */
  text: string;
  /** map[i] = offset in the original of normalised unit i; map[text.length] = original length. */
  map: Int32Array;
}

export type { FoldKind } from './folds.js';

const SPACE = 0x20;

/** After one of these, a single following space is optional (ASCII lookup table). */
const OPTIONAL_SPACE_AFTER = asciiTable(',;:.!?(');
/** Wide profile: a single space directly before one of these is optional too. */
const OPTIONAL_SPACE_BEFORE_WIDE = asciiTable(',;:.!?)');

function asciiTable(chars: string): Uint8Array {
  const t = new Uint8Array(128);
  for (const c of chars) t[c.charCodeAt(0)] = 1;
  return t;
}
const CLOSE_PAREN = 0x29;

const WORD_RE = lazyRegExp('[\\p{L}\\p{N}\\p{M}_]');
const MARK_RE = lazyRegExp('\\p{M}');

/** The 1:1 fold of one character under the given profile; the character itself when it has none. */
export function foldChar(ch: string, opts: NormalizeOptions = {}): string {
  if (ch.length !== 1) return ch;
  const { base, wide } = foldMaps();
  const to = (opts.wide ? wide : base).get(ch.charCodeAt(0));
  return to === undefined ? ch : String.fromCharCode(to);
}

/** Which fold families (quotes, dashes, CJK punctuation, Unicode spaces) occur in `text`. */
export function foldKinds(text: string): FoldKind[] {
  const { kind, wide } = foldMaps();
  const seen = new Set<FoldKind>();
  for (let i = 0; i < text.length; i++) {
    const k = kind.get(text.charCodeAt(i));
    if (k) seen.add(k);
    else if (wide.has(text.charCodeAt(i))) seen.add('cjk');
  }
  return (['quotes', 'dashes', 'cjk', 'spaces'] as const).filter((k) => seen.has(k));
}

const C_DONE = 1;
const C_MARK = 2;
const C_WORD = 4;
/** Filled as met: C_DONE | C_MARK | C_WORD per BMP code unit (surrogates are never marks/words alone). */
let classes: Uint8Array | undefined;

function classOf(code: number): number {
  const table = (classes ??= new Uint8Array(0x10000));
  let c = table[code]!;
  if (c === 0) {
    const s = String.fromCharCode(code);
    c = C_DONE | (MARK_RE.test(s) ? C_MARK : 0) | (WORD_RE.test(s) ? C_WORD : 0);
    table[code] = c;
  }
  return c;
}

const isSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdfff;

/**
 * One normalisation's working memory, sized to its text: the folded units and
 * their original offsets (stage 1), the units kept and theirs (stage 2), and
 * whether any unit was folded to another. Made per call, so no state outlives
 * or is shared between calls.
 */
interface Scratch {
  units: Uint16Array;
  src: Int32Array;
  out: Uint16Array;
  outSrc: Int32Array;
  folded: boolean;
}

function scratchFor(len: number): Scratch {
  return {
    units: new Uint16Array(len + 1),
    src: new Int32Array(len + 1),
    out: new Uint16Array(len + 1),
    outSrc: new Int32Array(len + 2),
    folded: false,
  };
}

/**
 * Stage 1: 1:1 character folds and floating combining marks dropped, into
 * `units` (folded units) and `src` (original offset of each). Returns the count.
 */
function foldUnits(text: string, fold: Uint16Array, w: Scratch): number {
  const { units, src } = w;
  let n = 0;
  w.folded = false;
  /** The last kept non-mark unit on this line is whitespace, or there is none. */
  let baseless = true;
  for (let i = 0; i < text.length; i++) {
    const raw = text.charCodeAt(i);
    const code = fold[raw] || raw;
    if (code !== raw) w.folded = true;
    const mark = code >= 0x300 && (isSurrogate(raw) ? raw <= 0xdbff && astralIsMark(text, i) : (classOf(code) & C_MARK) !== 0);
    if (mark) {
      if (baseless) {
        // Skip the low surrogate of an astral mark too.
        if (isSurrogate(raw)) i++;
        continue;
      }
    } else if (!(raw >= 0xdc00 && raw <= 0xdfff)) {
      baseless = code === SPACE || code === 0x09 || code === 0x0a || code === 0x0d;
    }
    units[n] = code;
    src[n] = i;
    n++;
  }
  return n;
}

function astralIsMark(text: string, i: number): boolean {
  const cp = text.codePointAt(i);
  return cp !== undefined && cp > 0xffff && MARK_RE.test(String.fromCodePoint(cp));
}

function wordAt(units: Uint16Array, n: number, k: number): boolean {
  if (k < 0 || k >= n) return false;
  const code = units[k]!;
  if (code < 0x80) return isAsciiWord(code);
  if (!isSurrogate(code)) return (classOf(code) & C_WORD) !== 0;
  // Rebuild the astral code point from the folded units (folds never touch surrogates).
  let s: string;
  if (code >= 0xdc00 && k > 0) s = String.fromCharCode(units[k - 1]!, code);
  else if (code <= 0xdbff && k + 1 < n) s = String.fromCharCode(code, units[k + 1]!);
  else return false;
  return WORD_RE.test(s);
}

/** Stage 2 into `out` / `outSrc`: drop the optional single spaces. Returns the count. */
function dropSpaces(n: number, wide: boolean, w: Scratch): number {
  const { units, src, out, outSrc } = w;
  let m = 0;
  /** Only whitespace so far on this line: spaces here are indentation and stay. */
  let indent = true;
  for (let k = 0; k < n; k++) {
    const code = units[k]!;
    if (code === 0x0a || code === 0x0d) indent = true;
    else if (code !== SPACE && code !== 0x09) indent = false;
    else if (code === SPACE && !indent && optionalSpace(units, n, k, wide)) continue;
    out[m] = code;
    outSrc[m] = src[k]!;
    m++;
  }
  return m;
}

/** Fold `text` for tolerant matching, keeping a map back to original offsets. */
export function normalizeForMatch(text: string, opts: NormalizeOptions = {}): Normalized {
  const wide = opts.wide === true;
  const w = scratchFor(text.length);
  const n = foldUnits(text, foldTable(wide), w);
  const m = dropSpaces(n, wide, w);
  const map = new Int32Array(m + 1);
  map.set(w.outSrc.subarray(0, m));
  map[m] = text.length;
  return { text: decodeUnits(w.out, m), map };
}

/**
 * The normalised text alone. Equal to `normalizeForMatch(text, opts).text`,
 * without building the offset map: the tolerant step keys every line of a
 * file that may have 100,000 of them. ASCII lines without spaces come back as
 * they are.
 */
export function normalizeKey(text: string, opts: NormalizeOptions = {}): string {
  const wide = opts.wide === true;
  const fold = foldTable(wide);
  // One pass over the original, copying unchanged stretches as slices. Lines
  // with combining marks or astral characters take the two-stage path, where
  // dropping a floating mark can change what a space's neighbour is.
  const n = text.length;
  let out = '';
  let from = 0;
  let indent = true;
  let prev = -1;
  let code = n > 0 ? foldedAt(text, 0, fold) : -1;
  for (let k = 0; k < n; k++) {
    const raw = text.charCodeAt(k);
    if (raw >= 0x300 && (isSurrogate(raw) || (classOf(raw) & C_MARK) !== 0)) return keyOf(text, wide);
    const next = k + 1 < n ? foldedAt(text, k + 1, fold) : -1;
    if (code === 0x0a || code === 0x0d) indent = true;
    else if (code !== SPACE && code !== 0x09) indent = false;
    else if (code === SPACE && !indent && optionalBetween(prev, next, wide)) {
      out += text.slice(from, k);
      from = k + 1;
      prev = code;
      code = next;
      continue;
    }
    if (code !== raw) {
      out += text.slice(from, k) + String.fromCharCode(code);
      from = k + 1;
    }
    prev = code;
    code = next;
  }
  return from === 0 ? text : out + text.slice(from);
}

function foldedAt(text: string, k: number, fold: Uint16Array): number {
  const raw = text.charCodeAt(k);
  return raw < 0x80 ? raw : fold[raw] || raw;
}

/** optionalSpace() for a space between two BMP, non-mark units (-1: none). */
function optionalBetween(prev: number, next: number, wide: boolean): boolean {
  if (prev < 0 || prev === SPACE || next === SPACE) return false;
  if (prev < 0x80 && OPTIONAL_SPACE_AFTER[prev] === 1) return true;
  if (next === CLOSE_PAREN) return true;
  if (wide && next >= 0 && next < 0x80 && OPTIONAL_SPACE_BEFORE_WIDE[next] === 1) return true;
  return next >= 0 && isWordCode(prev) && isWordCode(next);
}

function isWordCode(code: number): boolean {
  return code < 0x80 ? isAsciiWord(code) : !isSurrogate(code) && (classOf(code) & C_WORD) !== 0;
}

function keyOf(text: string, wide: boolean): string {
  const w = scratchFor(text.length);
  const m = dropSpaces(foldUnits(text, foldTable(wide), w), wide, w);
  // Most lines come out unchanged: skip rebuilding the string.
  return m === text.length && !w.folded ? text : decodeUnits(w.out, m);
}

function isAsciiWord(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
}

/** A single space (no space on either side) that the folding rules make optional. */
function optionalSpace(units: Uint16Array, n: number, k: number, wide: boolean): boolean {
  if (k === 0) return false;
  const prev = units[k - 1]!;
  const next = k + 1 < n ? units[k + 1]! : -1;
  if (prev === SPACE || next === SPACE) return false;
  if (prev < 0x80 && OPTIONAL_SPACE_AFTER[prev] === 1) return true;
  if (next === CLOSE_PAREN) return true;
  if (wide && next >= 0 && next < 0x80 && OPTIONAL_SPACE_BEFORE_WIDE[next] === 1) return true;
  return wordAt(units, n, k - 1) && wordAt(units, n, k + 1);
}

function decodeUnits(units: Uint16Array, len: number): string {
  let s = '';
  const CHUNK = 8192;
  for (let i = 0; i < len; i += CHUNK) {
    s += String.fromCharCode.apply(null, units.subarray(i, Math.min(len, i + CHUNK)) as unknown as number[]);
  }
  return s;
}

/**
 * Original [start, end) of the normalised range [start, end). The end is just
 * past the last matched unit, so dropped spaces or marks after the match stay
 * outside it; an empty range maps to the position of the next kept unit.
 */
export function toOriginalRange(n: Normalized, start: number, end: number): { start: number; end: number } {
  const s = n.map[start] ?? n.map[n.map.length - 1]!;
  if (end <= start) return { start: s, end: s };
  const last = n.map[end - 1]!;
  return { start: s, end: last + 1 };
}
