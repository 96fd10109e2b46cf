// Real text for the drift corpus: before/after pairs from this repository's
// own history (modified files of commits up to a pinned commit, so the corpus
// does not change as main moves on), and real files from installed packages
// (node_modules, fixed by package-lock.json) for synthetic model-style edits.

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';

/** History up to this commit feeds the corpus; later commits never change it. */
export const PINNED_COMMIT = '636785da6a351c28c8fdf319f071075e1f722000';

const HISTORY_EXTENSIONS = new Set(['.ts', '.mjs', '.js', '.md', '.py', '.go', '.json', '.yaml', '.rs']);
const PACKAGE_EXTENSIONS = new Set(['.js', '.mjs', '.cjs', '.ts', '.md']);
/**
 * Packages whose files feed the corpus: the project's own dependencies and a
 * few large, long-lived ones they bring. A fixed list, so adding or dropping
 * an unrelated dev dependency does not reshuffle the corpus.
 */
const CORPUS_PACKAGES = [
  '@types/node',
  'chalk',
  'commander',
  'diff',
  'fast-check',
  'iconv-lite',
  'jschardet',
  'magic-string',
  'picomatch',
  'postcss',
  'pure-rand',
  'source-map-js',
  'typescript',
  'undici-types',
  'vite',
  'vitest',
  'yaml',
];
const CLEANED_OR_CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f\u00ad\u200b-\u200d\u2060\ufeff\r]/;

/**
 * Whether a text can be a corpus file: UTF-8, LF endings ending in one, no
 * characters the engine would clean or refuse (they make "intended result" a
 * matter of opinion), no minified lines.
 */
export function usableText(text, maxBytes = 120_000) {
  if (text.length < 200 || text.length > maxBytes || !text.endsWith('\n')) return false;
  if (CLEANED_OR_CONTROL.test(text)) return false;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', lineStart)) {
    if (i - lineStart > 300) return false;
    lineStart = i + 1;
  }
  return true;
}

function decodeUtf8(buf) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return undefined;
  }
}

/** before/after pairs of modified files from the history up to PINNED_COMMIT; [] without git or that commit. */
export function historyPairs(root) {
  const git = (args, input) => execFileSync('git', ['-C', root, ...args], { input, maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'ignore'] });
  let log;
  try {
    git(['cat-file', '-e', `${PINNED_COMMIT}^{commit}`]);
    log = git(['log', '--raw', '--no-renames', '--no-merges', '--abbrev=40', '--format=C %H', PINNED_COMMIT]).toString('utf8');
  } catch {
    return [];
  }
  const wanted = [];
  let commit = '';
  for (const line of log.split('\n')) {
    if (line.startsWith('C ')) commit = line.slice(2, 14);
    const m = /^:100644 100644 ([0-9a-f]{40}) ([0-9a-f]{40}) M\t(.+)$/.exec(line);
    if (m && HISTORY_EXTENSIONS.has(extname(m[3]))) wanted.push({ commit, oldSha: m[1], newSha: m[2], path: m[3] });
  }
  const blobs = readBlobs(
    git,
    wanted.flatMap((w) => [w.oldSha, w.newSha]),
  );
  const pairs = [];
  for (const w of wanted) {
    const before = decodeUtf8(blobs.get(w.oldSha));
    const after = decodeUtf8(blobs.get(w.newSha));
    if (before === undefined || after === undefined || !usableText(before) || !usableText(after)) continue;
    pairs.push({ id: `git:${w.commit}:${w.path}`, origin: 'history', path: w.path, before, after });
  }
  return pairs.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Every blob's bytes, read through one `git cat-file --batch` (`git(args, input)` runs git in the repository). */
export function readBlobs(git, shas) {
  const unique = [...new Set(shas)];
  const out = git(['cat-file', '--batch'], `${unique.join('\n')}\n`);
  const blobs = new Map();
  let at = 0;
  while (at < out.length) {
    const eol = out.indexOf(10, at);
    const [sha, , size] = out.subarray(at, eol).toString('latin1').split(' ');
    const n = Number(size);
    blobs.set(sha, out.subarray(eol + 1, eol + 1 + n));
    at = eol + 1 + n + 1;
  }
  return blobs;
}

/** Real source and documentation files of the corpus packages, sorted by path. */
export function packageFiles(root) {
  const base = join(root, 'node_modules');
  const files = [];
  const walk = (dir) => {
    let names;
    try {
      names = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const d of names.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(dir, d.name);
      const rel = relative(base, p);
      if (d.isDirectory()) {
        if (d.name === 'node_modules' || d.name === '.cache') continue;
        walk(p);
      } else if (d.isFile() && PACKAGE_EXTENSIONS.has(extname(d.name)) && !d.name.endsWith('.min.js')) {
        const size = statSync(p).size;
        if (size >= 1500 && size <= 60_000) files.push(rel);
      }
    }
  };
  for (const pkg of CORPUS_PACKAGES) walk(join(base, pkg));
  return files;
}

/** The text of one package file, or undefined when it is not usable. */
export function readPackageFile(root, rel) {
  const text = decodeUtf8(readFileSync(join(root, 'node_modules', rel)));
  return text !== undefined && usableText(text) ? text : undefined;
}
