// new_string as the edit tool writes it: old -> new as a character diff, and
// invisible characters cleaned only out of what new_string adds. An existing
// ZWNJ (Persian text) or soft hyphen that old_string carries through
// unchanged is file content, not a leak.

import type { CharRun } from '../match/carry.js';
import { cleanInvisible, mergeRemoved } from '../text/invisible.js';

export type Part = CharRun;

const lastCodePoint = (s: string): string => {
  const cps = Array.from(s.slice(-2));
  return cps[cps.length - 1] ?? '';
};
const firstCodePoint = (s: string): string => (s === '' ? '' : String.fromCodePoint(s.codePointAt(0)!));
const survives = (ch: string): boolean => ch !== '' && cleanInvisible(ch, { atFileStart: false }).removed.size === 0;

/**
 * Clean invisible characters out of the parts of new_string that are new.
 * Each added run is cleaned with its neighbours as context (a combining mark
 * right after a kept letter has a base; a ZWJ between emoji is a sequence).
 */
export function cleanAdded(parts: readonly Part[]): { parts: Part[]; removed: Map<number, number> } {
  const removed = new Map<number, number>();
  const out: Part[] = [];
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]!;
    if (part.kind !== 'new') {
      out.push(part);
      continue;
    }
    // Context: the written text just before this run, and the kept text just after it.
    let pre = '';
    for (let b = out.length - 1; b >= 0 && pre === ''; b--) if (out[b]!.kind !== 'old') pre = lastCodePoint(out[b]!.text);
    let post = '';
    for (let a = k + 1; a < parts.length && post === ''; a++) if (parts[a]!.kind === 'same') post = firstCodePoint(parts[a]!.text);
    const usePre = survives(pre) ? pre : '';
    const usePost = survives(post) ? post : '';
    const c = cleanInvisible(usePre + part.text + usePost, { atFileStart: false });
    const text = c.text.slice(usePre.length, c.text.length - usePost.length);
    mergeRemoved(removed, c.removed);
    if (text !== '') out.push({ kind: 'new', text });
  }
  return { parts: out, removed };
}

export const newSide = (parts: readonly Part[]): string =>
  parts
    .filter((p) => p.kind !== 'old')
    .map((p) => p.text)
    .join('');
