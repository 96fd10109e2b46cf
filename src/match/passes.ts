// Every way a line may match, in the order each family tries them, with what
// each compares and how each is worded: the one registry behind apply_patch's
// passes (seek.ts runs the line passes, tolerant.ts the tolerant ones), the
// result notes, `--verbose`, the ambiguity report, and the edit tool's steps.
//
// Each entry's wording is required by its type (a mapped type over the
// names), so a pass added without its words does not compile. Adding a pass:
// its name in the order list, its entry here (comparator and words), its
// tests; the matcher of its family reads the rest from here.

import type { NormalizeOptions } from './normalize.js';

/** The line passes, in order: exact, then ignoring trailing, then surrounding whitespace (seek.ts). */
export const LINE_PASSES = ['exact', 'trim-end', 'trim'] as const;
/** The tolerant passes, in order, tried only after every line pass failed (tolerant.ts). */
export const TOLERANT_PASSES = ['punctuation', 'punctuation-wide'] as const;

export type PassName = (typeof LINE_PASSES)[number];
export type TolerantPass = (typeof TOLERANT_PASSES)[number];

/** How a pass is named to the reader. */
export interface PassWords {
  /** `--verbose`: "matched at line N <how>". */
  how: string;
  /** The result note: "N hunks matched <note>"; undefined for a pass that adapts nothing. */
  note: string | undefined;
}

/** What a line pass compares: the line with no, trailing (1) or surrounding (2) whitespace dropped. */
export interface LinePass {
  trim: 0 | 1 | 2;
  words: PassWords;
}

/** What a tolerant pass compares: lines folded by normalize.ts under `fold`, with trailing or surrounding whitespace ignored. */
export interface TolerantPassSpec {
  fold: NormalizeOptions;
  /** Leading whitespace is ignored too (and added lines are re-indented to the file's). */
  trimStart: boolean;
  words: PassWords & {
    /** The ambiguity report: "with <ambiguity> it matches N places". */
    ambiguity: string;
  };
}

export const LINE: { readonly [P in PassName]: LinePass } = {
  exact: { trim: 0, words: { how: 'exactly', note: undefined } },
  'trim-end': { trim: 1, words: { how: 'ignoring trailing whitespace', note: 'ignoring trailing whitespace' } },
  trim: { trim: 2, words: { how: 'ignoring surrounding whitespace', note: 'ignoring surrounding whitespace' } },
};

export const TOLERANT: { readonly [P in TolerantPass]: TolerantPassSpec } = {
  punctuation: {
    fold: {},
    trimStart: false,
    words: {
      how: 'with punctuation tolerance',
      note: 'with punctuation tolerance (quotes/dashes/CJK punctuation/spacing); the file keeps its own punctuation on unchanged text',
      ambiguity: 'punctuation tolerance',
    },
  },
  'punctuation-wide': {
    fold: { wide: true },
    trimStart: true,
    words: {
      how: 'with the wide punctuation fallback',
      note:
        'with the wide punctuation fallback (Chinese/ASCII punctuation, surrounding whitespace ignored); ' +
        'the file keeps its own punctuation on unchanged text',
      ambiguity: 'the wide punctuation fallback',
    },
  },
};

/** The canonical-equivalence step (canonical.ts): no fold of normalize.ts, so outside the tolerant registry. */
export const CANONICAL_WORDS: PassWords & { ambiguity: string } = {
  how: 'under Unicode canonical equivalence (NFC/NFD)',
  note: "under Unicode canonical equivalence (composed and decomposed accents alike); added lines take the file's form",
  ambiguity: 'Unicode canonical equivalence (NFC/NFD)',
};

/** The words of a pass by its name (a placement records it as a string); undefined for a name no pass has. */
export function passWords(pass: string): PassWords | undefined {
  if (Object.hasOwn(LINE, pass)) return LINE[pass as PassName].words;
  if (Object.hasOwn(TOLERANT, pass)) return TOLERANT[pass as TolerantPass].words;
  if (pass === 'canonical') return CANONICAL_WORDS;
  return undefined;
}

/** The edit tool's tolerant steps (edit/replace.ts), in the order tried. */
export type EditStep = 'invisible' | 'trailing-newline' | 'punctuation' | 'whitespace' | 'canonical';

/** "old_string matched <words>" for each tolerant step of the edit tool. */
export const EDIT_STEP_WORDS: { readonly [S in EditStep]: string } = {
  invisible: 'with invisible characters removed from old_string',
  'trailing-newline': "without old_string's final newline (trailing-newline tolerance)",
  punctuation: 'under punctuation tolerance',
  whitespace: 'with indentation and trailing whitespace ignored',
  canonical: CANONICAL_WORDS.how,
};
