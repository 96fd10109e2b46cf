// The unified-diff parser: `git diff`, `git format-patch`, `git log -p`,
// `diff -u` / `diff -ruN` output, into per-file records (UnifiedFile) that
// unified-ops.ts turns into the same file operations an envelope yields.
//
// Grammar (what git and GNU diff write; everything else is refused):
//
//   diff       : preamble? file+ trailer?
//   preamble   : any text before the first file (a format-patch mail, a commit
//                message, `git diff --stat -p`'s diffstat) is skipped, as git
//                apply skips it, and the report says which lines; a markdown
//                fence before the diff marks a model's reply instead: refused
//                (prose_before_patch: --extract reads replies)
//   file       : git_head? extended* (old_name new_name hunk*)?
//   git_head   : "diff --git " OLD " " NEW
//   extended   : "old mode " M | "new mode " M | "deleted file mode " M
//              | "new file mode " M | "similarity index " N "%" | "dissimilarity index " N "%"
//              | "rename from " P | "rename to " P | "copy from " P | "copy to " P
//              | "index " H ".." H (" " M)? | "Binary files " A " and " B " differ"
//              | "GIT binary patch" (then its data: input/git-binary.ts)
//   old_name   : "--- " P ("\t" timestamp)?        P = "/dev/null" for an added file
//   new_name   : "+++ " P ("\t" timestamp)?        P = "/dev/null" for a deleted file
//                (or the epoch as timestamp: how `diff -N` marks an absent file)
//   hunk       : "@@ -" L ("," N)? " +" L ("," N)? " @@" section? LF body
//   body       : exactly the counted lines: " " context | "-" old | "+" new
//                | "" (an empty context line whose space was stripped)
//                | "\ No newline at end of file" (about the line before it)
//   between files: "diff ..." command lines, "Only in ...", "Index: ...",
//                "====", blank lines, commit headers of `git log -p`, and the
//                "-- " signature of format-patch.
//
// Counts are authoritative: a hunk whose body ends before its counts do, or
// which is followed by more `+`/`-` lines than it counted, is refused with
// both line numbers (models write wrong counts; guessing where a hunk ends
// could write the wrong thing). The section text after the second `@@` is
// git's guess at the enclosing function and may sit above an earlier hunk:
// it is not used as an anchor. Line numbers are kept as hints (hintLine).

import { ChordPatchError, isChordPatchError } from '../errors.js';
import { quote } from '../text/quote.js';
import { gitHeaderNames, nameOf, namePath, unquote } from './unified-names.js';
import { blanksBeforeHunk, recountHunk } from './unified-recount.js';
import { type BinaryHunk, readBinaryHunks } from './git-binary.js';
import type { HunkLine } from '../types.js';

export interface UnifiedHunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  lines: HunkLine[];
  /** `\ No newline at end of file` after the hunk's last old-side / new-side line. */
  oldNoEol: boolean;
  newNoEol: boolean;
  patchLine: number;
  /** The text after the header's second `@@` (git's function context), if any. */
  funcContext?: string;
  /** The hunk as the diff wrote it, header included (a reversed hunk has none: --reject writes it from its lines). */
  raw?: string[];
}

export interface UnifiedFile {
  /** Path as written, before stripping; undefined for /dev/null (an added file). */
  oldPath?: string | undefined;
  /** undefined for /dev/null (a deleted file). */
  newPath?: string | undefined;
  /** The `---` and `+++` names as written, /dev/null and epoch-stamped ones too (for choosing the strip level). */
  names?: [string, string];
  /** Written by git (a `diff --git` header): renames are explicit, prefixes are git's. */
  git: boolean;
  rename: boolean;
  /** `rename from` / `rename to` (or `copy from` / `copy to`) paths: git writes them without the a/ b/ prefixes. */
  renameFrom?: string;
  renameTo?: string;
  copy: boolean;
  /** git file modes (e.g. 0o100644, 0o100755). */
  oldMode?: number;
  newMode?: number;
  /** `new file mode` / `deleted file mode`: git says the file is created / deleted. */
  created?: boolean;
  deleted?: boolean;
  /** Binary content (`GIT binary patch`, `Binary files ... differ`). */
  binary: boolean;
  /** The `index <old>..<new>` line's blob ids, as written (abbreviated or full). */
  oldId?: string;
  newId?: string;
  /** A `GIT binary patch`'s data: the hunk that makes the new file, and the one that makes the old (for -R) when written. */
  binaryData?: { forward?: BinaryHunk; reverse?: BinaryHunk; patchLine: number };
  hunks: UnifiedHunk[];
  /** 1-based line of the file's first header line. */
  patchLine: number;
}

const HUNK_HEAD = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
const NO_EOL = '\\';
/** The first line of a format-patch mail or of a `git log -p` / `git show` commit. */
const MAIL_START = /^(From [0-9a-f]{7,40} |commit [0-9a-f]{7,})/;

/** Lines that may stand between files (or before the first) without being prose. */
const BETWEEN = [/^diff /, /^Only in /, /^Index: /, /^={5,}/, /^commit [0-9a-f]{7,}/, /^Merge: /, /^Author: /, /^Date: /, /^Binary files /];

/** Does this text look like a unified diff (rather than an envelope or prose)? */
export function looksUnified(lines: readonly string[]): boolean {
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.startsWith('diff --git ')) return true;
    if (l.startsWith('--- ') && lines[i + 1]?.startsWith('+++ ') && HUNK_HEAD.test(lines[i + 2] ?? '')) return true;
  }
  return false;
}

interface State {
  lines: string[];
  i: number;
  /** git apply --recount: hunk counts come from the body (unified-recount.ts). */
  recount?: boolean;
}

const lineNo = (s: State, i = s.i): number => i + 1;

/** What a person whose counts are wrong can do about it (unless the counts were already read off the body). */
const recountHint = (s: State): string =>
  s.recount ? '' : '; --recount counts the lines from the hunk instead, as git apply --recount does';
function fail(line: number, message: string): never {
  throw new ChordPatchError('parse_error', `line ${line}: ${message}`, line);
}

/** A name that is not UTF-8 (unquote) is refused at the line being read. */
function withLine<T>(s: State, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (!isChordPatchError(e) || e.line !== undefined) throw e;
    throw new ChordPatchError(e.code, `line ${lineNo(s)}: ${e.message}`, lineNo(s));
  }
}

/** Parse unified-diff text into its files. Throws ChordPatchError (with the line) when malformed. */
export function parseUnified(input: string, options: { recount?: boolean } = {}): UnifiedFile[] {
  return readUnified(input, options).files;
}

/** The files, and how many lines of text before the first one were skipped (git apply skips them). */
export function readUnified(input: string, options: { recount?: boolean } = {}): { files: UnifiedFile[]; skipped: number } {
  let text = input;
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const s: State = { lines: text.split('\n'), i: 0, ...(options.recount ? { recount: true } : {}) };
  if (s.lines[s.lines.length - 1] === '') s.lines.pop();
  // A diff written (or carried) with CRLF throughout loses its CRs; in any other, a CR is content.
  if (crlfThroughout(s.lines, text.endsWith('\n'))) s.lines = s.lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const skipped = skipPreamble(s);
  const files: UnifiedFile[] = [];
  while (s.i < s.lines.length) {
    const file = withLine(s, () => parseFile(s));
    if (file) files.push(file);
    else skipBetween(s);
  }
  if (files.length === 0)
    throw new ChordPatchError('empty_patch', 'the diff names no file: expected "diff --git a/X b/X" or "--- X" / "+++ X" headers');
  return { files, skipped };
}

/** Does every line end with CR (the last one may have no ending at all)? */
function crlfThroughout(lines: readonly string[], terminated: boolean): boolean {
  const n = terminated ? lines.length : lines.length - 1;
  if (n <= 0) return false;
  for (let i = 0; i < n; i++) if (!lines[i]!.endsWith('\r')) return false;
  return true;
}

/** A fence line of markdown: the text is a model's reply, whose patches --extract takes out. */
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/**
 * Text before the first file is skipped, as git apply skips a mail's headers
 * and message; it returns how many lines of it were not blank, headers or
 * diffstat (the report names them). A fenced reply is refused.
 */
function skipPreamble(s: State): number {
  let prose = 0;
  const mail = MAIL_START.test(s.lines.find((l) => l.trim() !== '') ?? '');
  for (; s.i < s.lines.length; s.i++) {
    if (startsFile(s, s.i)) return prose;
    const l = s.lines[s.i]!;
    if (FENCE.test(l)) {
      throw new ChordPatchError(
        'prose_before_patch',
        `line ${lineNo(s)}: a markdown fence (${quote(l)}) before the diff: this reads as a model's reply; ` +
          'pass --extract to take the patches out of it, or send only the diff',
        lineNo(s),
      );
    }
    if (!mail && l.trim() !== '' && !BETWEEN.some((re) => re.test(l))) prose = s.i + 1;
  }
  return prose;
}

/** Lines after a file's last hunk: separators and commit headers are skipped; stray hunk lines are refused. */
function skipBetween(s: State): void {
  const l = s.lines[s.i]!;
  if (l === '-- ' || l === '--') {
    // format-patch's signature ends one mail; another may follow (a concatenated mbox).
    s.i++;
    while (s.i < s.lines.length && !MAIL_START.test(s.lines[s.i]!)) s.i++;
    return;
  }
  if (MAIL_START.test(l)) {
    // The next commit's message (mail bodies are not indented): skipped up to its first file.
    s.i++;
    while (s.i < s.lines.length && !startsFile(s, s.i)) s.i++;
    return;
  }
  if (/^[-+]/.test(l))
    fail(
      lineNo(s),
      `${quote(l)} is outside any hunk: a hunk above counted fewer lines than it has (check its "@@ -a,b +c,d @@" counts)${recountHint(s)}`,
    );
  s.i++;
}

/** Does a file's header start at line i? */
function startsFile(s: State, i: number): boolean {
  const l = s.lines[i]!;
  return l.startsWith('diff --git ') || (l.startsWith('--- ') && (s.lines[i + 1] ?? '').startsWith('+++ '));
}

function parseFile(s: State): UnifiedFile | undefined {
  if (!startsFile(s, s.i)) return undefined;
  const start = s.i;
  const file: UnifiedFile = { git: false, rename: false, copy: false, binary: false, hunks: [], patchLine: lineNo(s) };
  if (s.lines[s.i]!.startsWith('diff --git ')) {
    file.git = true;
    const head = s.lines[s.i]!;
    // Names with spaces that differ (a rename) cannot be split here; git then names them again below.
    const names = gitHeaderNames(head.slice('diff --git '.length));
    if (names) [file.oldPath, file.newPath] = names;
    s.i++;
    parseExtended(s, file);
    const named = names || (file.renameFrom !== undefined && file.renameTo !== undefined) || s.lines[s.i]?.startsWith('--- ');
    if (!named) fail(lineNo(s, start), `cannot read the two paths of ${quote(head)}`);
  }
  if (s.i < s.lines.length && s.lines[s.i]!.startsWith('--- ') && (s.lines[s.i + 1] ?? '').startsWith('+++ ')) {
    const old = namePath(s.lines[s.i]!.slice(4));
    const neu = namePath(s.lines[s.i + 1]!.slice(4));
    if (old === undefined && neu === undefined)
      fail(lineNo(s), 'both names are /dev/null ("--- /dev/null", "+++ /dev/null"): the diff names no file');
    if (file.git) {
      agree(s, file.oldPath, old, 'old', s.i, file.created === true);
      agree(s, file.newPath, neu, 'new', s.i + 1, file.deleted === true);
    }
    file.oldPath = old;
    file.newPath = neu;
    file.names = [nameOf(s.lines[s.i]!.slice(4)).name, nameOf(s.lines[s.i + 1]!.slice(4)).name];
    s.i += 2;
    for (;;) {
      // Recounted, a hunk leaves the blank lines before the next one (recountHunk): separators, skipped.
      while (s.recount && blanksBeforeHunk(s.lines, s.i)) s.i++;
      if (!(s.i < s.lines.length && s.lines[s.i]!.startsWith('@@'))) break;
      file.hunks.push(parseHunk(s));
    }
    if (file.hunks.length === 0 && !file.binary)
      fail(lineNo(s, start), `the diff of ${file.newPath ?? file.oldPath} has "---"/"+++" names but no "@@" hunk`);
    const marked = file.hunks.findIndex((h) => h.oldNoEol || h.newNoEol);
    if (marked >= 0 && marked < file.hunks.length - 1)
      fail(file.hunks[marked]!.patchLine, '"\\ No newline at end of file" in a hunk that is not the last one of its file');
  }
  return file;
}

/**
 * A git diff names each file twice (`diff --git a/X b/Y`, then `--- a/X` /
 * `+++ b/Y`): names that disagree leave two readings, and git refuses them
 * ("inconsistent filename"). Compared without their one-letter prefixes.
 */
function agree(s: State, head: string | undefined, named: string | undefined, side: 'old' | 'new', at: number, absent: boolean): void {
  if (head === undefined || named === undefined) {
    // /dev/null against a `new file mode` / `deleted file mode` header is what git writes.
    if (named !== undefined && absent) {
      fail(lineNo(s, at), `the ${side} name ${quote(named)} contradicts the diff's "${side === 'old' ? 'new' : 'deleted'} file mode" line`);
    }
    return;
  }
  const bare = (p: string) => p.replace(/^[^/]*\//, '');
  if (head === named || bare(head) === named || bare(head) === bare(named)) return;
  fail(
    lineNo(s, at),
    `inconsistent ${side} file name: ${quote(named)} here, ${quote(head)} in the "diff --git" line; which file is meant is not clear`,
  );
}

function parseMode(s: State, text: string): number {
  if (!/^[0-7]{6}$/.test(text)) fail(lineNo(s), `unreadable file mode ${quote(text)}`);
  return parseInt(text, 8);
}

const INDEX = /^index ([0-9a-f]+)\.\.([0-9a-f]+)(?: ([0-7]{6}))?$/;

/** What a git header's extended lines say happens to the file: created, deleted, renamed, copied. */
type HeaderKind = 'new file mode' | 'deleted file mode' | 'rename' | 'copy';

/**
 * Extended header lines that say two different things happen to one file
 * (created and deleted, created and renamed, a rename and a copy): two
 * readings, refused as git refuses them ("inconsistent header lines").
 */
function consistentHeader(s: State, seen: Map<HeaderKind, number>, kind: HeaderKind): void {
  if (!seen.has(kind)) seen.set(kind, lineNo(s));
  for (const [other, at] of seen) {
    if (other === kind) continue;
    const said = (k: HeaderKind) => (k === 'rename' || k === 'copy' ? `"${k} from/to"` : `"${k}"`);
    fail(lineNo(s), `${said(kind)} contradicts ${said(other)} at line ${at}: what happens to the file is not clear`);
  }
}

function parseExtended(s: State, file: UnifiedFile): void {
  const seen = new Map<HeaderKind, number>();
  for (; s.i < s.lines.length; s.i++) {
    const l = s.lines[s.i]!;
    const field = (p: string) => (l.startsWith(p) ? l.slice(p.length) : undefined);
    let v: string | undefined;
    let index: RegExpExecArray | null;
    if ((v = field('old mode ')) !== undefined) file.oldMode = parseMode(s, v);
    else if ((v = field('new mode ')) !== undefined) file.newMode = parseMode(s, v);
    else if ((v = field('deleted file mode ')) !== undefined) {
      consistentHeader(s, seen, 'deleted file mode');
      file.oldMode = parseMode(s, v);
      file.deleted = true;
      delete file.newPath;
    } else if ((v = field('new file mode ')) !== undefined) {
      consistentHeader(s, seen, 'new file mode');
      file.newMode = parseMode(s, v);
      file.created = true;
      delete file.oldPath;
    } else if ((v = field('rename from ')) !== undefined) {
      consistentHeader(s, seen, 'rename');
      file.rename = true;
      file.renameFrom = unquote(v);
    } else if ((v = field('rename to ')) !== undefined) {
      consistentHeader(s, seen, 'rename');
      file.rename = true;
      file.renameTo = unquote(v);
    } else if ((v = field('copy from ')) !== undefined) {
      consistentHeader(s, seen, 'copy');
      file.copy = true;
      file.renameFrom = unquote(v);
    } else if ((v = field('copy to ')) !== undefined) {
      consistentHeader(s, seen, 'copy');
      file.copy = true;
      file.renameTo = unquote(v);
    } else if (l.startsWith('similarity index ') || l.startsWith('dissimilarity index ')) continue;
    else if ((index = INDEX.exec(l))) {
      file.oldId = index[1]!;
      file.newId = index[2]!;
      if (index[3]) file.oldMode = file.newMode = parseInt(index[3], 8);
    } else if (l.startsWith('Binary files ')) file.binary = true;
    else if (l === 'GIT binary patch') {
      file.binary = true;
      const { hunks, next } = readBinaryHunks(s.lines, s.i + 1);
      file.binaryData = { forward: hunks[0]!, ...(hunks[1] ? { reverse: hunks[1] } : {}), patchLine: lineNo(s) };
      // The loop's step moves past the last line the data took.
      s.i = next - 1;
    } else return;
  }
}

function parseHunk(s: State): UnifiedHunk {
  const head = HUNK_HEAD.exec(s.lines[s.i]!);
  if (!head) fail(lineNo(s), `expected a hunk header "@@ -a,b +c,d @@", found ${quote(s.lines[s.i]!)}`);
  const hunk: UnifiedHunk = {
    oldStart: Number(head[1]),
    oldCount: head[2] === undefined ? 1 : Number(head[2]),
    newStart: Number(head[3]),
    newCount: head[4] === undefined ? 1 : Number(head[4]),
    lines: [],
    oldNoEol: false,
    newNoEol: false,
    patchLine: lineNo(s),
  };
  const funcContext = s.lines[s.i]!.slice(head[0].length).replace(/^ /, '').trimEnd();
  if (funcContext !== '') hunk.funcContext = funcContext;
  s.i++;
  if (s.recount) {
    const counted = recountHunk(s.lines, s.i, (i) => startsFile(s, i) || MAIL_START.test(s.lines[i]!));
    hunk.oldCount = counted.old;
    hunk.newCount = counted.new;
  }
  let oldLeft = hunk.oldCount;
  let newLeft = hunk.newCount;
  let last: HunkLine['op'] | undefined;
  while (oldLeft > 0 || newLeft > 0 || s.lines[s.i]?.startsWith(NO_EOL)) {
    const l = s.lines[s.i];
    if (l === undefined)
      fail(
        hunk.patchLine,
        `the hunk ends at the end of the input, ${missing(oldLeft, newLeft)} short of what its header counts${recountHint(s)}`,
      );
    if (l.startsWith(NO_EOL)) {
      if (last === undefined) fail(lineNo(s), '"\\ No newline at end of file" must follow a hunk line');
      // The marker is about the line before it, which must then be the last line of its side.
      if ((last !== '+' && oldLeft > 0) || (last !== '-' && newLeft > 0))
        fail(
          lineNo(s),
          `"\\ No newline at end of file" follows a line that is not the last of the hunk's ${last === '+' ? 'new' : 'old'} side`,
        );
      if (last !== '+') hunk.oldNoEol = true;
      if (last !== '-') hunk.newNoEol = true;
      s.i++;
      continue;
    }
    const op = l === '' ? ' ' : l[0];
    if (op !== ' ' && op !== '-' && op !== '+') {
      fail(
        lineNo(s),
        `the hunk at line ${hunk.patchLine} is ${missing(oldLeft, newLeft)} short of its header's counts, ` +
          `but ${quote(l)} is no hunk line${recountHint(s)}`,
      );
    }
    if ((op !== '+' && oldLeft === 0) || (op !== '-' && newLeft === 0)) {
      fail(
        lineNo(s),
        `the hunk at line ${hunk.patchLine} has more ${op === '+' ? 'new' : 'old'} lines than its header counts ` +
          `(${quote(l)})${recountHint(s)}`,
      );
    }
    if (op !== '+') oldLeft--;
    if (op !== '-') newLeft--;
    hunk.lines.push({ op, text: l.slice(1) });
    last = op;
    s.i++;
  }
  hunk.raw = s.lines.slice(hunk.patchLine - 1, s.i);
  return hunk;
}

function missing(oldLeft: number, newLeft: number): string {
  const parts = [];
  if (oldLeft > 0) parts.push(`${oldLeft} old line${oldLeft === 1 ? '' : 's'}`);
  if (newLeft > 0) parts.push(`${newLeft} new line${newLeft === 1 ? '' : 's'}`);
  return parts.join(' and ');
}
