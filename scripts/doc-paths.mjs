#!/usr/bin/env node
// Names that must stay true when files move: every repository path and module
// file name that a comment (in src/, test/, scripts/, bench/) or a document
// (README.md, CONTRIBUTING.md, bench/README.md, docs/, examples' READMEs)
// mentions must exist; every identifier a document names in a code span must
// be spelled by some code; and the Layout section of docs/design.md must list
// every file of src/ under its folder and no file that is gone. A move or a rename that
// leaves an old name behind fails the unit test (test/unit/doc-paths.test.ts).
//
//   node scripts/doc-paths.mjs      prints each stale name; exit 1 if any
//
// Only names that look like paths of this repository are checked, so prose
// and examples stay free: a path is checked when its first folder is one the
// repository has (src/, test/, a folder such as match/ or support/, ./, ../),
// a bare name (`seek.ts`) when it ends in .ts, .mts or .mjs. A path resolves
// from the repository root, from src/, or from any folder above the file that
// mentions it (a comment in src/match/ may say `match/seek.ts` or `seek.ts`);
// an import spelling (`.js`) also finds its `.ts`; `*` matches within one name.
// Left out as illustrations: one-letter names (`src/a.ts`, `./a/`, as examples
// use), placeholders (`NNN_name`, `4NN_*`, `<format>`), a lone folder name
// other than the top-level ones (`patches/` may be anyone's), a hidden folder
// the root lacks (`.cursor/` is the reader's project), and the file
// names of other projects that comments cite (OUTSIDE_NAMES).

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, posix, resolve } from 'node:path';
import ts from 'typescript';

/** Folders whose comments are checked, and the documents checked whole. */
const CODE_DIRS = ['src', 'test', 'scripts', 'bench'];
const DOCS = ['README.md', 'CONTRIBUTING.md', 'bench/README.md'];
/** The document whose Layout section lists every file of src/. */
export const LAYOUT_DOC = 'docs/design.md';
const CODE_FILE = /\.(ts|mts|mjs)$/;
/** The repository's own top-level folders: a path starting with one is checked even if the folder is gone. */
const REPO_FOLDERS = ['src', 'test', 'scripts', 'bench', 'examples', 'bin'];
/** Never walked: data (fixture trees name files of their own), packages; and what .gitignore names (builds, outputs). */
const SKIPPED_DIRS = new Set(['fixtures', 'fixtures-data', 'node_modules', '.git']);
/** File names of other projects that comments cite as sources (GitHub's toolkit, @actions/core). */
const OUTSIDE_NAMES = new Set(['command.ts']);

const PATH = /(?<![\w./@:$-])((?:\.{1,2}\/)?(?:[\w*.-]+\/)+(?:[\w*.-]*\.(?:ts|mts|mjs|js|md|json|ya?ml|svg|patch|diff)\b)?)(?![\w/<{*-])/g;
const BARE = /(?<![\w./@:$-])([a-z][\w-]*(?:\.[\w-]+)*\.(?:ts|mts|mjs))(?![\w/-])/g;
const PLACEHOLDER = /NN|[<>{}]/;

/**
 * Whether a folder is one git ignores (.gitignore's folder entries: outputs
 * such as drift-out*\/ exist only after a run, so neither they nor the names
 * in them count).
 */
function ignoredFolders(root) {
  const file = join(root, '.gitignore');
  const entries = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
  const tests = entries
    .map((e) => e.trim())
    .filter((e) => e !== '' && !e.startsWith('#') && !e.startsWith('!'))
    .map((e) => {
      const name = e.replace(/^\//, '').replace(/\/$/, '');
      const re = globOf(name);
      return e.replace(/\/$/, '').includes('/') ? (p) => re.test(p) : (p) => re.test(basename(p));
    });
  return (p) => tests.some((t) => t(p));
}

/** Every file and folder under `root` (relative paths), skipped and ignored folders left out. */
function walk(root) {
  const files = [];
  const dirs = [];
  const ignored = ignoredFolders(root);
  const visit = (d) => {
    for (const e of readdirSync(join(root, d), { withFileTypes: true })) {
      const p = d === '' ? e.name : `${d}/${e.name}`;
      if (e.isDirectory() && !SKIPPED_DIRS.has(e.name) && !ignored(p)) {
        dirs.push(p);
        visit(p);
      } else if (e.isFile()) files.push(p);
    }
  };
  visit('');
  return { files, dirs };
}

/** Every comment of a script or module: its text, the line it starts on, where it lies. */
function comments(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const seen = new Set();
  const out = [];
  const add = (ranges) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      out.push({ line: source.getLineAndCharacterOfPosition(r.pos).line + 1, text: text.slice(r.pos, r.end), pos: r.pos, end: r.end });
    }
  };
  const visit = (node) => {
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out.sort((a, b) => a.pos - b.pos);
}

/** A matcher for one name that may hold `*` (any run of characters but `/`). */
const globOf = (name) => new RegExp(`^${name.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);

/** Whether `p` (relative to `root`, maybe with `*` in its last name, maybe ending in `/`) names an existing file or folder. */
function exists(root, p) {
  const path = p.replace(/\/$/, '');
  if (path.startsWith('..') || path === '') return false;
  if (!path.includes('*')) return existsSync(join(root, path)) && (!p.endsWith('/') || statSync(join(root, path)).isDirectory());
  const dir = dirname(path);
  if (dir.includes('*') || !existsSync(join(root, dir))) return false;
  const name = globOf(basename(path));
  return readdirSync(join(root, dir)).some((n) => name.test(n));
}

/** The stale names of one text (a comment or a document) of `file`, as "file:line: name". */
function staleIn(root, tree, file, text, firstLine) {
  const out = [];
  const lineAt = (index) => firstLine + text.slice(0, index).split('\n').length - 1;
  const bases = ['', 'src'];
  for (let d = dirname(file); d !== '.'; d = dirname(d)) bases.push(d);
  for (const m of text.matchAll(PATH)) {
    const token = m[1];
    const first = token.split('/')[0];
    const stem = basename(token).replace(/\..*$/, '');
    const lone = /^[\w-]+\/$/.test(token) && !REPO_FOLDERS.includes(first); // `patches/`, `build/`: any folder of that name
    const hidden = /^\.[\w-]/.test(first) && !existsSync(join(root, first)); // `.cursor/mcp.json`: the reader's project
    if (!tree.folderNames.has(first) || lone || hidden || PLACEHOLDER.test(token) || stem.length === 1) continue;
    const spellings = token.endsWith('.js') ? [token, token.replace(/\.js$/, '.ts')] : [token];
    const found = bases.some((b) => spellings.some((s) => exists(root, posix.join(b, s) + (s.endsWith('/') ? '/' : ''))));
    if (!found) out.push(`${file}:${lineAt(m.index)}: ${token}`);
  }
  for (const m of text.matchAll(BARE)) {
    const name = m[1];
    if (!tree.names.has(name) && !OUTSIDE_NAMES.has(name) && basename(name).replace(/\..*$/, '').length > 1)
      out.push(`${file}:${lineAt(m.index)}: ${name}`);
  }
  return out;
}

/**
 * The tree at `root` as the checks read it: its files, the names of its
 * files and folders, and each script or module of CODE_DIRS with its comments
 * (parsed once for every check).
 */
export function readTree(root) {
  const { files, dirs } = walk(root);
  const code = new Map();
  for (const file of files.filter((f) => CODE_DIRS.includes(f.split('/')[0]) && CODE_FILE.test(f)).sort()) {
    const text = readFileSync(join(root, file), 'utf8');
    code.set(file, { text, notes: comments(file, text) });
  }
  const folderNames = new Set(['.', '..', ...REPO_FOLDERS, ...dirs.map((d) => basename(d))]);
  return { files, names: new Set(files.map((f) => basename(f))), folderNames, code };
}

/** The documents checked: DOCS, every page of docs/, and the examples' READMEs. */
function documents(tree) {
  const pages = tree.files.filter(
    (f) => (f.startsWith('docs/') && f.endsWith('.md')) || (f.startsWith('examples/') && f.endsWith('/README.md')),
  );
  return [...DOCS, ...pages.sort()];
}

/** Every path or module file name that a comment or document mentions and the tree at `root` lacks, one line each. */
export function stalePaths(root, tree = readTree(root)) {
  const out = [];
  for (const doc of documents(tree))
    if (existsSync(join(root, doc))) out.push(...staleIn(root, tree, doc, readFileSync(join(root, doc), 'utf8'), 1));
  for (const [file, { notes }] of tree.code) for (const c of notes) out.push(...staleIn(root, tree, file, c.text, c.line));
  return out;
}

/** An identifier as code spells it: camelCase, PascalCase with an inner capital, or CONSTANT_CASE. */
const IDENTIFIER = /(?<![\w$./@-])([a-z]+[A-Z][\w$]*|[A-Z][a-z0-9]+[A-Z][\w$]*|[A-Z][A-Z0-9]*_[A-Z0-9_]+)(?![\w$-])/g;

/** Every word the code (comments left out) of src/, scripts/ and test/ spells. */
function codeWords(tree) {
  const words = new Set();
  for (const [file, { text, notes }] of tree.code) {
    if (file.startsWith('bench/')) continue;
    let code = '';
    let at = 0;
    for (const c of notes) {
      code += `${text.slice(at, c.pos)}\n`;
      at = c.end;
    }
    code += text.slice(at);
    for (const m of code.matchAll(/[A-Za-z_$][\w$]*/g)) words.add(m[0]);
  }
  return words;
}

/**
 * The identifiers the documents name in code spans (`endingFor`, `LineIndex`,
 * `TOLERANT_PASSES`) that no code of src/, scripts/ or test/ spells (a
 * comment naming it does not count): a renamed function leaves its old name
 * in the recipe that points at it. One line each, "document:line: name".
 */
export function staleIdentifiers(root, tree = readTree(root)) {
  const words = codeWords(tree);
  const out = [];
  for (const doc of documents(tree).filter((d) => existsSync(join(root, d)))) {
    readFileSync(join(root, doc), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const span of line.matchAll(/`([^`]+)`/g))
          for (const m of span[1].matchAll(IDENTIFIER)) if (!words.has(m[1])) out.push(`${doc}:${i + 1}: ${m[1]}`);
      });
  }
  return out;
}

/**
 * The Layout section of LAYOUT_DOC against src/: each file of a folder of src/
 * must be named under that folder's heading (`match/` or `src/cli/`), each
 * file directly in src/ by its path (`src/types.ts`), and no name may be listed that the
 * folder lacks. One line per mismatch.
 */
export function layoutMismatches(root) {
  const readme = readFileSync(join(root, LAYOUT_DOC), 'utf8');
  const start = readme.indexOf('\n## Layout');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const listed = new Map(); // folder ('' for src/ itself) -> names listed under it
  let folder;
  for (const line of section.split('\n')) {
    const heading = /^(?:src\/)?([a-z-]+)\/(?:\s|$)/.exec(line);
    if (heading) folder = existsSync(join(root, 'src', heading[1])) && heading[1] !== 'src' ? heading[1] : undefined;
    else if (!/^\s/.test(line)) folder = undefined;
    for (const m of line.matchAll(/\bsrc\/([a-z-]+\.ts)\b/g)) (listed.get('') ?? listed.set('', new Set()).get('')).add(m[1]);
    if (folder === undefined) continue;
    const names = listed.get(folder) ?? listed.set(folder, new Set()).get(folder);
    for (const m of line.matchAll(/(?<![\w/.-])([a-z][\w-]*\.ts)\b/g)) names.add(m[1]);
  }
  const out = [];
  const src = join(root, 'src');
  for (const f of readdirSync(src).sort()) {
    const isDir = statSync(join(src, f)).isDirectory();
    const actual = isDir ? readdirSync(join(src, f)).filter((n) => n.endsWith('.ts')) : f.endsWith('.ts') ? [f] : [];
    const names = listed.get(isDir ? f : '') ?? new Set();
    for (const n of actual) if (!names.has(n)) out.push(`Layout (docs/design.md): src/${isDir ? `${f}/` : ''}${n} is not listed`);
    if (isDir)
      for (const n of names) if (!actual.includes(n)) out.push(`Layout (docs/design.md): src/${f}/${n} is listed but does not exist`);
  }
  for (const n of listed.get('') ?? [])
    if (!existsSync(join(src, n))) out.push(`Layout (docs/design.md): src/${n} is listed but does not exist`);
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const root = join(import.meta.dirname, '..');
  const tree = readTree(root);
  const stale = [...stalePaths(root, tree), ...staleIdentifiers(root, tree), ...layoutMismatches(root)];
  for (const s of stale) console.log(s);
  if (stale.length === 0)
    console.log('every path, file name and identifier mentioned exists; the Layout of docs/design.md lists all of src/');
  process.exitCode = stale.length > 0 ? 1 : 0;
}
