// Path globs of permission rules, compiled to regular expressions.
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
// message saying how to write the intent.

export class GlobError extends Error {}

const REGEX_SPECIAL = /[.+^${}()|[\]\\*?/]/g;
const escapeRe = (c: string): string => c.replace(REGEX_SPECIAL, '\\$&');
/** Inside a character class only these need escaping. */
const escapeClass = (c: string): string => (/[\\\]^[-]/.test(c) ? `\\${c}` : c);

/** The regular expression source of a glob. Throws GlobError for unreadable syntax. */
export function globSource(glob: string): string {
  const chars = Array.from(glob);
  const parser = { chars, i: 0, glob };
  const src = parseSeq(parser, false);
  if (parser.i < chars.length) throw new GlobError(`"}" at character ${parser.i + 1} closes no "{": write "\\}" to match a brace`);
  return src;
}

interface Parser {
  chars: string[];
  i: number;
  glob: string;
}

/** A run of glob items, up to the end, or (inside braces) up to `,` or `}`. */
function parseSeq(p: Parser, inBrace: boolean): string {
  let src = '';
  while (p.i < p.chars.length) {
    const c = p.chars[p.i]!;
    if (inBrace && (c === ',' || c === '}')) return src;
    if (c === '}') return src;
    p.i++;
    if (c === '\\') {
      if (p.i >= p.chars.length)
        throw new GlobError('the pattern ends with "\\", which escapes nothing: write "\\\\" to match a backslash');
      src += escapeRe(p.chars[p.i++]!);
    } else if (c === '*') {
      if (p.chars[p.i] === '*' && p.chars[p.i + 1] === '/') {
        src += '(?:.*/)?';
        p.i += 2;
      } else {
        while (p.chars[p.i] === '*') p.i++;
        src += '.*';
      }
    } else if (c === '?') {
      src += '.';
    } else if (c === '[') {
      src += parseClass(p);
    } else if (c === '{') {
      src += parseBrace(p);
    } else {
      src += escapeRe(c);
    }
  }
  return src;
}

function parseBrace(p: Parser): string {
  const start = p.i;
  const alternatives: string[] = [parseSeq(p, true)];
  while (p.chars[p.i] === ',') {
    p.i++;
    alternatives.push(parseSeq(p, true));
  }
  if (p.chars[p.i] !== '}') throw new GlobError(`"{" at character ${start} is never closed: close it, or write "\\{" to match a brace`);
  p.i++;
  if (alternatives.length < 2) {
    const inner = p.chars.slice(start, p.i - 1).join('');
    throw new GlobError(
      `"{${inner}}" has no comma, so it lists no alternatives (ranges like {1..3} are not supported): ` +
        `write "{a,b}", or "\\{${inner}\\}" to match the braces`,
    );
  }
  return `(?:${alternatives.join('|')})`;
}

function parseClass(p: Parser): string {
  const start = p.i;
  let negate = false;
  if (p.chars[p.i] === '!' || p.chars[p.i] === '^') {
    negate = true;
    p.i++;
  }
  const items: string[] = [];
  let first = true;
  for (;;) {
    if (p.i >= p.chars.length)
      throw new GlobError(`"[" at character ${start} is never closed: close it with "]", or write "\\[" to match a bracket`);
    let c = p.chars[p.i++]!;
    if (c === ']' && !first) break;
    first = false;
    if (c === '\\') {
      if (p.i >= p.chars.length)
        throw new GlobError(`"[" at character ${start} is never closed: close it with "]", or write "\\[" to match a bracket`);
      c = p.chars[p.i++]!;
    }
    if (p.chars[p.i] === '-' && p.chars[p.i + 1] !== undefined && p.chars[p.i + 1] !== ']') {
      let end = p.chars[p.i + 1]!;
      p.i += 2;
      if (end === '\\') {
        if (p.i >= p.chars.length) throw new GlobError(`"[" at character ${start} is never closed`);
        end = p.chars[p.i++]!;
      }
      if (end.codePointAt(0)! < c.codePointAt(0)!)
        throw new GlobError(`the range "${c}-${end}" in "[" at character ${start} runs backwards: write "${end}-${c}"`);
      items.push(`${escapeClass(c)}-${escapeClass(end)}`);
    } else {
      items.push(escapeClass(c));
    }
  }
  return negate ? `[^/${items.join('')}]` : `[${items.join('')}]`;
}

const cache = new Map<string, RegExp>();

/** The whole-path regular expression of a glob. Throws GlobError for unreadable syntax. */
export function globRegExp(glob: string): RegExp {
  let re = cache.get(glob);
  if (!re) {
    // `u`: a class or `?` stands for a whole code point, not half of a surrogate pair.
    re = new RegExp(`^${globSource(glob)}$`, 'su');
    cache.set(glob, re);
  }
  return re;
}

/** Why `glob` cannot be used, or undefined when it is fine. */
export function globProblem(glob: string): string | undefined {
  try {
    globRegExp(glob);
    return undefined;
  } catch (e) {
    if (e instanceof GlobError) return e.message;
    throw e;
  }
}
