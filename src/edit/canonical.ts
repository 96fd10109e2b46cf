// old_string in the other Unicode canonical form than the file's text: `é` as
// one code point (NFC) or as `e` and a combining accent (NFD) is the same text
// under canonical equivalence, and files saved on macOS or by some editors keep
// the decomposed form while a model types the composed one (or the reverse).
// The edit tool's last tolerant step, unique only like the others: old_string
// is put into each form in turn and sought exactly, so the text it covers is
// the file's own bytes, and new_string is written in that same form (its
// unchanged text is then the file's, and what it adds matches it).
// Compatibility folding (NFKC: ligatures, full-width digits, superscripts) is
// never used: it changes what text says.

import type { FileView } from './view.js';

export type CanonicalForm = 'NFC' | 'NFD';

export type CanonicalEdit =
  /** Every place old_string stands in `form` (one, unless the caller asked for all), and new_string in that form. */
  | { kind: 'found'; starts: number[]; length: number; text: string; form: CanonicalForm }
  | { kind: 'ambiguous'; starts: number[]; form: CanonicalForm }
  /** old_string stands in no form, but new_string does, once, in the file's form: a re-sent edit. */
  | { kind: 'applied'; at: number; form: CanonicalForm }
  | { kind: 'none' };

const FORMS: readonly CanonicalForm[] = ['NFD', 'NFC'];
const NON_ASCII = /[^\u0000-\u007f]/;
const MARK = /^\p{M}/u;

/** A place whose next character is a combining mark: old_string would end inside one of the file's characters. */
const splits = (lf: string, start: number, length: number): boolean => MARK.test(lf.slice(start + length, start + length + 2));

/** old_string sought in each canonical form that changes it; `all` (replace_all) takes every place. */
export function canonicalMatch(view: FileView, oldLf: string, newLf: string, all: boolean): CanonicalEdit {
  for (const form of NON_ASCII.test(oldLf) ? FORMS : []) {
    const conv = oldLf.normalize(form);
    if (conv === oldLf) continue;
    const hits = view.positions(conv).filter((s) => !splits(view.lf, s, conv.length));
    if (hits.length === 0) continue;
    if (hits.length > 1 && !all) return { kind: 'ambiguous', starts: hits, form };
    return { kind: 'found', starts: hits, length: conv.length, text: newLf.normalize(form), form };
  }
  for (const form of NON_ASCII.test(newLf) ? FORMS : []) {
    const neu = newLf.normalize(form);
    // Only new text proves anything: a new_string that is part of old_string stood there before the edit too.
    if (neu === newLf || neu.trim() === '' || oldLf.normalize(form).includes(neu)) continue;
    const at = view.positions(neu);
    if (at.length === 1) return { kind: 'applied', at: at[0]!, form };
  }
  return { kind: 'none' };
}
