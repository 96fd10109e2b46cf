// Drift kinds of issue 26 ("no wrong write, round 2"), for patch and edit:
//   indent-context  the context and removed lines re-typed in another
//                   indentation unit, the added lines in the file's own;
//   indent-added    context and removed lines exact, the added lines typed
//                   with the other indentation character (tabs for spaces);
//   resent-ws       sent twice, with trailing whitespace drift (file or patch
//                   side): the second send must not apply it again;
//   nfc-nfd         accented text in context lines, the file in one Unicode
//                   canonical form and the model's text in the other;
//   near-dup        a large file of lines that differ only by a number (logs),
//                   changed in the middle: clean, with trailing whitespace on
//                   the model's side, or with a misspelt word (may refuse).
// Kept apart from cases.mjs (one author's kinds per file); corpus.mjs draws from all.

import { applyEntries, joinLines, oldText, splitLines } from './changes.mjs';
import { contextLines, copyUnits, prepareBase } from './cases.mjs';
import { renderEdit, renderPatch } from './render.mjs';
import { coarseFold, countFolded } from './typos.mjs';

export const ROUND2_KINDS = {
  'indent-context': { tools: ['patch', 'edit'] },
  'indent-added': { tools: ['patch', 'edit'] },
  'resent-ws': { tools: ['patch', 'edit'] },
  'nfc-nfd': { tools: ['patch', 'edit'] },
  'near-dup': { tools: ['patch', 'edit'] },
};

const indentOf = (t) => /^[ \t]*/.exec(t)[0];

/** The file's indentation style: a level reader and the other unit a model might type (`other`: the other character). */
function styleOf(r, before, otherChar) {
  const indents = before.map(indentOf).filter((w) => w !== '');
  if (indents.length === 0) return undefined;
  const tabs = indents.filter((w) => w.startsWith('\t')).length;
  if (tabs * 2 > indents.length) {
    return { levelOf: (w) => (/^\t*$/.test(w) ? w.length : undefined), unit: r.pick(['    ', '  ']) };
  }
  const step = indents.some((w) => w.length % 4 === 2) ? 2 : 4;
  const levelOf = (w) => (/^ *$/.test(w) && w.length % step === 0 ? w.length / step : undefined);
  return { levelOf, unit: otherChar ? '\t' : step === 2 ? r.pick(['    ', '\t']) : r.pick(['  ', '\t']) };
}

/** Re-indent the unit lines `pick` selects into the other style; false when some line does not fit the file's levels. */
function reindentSome(r, ctx, pick, otherChar) {
  const style = styleOf(r, ctx.before, otherChar);
  if (!style) return false;
  const lines = ctx.units.flatMap((u) => u.lines).filter(pick);
  const levels = lines.map((l) => style.levelOf(indentOf(l.text)));
  if (levels.some((v) => v === undefined) || !levels.some((v) => v > 0)) return false;
  lines.forEach((l, i) => (l.text = style.unit.repeat(levels[i]) + l.text.trimStart()));
  return true;
}

/** Text canonical equivalence cannot change (so what the model adds needs no form of the file's). */
const stable = (t) => t.normalize('NFC') === t.normalize('NFD');

const ACCENTED = ['café', 'résumé', 'naïve', 'Zoë', 'crème brûlée', 'São Paulo', 'Ångström'];

const DRIFTS = {
  'indent-context': (r, ctx) =>
    reindentSome(r, ctx, (l) => l.op !== '+', false) && ctx.units.some((u) => u.lines.some((l) => l.op === '+')),
  'indent-added': (r, ctx) => reindentSome(r, ctx, (l) => l.op === '+', true),
  'resent-ws': (r, ctx) => {
    ctx.times = 2;
    const pad = r.pick([' ', '  ', '\t']);
    const fileSide = r.chance(0.5);
    // An edit's old_string ends inside its last line: trailing spaces after it stay after new_string.
    if (fileSide && ctx.tool !== 'patch') for (const u of ctx.units) u.lines.filter((l) => l.op !== '+').at(-1).last = true;
    const pool = (fileSide ? contextLines(ctx) : ctx.units.flatMap((u) => u.lines.filter((l) => l.op !== '+'))).filter(
      (l) => l.text !== '',
    );
    if (!pool.length) return false;
    for (const l of r.sample(pool, 1 + r.int(3))) {
      if (fileSide) {
        ctx.before[l.bi] += pad;
        ctx.expected[l.ai] += pad;
      } else l.text += pad;
    }
    return true;
  },
  'nfc-nfd': (r, ctx) => {
    if (!ctx.units.every((u) => u.lines.every((l) => stable(l.text)))) return false;
    const pool = contextLines(ctx).filter((l) => l.text.trim() !== '');
    if (!pool.length) return false;
    const fileForm = r.chance(0.5) ? 'NFD' : 'NFC';
    const modelForm = fileForm === 'NFD' ? 'NFC' : 'NFD';
    for (const l of r.sample(pool, 1 + r.int(2))) {
      const text = `${l.text} ${ctx.markdown ? '' : '// '}${r.pick(ACCENTED)}`;
      ctx.before[l.bi] = text.normalize(fileForm);
      ctx.expected[l.ai] = text.normalize(fileForm);
      l.text = text.normalize(modelForm);
    }
    return true;
  },
};

/** One case of a round-2 kind, or undefined when the base offers nothing for it. */
export function buildRound2Case(r, kind, tool, base) {
  if (kind === 'near-dup') return nearDuplicateCase(r, tool, base);
  const prep = prepareBase(base);
  if (!prep || (tool === 'edit' && !prep.entries)) return undefined;
  const units = copyUnits(tool === 'patch' ? prep.hunks : [r.pick(prep.entries)]);
  const expected = tool === 'patch' ? base.after : applyEntries(base.before, units);
  const ctx = {
    tool,
    units,
    before: splitLines(base.before),
    expected: splitLines(expected),
    markdown: /\.md$/i.test(base.path),
    times: 1,
  };
  const clean = copyUnits(units);
  if (!DRIFTS[kind](r, ctx)) return undefined;
  const beforeText = joinLines(ctx.before);
  // A place that is not unique may be refused: then only a write other than the intended one is wrong.
  const folded = coarseFold(base.before);
  const unique = clean.every((u) => countFolded(folded, oldText(u)) === 1);
  const input =
    tool === 'patch'
      ? renderPatch(base.path, ctx.units, { begin: true, end: true, ranges: false, eol: '\n' })
      : renderEdit(base.path, ctx.units, tool);
  return {
    kind,
    tool,
    origin: base.id,
    path: base.path,
    before: beforeText,
    expected: joinLines(ctx.expected),
    inputs: Array(ctx.times).fill(input),
    expect: unique ? 'must' : 'may',
  };
}

/** A log of `n` lines differing only by their number, changed at one place in the middle, in one of three drifts. */
function nearDuplicateCase(r, tool, base) {
  const n = 5000 + r.int(45_000);
  const line = (i) => `2026-01-0${1 + (i % 9)}T12:00:00Z INFO worker=${i % 7} request ${i} done in ${i % 13} ms`;
  const before = Array.from({ length: n }, (_, i) => line(i));
  const at = Math.floor(n / 3) + r.int(Math.floor(n / 3));
  const changed = before[at].replace('INFO', 'WARN').replace('done', 'slow');
  const drift = r.pick(['clean', 'trailing-ws', 'misspelt']);
  const quote = (i) => (drift === 'trailing-ws' && i !== at ? `${before[i]}  ` : before[i]);
  let old = [quote(at - 2), quote(at - 1), before[at], quote(at + 1)];
  if (drift === 'misspelt') old = old.map((t, k) => (k === 1 ? t.replace('request', 'reqeust') : t));
  const neu = [old[0], old[1], changed, old[3]];
  const path = `logs/${base.id.replace(/[^A-Za-z0-9]+/g, '-').slice(0, 40)}.log`;
  const lines = [
    { op: ' ', text: old[0] },
    { op: ' ', text: old[1] },
    { op: '-', text: old[2] },
    { op: '+', text: changed },
    { op: ' ', text: old[3] },
  ];
  const input =
    tool === 'patch'
      ? renderPatch(path, [{ lines }], { begin: true, end: true, ranges: false, eol: '\n' })
      : JSON.stringify({ path, old_string: old.join('\n'), new_string: neu.join('\n') }, null, 2);
  const after = [...before];
  after[at] = changed;
  return {
    kind: 'near-dup',
    tool,
    origin: `synthetic:${n}-lines`,
    path,
    before: joinLines(before),
    expected: joinLines(after),
    inputs: [input],
    expect: drift === 'misspelt' ? 'may' : 'must',
  };
}
