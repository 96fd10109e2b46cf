// Path globs of permission rules, compiled to a small automaton that is run
// over the path one code point at a time.
//
//   *        any run of characters, `/` included (Chord's rule: `src/*`
//            covers `src/deep/a.ts`)
//   **/      any run of directories, none included (`src/**/*.ts` covers `src/a.ts`)
//   ?        one character
//   [abc]    one of the characters listed; `a-z` a range; `[!x]` or `[^x]`
//            one character not listed (never `/`); `]` first is literal
//   {a,b}    either alternative; alternatives may hold globs and braces
//   \x       the character x itself (`\{` `\[` `\*`)
//
// A pattern whose syntax cannot be read one way only is an error, never a
// literal: a deny rule written as `secrets/*.{key,pem}` that silently matched
// only a file named `*.{key,pem}` would let every key through. So an
// unterminated `[` or `{`, a stray `}`, a brace with no comma (`{a}`, bash's
// `{1..3}`), an empty or reversed class and a trailing `\` are refused with a
// message saying how to write the intent. Messages point at characters by
// position and never quote the pattern: it comes from the config file.
//
// Matching never backtracks: the automaton keeps the set of places the
// pattern could be at, so a match costs at most (path length x pattern
// length) steps whatever the pattern. A backtracking regular expression for
// `src/**/*test*/**/*.ts` ran for minutes on one long path while the commit
// lock was held.

export class GlobError extends Error {}

/** One parsed glob item. */
type Item =
  | { t: 'char'; cp: number }
  | { t: 'any' }
  | { t: 'class'; negate: boolean; ranges: [number, number][] }
  | { t: 'star' }
  | { t: 'dirs' }
  | { t: 'alt'; alts: Item[][] };

interface Parser {
  chars: string[];
  i: number;
}

const cp = (c: string): number => c.codePointAt(0)!;

/** The items of a glob. Throws GlobError for unreadable syntax. */
function parseGlob(glob: string): Item[] {
  const p: Parser = { chars: Array.from(glob), i: 0 };
  const items = parseSeq(p, false);
  if (p.i < p.chars.length) throw new GlobError(`"}" at character ${p.i + 1} closes no "{": write "\\}" to match a brace`);
  return items;
}

/** A run of glob items, up to the end, or (inside braces) up to `,` or `}`. */
function parseSeq(p: Parser, inBrace: boolean): Item[] {
  const items: Item[] = [];
  while (p.i < p.chars.length) {
    const c = p.chars[p.i]!;
    if (inBrace && (c === ',' || c === '}')) return items;
    if (c === '}') return items;
    p.i++;
    if (c === '\\') {
      if (p.i >= p.chars.length)
        throw new GlobError('the pattern ends with "\\", which escapes nothing: write "\\\\" to match a backslash');
      items.push({ t: 'char', cp: cp(p.chars[p.i++]!) });
    } else if (c === '*') {
      if (p.chars[p.i] === '*' && p.chars[p.i + 1] === '/') {
        items.push({ t: 'dirs' });
        p.i += 2;
      } else {
        while (p.chars[p.i] === '*') p.i++;
        items.push({ t: 'star' });
      }
    } else if (c === '?') {
      items.push({ t: 'any' });
    } else if (c === '[') {
      items.push(parseClass(p));
    } else if (c === '{') {
      items.push(parseBrace(p));
    } else {
      items.push({ t: 'char', cp: cp(c) });
    }
  }
  return items;
}

function parseBrace(p: Parser): Item {
  const start = p.i;
  const alts: Item[][] = [parseSeq(p, true)];
  while (p.chars[p.i] === ',') {
    p.i++;
    alts.push(parseSeq(p, true));
  }
  if (p.chars[p.i] !== '}') throw new GlobError(`"{" at character ${start} is never closed: close it, or write "\\{" to match a brace`);
  p.i++;
  if (alts.length < 2) {
    throw new GlobError(
      `"{" at character ${start} has no comma, so it lists no alternatives (ranges like {1..3} are not supported): ` +
        'write "{a,b}", or "\\{" and "\\}" to match the braces',
    );
  }
  return { t: 'alt', alts };
}

function parseClass(p: Parser): Item {
  const start = p.i;
  const unclosed = () => new GlobError(`"[" at character ${start} is never closed: close it with "]", or write "\\[" to match a bracket`);
  let negate = false;
  if (p.chars[p.i] === '!' || p.chars[p.i] === '^') {
    negate = true;
    p.i++;
  }
  const ranges: [number, number][] = [];
  let first = true;
  for (;;) {
    if (p.i >= p.chars.length) throw unclosed();
    let c = p.chars[p.i++]!;
    if (c === ']' && !first) break;
    first = false;
    if (c === '\\') {
      if (p.i >= p.chars.length) throw unclosed();
      c = p.chars[p.i++]!;
    }
    if (p.chars[p.i] === '-' && p.chars[p.i + 1] !== undefined && p.chars[p.i + 1] !== ']') {
      let end = p.chars[p.i + 1]!;
      p.i += 2;
      if (end === '\\') {
        if (p.i >= p.chars.length) throw new GlobError(`"[" at character ${start} is never closed`);
        end = p.chars[p.i++]!;
      }
      if (cp(end) < cp(c)) throw new GlobError(`a range in "[" at character ${start} runs backwards: write its ends the other way round`);
      ranges.push([cp(c), cp(end)]);
    } else {
      ranges.push([cp(c), cp(c)]);
    }
  }
  return { t: 'class', negate, ranges };
}

// ------------------------------------------------------------- the automaton

const SLASH = 0x2f;

/** A state: an edge taken on a code point `test` accepts (to `next`), and edges taken on nothing (`eps`). */
interface State {
  test?: (c: number) => boolean;
  next: number;
  eps: number[];
}

const anyChar = () => true;

function classTest(item: Extract<Item, { t: 'class' }>): (c: number) => boolean {
  const { negate, ranges } = item;
  const listed = (c: number) => ranges.some(([lo, hi]) => c >= lo && c <= hi);
  return negate ? (c) => c !== SLASH && !listed(c) : listed;
}

/** A compiled glob: `matches` runs in time linear in the path for a given pattern. */
export class Glob {
  private readonly states: State[] = [{ next: -1, eps: [] }];
  private readonly start: number;
  /** Scratch: the generation each state was last added in, so a set is built without allocating. */
  private seen: Uint32Array;
  private generation = 0;

  constructor(readonly source: string) {
    this.start = this.build(parseGlob(source), 0);
    this.seen = new Uint32Array(this.states.length);
  }

  private add(state: State): number {
    this.states.push(state);
    return this.states.length - 1;
  }

  /** The start state of `items` followed by `next`, built from the end. */
  private build(items: readonly Item[], next: number): number {
    let at = next;
    for (let k = items.length - 1; k >= 0; k--) at = this.item(items[k]!, at);
    return at;
  }

  private item(item: Item, next: number): number {
    switch (item.t) {
      case 'char': {
        const want = item.cp;
        return this.add({ test: (c) => c === want, next, eps: [] });
      }
      case 'any':
        return this.add({ test: anyChar, next, eps: [] });
      case 'class':
        return this.add({ test: classTest(item), next, eps: [] });
      case 'star': {
        const s = this.add({ test: anyChar, next: -1, eps: [next] });
        this.states[s]!.next = s;
        return s;
      }
      case 'dirs': {
        // (any run, then "/") or nothing.
        const slash = this.add({ test: (c) => c === SLASH, next, eps: [] });
        const run = this.add({ test: anyChar, next: -1, eps: [slash] });
        this.states[run]!.next = run;
        return this.add({ next: -1, eps: [next, run] });
      }
      case 'alt':
        return this.add({ next: -1, eps: item.alts.map((alt) => this.build(alt, next)) });
    }
  }

  /** Add `s` and every state reachable from it on no input to `set` (states not yet in it this generation). */
  private close(s: number, set: number[]): void {
    const stack = [s];
    while (stack.length > 0) {
      const x = stack.pop()!;
      if (this.seen[x] === this.generation) continue;
      this.seen[x] = this.generation;
      set.push(x);
      for (const e of this.states[x]!.eps) stack.push(e);
    }
  }

  /** Does the whole of `path` match? */
  matches(path: string): boolean {
    this.generation++;
    let current: number[] = [];
    this.close(this.start, current);
    for (const ch of path) {
      const c = cp(ch);
      this.generation++;
      const next: number[] = [];
      for (const s of current) {
        const st = this.states[s]!;
        if (st.test?.(c)) this.close(st.next, next);
      }
      if (next.length === 0) return false;
      current = next;
    }
    return current.includes(0);
  }
}

const cache = new Map<string, Glob>();

/** The compiled glob. Throws GlobError for unreadable syntax. */
export function compileGlob(glob: string): Glob {
  let g = cache.get(glob);
  if (!g) {
    g = new Glob(glob);
    cache.set(glob, g);
  }
  return g;
}

/** Why `glob` cannot be used, or undefined when it is fine. */
export function globProblem(glob: string): string | undefined {
  try {
    compileGlob(glob);
    return undefined;
  } catch (e) {
    if (e instanceof GlobError) return e.message;
    throw e;
  }
}
