// SEARCH/REPLACE blocks (aider's edit format, Roo's apply_diff, Cline's
// legacy replace_in_file) -> file operations.
//
//   path/to/file.py            the path: on the line before the block, or
//   ```python                  before / inside its fence (diff-fenced puts it
//   <<<<<<< SEARCH             first inside); a block without one belongs to
//   :start_line:12             the previous block's file (Roo: optional hint,
//   -------                    with its separator line)
//   text to find
//   =======
//   text to put there
//   >>>>>>> REPLACE
//
// Markers as aider reads them: 5 to 9 `<`, `=`, `>`. Prose and fences
// around the blocks are the reply around them and are skipped. Each block
// becomes one update section of its file, so a file's blocks apply in
// order, each to the result of the one before, and commit together. A
// section's hunk must match exactly one place in the file: a SEARCH found
// twice is refused with both places named (aider takes the first). An empty
// SEARCH creates the file (an existing file is refused, never appended to).
// Lines that are only `...` split SEARCH and REPLACE into pieces that pair up
// in order, each one a hunk after the one before; unequal counts are refused.
// `:start_line:` becomes the hunk's line hint: it only chooses among several
// exact places, and never moves a hunk that matches one place.
//
// A path candidate must be one token with a `.` or `/` (or a well-known
// extensionless name such as Makefile), or a path in backquotes: a prose line
// before a block is never taken for a file name. A later block without a path
// edits the previous block's file only when nothing since that block names
// another: a sentence directly before it (`And in b.py:`), or a file named
// in the text between them (`b.py` a blank line away, `Now in utils.py:`), is
// refused, naming both readings.

import { ChordPatchError } from '../errors.js';
import { lineChanges } from '../edit/line-diff.js';
import type { FileOp, Hunk, HunkLine } from '../types.js';

const HEAD = /^<{5,9} SEARCH>?\s*$/;
const DIVIDER = /^={5,9}\s*$/;
const UPDATED = /^>{5,9} REPLACE\s*$/;
const START_LINE = /^:start_line:\s*(\d+)\s*$/;
const ROO_SEPARATOR = /^-{3,}\s*$/;
const FENCE = /^(`{3,}|~{3,})/;
const BARE_NAMES = /^(Makefile|Dockerfile|Gemfile|Rakefile|Procfile|Jenkinsfile|Vagrantfile|LICENSE|README|CODEOWNERS)$/;

/** Does the text hold at least one SEARCH/REPLACE block? */
export function looksSearchReplace(text: string): boolean {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const head = lines.findIndex((l) => HEAD.test(l.trim()));
  if (head < 0) return false;
  const rest = lines.slice(head + 1);
  const div = rest.findIndex((l) => DIVIDER.test(l.trim()));
  return div >= 0 && rest.slice(div + 1).some((l) => UPDATED.test(l.trim()));
}

/** Does the text open a SEARCH block (complete or not) and hold no envelope? Its errors then speak of blocks. */
export function opensSearchBlock(text: string): boolean {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return lines.some((l) => HEAD.test(l.trim())) && !lines.some((l) => l.trim() === '*** Begin Patch');
}

export interface SearchReplaceBlock {
  path: string;
  search: string[];
  replace: string[];
  /** 1-based line of the `<<<<<<< SEARCH` marker. */
  line: number;
  startLine?: number;
}

/**
 * A candidate line before a block as a path, aider's way: `#`, `*`,
 * backquotes and a final colon stripped. A path in backquotes may hold
 * spaces (`docs/my notes.md`); a bare one is one token.
 */
function pathOf(line: string): string | undefined {
  const t = line.trim().replace(/:$/, '').replace(/^#+/, '').trim();
  const quoted = /^`([^`]+)`$/.exec(
    t
      .replace(/^\*+|\*+$/g, '')
      .trim()
      .replace(/:$/, ''),
  );
  const name = (quoted ? quoted[1]! : t.replace(/^`+|`+$/g, '').replace(/^\*+|\*+$/g, '')).trim();
  if (name === '' || name.includes('`') || (!quoted && /\s/.test(name))) return undefined;
  return name.includes('.') || name.includes('/') || BARE_NAMES.test(name) ? name : undefined;
}

/** A line between blocks that reads as a path on its own (`config.yaml`), not a sentence's end (`Done.`) or `...`. */
const standsAsPath = (line: string): string | undefined => {
  const p = pathOf(line);
  return p !== undefined && /[A-Za-z0-9]/.test(p) && !p.endsWith('.') ? p : undefined;
};

/** A file name inside a sentence (`Now in utils/b.py:`): a word ending in a common source or text file extension. */
const FILE_EXTENSIONS = [
  'py pyi js mjs cjs ts mts cts tsx jsx json md rst txt yaml yml toml ini cfg rs go java kt swift',
  'c cc cpp h hpp cs rb php sh html htm css scss vue svelte sql xml lua dart tf proto',
].join(' ');
const NAMED_FILE = new RegExp(`[\\w./-]*\\w\\.(?:${FILE_EXTENSIONS.replace(/ /g, '|')})(?![\\w.])`, 'gi');

/** The path a line between blocks names that is not `current` (nor its base name), if any. */
function otherFileNamed(line: string, current: string | undefined): string | undefined {
  if (FENCE.test(line.trim())) return undefined;
  const alone = standsAsPath(line);
  const named = alone === undefined ? [...line.matchAll(NAMED_FILE)].map((m) => m[0]) : [alone];
  const same = (p: string) => current !== undefined && (p === current || p === current.split('/').pop());
  return named.find((p) => !same(p));
}

/**
 * What the (up to 3) lines before the block say: the nearest line that is not
 * a fence (or a fence naming a path, ```file.py) as a `path`, or as `prose`
 * when it is text but no path; nothing when it is blank or there is none.
 */
function nameBefore(lines: readonly string[], head: number, floor: number): { path?: string; prose?: string } {
  for (let i = head - 1; i >= Math.max(floor, head - 3); i--) {
    const line = lines[i]!.trim();
    const fence = FENCE.exec(line);
    if (!fence) {
      if (line === '') return {};
      const path = pathOf(line);
      return path === undefined ? { prose: line } : withoutRival(lines, i, floor, path, head);
    }
    const path = fencedPath(line, fence[0]);
    if (path !== undefined) return withoutRival(lines, i, floor, path, head);
  }
  return {};
}

/** The path a fence line names (```file.py), if any. */
function fencedPath(line: string, fence: string): string | undefined {
  const rest = line.slice(fence.length).trim();
  return rest.includes('.') || rest.includes('/') ? pathOf(rest) : undefined;
}

/**
 * `path`, found on line `at`, unless the line just above it (past a bare
 * fence) names another file: a path line before the fence and another inside
 * it, or two path lines in a row, are two readings of the block's file.
 */
function withoutRival(lines: readonly string[], at: number, floor: number, path: string, head: number): { path: string } {
  for (let i = at - 1; i >= Math.max(floor, at - 2); i--) {
    const line = lines[i]!.trim();
    const fence = FENCE.exec(line);
    const named = fence ? fencedPath(line, fence[0]) : line === '' ? undefined : pathOf(line);
    if (named === undefined && fence) continue;
    if (named !== undefined && named !== path) {
      fail(
        head + 1,
        `this block may edit ${JSON.stringify(path)} (line ${at + 1}) or ${JSON.stringify(named)} (line ${i + 1}): ` +
          'put one path alone on the line before "<<<<<<< SEARCH" (or its fence)',
      );
    }
    break;
  }
  return { path };
}

/**
 * The file of a block with no path directly before it: the previous block's,
 * unless the text since that block names another (a path line a blank line
 * away, a sentence directly before the block): then both readings fit.
 */
function fileWithoutPath(
  lines: readonly string[],
  head: number,
  floor: number,
  prose: string | undefined,
  current: string | undefined,
): string {
  const at = head + 1;
  if (prose !== undefined && current !== undefined) {
    return fail(
      at,
      `the line before this block, ${JSON.stringify(prose.slice(0, 80))}, is not a file path, so the block may edit ` +
        `${JSON.stringify(current)} (the previous block's file) or a file that line names: put the path alone on the line ` +
        'before "<<<<<<< SEARCH" (in backquotes if it holds a space)',
    );
  }
  for (let k = floor; k < head; k++) {
    const path = otherFileNamed(lines[k]!, current);
    if (path === undefined) continue;
    return fail(
      at,
      `${JSON.stringify(path)}, named on line ${k + 1}, is not alone on the line directly before this block` +
        `${current === undefined ? '' : `, which would otherwise edit ${JSON.stringify(current)} (the previous block's file)`}: ` +
        'put the path on the line just before "<<<<<<< SEARCH" (or its fence)',
    );
  }
  if (current === undefined) return fail(at, 'a SEARCH block without a file path: put the path on the line before "<<<<<<< SEARCH"');
  return current;
}

const fail = (line: number, message: string): never => {
  throw new ChordPatchError('parse_error', `line ${line}: ${message}`, line);
};

/** Every block of the text, with its path (`defaultPath`: the file a {"path", "diff"} call names). */
export function parseSearchReplaceBlocks(text: string, defaultPath?: string): SearchReplaceBlock[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const blocks: SearchReplaceBlock[] = [];
  let current = defaultPath;
  let floor = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!HEAD.test(lines[i]!.trim())) continue;
    const line = i + 1;
    const before = defaultPath === undefined ? nameBefore(lines, i, floor) : {};
    const path = defaultPath ?? before.path ?? fileWithoutPath(lines, i, floor, before.prose, current);
    current = path;
    let j = i + 1;
    let startLine: number | undefined;
    const hint = START_LINE.exec(lines[j]?.trim() ?? '');
    if (hint) {
      startLine = Number(hint[1]);
      j++;
      if (ROO_SEPARATOR.test(lines[j]?.trim() ?? '')) j++;
    }
    const search: string[] = [];
    for (; j < lines.length && !DIVIDER.test(lines[j]!.trim()); j++) {
      if (HEAD.test(lines[j]!.trim()) || UPDATED.test(lines[j]!.trim())) fail(j + 1, 'expected "=======" before this marker');
      search.push(lines[j]!);
    }
    if (j >= lines.length) fail(line, 'the SEARCH block never reaches "======="');
    const replace: string[] = [];
    for (j++; j < lines.length && !UPDATED.test(lines[j]!.trim()); j++) {
      if (HEAD.test(lines[j]!.trim()) || DIVIDER.test(lines[j]!.trim())) fail(j + 1, 'expected ">>>>>>> REPLACE" before this marker');
      replace.push(lines[j]!);
    }
    if (j >= lines.length) fail(line, 'the block never reaches ">>>>>>> REPLACE"');
    blocks.push({ path: path!, search, replace, line, ...(startLine !== undefined ? { startLine } : {}) });
    i = j;
    floor = j + 1;
  }
  if (blocks.length === 0)
    throw new ChordPatchError('parse_error', 'no complete SEARCH/REPLACE block (<<<<<<< SEARCH, =======, >>>>>>> REPLACE)');
  return blocks;
}

/** Old and new lines as one hunk: their line diff, the lines both keep as context, the rest removed and added. */
function hunkOf(search: readonly string[], replace: readonly string[], patchLine: number, hintLine?: number): Hunk {
  // Context wherever REPLACE keeps a line, not only at the ends: the file's own text stays under it.
  const lines: HunkLine[] = lineChanges([...search], [...replace]).flatMap((c) =>
    c.value.map((text): HunkLine => (c.added ? { op: '+', text } : c.removed ? { op: '-', text } : { op: ' ', text, paired: true })),
  );
  return { lines, endOfFile: false, patchLine, ...(hintLine !== undefined ? { hintLine } : {}) };
}

/** Split at lines that are exactly `...` (aider's elision). */
function pieces(lines: readonly string[]): string[][] {
  const out: string[][] = [[]];
  for (const l of lines) {
    if (l.trim() === '...') out.push([]);
    else out[out.length - 1]!.push(l);
  }
  return out;
}

/** One block -> one operation: create (empty SEARCH) or update with one hunk per `...` piece. */
function blockOp(b: SearchReplaceBlock): FileOp {
  if (b.search.every((l) => l.trim() === '')) return { kind: 'add', path: b.path, lines: [...b.replace], patchLine: b.line };
  const from = pieces(b.search);
  const to = pieces(b.replace);
  if (from.length !== to.length) {
    fail(
      b.line,
      `SEARCH has ${from.length - 1} "..." elision line(s) and REPLACE ${to.length - 1}: ` +
        'they must pair up, one piece of SEARCH for each piece of REPLACE',
    );
  }
  if (from.length > 1 && from.some((p) => p.every((l) => l.trim() === ''))) {
    fail(b.line, 'a piece of SEARCH between "..." lines is empty: each piece must name the text it replaces');
  }
  const hunks = from.map((p, k) => hunkOf(p, to[k]!, b.line, k === 0 ? b.startLine : undefined));
  // A file without a final line ending keeps it so, as an edit's does: the block changes only the text it names.
  return { kind: 'update', path: b.path, hunks, patchLine: b.line, keepFinalEol: true };
}

/** SEARCH/REPLACE text -> operations, one per block, in order. */
export function parseSearchReplace(text: string, defaultPath?: string): FileOp[] {
  return parseSearchReplaceBlocks(text, defaultPath).map(blockOp);
}
