// `--include` / `--exclude`: which files of a diff are used, as git apply
// decides it. Each pattern is matched against the file's path after the
// strip level (its new name, else its old one) with git's wildmatch and no
// flags: `*` and `?` match `/` too, `[...]` is a class (`!` or `^` negates),
// `\` quotes the next character. The first pattern that matches decides;
// a path no pattern matches is used unless some --include was given.

import { ChordPatchError } from '../errors.js';

export interface PathRule {
  pattern: string;
  include: boolean;
}

/** Is `path` used under `rules` (git apply's use_patch)? */
export function usePath(path: string, rules: readonly PathRule[]): boolean {
  for (const r of rules) if (wildmatch(r.pattern, path)) return r.include;
  return !rules.some((r) => r.include);
}

type Token = { t: 'star' } | { t: 'any' } | { t: 'char'; c: string } | { t: 'class'; negate: boolean; test: (c: string) => boolean };

const NAMED: Record<string, RegExp> = {
  alnum: /[A-Za-z0-9]/,
  alpha: /[A-Za-z]/,
  blank: /[ \t]/,
  digit: /[0-9]/,
  lower: /[a-z]/,
  upper: /[A-Z]/,
  space: /\s/,
  punct: /[!-/:-@[-`{-~]/,
  xdigit: /[0-9A-Fa-f]/,
};

function tokens(pattern: string): Token[] {
  const out: Token[] = [];
  const p = [...pattern];
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === '*') {
      if (out[out.length - 1]?.t !== 'star') out.push({ t: 'star' });
    } else if (c === '?') out.push({ t: 'any' });
    else if (c === '\\') {
      if (i + 1 >= p.length) bad(pattern, 'ends with a lone "\\"');
      out.push({ t: 'char', c: p[++i]! });
    } else if (c === '[') i = bracket(pattern, p, i, out);
    else out.push({ t: 'char', c });
  }
  return out;
}

/** A `[...]` class starting at p[i]; returns the index of its `]`. */
function bracket(pattern: string, p: string[], start: number, out: Token[]): number {
  let i = start + 1;
  const negate = p[i] === '!' || p[i] === '^';
  if (negate) i++;
  const tests: ((c: string) => boolean)[] = [];
  for (let first = true; ; first = false) {
    if (i >= p.length) bad(pattern, 'has a "[" that is never closed');
    const c = p[i]!;
    if (c === ']' && !first) break;
    if (c === '[' && p[i + 1] === ':') {
      const end = p.indexOf(':', i + 2);
      const name = p.slice(i + 2, end).join('');
      const re = Object.hasOwn(NAMED, name) ? NAMED[name] : undefined;
      if (end < 0 || p[end + 1] !== ']' || !re) bad(pattern, `has an unknown character class "[:${name}:]"`);
      tests.push((x) => re!.test(x));
      i = end + 2;
      continue;
    }
    const lo = c === '\\' ? p[++i]! : c;
    if (p[i + 1] === '-' && p[i + 2] !== undefined && p[i + 2] !== ']') {
      const hi = p[i + 2] === '\\' ? p[i + 3]! : p[i + 2]!;
      i += p[i + 2] === '\\' ? 4 : 3;
      tests.push((x) => x >= lo && x <= hi);
    } else {
      tests.push((x) => x === lo);
      i++;
    }
  }
  out.push({ t: 'class', negate, test: (x) => tests.some((t) => t(x)) });
  return i;
}

function bad(pattern: string, why: string): never {
  throw new ChordPatchError('bad_option', `the --include/--exclude pattern ${JSON.stringify(pattern)} ${why}`);
}

/** git's wildmatch without WM_PATHNAME, by dynamic programming (no backtracking). */
export function wildmatch(pattern: string, text: string): boolean {
  const tk = tokens(pattern);
  const s = [...text];
  // can[j]: the first k tokens match the first j characters.
  let can = new Array<boolean>(s.length + 1).fill(false);
  can[0] = true;
  for (const t of tk) {
    const next = new Array<boolean>(s.length + 1).fill(false);
    for (let j = 0; j <= s.length; j++) {
      if (t.t === 'star') next[j] = can[j]! || (j > 0 && next[j - 1]!);
      else if (j > 0 && can[j - 1]) {
        const c = s[j - 1]!;
        next[j] = t.t === 'any' || (t.t === 'char' ? t.c === c : t.test(c) !== t.negate);
      }
    }
    can = next;
  }
  return can[s.length]!;
}
