#!/usr/bin/env node
// The house rules of CONTRIBUTING.md, checked. Failures: a line over 140
// characters in the code of src/, test/ and scripts/ (biome wraps code at 140
// columns but never breaks a string), and a measurement in a comment of src/
// (a duration, a size, a ratio, a percentage, a date, a round count: comments
// say why, figures live in bench/). Warnings, printed for a reviewer and no
// failure (a file can be clearer whole): a src/ file over 400 lines (data
// tables excepted, listed below) and a function over 80 lines. Run by
// `npm run lint` (and so by `npm test`).
//
//   node scripts/house-rules.mjs           the check; exit 1 on any failure
//
// TypeScript's parser is already a dev dependency (tsc), so the function
// lengths come from the real syntax tree, not from brace counting.

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 80;
export const MAX_LINE_CHARS = 140;

/**
 * What a measurement looks like in a comment. A date, a timestamp or a
 * version in backticks is a name (`2026-07-28`, the MCP protocol revision),
 * and is left out before these are tried.
 */
const MEASUREMENTS = [
  /\b(19|20)\d\d-\d\d-\d\d\b/, // a date
  /\d\s?(ms|µs|μs|us|ns)\b/, // a duration
  /\d\.\d+\s?s\b/, // seconds with a fraction
  /\d\s?(KB|MB|GB|kB)\b/, // a size (KiB and MiB are buffer sizes the code sets, not figures)
  /\d\s?%/, // a percentage
  /\d\s?×|\b\d+\.\d+x\b/, // a ratio
  /\b\d+ (paired |alternating )?rounds?\b/, // a round count
  /\d\s?(million|thousand)\b|\d[\d,]* instructions\b/, // an instruction count
  /\b\d+ times (faster|slower|as)\b/, // a speed-up
  /\bmedian of\b/,
];

/** Files that are data (tables of characters, a grammar), not logic: exempt from the file and line limits. */
const DATA_TABLES = new Set(['src/models/grammar.ts']);

/** Where the line limit applies, and to which files: the code Biome formats. Fixture folders are data. */
const LINE_RULE_DIRS = ['src', 'test', 'scripts'];
const CODE_FILE = /\.(ts|mts|mjs)$/;
const DATA_DIRS = new Set(['fixtures', 'fixtures-data', 'node_modules']);

/** Files under `dir` of `root` whose names match `pattern`, as sorted paths relative to `root`; data folders skipped. */
function filesUnder(root, dir, pattern) {
  const out = [];
  const walk = (d) => {
    let entries;
    try {
      entries = readdirSync(join(root, d), { withFileTypes: true });
    } catch {
      return; // a tree without this folder has nothing to check in it
    }
    for (const e of entries) {
      if (e.isDirectory() && !DATA_DIRS.has(e.name)) walk(join(d, e.name));
      else if (e.isFile() && pattern.test(e.name)) out.push(join(d, e.name));
    }
  };
  walk(dir);
  return out.sort();
}

function functionName(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

/** A src/ file over the file limit, and each of its functions over the function limit. */
function sizeBreaches(file, text) {
  const out = [];
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_FILE_LINES && !DATA_TABLES.has(file)) out.push(`${file}: ${lines} lines (at most ${MAX_FILE_LINES})`);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const from = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const to = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const length = to - from + 1;
      if (length > MAX_FUNCTION_LINES)
        out.push(`${file}:${from + 1}: function ${functionName(node)} is ${length} lines (at most ${MAX_FUNCTION_LINES})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Each comment line of a src/ file that quotes a measurement. */
function measurementComments(file, text) {
  const out = [];
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind !== ts.SyntaxKind.SingleLineCommentTrivia && kind !== ts.SyntaxKind.MultiLineCommentTrivia) continue;
    const first = text.slice(0, scanner.getTokenStart()).split('\n').length;
    scanner
      .getTokenText()
      .split('\n')
      .forEach((line, i) => {
        const prose = line.replace(/`[^`]*`/g, '');
        if (MEASUREMENTS.some((m) => m.test(prose))) out.push(`${file}:${first + i}: comment quotes a measurement: ${line.trim()}`);
      });
  }
  return out;
}

/** Each line of `text` over the line limit, counted in characters (code points), as an editor shows them. */
function longLines(file, text) {
  if (DATA_TABLES.has(file)) return [];
  const out = [];
  text.split('\n').forEach((line, i) => {
    const chars = [...line.replace(/\r$/, '')].length;
    if (chars > MAX_LINE_CHARS) out.push(`${file}:${i + 1}: line of ${chars} characters (at most ${MAX_LINE_CHARS})`);
  });
  return out;
}

/** The house rules over the tree at `root`: failures and warnings, one line each (both empty when all is well). */
export function houseRules(root) {
  const failures = [];
  const warnings = [];
  const read = (file) => readFileSync(join(root, file), 'utf8');
  for (const file of filesUnder(root, 'src', /\.ts$/)) {
    const text = read(file);
    warnings.push(...sizeBreaches(file, text));
    failures.push(...measurementComments(file, text));
  }
  for (const dir of LINE_RULE_DIRS) for (const file of filesUnder(root, dir, CODE_FILE)) failures.push(...longLines(file, read(file)));
  return { failures, warnings };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { failures, warnings } = houseRules(join(import.meta.dirname, '..'));
  const list = (lines) => lines.map((l) => `  ${l}`).join('\n');
  if (warnings.length > 0) console.warn(`house rules: ${warnings.length} for a reviewer to weigh (not failures)\n${list(warnings)}`);
  if (failures.length > 0) {
    console.error(`house rules: ${failures.length} failure${failures.length === 1 ? '' : 's'}\n${list(failures)}`);
    process.exitCode = 1;
  } else {
    console.log(`house rules: no line over ${MAX_LINE_CHARS} characters, no measurement in a src/ comment`);
  }
}
