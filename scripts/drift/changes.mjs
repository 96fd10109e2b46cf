// A real change (before/after) as the units a model writes: Codex hunks (3
// lines of context, `@@` header from the enclosing function or class line)
// or Claude-Code edit entries (changed lines plus just enough context to be
// unique). Every unit line keeps where it sits in the before text (`bi`) and,
// for context, in the intended after text (`ai`), so drift can also be put
// into the file itself.

import { structuredPatch } from 'diff';

export function splitLines(text) {
  const lines = text.split('\n');
  lines.pop();
  return lines;
}

export const joinLines = (lines) => lines.map((l) => `${l}\n`).join('');

export function indentWidth(line) {
  return /^[ \t]*/.exec(line)[0].length;
}

const DECLARATION = [
  /^\s*(export\s+)?(default\s+)?(declare\s+)?(abstract\s+)?(async\s+)?(function\*?|class|interface|enum|namespace|module)\s+[\w$]/,
  /^\s*(export\s+)?(const|let|var)\s+[\w$]+\s*(:[^=]+)?=\s*(async\s+)?(\([^)]*\)\s*(:[^=]+)?=>|function\b|[\w$]+\s*=>)/,
  /^\s*(export\s+)?type\s+[\w$]+.*=\s*\{?\s*$/,
  // A method: modifiers, then a name that is not a keyword, its parameters and an opening brace.
  new RegExp(
    String.raw`^\s*(public\s+|private\s+|protected\s+|static\s+|async\s+|get\s+|set\s+|\*\s*)*` +
      String.raw`(?!(if|for|while|switch|catch|return|function|new|await|typeof)\b)[\w$]+\s*\([^;]*\)\s*(:\s*[^;{]+)?\{\s*$`,
  ),
  /^\s*(describe|it|test)\(['"`]/,
  /^\s*(def|class)\s+\w+/,
  /^func\s/,
  /^\s*(pub(\([^)]*\))?\s+)?(fn|impl|struct|enum|trait|mod)\s/,
];

/**
 * The line a model would put after `@@`: the nearest declaration above line
 * `at` that encloses indentation `limit` (or the nearest Markdown heading).
 */
export function findHeader(lines, at, limit, markdown) {
  for (let i = at - 1; i >= 0; i--) {
    const line = lines[i];
    if (markdown) {
      if (/^#{1,6}\s/.test(line)) return { index: i, text: line.trim() };
      continue;
    }
    if (line.trim() === '') continue;
    if (limit === 0) return undefined;
    const w = indentWidth(line);
    if (w >= limit) continue;
    if (DECLARATION.some((re) => re.test(line))) return { index: i, text: line.trim() };
    if (w === 0) return undefined; // left the enclosing block without meeting a declaration
    limit = w;
  }
  return undefined;
}

/**
 * The Codex hunks of a change, or undefined when the change is too big or too
 * odd to be something a model writes in one patch.
 */
export function codexHunks(change) {
  const patch = structuredPatch('a', 'b', change.before, change.after, '', '', { context: 3 });
  if (patch.hunks.length === 0 || patch.hunks.length > 8) return undefined;
  const beforeLines = splitLines(change.before);
  const markdown = /\.md$/i.test(change.path);
  let changed = 0;
  const hunks = patch.hunks.map((h) => {
    let bi = h.oldStart - 1;
    let ai = h.newStart - 1;
    if (h.oldLines === 0) bi++; // jsdiff's convention for a pure insertion at the top
    if (h.newLines === 0) ai++;
    const lines = [];
    for (const raw of h.lines) {
      const op = raw[0];
      const text = raw.slice(1);
      if (op === '\\') continue;
      if (op === ' ') lines.push({ op, text, bi: bi++, ai: ai++ });
      else if (op === '-') lines.push({ op, text, bi: bi++ });
      else lines.push({ op, text, ai: ai++ });
      if (op !== ' ') changed++;
    }
    // The header is sought from the first changed line up: the enclosing
    // function is often the hunk's own first context line.
    const firstChanged = lines.findIndex((l) => l.op !== ' ');
    const at = firstChanged === 0 ? (lines.find((l) => l.bi !== undefined)?.bi ?? bi) : lines[firstChanged - 1].bi + 1;
    const header = findHeader(beforeLines, at, indentWidth(lines[firstChanged].text), markdown);
    return { lines, header, range: [h.oldStart, h.oldLines, h.newStart, h.newLines] };
  });
  if (changed > 120) return undefined;
  return hunks;
}

function countOccurrences(haystack, needle) {
  if (needle === '') return Infinity;
  let n = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + 1)) n++;
  return n;
}

export const oldText = (unit) =>
  unit.lines
    .filter((l) => l.op !== '+')
    .map((l) => l.text)
    .join('\n');
export const newText = (unit) =>
  unit.lines
    .filter((l) => l.op !== '-')
    .map((l) => l.text)
    .join('\n');

/**
 * Claude-Code edit entries for a change: one per run of changed lines, with
 * context lines added on both sides (at least one, at most four) until the
 * old_string occurs exactly once in the file; runs whose entries would touch
 * are merged. Undefined when some entry cannot be made unique.
 */
export function editEntries(change, hunks) {
  const before = splitLines(change.before);
  // Changed runs from the hunks: [start, end) in before, inserted lines.
  const runs = [];
  for (const h of hunks) {
    let run;
    for (const l of h.lines) {
      if (l.op === ' ') {
        if (run) runs.push(run);
        run = undefined;
        continue;
      }
      run ??= { start: undefined, end: undefined, removed: [], added: [], at: undefined };
      if (l.op === '-') {
        run.start ??= l.bi;
        run.end = l.bi + 1;
        run.removed.push(l);
      } else run.added.push(l);
    }
    if (run) runs.push(run);
    // A pure insertion sits before the next context line (or the end of the hunk).
    for (const r of runs) if (r.start === undefined) r.start = r.end = insertionPoint(h, r);
  }
  const entries = runs.map((r) => ({ start: r.start, end: r.end, added: r.added.map((l) => l.text) }));
  const text = change.before;
  for (const e of entries) {
    e.a = 0;
    e.b = 0;
    const grow = () => {
      if (e.start - e.a > 0 && (e.a <= e.b || e.end + e.b >= before.length)) e.a++;
      else if (e.end + e.b < before.length) e.b++;
      else return false;
      return true;
    };
    grow();
    while (countOccurrences(text, before.slice(e.start - e.a, e.end + e.b).join('\n')) !== 1) {
      if (e.a + e.b >= 8 || !grow()) return undefined;
    }
  }
  entries.sort((x, y) => x.start - y.start);
  const merged = [];
  for (const e of entries) {
    e.from = e.start - e.a;
    e.to = e.end + e.b;
    const last = merged[merged.length - 1];
    if (last && e.from <= last.to) {
      // Overlapping or touching: one entry covering both, context kept from both ends.
      last.parts = [...(last.parts ?? [{ ...last }]), e];
      last.to = Math.max(last.to, e.to);
    } else merged.push(e);
  }
  return merged.map((e) => entryUnit(before, e));
}

function insertionPoint(hunk, run) {
  const i = hunk.lines.indexOf(run.added[0]);
  const next = hunk.lines.slice(i).find((l) => l.bi !== undefined);
  if (next) return next.bi;
  const prev = hunk.lines
    .slice(0, i)
    .reverse()
    .find((l) => l.bi !== undefined);
  return prev ? prev.bi + 1 : 0;
}

/** An entry as unit lines: context ' ', removed '-', added '+', in file order. */
function entryUnit(before, e) {
  const parts = e.parts ?? [e];
  const { from, to } = e;
  const lines = [];
  let i = from;
  for (const p of parts) {
    for (; i < p.start; i++) lines.push({ op: ' ', text: before[i], bi: i });
    for (; i < p.end; i++) lines.push({ op: '-', text: before[i], bi: i });
    for (const t of p.added) lines.push({ op: '+', text: t });
  }
  for (; i < to; i++) lines.push({ op: ' ', text: before[i], bi: i });
  return { lines, start: from, end: to };
}

/**
 * The intended after text of applying some entries to `before`, with `ai`
 * (index in that after text) filled in for each unit line that lands there.
 */
export function applyEntries(beforeText, units) {
  const before = splitLines(beforeText);
  const out = [];
  let i = 0;
  for (const u of [...units].sort((x, y) => x.start - y.start)) {
    for (; i < u.start; i++) out.push(before[i]);
    for (const l of u.lines) {
      if (l.op === '-') continue;
      l.ai = out.length;
      out.push(l.text);
    }
    i = u.end;
  }
  for (; i < before.length; i++) out.push(before[i]);
  return joinLines(out);
}
