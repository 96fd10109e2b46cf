// Model-style edits of a real file, for files that have no real "after": a
// token renamed or a literal changed inside a line, a statement or comment
// inserted with the surrounding indentation, a statement deleted. One to
// three such edits at places far apart, like a model touching a few functions.

const SENTENCES = [
  'Keep the previous behaviour for callers that pass no options.',
  'The value is checked again after the await: it may have changed.',
  'Return early: nothing below applies to an empty input.',
  'This mirrors the order used by the parser.',
  'See the note above about trailing separators.',
  'Callers rely on this being synchronous.',
];

export function isMarkdown(path) {
  return /\.md$/i.test(path);
}

function indentOf(line) {
  return /^[ \t]*/.exec(line)[0];
}

const KEYWORDS = new Set([
  'return',
  'const',
  'function',
  'export',
  'import',
  'from',
  'this',
  'true',
  'false',
  'null',
  'undefined',
  'typeof',
  'while',
  'break',
  'continue',
  'else',
  'class',
  'extends',
  'async',
  'await',
  'default',
  'case',
  'switch',
  'throw',
  'catch',
  'finally',
  'interface',
  'type',
  'readonly',
  'public',
  'private',
  'static',
  'void',
  'string',
  'number',
  'boolean',
]);

function identifiers(line) {
  return (line.match(/\b[A-Za-z_][A-Za-z0-9_]{3,}\b/g) ?? []).filter((w) => !KEYWORDS.has(w));
}

/** A changed copy of one line, or undefined when the line offers nothing to change. */
function tweakLine(r, line, markdown) {
  const code = line.trimStart();
  if (markdown) {
    const words = line.match(/\b[a-z]{5,}\b/g);
    if (!words) return undefined;
    const w = r.pick(words);
    return line.replace(new RegExp(`\\b${w}\\b`), r.pick([`${w} also`, `the ${w}`, `${w}, if any,`]));
  }
  if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return undefined;
  const choices = [];
  if (/\b\d+\b/.test(code)) choices.push(() => line.replace(/\b(\d+)\b/, (_, n) => String(Number(n) + 1)));
  if (/'[^'\\]{2,}'|"[^"\\]{2,}"/.test(code))
    choices.push(() => line.replace(/(['"])([^'"\\]{2,})\1/, (_, q, s) => `${q}${s} (updated)${q}`));
  const ids = identifiers(code);
  if (ids.length) {
    const id = r.pick(ids);
    const renamed = `next${id[0].toUpperCase()}${id.slice(1)}`;
    choices.push(() => line.replace(new RegExp(`\\b${id}\\b`), renamed));
  }
  if (!choices.length) return undefined;
  const out = r.pick(choices)();
  return out === line ? undefined : out;
}

/** Lines a model would insert after line `i`, indented like the code around it. */
function insertedLines(r, lines, i, markdown) {
  if (markdown) return r.chance(0.5) ? [`- ${r.pick(SENTENCES)}`] : ['', r.pick(SENTENCES)];
  const next = lines.slice(i + 1).find((l) => l.trim() !== '') ?? '';
  const indent = indentOf(lines[i]).length > indentOf(next).length ? indentOf(lines[i]) : indentOf(next);
  const ids = identifiers(lines[i]).concat(identifiers(next));
  const id = ids.length ? r.pick(ids) : 'value';
  const pool = [
    [`// ${r.pick(SENTENCES)}`],
    [`if (${id} === undefined) return;`],
    [`const previous${id[0].toUpperCase()}${id.slice(1)} = ${id};`],
    [`// ${r.pick(SENTENCES)}`, `debug('${id}', ${id});`],
  ];
  return r.pick(pool).map((l) => (l === '' ? '' : indent + l));
}

/** A line that continues the expression of the line before it. */
const GOES_ON = /^(?:\.[A-Za-z_$]|\?|:(?!:)|&&|\|\|)/;

function deletable(line, markdown) {
  const t = line.trim();
  return markdown ? t.length > 20 && !t.startsWith('#') && !t.startsWith('```') : /;$/.test(t) && !/[{}]/.test(t) && !t.startsWith('//');
}

/**
 * The file with one to three model-style edits applied, or undefined when the
 * file offers no place for them.
 */
export function mutate(r, path, before) {
  const lines = before.split('\n');
  lines.pop(); // the empty string after the final newline
  const markdown = isMarkdown(path);
  const want = 1 + r.int(3);
  const taken = [];
  const edits = [];
  for (let tries = 0; edits.length < want && tries < 60; tries++) {
    const i = r.int(lines.length);
    if (taken.some((t) => Math.abs(t - i) < 10) || lines[i].trim() === '') continue;
    const op = r.pick(['tweak', 'tweak', 'insert', 'delete']);
    if (op === 'tweak') {
      const changed = tweakLine(r, lines[i], markdown);
      if (changed !== undefined) edits.push({ at: i, del: 1, ins: [changed] });
    } else if (op === 'insert') {
      // Not inside an expression (the next line goes on with `.then(`, `? a`, `&& b`):
      // no indentation of a statement there is the intended one.
      if (
        !markdown &&
        GOES_ON.test(
          lines
            .slice(i + 1)
            .find((l) => l.trim() !== '')
            ?.trimStart() ?? '',
        )
      )
        continue;
      edits.push({ at: i + 1, del: 0, ins: insertedLines(r, lines, i, markdown) });
    } else if (deletable(lines[i], markdown)) {
      edits.push({ at: i, del: 1, ins: [] });
    }
    if (edits.length > taken.length) taken.push(i);
  }
  if (!edits.length) return undefined;
  edits.sort((a, b) => b.at - a.at);
  for (const e of edits) lines.splice(e.at, e.del, ...e.ins);
  return `${lines.join('\n')}\n`;
}
