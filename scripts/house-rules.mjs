#!/usr/bin/env node
// The size rules of CONTRIBUTING.md, checked: no source file in src/ over 400
// lines (data tables excepted, listed below), no function over 80 lines, and
// no line over 140 characters in the code of src/, test/ and scripts/. Run by
// `npm run lint` (and so by `npm test`). Biome has no rule for the first two,
// and its formatter wraps code at 140 columns but never breaks a string, so a
// long message would slip past it: the third rule catches those.
//
//   node scripts/house-rules.mjs           the check; exit 1 on any breach
//
// TypeScript's parser is already a dev dependency (tsc), so the function
// lengths come from the real syntax tree, not from brace counting.

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 80;
export const MAX_LINE_CHARS = 140;

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

/** Every breach of the house rules in the tree at `root`, one line each (empty when all is well). */
export function houseRuleBreaches(root) {
  const breaches = [];
  const read = (file) => readFileSync(join(root, file), 'utf8');
  for (const file of filesUnder(root, 'src', /\.ts$/)) breaches.push(...sizeBreaches(file, read(file)));
  for (const dir of LINE_RULE_DIRS) for (const file of filesUnder(root, dir, CODE_FILE)) breaches.push(...longLines(file, read(file)));
  return breaches;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const root = join(import.meta.dirname, '..');
  const breaches = houseRuleBreaches(root);
  if (breaches.length > 0) {
    console.error(
      `house rules: ${breaches.length} breach${breaches.length === 1 ? '' : 'es'}\n${breaches.map((b) => `  ${b}`).join('\n')}`,
    );
    process.exitCode = 1;
  } else {
    const dirs = LINE_RULE_DIRS.map((d) => `${d}/`).join(', ');
    console.log(`house rules: every file and function in src/ within its size limit, no line in ${dirs} over ${MAX_LINE_CHARS} characters`);
  }
}
