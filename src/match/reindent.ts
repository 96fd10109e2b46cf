// The mapping from a model's indentation to the file's (indent-evidence.ts
// decides whether the added lines take it).
//
// A hunk (or an edit) that matched only once surrounding whitespace was
// ignored was typed with other indentation than the file has: 4 spaces where
// the file has a tab, 2-space levels where it has 4-space levels. Its added
// lines, written as typed, would mix the two (in Python, a TabError). When
// every line the model quoted maps onto the file's line the same way, that
// mapping is applied to the added lines; when no single mapping fits, the
// added lines are left as typed and the result says why.
//
// A mapping is read off pairs (the model's indentation, the file's) of the
// quoted lines, blank lines left out. Each side must indent with one character
// (spaces or tabs); widths in those characters then relate either by a ratio
// (4 spaces <-> 1 tab: file = patch / 4; 2-space <-> 4-space levels: file =
// patch * 2) or, when both indent with the same character, by a constant
// shift (the model dropped an outer level). The ratio is tried first.

export type IndentMapping =
  | { kind: 'identity' }
  /**
   * file width = model width * num / den + shift, in `to` and `from` characters; `step` is the model's level width.
   * `only`: the quoted lines showed a single width, so only added lines at that width are known to map.
   */
  | { kind: 'map'; from: string; to: string; num: number; den: number; shift: number; step: number; only?: number }
  /** No mapping fits: `examples` are (model, file) indentation pairs that contradict each other. */
  | { kind: 'inconsistent'; examples: [string, string][] }
  /** Nothing to learn from (every quoted line blank, or at column 0 on one side only with no other evidence). */
  | { kind: 'unknown' };

/** The leading whitespace of a line. */
export const indentOf = (line: string): string => line.slice(0, line.length - line.trimStart().length);

/** The single character an indentation uses, '' for none, undefined when it mixes tabs and spaces. */
function charOf(indent: string): string | undefined {
  if (indent === '') return '';
  const c = indent[0]!;
  for (let i = 1; i < indent.length; i++) if (indent[i] !== c) return undefined;
  return c;
}

/** Infer the mapping from (model line, file line) pairs of the lines the model quoted. */
export function inferMapping(pairs: readonly (readonly [string, string])[]): IndentMapping {
  const indents = pairs.filter(([p, f]) => p.trim() !== '' && f.trim() !== '').map(([p, f]) => [indentOf(p), indentOf(f)] as const);
  if (indents.length === 0) return { kind: 'unknown' };
  if (indents.every(([p, f]) => p === f)) return { kind: 'identity' };
  const differing = indents.find(([p, f]) => p !== f)!;
  const contradiction = (other: readonly [string, string]): IndentMapping => ({
    kind: 'inconsistent',
    examples: other === differing ? [[...differing]] : [[...differing], [...other]],
  });
  let from = '';
  let to = '';
  for (const pair of indents) {
    const cp = charOf(pair[0]);
    const cf = charOf(pair[1]);
    const clash =
      cp === undefined || cf === undefined || (from !== '' && cp !== '' && cp !== from) || (to !== '' && cf !== '' && cf !== to);
    if (clash) return contradiction(pair);
    from ||= cp;
    to ||= cf;
  }
  const step = indents.reduce((g, [p]) => gcd(g, p.length), 0);
  const fileStep = indents.reduce((g, [, f]) => gcd(g, f.length), 0);
  // Levels are a tab or 2, 3, 4 or 8 spaces: a single space is no level (a
  // model that put one space after the diff marker), and nothing is mapped.
  if (!plausibleLevel(from, step) || !plausibleLevel(to, fileStep)) {
    // Every quoted line at one width that is no level size (6 spaces where the
    // file has 12: three 2-space levels quoted from 4-space code). The gcd is
    // then that width, not a level, yet the evidence is exact for lines at it:
    // map those and nothing else. Leaving them as typed wrote a line at 6
    // spaces between lines at 12 with exit 0 and no note.
    // Lines at column 0 on both sides show nothing either way.
    const level = indents.filter(([pi, fi]) => pi.length > 0 || fi.length > 0);
    const widths = new Set(level.map(([pi]) => pi.length));
    const [p, f] = differing;
    if (widths.size === 1 && p.length > 1 && f.length > 0 && level.every(([, fi]) => fi.length === f.length)) {
      const g = gcd(f.length, p.length);
      return {
        kind: 'map',
        from: from || to,
        to: to || from,
        num: f.length / g,
        den: p.length / g,
        shift: 0,
        step: p.length,
        only: p.length,
      };
    }
    // Two or more widths in one ratio (7 and 14 spaces for 1 and 2 tabs) are
    // levels of an unusual width, not a typo.
    const scaled = widths.size >= 2 ? byRatio(indents) : undefined;
    if (scaled) return { kind: 'map', from: from || to, to: to || from, ...scaled, shift: 0, step };
    // One-space steps still map when one shift fits two or more widths (1 and
    // 5 spaces quoted for the file's 4 and 8): that is no typo after a marker.
    const shift = differing[1].length - differing[0].length;
    if ((from === to || from === '' || to === '') && widths.size >= 2 && indents.every(([pi, fi]) => fi.length - pi.length === shift))
      return { kind: 'map', from: from || to, to: to || from, num: 1, den: 1, shift, step: 1 };
    // An indented line quoted exactly beside one a space off: the slip is that
    // line's, and no mapping fits both (so none is learnt from them).
    const exact = indents.find(([pi, fi]) => pi === fi && pi !== '');
    if (exact) return contradiction(exact);
    return { kind: 'unknown' };
  }
  const ratio = byRatio(indents);
  if (ratio) return { kind: 'map', from: from || to, to: to || from, ...ratio, shift: 0, step };
  if (from === to || from === '' || to === '') {
    const shift = differing[1].length - differing[0].length;
    const off = indents.find(([p, f]) => f.length - p.length !== shift);
    if (!off) return { kind: 'map', from: from || to, to: to || from, num: 1, den: 1, shift, step };
    return contradiction(off);
  }
  return contradiction(indents.find(([p, f]) => p !== f && (f.length === 0) !== (p.length === 0)) ?? indents[indents.length - 1]!);
}

function plausibleLevel(ch: string, step: number): boolean {
  return step === 0 || ch === '\t' || [2, 3, 4, 8].includes(step) || step % 4 === 0;
}

/** file width = patch width * num / den for every pair, zero exactly where zero. */
function byRatio(indents: readonly (readonly [string, string])[]): { num: number; den: number } | undefined {
  let num = 0;
  let den = 0;
  for (const [p, f] of indents) {
    if ((p.length === 0) !== (f.length === 0)) return undefined;
    if (p.length === 0) continue;
    if (den === 0) {
      const g = gcd(f.length, p.length);
      num = f.length / g;
      den = p.length / g;
    } else if (f.length * den !== p.length * num) return undefined;
  }
  return den === 0 ? undefined : { num, den };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** `line` re-indented by the mapping; undefined when its indentation does not fit it. */
export function mapLine(line: string, m: Extract<IndentMapping, { kind: 'map' }>): string | undefined {
  const indent = indentOf(line);
  // Whitespace-only lines carry no level: written as typed.
  if (line.trim() === '') return line;
  if (indent !== '' && charOf(indent) !== m.from) return undefined;
  if (m.only !== undefined && indent.length !== m.only && indent !== '') return undefined;
  const scaled = indent.length * m.num;
  if (scaled % m.den !== 0) return undefined;
  const width = scaled / m.den + m.shift;
  if (width < 0) return undefined;
  return m.to.repeat(width) + line.slice(indent.length);
}

/**
 * Where the quoted lines sit against the file's, for "the quoted lines are
 * indented …": "4 spaces less than the file's" (the mapping adds 4), or the
 * mapping itself when it scales ("4 spaces → 1 tab (theirs → the file's)").
 */
export function describeQuoted(m: Extract<IndentMapping, { kind: 'map' }>): string {
  if (m.num !== 1 || m.den !== 1 || m.shift === 0) return `${describeMapping(m)} (theirs → the file's)`;
  const n = Math.abs(m.shift);
  const width = m.to === '\t' ? `${n} tab${n === 1 ? '' : 's'}` : `${n} space${n === 1 ? '' : 's'}`;
  return `${width} ${m.shift > 0 ? 'less' : 'more'} than the file's`;
}

/** How a mapping reads in a note: "4 spaces → 1 tab", "2-space levels → 4-space levels". */
export function describeMapping(m: Extract<IndentMapping, { kind: 'map' }>): string {
  const unit = (c: string, n: number) => (c === '\t' ? `${n} tab${n === 1 ? '' : 's'}` : `${n} space${n === 1 ? '' : 's'}`);
  if (m.num === 1 && m.den === 1) {
    return m.shift > 0 ? `${unit(m.to, m.shift)} more indentation` : `${unit(m.to, -m.shift)} less indentation`;
  }
  // Read as levels: the model's level width and what it becomes in the file.
  const level = m.step > 0 && (m.step * m.num) % m.den === 0 ? m.step : m.den;
  return `${unit(m.from, level)} → ${unit(m.to, (level * m.num) / m.den)}`;
}
