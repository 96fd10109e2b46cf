// Which reading of a drifted hunk's added lines is written. A hunk (or an
// edit) that matched only with indentation ignored has two readings of its
// added lines: re-indented by the mapping its quoted lines show (the whole
// hunk was typed in another style) or as written (only the quoted lines were
// re-typed; the added lines already follow the file). The mapping alone cannot
// tell them apart, so both readings are laid among the file's lines and
// checked the way code is indented: a line deeper than the one before it
// follows a line that opens a block (by one level) or continues (by any
// amount), a line that opens a block is followed by a deeper one, a line sits
// on the file's indentation grid and uses the file's indentation character.
// The reading with fewer breaks of those rules is written; when both break
// them equally, nothing is written and the failure names both readings.

import { quote } from '../text/quote.js';
import { invertedDepth, keepsReplacedLevel, replacedLevels } from './indent-levels.js';
import { describeMapping, describeQuoted, type IndentMapping, indentOf, inferMapping, mapLine } from './reindent.js';

/** One line of a hunk in order; `file` is the file's own line under a context or removed line. */
export interface SeqLine {
  op: ' ' | '-' | '+';
  text: string;
  file?: string;
  /** An added line both readings keep as typed (an edit's first line when old_string began past the indentation). */
  fixed?: boolean;
  /** A context line the old and new text both hold, as their line diff paired them (HunkLine.paired). */
  paired?: true;
  /** A context line copied from the file (HunkLine.fromFile): a neighbour, not evidence of the mapping. */
  fromFile?: true;
}

type Mapping = Extract<IndentMapping, { kind: 'map' }>;

export type Reading =
  | { ok: true; added: string[]; note?: string }
  /** The evidence does not settle it: `message` names both readings. */
  | { ok: false; message: string };

const blank = (s: string): boolean => s.trim() === '';

/** What every indentation refusal asks of the model. */
const COPY = 'copy the context and removed lines exactly from the file, indentation included';

/**
 * Every added line re-indented by `m`; a line the mapping cannot scale (9
 * spaces for 4 spaces to a tab) that is deeper than a line it continues (an
 * aligned continuation) keeps its offset from that line. Undefined when a line
 * fits neither.
 */
export function mappedReading(seq: readonly SeqLine[], m: Mapping): string[] | undefined {
  const out: string[] = [];
  let prev: { w: number; indent: string; text: string } | undefined;
  for (const l of seq) {
    if (l.op === '+' && (l.fixed || blank(l.text))) {
      out.push(l.text);
      continue;
    }
    if (blank(l.text)) continue;
    const own = indentOf(l.text);
    if (l.op !== '+') {
      prev = { w: own.length, indent: indentOf(l.file ?? l.text), text: l.text.trim() };
      continue;
    }
    let t = mapLine(l.text, m);
    // A block comment's next line (` * text`, ` */`) keeps its offset from the line before it, whatever the mapping.
    const inComment = prev !== undefined && commentGoesOn(prev.text, l.text.trim());
    const follows = prev !== undefined && own.length > prev.w && (continues(prev.text) || /[([]$/.test(prev.text));
    if (t === undefined && prev !== undefined && (follows || (inComment && own.length >= prev.w))) {
      t = prev.indent + own.slice(prev.w) + l.text.slice(own.length);
    }
    if (t === undefined) return undefined;
    out.push(t);
    prev = { w: own.length, indent: indentOf(t), text: l.text.trim() };
  }
  return out;
}

/** Whether `line` (trimmed) goes on with a block comment that `prev` (trimmed) opened or continued. */
const commentGoesOn = (prev: string, line: string): boolean => line.startsWith('*') && /^(?:\/\*|\*)/.test(prev);

/** The line opens a block: the next line should be one level deeper. */
const OPENS = /(?:[:{[(]|=>|->)$/;
/** The line goes on in the next one (an operator, a separator, a list item, a comment block): any depth may follow. */
const CONTINUES = /(?:[,([\\=+\-*/&|?]|&&|\|\|)$/;
/** A line that starts an open comment (not one closed on the same line), or a list item. */
const CONTINUES_START = /^(?:\/\*(?!.*\*\/)|\*(?!.*\*\/)|[-*+] |\d+[.)] )/;

/** A brace-less `if (…)`, `for (…)`, `while (…)`, `else`, `do`: the next line is its body. */
const BARE_BLOCK = /^(?:(?:\}\s*)?(?:if|for|while|else if)\b.*\)|(?:\}\s*)?else|do)$/;
const opens = (t: string): boolean =>
  OPENS.test(t) || BARE_BLOCK.test(t) || (t.startsWith('<') && t.endsWith('>') && !t.endsWith('/>') && !t.startsWith('</'));
const continues = (t: string): boolean => (CONTINUES.test(t) && !t.endsWith('*/')) || CONTINUES_START.test(t);
const closes = (t: string): boolean => /^[}\])]/.test(t);
/**
 * The line goes on from the one before (a leading operator: `? a`, `: b`,
 * `.then(`, `&& c`, `/ d`): any depth. Not a comment (`// note`, `/* note`):
 * it sits at the level of the code it is about, like any other line.
 */
const leads = (t: string): boolean => /^(?:[?:.|&+*]|\/(?![/*])|=>|-(?!-))/.test(t);

interface Row {
  text: string;
  added: boolean;
}

/** How many indentation rules the rows break where an added line is involved. */
export function violations(rows: readonly Row[], unit: number, ch: string): number {
  let v = 0;
  let prev: Row | undefined;
  for (const row of rows) {
    if (blank(row.text)) continue;
    const ind = indentOf(row.text);
    if (row.added && ch !== '' && [...ind].some((c) => c !== ch)) v++;
    if (prev !== undefined && (row.added || prev.added)) {
      const p = prev.text.trim();
      const t = row.text.trim();
      const d = ind.length - indentOf(prev.text).length;
      // A block comment's lines sit one space past its opener, off the grid, at any depth that keeps that.
      if (commentGoesOn(p, t) && (d === 0 || (d === 1 && p.startsWith('/*')))) {
        prev = row;
        continue;
      }
      if (d > 0 && leads(t)) {
        // a continuation: any depth
      } else if (d > 0) {
        if (!opens(p) && !continues(p)) v++;
        else if (d > unit && !continues(p)) v++;
        // A block's body (after `:` or `{`) sits one level in, not part of one.
        else if (d < unit && /[:{]$/.test(p) && row.added) v++;
      } else if (/[:{]$/.test(p) && !closes(t)) v++;
      const onGrid = unit <= 1 || ind.length % unit === 0;
      if (row.added && !onGrid && !(d > 0 && (continues(p) || opens(p) || leads(t)))) v++;
    }
    prev = row;
  }
  return v;
}

export const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The file's indentation character and level width, read off its lines in the
 * hunk (the mapping's level when they show none). A block comment's ` * ` lines
 * sit one space past their opener, off the grid, so they say nothing of it.
 */
function fileGrid(lines: readonly string[], m: Mapping): { unit: number; ch: string } {
  const indents = lines.filter((l) => !blank(l) && !l.trimStart().startsWith('*')).map(indentOf);
  const ch = indents.find((i) => i !== '')?.[0] ?? m.to;
  const g = indents.reduce((a, i) => gcd(a, i.length), 0);
  if (ch === '\t') return { unit: 1, ch };
  const mapped = Math.max(1, Math.round((m.step * m.num) / m.den));
  return { unit: g >= 2 ? g : mapped, ch };
}

const show = (s: string): string =>
  quote(
    s.replace(/\t/g, '\\t').replace(/^ +/, (sp) => '·'.repeat(sp.length)),
    60,
  );

/**
 * Decide between the mapped and the as-written reading of the added lines of
 * `seq`, laid between the file lines `before` and `after` (the lines around
 * the matched span, when there are any).
 */
export function chooseReading(seq: readonly SeqLine[], m: Mapping, before?: string, after?: string): Reading {
  const typed = seq.filter((l) => l.op === '+').map((l) => l.text);
  const mapped = mappedReading(seq, m);
  if (mapped === undefined) {
    // Written as typed only where that reads as the file's own indentation,
    // and keeps each added line on the side of its quoted neighbours the patch
    // put it on (typed 4 columns left of a quoted line the file has at half
    // the width, it would land 6 columns right of it: the patch was typed in
    // its own style, and no mapping says where).
    const inverted = invertedDepth(seq, typed);
    if (inverted === undefined && scorer(seq, m, before, after)(typed) === 0) return { ok: true, added: typed, note: doesNotFit(seq, m) };
    const why =
      inverted === undefined
        ? "as typed it does not follow the file's indentation either"
        : `as typed it would sit ${inverted.written} quoted line ${show(inverted.quoted.trim())}, ` +
          `which the patch types it ${inverted.typed}`;
    const fits = doesNotFit(seq, m).replace(/; added lines were.*$/, '');
    return { ok: false, message: `indentation of the added lines is ambiguous: ${fits}, and ${why}; ${COPY}` };
  }
  // Between the mapped and the typed reading, an added line typed at the width of a removed line it does not
  // replace one for one is no evidence (againstShift's reason): only the one-for-one pairs count.
  const score = scorer(seq, m, before, after, [], 'paired');
  if (mapped.every((t, i) => t === typed[i])) {
    // One reading, which must still read as the file's indentation: typed at
    // the top level between indented lines, it may also have lost the
    // indentation the file gives the lines it replaces.
    if (score(typed) === 0) return { ok: true, added: typed };
    return breaksTyped(typed, `the quoted lines are indented ${describeQuoted(m)}, and`, 'whether re-indented with them or as written');
  }
  const vm = score(mapped);
  const va = score(typed);
  if (vm < va) return { ok: true, added: mapped, note: `added lines re-indented to the file's indentation (${describeMapping(m)})` };
  if (va < vm) {
    return {
      ok: true,
      added: typed,
      note:
        `the quoted lines are indented ${describeQuoted(m)}, but the added lines already follow the file's ` +
        'indentation: written as given',
    };
  }
  // A tie: where the added lines land among the file's lines settles it when only one reading puts each beside a sibling.
  const landM = lands(seq, mapped, before, after);
  if (landM !== lands(seq, typed, before, after)) {
    const how = landM ? `re-indented to the file's indentation (${describeMapping(m)})` : 'written as given';
    return { ok: true, added: landM ? mapped : typed, note: `added lines ${how}: that reading puts each at its neighbour's level` };
  }
  const k = mapped.findIndex((t, i) => t !== typed[i]);
  return {
    ok: false,
    message:
      `indentation of the added lines is ambiguous: the quoted lines are indented ${describeQuoted(m)}, ` +
      `so added line ${show(typed[k]!.trimStart())} may belong re-indented with them (${show(mapped[k]!)}) ` +
      `or as written (${show(typed[k]!)}); ${COPY}`,
  };
}

/** The refusal of added lines that, written as typed, break the file's indentation: `why` leads up to the first of them. */
function breaksTyped(typed: readonly string[], why: string, either?: string): Reading {
  const line = typed.find((t) => !blank(t)) ?? '';
  return {
    ok: false,
    message:
      `indentation of the added lines is ambiguous: ${why} added line ${show(line)} breaks the file's indentation there` +
      `${either ? `, ${either}` : ''}; ${COPY}`,
  };
}

export const CLOSES_LINE = /^\s*[\]})]/;

/** Does every non-blank added line of `added` sit at the file indentation of the nearest quoted line above or below it? */
function lands(seq: readonly SeqLine[], added: readonly string[], before?: string, after?: string): boolean {
  const rows = [
    ...(before === undefined ? [] : [{ op: ' ', file: before }]),
    ...seq,
    ...(after === undefined ? [] : [{ op: ' ', file: after }]),
  ];
  // A sibling: the line above unless it opens a block, the line below unless it closes one.
  const near = (i: number, dir: number): string | undefined => {
    for (let j = i + dir; j >= 0 && j < rows.length; j += dir) {
      const f = rows[j]!.op === '+' ? undefined : rows[j]!.file;
      if (f !== undefined && !blank(f)) return (dir < 0 ? OPENS.test(f.trimEnd()) : CLOSES_LINE.test(f)) ? undefined : indentOf(f);
    }
    return undefined;
  };
  let a = 0;
  return rows.every((r, i) => {
    if (r.op !== '+') return true;
    const t = added[a++]!;
    return blank(t) || indentOf(t) === near(i, -1) || indentOf(t) === near(i, 1);
  });
}

/** Violations of a reading of `seq`'s added lines laid among the file's lines (the grid read off them, or `m`'s). */
function scorer(
  seq: readonly SeqLine[],
  m: Mapping,
  before?: string,
  after?: string,
  nearby: readonly string[] = [],
  levels: boolean | 'paired' = true,
): (added: readonly string[]) => number {
  const fileLines = [...seq.filter((l) => l.op !== '+').map((l) => l.file ?? l.text), ...(before === undefined ? [] : [before])];
  if (after !== undefined) fileLines.push(after);
  const { unit, ch } = fileGrid([...fileLines, ...nearby], m);
  const replaced = levels ? replacedLevels(seq, levels === true) : [];
  return (added) => {
    // A line typed at the width of the line it replaces (or follows) is at
    // that line's level.
    const off = replaced.filter(({ a, width }) => indentOf(added[a]!).length !== width).length;
    const rows: Row[] = before === undefined ? [] : [{ text: before, added: false }];
    let a = 0;
    for (const l of seq) {
      if (l.op === '+') rows.push({ text: added[a++]!, added: true });
      else if (l.op === ' ') rows.push({ text: l.file ?? l.text, added: false });
    }
    if (after !== undefined) rows.push({ text: after, added: false });
    return violations(rows, unit, ch) + off;
  };
}

/**
 * Of several candidate mappings, the one whose reading breaks strictly fewer
 * rules than the typed reading and than every candidate reading otherwise;
 * undefined when none does.
 */
export function chooseReadingOf(
  seq: readonly SeqLine[],
  candidates: readonly Mapping[],
  before?: string,
  after?: string,
): { added: string[]; how: string } | undefined {
  const typed = seq.filter((l) => l.op === '+').map((l) => l.text);
  const scored = candidates.flatMap((m) => {
    const added = mappedReading(seq, m);
    return added === undefined ? [] : [{ added, how: describeMapping(m), v: scorer(seq, m, before, after)(added) }];
  });
  if (scored.length === 0) return undefined;
  const least = Math.min(...scored.map((c) => c.v));
  // Among equally good readings, the one that keeps a replacing line at the
  // level of the line it replaces (the model changed that line, not its level).
  const tied = scored.filter((c) => c.v === least);
  const kept = tied.filter((c) => keepsReplacedLevel(seq, c.added));
  const best = kept.length === 1 ? kept[0]! : tied[0]!;
  const rivals = kept.length === 1 ? [] : tied.filter((c) => c !== best && c.added.some((t, i) => t !== best.added[i]));
  const vTyped = scorer(seq, candidates[0]!, before, after)(typed);
  if (best.v >= vTyped || rivals.length > 0) return undefined;
  return { added: best.added, how: best.how };
}

function doesNotFit(seq: readonly SeqLine[], m: Mapping): string {
  const line = seq.find((l) => l.op === '+' && !l.fixed && !blank(l.text) && mapLine(l.text, m) === undefined)?.text ?? '';
  const ind = indentOf(line).replace(/\t/g, '\\t').replace(/ /g, '·') || 'none';
  return (
    `the file is indented ${describeMapping(m)} from the quoted lines, ` +
    `but added line ${quote(line.trim(), 40)} (indented ${ind}) does not fit that; ` +
    'added lines were written with the indentation they were given'
  );
}

const showIndent = (s: string): string => (s === '' ? 'none' : s.replace(/\t/g, '\\t').replace(/ /g, '·'));

/**
 * The (typed, file) pairs a mapping is learnt from: the quoted lines. Context
 * copied from the file itself shows nothing of how the patch was typed, and
 * is left out, unless every quoted line is at column 0, which a line copied
 * from its first visible character is as well as one of a dedented hunk:
 * then the file's own lines weigh in as before (no one mapping, no guess).
 */
function mappingEvidence(seq: readonly SeqLine[]): (readonly [string, string])[] {
  const quoted = seq.filter((l) => l.op !== '+' && l.file !== undefined);
  const typed = quoted.filter((l) => !l.fromFile);
  const bare = typed.every((l) => blank(l.text) || indentOf(l.text) === '');
  return (bare ? quoted : typed).map((l) => [l.text, l.file!] as const);
}

/**
 * The added lines of `seq` following the file's indentation: the mapping its
 * context and removed lines show (reindent.ts), and the reading the evidence
 * settles (chooseReading). `before` and `after` are the file lines around the
 * matched span.
 */
export function reindentSeq(seq: readonly SeqLine[], before?: string, after?: string, nearby: readonly string[] = []): Reading {
  const pairs = mappingEvidence(seq);
  const typed = seq.filter((l) => l.op === '+').map((l) => l.text);
  const m = inferMapping(pairs);
  if (m.kind === 'unknown' && typed.length > 0 && foreignIndent(seq)) {
    return {
      ok: false,
      message:
        "indentation of the added lines is ambiguous: the quoted lines' indentation maps onto the file's in no one way, " +
        `and the added lines are indented as none of the file's lines there is; ${COPY}`,
    };
  }
  if (m.kind === 'identity' || m.kind === 'unknown' || typed.length === 0) return { ok: true, added: typed };
  if (m.kind === 'inconsistent') {
    // Written as typed only where that reads as the file's indentation (the
    // grid its own lines show, or a neighbour's level): a line typed at
    // column 0 between indented ones may have lost the indentation the quoted lines did.
    const neutral: Mapping = { kind: 'map', from: ' ', to: ' ', num: 1, den: 1, shift: 0, step: 1 };
    if (scorer(seq, neutral, before, after, nearby)(typed) > 0 && !lands(seq, typed, before, after)) {
      return breaksTyped(typed, "the quoted lines' indentation does not map consistently onto the file's, and as written");
    }
    return {
      ok: true,
      added: typed,
      note:
        `the quoted lines' indentation does not map consistently onto the file's ` +
        `(${m.examples.map(([p, f]) => `${showIndent(indentOf(p))} where the file has ${showIndent(indentOf(f))}`).join(', but ')}); ` +
        'added lines were written with the indentation they were given',
    };
  }
  const read = chooseReading(seq, m, before, after);
  const shifted = shiftAlike(pairs, m);
  return read.ok && shifted !== undefined ? againstShift(seq, read, m, shifted, { before, after, nearby }) : read;
}

/**
 * The constant shift that fits the quoted lines as well as the ratio `m`
 * does, if one does: they show a single width on each side (8 spaces where
 * the file has 4, or 6 where it has 4), which reads as levels of another width
 * or as a level too many alike.
 */
function shiftAlike(pairs: readonly (readonly [string, string])[], m: IndentMapping): Mapping | undefined {
  if (m.kind !== 'map' || m.num === m.den || m.from !== m.to) return undefined;
  const widths = pairs.filter(([p, f]) => !blank(p) && !blank(f)).map(([p, f]) => [indentOf(p).length, indentOf(f).length] as const);
  const shift = widths[0]![1] - widths[0]![0];
  if (widths.some(([p, f]) => f - p !== shift)) return undefined;
  return { kind: 'map', from: m.from, to: m.to, num: 1, den: 1, shift, step: m.step };
}

/**
 * The reading chosen under the ratio `m` (re-indented by it, or as typed)
 * against the reading of the shift that fits the quoted lines as well: the
 * one that breaks fewer indentation rules among the file's lines, its level
 * width read off the lines `nearby` too (the quoted lines at one width show
 * none); both equally: neither is written.
 */
function againstShift(
  seq: readonly SeqLine[],
  read: Extract<Reading, { ok: true }>,
  m: Mapping,
  shift: Mapping,
  around: { before: string | undefined; after: string | undefined; nearby: readonly string[] },
): Reading {
  const shifted = mappedReading(seq, shift);
  if (shifted === undefined || shifted.every((t, i) => t === read.added[i])) return read;
  const { before, after, nearby } = around;
  // Against the added lines as typed, a line typed at a removed line's width
  // is no evidence: typed in the file's style, it may match the quoted style
  // by chance.
  const typed = read.added.every((t, i) => t === seq.filter((l) => l.op === '+')[i]!.text);
  const vRead = scorer(seq, m, before, after, nearby, !typed)(read.added);
  const vShift = scorer(seq, shift, before, after, nearby, !typed)(shifted);
  if (vRead < vShift) return read;
  if (vShift < vRead)
    return { ok: true, added: shifted, note: `added lines re-indented to the file's indentation (${describeMapping(shift)})` };
  const k = shifted.findIndex((t, i) => t !== read.added[i]);
  return {
    ok: false,
    message:
      `indentation of the added lines is ambiguous: the quoted lines are indented ${describeMapping(m)} or ` +
      `${describeMapping(shift)} from the file's (one width shows both), so added line ${show(shifted[k]!.trimStart())} ` +
      `may be written ${show(read.added[k]!)} or ${show(shifted[k]!)}; ${COPY}`,
  };
}

/** Is an added line indented in a way none of the file's quoted lines is (1 space where they have 4, spaces where they have tabs)? */
function foreignIndent(seq: readonly SeqLine[]): boolean {
  const fileIndents = new Set(seq.flatMap((l) => (l.file === undefined || blank(l.file) ? [] : [indentOf(l.file)])));
  if (fileIndents.size === 0) return false;
  return seq.some((l) => l.op === '+' && !l.fixed && !blank(l.text) && !fileIndents.has(indentOf(l.text)));
}

/** A hunk's lines, as reindentHunk reads and returns them. */
interface Line {
  op: ' ' | '-' | '+';
  text: string;
  paired?: true;
  fromFile?: true;
}

export type ReindentedHunk<L> = { ok: true; lines: L[]; note?: string } | { ok: false; message: string };

/**
 * A hunk matched at file line `start` with surrounding whitespace ignored:
 * its `+` lines re-indented (or not) as reindentSeq decides; its context and
 * `-` lines lie over file lines start, start + 1, … in order.
 */
export function reindentHunk<L extends Line>(
  fileLine: (i: number) => string | undefined,
  start: number,
  lines: readonly L[],
): ReindentedHunk<L> {
  let f = start;
  const seq: SeqLine[] = lines.map((l) =>
    l.op === '+'
      ? { op: '+', text: l.text }
      : {
          op: l.op,
          text: l.text,
          file: fileLine(f++) ?? '',
          ...(l.paired ? { paired: true as const } : {}),
          ...(l.fromFile ? { fromFile: true as const } : {}),
        },
  );
  const r = reindentSeq(seq, fileLine(start - 1), fileLine(f), nearbyLines(fileLine, start, f));
  if (!r.ok) return r;
  const split = pairedAgainstTyped(seq, r.added, { old: 'SEARCH', new: 'REPLACE' });
  if (split) return { ok: false, message: split };
  const note = r.note === undefined ? {} : { note: r.note };
  if (r.added.every((t, i) => t === seq.filter((l) => l.op === '+')[i]!.text)) return { ok: true, lines: [...lines], ...note };
  let a = 0;
  return { ok: true, lines: lines.map((l) => (l.op === '+' ? { ...l, text: r.added[a++]! } : l)), ...note };
}

/** How far around a matched span the file's level width is read (reindentSeq's `nearby`). */
const NEARBY = 40;

/** The file's lines within NEARBY of the span [start, end). */
export function nearbyLines(fileLine: (i: number) => string | undefined, start: number, end: number): string[] {
  const out: string[] = [];
  for (let i = Math.max(0, start - NEARBY); i < end + NEARBY; i++) {
    if (i >= start && i < end) continue;
    const line = fileLine(i);
    if (line !== undefined) out.push(line);
  }
  return out;
}

/**
 * Added lines written as typed (they follow the file's indentation) beside a
 * line the line diff paired between the old and the new text, typed in the
 * old text's other indentation: as a new line it stands at the depth typed,
 * as the file's own line at the file's, and the two differ (a `return x` or
 * a `}` that the new text holds one level out, equal to an old line one level
 * in). Both readings fit, and they place it differently. A paired line
 * without indentation reads only as the quoted one, and so does one beside
 * new text that shows no sign of the file's frame (old lines copied as they
 * were quoted, new ones at the file's indentation).
 */
export function pairedAgainstTyped(
  seq: readonly SeqLine[],
  added: readonly string[],
  names: { old: string; new: string },
): string | undefined {
  const typed = seq.filter((l) => l.op === '+');
  if (typed.length === 0 || typed.some((l, i) => l.text !== added[i]) || typed.every((l) => blank(l.text))) return undefined;
  // Only a paired line typed in the added lines' own indentation character reads both ways (one in tabs among spaces is the quoted one).
  const ch = typed.map((l) => indentOf(l.text)).find((i) => i !== '')?.[0];
  const alike = (t: string) => ch !== undefined && indentOf(t) !== '' && [...indentOf(t)].every((c) => c === ch);
  // And only when the new text reads in the file's frame beside it: an added line reads the same as the kept one (the
  // line diff could have kept either), or re-types a removed line exactly as the file has it (the new text moved to the
  // file's indentation, where a kept line copied from the old text would stand at the old text's).
  const twins = new Set(typed.map((l) => l.text));
  const retyped = seq.some((l) => l.op === '-' && l.file !== undefined && !blank(l.file) && twins.has(l.file));
  const kept = seq.find(
    (l) =>
      l.op === ' ' &&
      l.paired &&
      l.file !== undefined &&
      !blank(l.text) &&
      indentOf(l.text) !== indentOf(l.file) &&
      alike(l.text) &&
      (retyped || twins.has(l.text)),
  );
  if (!kept) return undefined;
  return (
    `indentation of ${names.new} is ambiguous: its added lines follow the file's indentation, ` +
    `but it keeps ${JSON.stringify(kept.text.trim())} ` +
    `as ${names.old} types it (${JSON.stringify(indentOf(kept.text))}, the file has ${JSON.stringify(indentOf(kept.file!))}), ` +
    `so that line may be the file's own or one of the added lines; copy ${names.old} exactly from the file, indentation included`
  );
}
