// The character folds of the tolerant step, as data: Chord's 1:1 map and
// what the `wide` profile adds (normalize.ts says which rules use them), as
// maps for single characters and as per-code-unit tables for whole lines.
// Everything is built on first use, not at load: a run whose hunks match
// exactly never folds anything.

export type FoldKind = 'quotes' | 'dashes' | 'cjk' | 'spaces';

/** Chord's 1:1 map (plus Codex's Unicode spaces and U+2010..U+2015 dashes). */
const BASE_PAIRS: readonly (readonly [number, string, FoldKind])[] = [
  [0x201c, '"', 'quotes'],
  [0x201d, '"', 'quotes'],
  [0x201e, '"', 'quotes'],
  [0x201f, '"', 'quotes'],
  [0x2018, "'", 'quotes'],
  [0x2019, "'", 'quotes'],
  [0x201a, "'", 'quotes'],
  [0x201b, "'", 'quotes'],
  [0x2010, '-', 'dashes'],
  [0x2011, '-', 'dashes'],
  [0x2012, '-', 'dashes'],
  [0x2013, '-', 'dashes'],
  [0x2014, '-', 'dashes'],
  [0x2015, '-', 'dashes'],
  [0x2212, '-', 'dashes'],
  [0xff0c, ',', 'cjk'],
  [0xff1b, ';', 'cjk'],
  [0xff1a, ':', 'cjk'],
  [0x3002, '.', 'cjk'],
  [0xff0e, '.', 'cjk'],
  [0xff01, '!', 'cjk'],
  [0xff1f, '?', 'cjk'],
  [0xff08, '(', 'cjk'],
  [0xff09, ')', 'cjk'],
  [0x00a0, ' ', 'spaces'],
  [0x2002, ' ', 'spaces'],
  [0x2003, ' ', 'spaces'],
  [0x2004, ' ', 'spaces'],
  [0x2005, ' ', 'spaces'],
  [0x2006, ' ', 'spaces'],
  [0x2007, ' ', 'spaces'],
  [0x2008, ' ', 'spaces'],
  [0x2009, ' ', 'spaces'],
  [0x200a, ' ', 'spaces'],
  [0x202f, ' ', 'spaces'],
  [0x205f, ' ', 'spaces'],
  [0x3000, ' ', 'spaces'],
];

const WIDE_EXTRA: readonly (readonly [number, string])[] = [
  [0x3001, ','], // 、 ideographic comma
  [0x300c, '"'], // 「
  [0x300d, '"'], // 」
  [0x300e, '"'], // 『
  [0x300f, '"'], // 』
  [0x3010, '['], // 【
  [0x3011, ']'], // 】
  [0x300a, '<'], // 《
  [0x300b, '>'], // 》
  [0x3008, '<'], // 〈
  [0x3009, '>'], // 〉
];

export interface FoldMaps {
  /** Code unit -> the code unit it folds to, Chord's map. */
  base: ReadonlyMap<number, number>;
  /** The same for the wide profile (a superset of `base`). */
  wide: ReadonlyMap<number, number>;
  /** Which family each of `base`'s characters belongs to. */
  kind: ReadonlyMap<number, FoldKind>;
}

let maps: FoldMaps | undefined;

export function foldMaps(): FoldMaps {
  if (maps) return maps;
  const base = new Map<number, number>();
  const kind = new Map<number, FoldKind>();
  for (const [cp, to, k] of BASE_PAIRS) {
    base.set(cp, to.charCodeAt(0));
    kind.set(cp, k);
  }
  const wide = new Map<number, number>(base);
  // Full-width ASCII punctuation block; letters and digits are left alone (that
  // would be NFKC-style folding of content, not of punctuation).
  for (let cp = 0xff01; cp <= 0xff5e; cp++) {
    const ascii = cp - 0xfee0;
    const isAlnum = (ascii >= 0x30 && ascii <= 0x39) || (ascii >= 0x41 && ascii <= 0x5a) || (ascii >= 0x61 && ascii <= 0x7a);
    if (!isAlnum && !wide.has(cp)) wide.set(cp, ascii);
  }
  for (const [cp, to] of WIDE_EXTRA) wide.set(cp, to.charCodeAt(0));
  maps = { base, wide, kind };
  return maps;
}

let tables: { base: Uint16Array; wide: Uint16Array } | undefined;

/**
 * Per-code-unit fold table (0: no fold): the tolerant step keys every line of
 * a file that may have 100,000 of them, so no Map lookup per character.
 */
export function foldTable(wide: boolean): Uint16Array {
  if (!tables) {
    const { base, wide: w } = foldMaps();
    tables = { base: new Uint16Array(0x10000), wide: new Uint16Array(0x10000) };
    for (const [cp, to] of base) tables.base[cp] = to;
    for (const [cp, to] of w) tables.wide[cp] = to;
  }
  return wide ? tables.wide : tables.base;
}
