#!/usr/bin/env node
// The size rules of CONTRIBUTING.md, checked: no source file in src/ over 400
// lines (data tables excepted, listed below), no function over 80 lines. Run
// by `npm run lint` (and so by `npm test`). Biome has no rule for either.
//
//   node scripts/house-rules.mjs           the check; exit 1 on any breach
//
// TypeScript's parser is already a dev dependency (tsc), so the function
// lengths come from the real syntax tree, not from brace counting.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(import.meta.dirname, '..');
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;

/** Files that are data (tables of characters, a grammar), not logic: exempt from the file limit. */
const DATA_TABLES = new Set(['src/models/grammar.ts']);

function sourceFiles(dir) {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .sort();
}

function functionName(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

const breaches = [];
for (const file of sourceFiles('src')) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_FILE_LINES && !DATA_TABLES.has(file)) breaches.push(`${file}: ${lines} lines (at most ${MAX_FILE_LINES})`);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const from = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const to = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const length = to - from + 1;
      if (length > MAX_FUNCTION_LINES)
        breaches.push(`${file}:${from + 1}: function ${functionName(node)} is ${length} lines (at most ${MAX_FUNCTION_LINES})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

if (breaches.length > 0) {
  console.error(`house rules: ${breaches.length} breach${breaches.length === 1 ? '' : 'es'}\n${breaches.map((b) => `  ${b}`).join('\n')}`);
  process.exit(1);
}
console.log('house rules: every file and function in src/ is within its size limit');
