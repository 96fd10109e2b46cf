// Generic context: a block inserted after a line that says nothing about where
// it is (`}`, `});`, a blank line, `*/`), the way models anchor "add a helper
// after this function". Without a header such a hunk fits several places and
// must be refused (or land exactly where meant); with the enclosing
// declaration as `@@` header and the line unique inside that block, it must
// apply there.

import { findHeader, indentWidth, joinLines, splitLines } from './changes.mjs';
import { renderEdit, renderPatch } from './render.mjs';

const GENERIC = /^[ \t]*([})\]][;,)]*|\}\);?|\*\/|```|)$/;
const NAMES = ['normalizeEntry', 'formatValue', 'isEmptyValue', 'toKey', 'describeItem'];

function insertedBlock(r, lines, at, markdown) {
  if (markdown) return ['', 'The same applies to entries added later.'];
  const style = lines.find((l) => /^[ \t]+\S/.test(l))?.startsWith('\t') ? '\t' : '  ';
  const indent = /^[ \t]*/.exec(lines[at - 1])[0];
  const name = `${r.pick(NAMES)}${r.int(90) + 10}`;
  return ['', `${indent}function ${name}(value) {`, `${indent}${style}return value;`, `${indent}}`];
}

/** The end of the header's block: the next non-blank line indented at or left of it. */
function blockEnd(lines, h) {
  for (let i = h + 1; i < lines.length; i++) if (lines[i].trim() !== '' && indentWidth(lines[i]) <= indentWidth(lines[h])) return i;
  return lines.length - 1;
}

export function ambiguousCase(r, tool, base) {
  const lines = splitLines(base.before);
  const markdown = /\.md$/i.test(base.path);
  const counts = new Map();
  for (const l of lines) counts.set(l, (counts.get(l) ?? 0) + 1);
  const spots = [];
  for (let p = 1; p <= lines.length; p++)
    if (GENERIC.test(lines[p - 1]) && counts.get(lines[p - 1]) >= 2 && (tool === 'patch' || lines[p - 1].trim() !== '')) spots.push(p);
  if (!spots.length) return undefined;
  const p = r.pick(spots);
  const added = insertedBlock(r, lines, p, markdown);
  const context = [lines[p - 1]];
  const trailing = p < lines.length && lines[p] === '' ? [''] : [];
  const expected = joinLines([...lines.slice(0, p), ...added, ...lines.slice(p)]);
  const unitLines = [
    ...context.map((text) => ({ op: ' ', text })),
    ...added.map((text) => ({ op: '+', text })),
    ...trailing.map((text) => ({ op: ' ', text })),
  ];
  let must = false;
  let header;
  if (tool === 'patch' && r.chance(0.5)) {
    header = findHeader(lines, p - 1, Math.max(1, indentWidth(lines[p - 1])), markdown);
    if (header) {
      const h = header.index;
      const end = blockEnd(lines, h);
      const same = lines.slice(h + 1, end + 1).filter((l) => l.trim() === lines[p - 1].trim()).length;
      const headerUnique = lines.filter((l) => l.trim() === header.text).length === 1;
      must = headerUnique && h < p - 1 && p - 1 < end && same === 1;
    }
  }
  const unit = { lines: unitLines, header, range: [p, 1 + trailing.length, p, 1 + trailing.length + added.length] };
  const input =
    tool === 'patch'
      ? renderPatch(base.path, [unit], { begin: true, end: true, ranges: false, eol: '\n' })
      : renderEdit(base.path, [unit], 'edit');
  return {
    kind: 'ambiguous',
    tool,
    origin: base.id,
    path: base.path,
    before: base.before,
    expected,
    inputs: [input],
    expect: must ? 'must' : 'may',
  };
}
