// Drift kinds of unified diffs (the `diff -u` / `git diff` a model writes
// when asked for "a patch"), tool `diff`:
//   diff-clean    the real change as git or GNU diff writes it;
//   diff-numbers  hunk header line numbers off by a few lines (models copy
//                 them from an older read, or guess): they are hints, so a
//                 hunk whose old side is unique must still apply;
//   diff-counts   wrong line counts in some `@@` header: the counts say where
//                 a hunk ends, so a body that disagrees with them has no single
//                 reading and may be refused, but must never write anything else;
//   diff-recount  the same wrong counts, applied with --recount (git apply's):
//                 the body says where each hunk ends, so it must apply;
//   diff-context  a context line retyped with the punctuation and spacing
//                 drift models add (curly or straight quotes, typographic
//                 dashes, full-width separators, Unicode spaces, the optional
//                 space after a separator dropped or added);
//   diff-ws       trailing whitespace and indentation drift (a space more or
//                 less, a tab for its spaces) in context and removed lines.
// Kept apart from cases.mjs (one author's kinds per file); corpus.mjs draws from all.

import { joinLines, oldText } from './changes.mjs';
import { copyUnits, oldLines, prepareBase } from './cases.mjs';
import { asciiDashes, asciiPunctuation, coarseFold, countFolded, curlQuotes, straightenQuotes } from './typos.mjs';
import { fullWidth, typographicDash, unicodeSpaces } from './typos.mjs';

export const UNIFIED_KINDS = {
  'diff-clean': { tools: ['diff'] },
  'diff-numbers': { tools: ['diff'] },
  'diff-counts': { tools: ['diff'], may: true },
  'diff-recount': { tools: ['diff'], options: { recount: true } },
  'diff-context': { tools: ['diff'] },
  'diff-ws': { tools: ['diff'] },
};

const newLines = (u) => u.lines.filter((l) => l.op !== '-');

/**
 * Each hunk's true `@@` numbers from where its lines sit: start and count of
 * its old side in the before text and of its new side in the after text.
 */
function trueRanges(units) {
  for (const u of units) {
    const o = oldLines(u);
    const n = newLines(u);
    u.head = { oldStart: o[0].bi + 1, oldCount: o.length, newStart: n[0].ai + 1, newCount: n.length };
  }
}

/** The file header: git's, `diff -u a/x b/x`'s (with timestamps) or a bare one, as models write all three. */
function fileHeader(r, path) {
  const style = r.pick(['git', 'gnu', 'bare']);
  if (style === 'git') {
    const hex = () => Array.from({ length: 7 }, () => '0123456789abcdef'[r.int(16)]).join('');
    return [`diff --git a/${path} b/${path}`, `index ${hex()}..${hex()} 100644`, `--- a/${path}`, `+++ b/${path}`];
  }
  if (style === 'gnu') {
    const stamp = (s) => `2026-11-0${1 + r.int(9)} 1${r.int(10)}:${10 + r.int(50)}:${10 + s}.000000000 +0000`;
    return [`--- a/${path}\t${stamp(0)}`, `+++ b/${path}\t${stamp(5)}`];
  }
  return [`--- ${path}`, `+++ ${path}`];
}

/** The whole diff: file header, then each hunk's `@@ -a,b +c,d @@` (with git's section text when it has one) and body. */
function renderDiff(r, path, units) {
  const out = fileHeader(r, path);
  const count = (n) => (n === 1 && r.chance(0.3) ? '' : `,${n}`);
  for (const u of units) {
    const h = u.head;
    const section = u.header && r.chance(0.5) ? ` ${u.header.text}` : '';
    out.push(`@@ -${h.oldStart}${count(h.oldCount)} +${h.newStart}${count(h.newCount)} @@${section}`);
    for (const l of u.lines) out.push(l.op + l.text);
  }
  return joinLines(out);
}

/** Lines of the given ops (context only, or context and removed) that sit in the before text. */
const pool = (units, ops) => units.flatMap((u) => u.lines.filter((l) => ops.includes(l.op) && l.text.trim() !== ''));

/** Put `change` into one or two of the candidate lines it changes; false when it changes none. */
function driftSome(r, lines, change) {
  const changeable = lines.filter((l) => change(l.text) !== l.text);
  if (!changeable.length) return false;
  for (const l of r.sample(changeable, 1 + r.int(2))) l.text = change(l.text);
  return true;
}

/** A line's punctuation or spacing as a model retypes it (one of several drifts; the line itself when none fits). */
function retype(r) {
  const drifts = [
    (t) => (/[“”‘’]/.test(t) ? straightenQuotes(t) : curlQuotes(t)),
    (t) => (/[–—−]/.test(t) ? asciiDashes(t) : typographicDash(r, t)),
    (t) => (/[，；：（）]/.test(t) ? asciiPunctuation(t) : fullWidth(r, t)),
    (t) => unicodeSpaces(r, t),
    (t) => t.replace(/([,;:]) (?=\S)/, '$1'),
    (t) => t.replace(/(\S),(?=[A-Za-z0-9_$'"])/, '$1, '),
  ];
  return drifts[r.int(drifts.length)];
}

/** One line's indentation off: a space more or less, or its leading spaces as tabs. */
function indentDrift(r) {
  return (t) => {
    const indent = /^[ \t]*/.exec(t)[0];
    const body = t.slice(indent.length);
    const way = r.int(3);
    if (way === 0) return ` ${t}`;
    if (way === 1) return indent.endsWith(' ') ? indent.slice(1) + body : t;
    return indent.replace(/ {2,4}/g, '\t') + body;
  };
}

const DRIFTS = {
  'diff-clean': () => true,
  'diff-numbers': (r, units) => {
    // Either every hunk shifted alike (an older read of the file) or each by its own guess.
    const common = (1 + r.int(12)) * (r.chance(0.5) ? 1 : -1);
    const alike = r.chance(0.5);
    for (const u of units) {
      const d = alike ? common : r.int(25) - 12;
      u.head.oldStart = Math.max(1, u.head.oldStart + d);
      u.head.newStart = Math.max(1, u.head.newStart + d + (alike ? 0 : r.int(3) - 1));
    }
    return units.some((u) => u.head.oldStart !== u.true.oldStart);
  },
  'diff-counts': (r, units) => {
    const u = r.pick(units);
    const side = r.pick(['oldCount', 'newCount', 'both']);
    const d = r.pick([-2, -1, 1, 2]);
    for (const key of side === 'both' ? ['oldCount', 'newCount'] : [side]) u.head[key] = Math.max(0, u.head[key] + d);
    return true;
  },
  'diff-recount': (r, units) => DRIFTS['diff-counts'](r, units),
  'diff-context': (r, units) => driftSome(r, pool(units, [' ']), retype(r)),
  'diff-ws': (r, units) => {
    const lines = pool(units, [' ', '-']);
    const trailing = (t) => t + r.pick([' ', '  ', '\t']);
    return r.chance(0.5) ? driftSome(r, lines, trailing) : driftSome(r, lines, indentDrift(r));
  },
};

/** One case of a unified-diff kind, or undefined when the base offers nothing for it. */
export function buildUnifiedCase(r, kind, tool, base) {
  // A file without its last newline needs `\ No newline at end of file`, which these kinds do not drift.
  if (!base.before.endsWith('\n') || !base.after.endsWith('\n')) return undefined;
  const prep = prepareBase(base);
  if (!prep) return undefined;
  const units = copyUnits(prep.hunks);
  if (units.some((u) => oldLines(u).length === 0 || newLines(u).length === 0)) return undefined;
  trueRanges(units);
  for (const u of units) u.true = { ...u.head };
  if (!DRIFTS[kind](r, units)) return undefined;
  // A hunk whose old side fits more than one place may be refused: then only a write other than the intended one is wrong.
  const folded = coarseFold(base.before);
  const unique = prep.hunks.every((u) => countFolded(folded, oldText(u)) === 1);
  return {
    kind,
    tool,
    origin: base.id,
    path: base.path,
    before: base.before,
    expected: base.after,
    inputs: [renderDiff(r, base.path, units)],
    ...(UNIFIED_KINDS[kind].options ? { options: UNIFIED_KINDS[kind].options } : {}),
    expect: unique && !UNIFIED_KINDS[kind].may ? 'must' : 'may',
  };
}
