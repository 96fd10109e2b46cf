// One drift case: a real change written as a Codex patch, a single edit or a
// batch edit, with one kind of drift put into it, and what a correct engine
// must do with it: `must` apply (result equal to the intended text byte for
// byte) or `may` refuse (the intended text, or nothing written).

import { applyEntries, codexHunks, editEntries, findHeader, indentWidth, joinLines, newText, oldText, splitLines } from './changes.mjs';
import {
  asciiDashes,
  asciiPunctuation,
  coarseFold,
  countFolded,
  curlQuotes,
  FANCY_DASHES,
  FANCY_QUOTES,
  fullWidth,
  straightenQuotes,
  typo,
  typographicDash,
  unicodeSpaces,
} from './typos.mjs';
import { ambiguousCase } from './ambiguous.mjs';
import { renderEdit, renderPatch } from './render.mjs';

export const TOOLS = ['patch', 'edit', 'batch'];

/** Kinds of drift: which tools they apply to, and whether the batch tool (exact by spec) may refuse them. */
export const KINDS = {
  none: { tools: TOOLS },
  'trailing-ws': { tools: TOOLS, batchMay: true },
  indent: { tools: TOOLS, batchMay: true },
  quotes: { tools: TOOLS, batchMay: true },
  dashes: { tools: TOOLS, batchMay: true },
  'full-width': { tools: TOOLS, batchMay: true },
  'unicode-space': { tools: TOOLS, batchMay: true },
  markers: { tools: ['patch'] },
  'unified-range': { tools: ['patch'] },
  crlf: { tools: TOOLS },
  'wrong-word': { tools: TOOLS, may: true },
  'invented-line': { tools: TOOLS, may: true },
  ambiguous: { tools: ['patch', 'edit'], may: true },
  reordered: { tools: ['patch', 'batch'] },
  resent: { tools: TOOLS },
};

/** Hunks and edit entries of a base change, computed once (cases copy them before drifting). */
export function prepareBase(base) {
  if (base.prepared !== undefined) return base.prepared;
  const hunks = codexHunks(base);
  const entries = hunks && editEntries(base, hunks);
  base.prepared = hunks ? { hunks, entries } : null;
  return base.prepared;
}

/** The units with each line copied, so a case can change them. */
export const copyUnits = (units) => units.map((u) => ({ ...u, lines: u.lines.map((l) => ({ ...l })) }));

/** Build one case, or undefined when this base offers nothing for this kind and tool. */
export function buildCase(r, kind, tool, base) {
  if (kind === 'ambiguous') return ambiguousCase(r, tool, base);
  const prep = prepareBase(base);
  if (!prep) return undefined;
  let units;
  let expected;
  if (tool === 'patch') {
    units = copyUnits(prep.hunks);
    expected = base.after;
  } else {
    if (!prep.entries) return undefined;
    const chosen = tool === 'edit' ? [r.pick(prep.entries)] : prep.entries;
    if (tool === 'batch' && chosen.length < 2) return undefined;
    units = copyUnits(chosen);
    expected = applyEntries(base.before, units);
  }
  const ctx = {
    tool,
    units,
    before: splitLines(base.before),
    expected: splitLines(expected),
    markdown: /\.md$/i.test(base.path),
    env: { begin: true, end: true, ranges: false, eol: '\n' },
    crlf: false,
    times: 1,
  };
  const clean = copyUnits(units);
  if (!DRIFTS[kind](r, ctx)) return undefined;
  const beforeText = joinLines(ctx.before);
  const folded = coarseFold(beforeText);
  // A drift that should make the old side miss must leave no place that matches it.
  if (KINDS[kind].may && ctx.units.some((u, i) => oldText(u) !== oldText(clean[i]) && countFolded(folded, oldText(u)) !== 0))
    return undefined;
  const unique = clean.every((u) => countFolded(folded, oldText(u)) === 1);
  const may = KINDS[kind].may || (tool === 'batch' && KINDS[kind].batchMay) || !unique;
  const eol = ctx.crlf ? '\r\n' : '\n';
  const input = tool === 'patch' ? renderPatch(base.path, ctx.units, ctx.env) : renderEdit(base.path, ctx.units, tool);
  return {
    kind,
    tool,
    origin: base.id,
    path: base.path,
    before: beforeText.replaceAll('\n', eol),
    expected: joinLines(ctx.expected).replaceAll('\n', eol),
    inputs: Array(ctx.times).fill(input),
    expect: may ? 'may' : 'must',
  };
}

/** Old-side lines (context and removed) of one unit, and of all units. */
export const oldLines = (u) => u.lines.filter((l) => l.op !== '+');
const oldSide = (ctx) => ctx.units.flatMap(oldLines);
/** Context lines that sit in both the before file and the intended result. */
export const contextLines = (ctx) =>
  ctx.units.flatMap((u) => u.lines.filter((l) => l.op === ' ' && l.bi !== undefined && l.ai !== undefined && !l.last));

/**
 * Put `change` into one to three lines: in the patch's old side (what the
 * model retyped), or, for `fileSide`, into the file's own context lines (the
 * file has the typographic form, the model wrote ASCII).
 */
function driftLines(r, ctx, change, fileSide) {
  const pool = (fileSide ? contextLines(ctx) : oldSide(ctx)).filter((l) => change(l.text) !== l.text);
  if (!pool.length) return false;
  for (const l of r.sample(pool, 1 + r.int(3))) {
    const changed = change(l.text);
    if (fileSide) {
      ctx.before[l.bi] = changed;
      ctx.expected[l.ai] = changed;
    } else l.text = changed;
  }
  return true;
}

/** Patch side or file side, whichever this base allows (patch side preferred two times in three). */
function eitherSide(r, ctx, toFancy, toPlain, fancy) {
  const patchFirst = r.chance(2 / 3);
  const patchSide = (t) => (fancy.test(t) ? toPlain(t) : toFancy(t));
  const fileSide = (t) => (fancy.test(t) ? t : toFancy(t));
  return patchFirst
    ? driftLines(r, ctx, patchSide, false) || driftLines(r, ctx, fileSide, true)
    : driftLines(r, ctx, fileSide, true) || driftLines(r, ctx, patchSide, false);
}

const DRIFTS = {
  none: () => true,
  'trailing-ws': (r, ctx) => {
    const pad = r.pick([' ', '  ', '\t', '   ']);
    const fileSide = r.chance(0.4);
    // An edit's old_string ends inside its last line: trailing spaces the file
    // has after it are outside the match, and literally stay after new_string.
    if (fileSide && ctx.tool !== 'patch') for (const u of ctx.units) u.lines.filter((l) => l.op !== '+').at(-1).last = true;
    return driftLines(r, ctx, (t) => (t === '' ? t : t + pad), fileSide);
  },
  indent: (r, ctx) => reindent(r, ctx),
  quotes: (r, ctx) => eitherSide(r, ctx, curlQuotes, straightenQuotes, FANCY_QUOTES),
  dashes: (r, ctx) => eitherSide(r, ctx, (t) => typographicDash(r, t), asciiDashes, FANCY_DASHES),
  'full-width': (r, ctx) => eitherSide(r, ctx, (t) => fullWidth(r, t), asciiPunctuation, /[，；：（）！？]/),
  'unicode-space': (r, ctx) =>
    eitherSide(
      r,
      ctx,
      (t) => unicodeSpaces(r, t),
      (t) => t,
      /[\u00a0\u2000-\u200a\u202f\u205f\u3000]/,
    ),
  markers: (r, ctx) => {
    const which = r.int(3);
    ctx.env.begin = which === 1;
    ctx.env.end = which === 0;
    return true;
  },
  'unified-range': (r, ctx) => {
    // Models copy ranges from a diff they saw earlier: right two times in three, else a few lines off.
    ctx.env.ranges = r.chance(2 / 3) ? 'exact' : 'off';
    ctx.env.jitter = () => r.int(7) - 3;
    return true;
  },
  crlf: (r, ctx) => {
    ctx.crlf = true;
    if (ctx.tool === 'patch' && r.chance(0.3)) ctx.env.eol = '\r\n';
    return true;
  },
  'wrong-word': (r, ctx) => {
    const pool = oldSide(ctx).filter((l) => typo(r, l.text) !== l.text);
    if (!pool.length) return false;
    const l = r.pick(pool);
    l.text = typo(r, l.text);
    return true;
  },
  'invented-line': (r, ctx) => {
    const u = r.pick(ctx.units);
    const at = r.int(u.lines.length + 1);
    const near = new Set(u.lines.map((l) => l.bi));
    const far = ctx.before.filter((t, i) => t.trim().length > 3 && ![...near].some((b) => Math.abs(b - i) < 12));
    if (!far.length) return false;
    const neighbour = u.lines[Math.min(at, u.lines.length - 1)].text;
    const text = /^[ \t]*/.exec(neighbour)[0] + r.pick(far).trimStart();
    u.lines.splice(at, 0, { op: ' ', text });
    return true;
  },
  reordered: (r, ctx) => {
    if (ctx.units.length < 2) return false;
    const order = ctx.units.length === 2 || r.chance(0.5) ? [...ctx.units].reverse() : r.shuffle(ctx.units);
    if (order.every((u, i) => u === ctx.units[i])) order.reverse();
    ctx.units = order;
    // A patch is read in its order (each hunk sought after the one before it):
    // a moved hunk whose old side also stands after the hunk now before it,
    // elsewhere than its own place, makes a patch that means another change
    // there, which no engine can tell from this one. Not a case.
    return ctx.tool !== 'patch' || !readsOtherwiseInOrder(ctx);
  },
  resent: (_r, ctx) => {
    ctx.times = 2;
    return true;
  },
};

/**
 * Whether some unit, sought (whitespace and punctuation folded) at or after
 * the end of the unit before it in ctx.units, matches a place other than its
 * own: the patch, read in order, has another meaning.
 */
function readsOtherwiseInOrder(ctx) {
  const folded = ctx.before.map(coarseFold);
  for (let i = 1; i < ctx.units.length; i++) {
    const prev = oldLines(ctx.units[i - 1]);
    const old = oldLines(ctx.units[i]);
    if (old.length === 0 || prev.length === 0) continue;
    const from = prev.at(-1).bi + 1;
    const own = old[0].bi;
    const want = old.map((l) => coarseFold(l.text));
    for (let j = from; j + old.length <= folded.length; j++) {
      if (j !== own && want.every((w, k) => folded[j + k] === w)) return true;
    }
  }
  return false;
}

/**
 * The file's indentation style and a consistent other one the model wrote
 * instead (tabs for 4 spaces, 4 spaces for 2, ...). Every line of a unit
 * whose old side has an indented line is re-indented, added lines included;
 * false when some line's indentation does not fit the file's style (then no
 * mapping is consistent).
 */
function reindent(r, ctx) {
  const indents = ctx.before.map((l) => /^[ \t]*/.exec(l)[0]).filter((w) => w !== '');
  const tabs = indents.filter((w) => w.startsWith('\t')).length;
  let levelOf;
  let unit;
  if (tabs * 2 > indents.length) {
    levelOf = (w) => (/^\t*$/.test(w) ? w.length : undefined);
    unit = r.pick(['    ', '  ']);
  } else {
    const step = indents.some((w) => w.length % 4 === 2) ? 2 : 4;
    levelOf = (w) => (/^ *$/.test(w) && w.length % step === 0 ? w.length / step : undefined);
    unit = step === 2 ? r.pick(['    ', '\t']) : r.pick(['  ', '\t']);
  }
  const level = (l) => levelOf(/^[ \t]*/.exec(l.text)[0]);
  if (ctx.units.some((u) => u.lines.some((l) => level(l) === undefined))) return false;
  // A unit whose old side is all at the margin matches exactly and shows no
  // other style, so its added lines are written as typed: only units that show
  // the model's indentation are re-typed in it.
  const shown = ctx.units.filter((u) => u.lines.some((l) => l.op !== '+' && level(l) > 0));
  if (shown.length === 0) return false;
  for (const l of shown.flatMap((u) => u.lines)) l.text = unit.repeat(level(l)) + l.text.trimStart();
  return true;
}

export { findHeader, indentWidth, newText };
