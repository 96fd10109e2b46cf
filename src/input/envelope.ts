// The patch envelope parser.
//
// Grammar (Codex's, as sent to models; see `chord-patch grammar`):
//
//   start        : begin_patch hunk+ end_patch
//   begin_patch  : "*** Begin Patch" LF
//   end_patch    : "*** End Patch" LF?
//   hunk         : add_hunk | delete_hunk | update_hunk
//   add_hunk     : "*** Add File: " filename LF add_line+
//   delete_hunk  : "*** Delete File: " filename LF
//   update_hunk  : "*** Update File: " filename LF change_move? change?
//   change_move  : "*** Move to: " filename LF
//   change       : (change_context | change_line)+ eof_line?
//   change_context: ("@@" | "@@ " /(.+)/) LF
//   change_line  : ("+" | "-" | " ") /(.*)/ LF
//   eof_line     : "*** End of File" LF
//
// Leniencies, each one named in `repairs` or documented here, never guessing:
//   - CRLF patch text; the whole input is trimmed; a leading BOM is dropped.
//   - a heredoc wrapper (`<<'EOF'` ... `EOF`, also `apply_patch <<EOF` and `cat <<'EOF'`, as Chord takes it) is unwrapped.
//   - a missing `*** Begin Patch` is added when the first line is an operation marker;
//     a missing `*** End Patch` is added when the text ends inside an operation.
//     Prose before the patch is an error, never skipped.
//   - operation markers are recognised after trimming the line, except inside an
//     update hunk, where a line starting with a space is context (so file content
//     that begins with `*** ` survives as context).
//   - `*** Environment ID: x` right after Begin is ignored (Codex emits it).
//   - the first hunk of an update may omit `@@`; `@@ -12,3 +12,4 @@ name`
//     (a unified-diff range) keeps only `name` as the header; consecutive
//     `@@ a` / `@@ b` lines (the grammar allows them, Codex's instructions
//     suggest them) make `a` an outer anchor of the hunk headed `b`.
//   - a bare empty line inside a hunk is an empty context line; blank lines
//     directly before the next marker only separate.
//
// Stricter than Codex where Chord is: an Update needs at least one hunk, an Add
// needs at least one `+` line, and every error names the patch line.

import { ChordPatchError } from '../errors.js';
import { namesDirectory } from '../text/paths.js';
import { quote } from '../text/quote.js';
import { ACCEPTED_FORMATS, unreadKind } from './detect.js';
import type { FileOp, Hunk, ParsedPatch } from '../types.js';

/** The protocol's marker lines (operation markers without the space before the path). */
export const MARKER = {
  begin: '*** Begin Patch',
  end: '*** End Patch',
  add: '*** Add File:',
  delete: '*** Delete File:',
  update: '*** Update File:',
  move: '*** Move to:',
  endOfFile: '*** End of File',
} as const;

const BEGIN = MARKER.begin;
const END = MARKER.end;
const ADD = MARKER.add;
const DELETE = MARKER.delete;
const UPDATE = MARKER.update;
const MOVE = MARKER.move;
const EOF_MARKER = MARKER.endOfFile;
const ENV_ID = '*** Environment ID:';

const HEREDOC_OPEN = /^(?:(?:apply_patch|cat)\s+)?<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\1(?:\s*\|\s*apply_patch)?\s*$/;
const UNIFIED_RANGE = /^-(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@\s?(.*)$/;

/** Is this (trimmed) line one of the operation-level markers? */
function isOpMarker(t: string): boolean {
  return t.startsWith(ADD) || t.startsWith(DELETE) || t.startsWith(UPDATE) || t === END;
}

interface Cursor {
  lines: string[];
  /** Added to an index to give the 1-based line number in the submitted text. */
  base: number;
}

const lineNo = (c: Cursor, i: number): number => i + c.base;

function fail(c: Cursor, i: number, message: string): never {
  throw new ChordPatchError('parse_error', `line ${lineNo(c, i)}: ${message}`, lineNo(c, i));
}

/** Parse patch text into file operations. Throws ChordPatchError on malformed input. */
export function parsePatch(input: string): ParsedPatch {
  const repairs: string[] = [];
  let text = input.replace(/\r\n/g, '\n');
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const leading = /^\s*/.exec(text)![0];
  const base = 1 + (leading.match(/\n/g)?.length ?? 0);
  text = text.trim();
  if (text === '')
    throw new ChordPatchError('empty_patch', 'patch is empty: expected "*** Begin Patch" followed by at least one file operation');
  const c = unwrapHeredoc({ lines: text.split('\n'), base }, repairs);
  const ops: FileOp[] = [];
  const ended = parseSections(c, openingLength(c, repairs), ops);
  if (ops.length === 0) {
    throw new ChordPatchError(
      'empty_patch',
      'patch contains no file operations: add at least one "*** Add File:", "*** Update File:" or "*** Delete File:" section',
    );
  }
  if (!ended) repairs.push('added missing "*** End Patch"');
  return { ops, repairs };
}

/** The lines inside a `<<'EOF'` heredoc wrapper, or the lines as they are when there is none. */
function unwrapHeredoc(c: Cursor, repairs: string[]): Cursor {
  const { lines, base } = c;
  const heredoc = HEREDOC_OPEN.exec(lines[0]!.trim());
  if (!heredoc) return c;
  const tag = heredoc[2]!;
  if (lines.length < 2 || lines[lines.length - 1]!.trim() !== tag) {
    throw new ChordPatchError(
      'parse_error',
      `line ${base}: heredoc opened with ${quote(lines[0]!)} but the text does not end with "${tag}"`,
      base,
    );
  }
  const inner = lines.slice(1, -1);
  repairs.push('unwrapped a heredoc wrapper');
  if (inner.every((l) => l.trim() === '')) {
    throw new ChordPatchError(
      'empty_patch',
      'the heredoc wrapper holds no patch: put "*** Begin Patch", at least one file operation and "*** End Patch" ' +
        `between its opening line and "${tag}"`,
    );
  }
  return { lines: inner, base: base + 1 };
}

/** How many lines open the envelope (`*** Begin Patch` and an optional environment id); a missing begin line is repaired. */
function openingLength(c: Cursor, repairs: string[]): number {
  const { lines, base } = c;
  let i = 0;
  const first = (lines[0] ?? '').trim();
  if (first === BEGIN) {
    i = 1;
  } else if (isOpMarker(first) && first !== END) {
    repairs.push('added missing "*** Begin Patch"');
  } else if (lines.some((l) => l.trim() === BEGIN)) {
    throw new ChordPatchError(
      'prose_before_patch',
      `line ${base}: text before "*** Begin Patch" (${quote(lines[0]!)}); send only the patch`,
      base,
    );
  } else {
    const kind = unreadKind(lines);
    fail(c, 0, `expected "*** Begin Patch", found ${quote(lines[0]!)}; ${kind ?? `chord-patch reads ${ACCEPTED_FORMATS}`}`);
  }
  if (i < lines.length && lines[i]!.trim().startsWith(ENV_ID)) i++;
  return i;
}

/** The file sections from line `i` on, into `ops`; true when `*** End Patch` closed them. */
function parseSections(c: Cursor, i: number, ops: FileOp[]): boolean {
  const { lines } = c;
  while (i < lines.length) {
    const raw = lines[i]!;
    const t = raw.trim();
    if (t === '') {
      i++;
      continue;
    }
    if (t === END) {
      const extra = nextNonBlank(c, i + 1);
      if (extra < lines.length) fail(c, extra, `unexpected text after "*** End Patch": ${quote(lines[extra]!)}`);
      return true;
    }
    if (t.startsWith(ADD)) i = parseAdd(c, i, pathOf(c, i, t, ADD), ops);
    else if (t.startsWith(DELETE)) i = parseDelete(c, i, pathOf(c, i, t, DELETE), ops);
    else if (t.startsWith(UPDATE)) i = parseUpdate(c, i, pathOf(c, i, t, UPDATE), ops);
    else
      fail(
        c,
        i,
        `expected "*** Add File: <path>", "*** Update File: <path>", "*** Delete File: <path>" or "*** End Patch", found ${quote(raw)}`,
      );
  }
  return false;
}

function pathOf(c: Cursor, i: number, t: string, marker: string): string {
  const path = t.slice(marker.length).trim();
  if (path === '') fail(c, i, `"${marker}" needs a path`);
  // A file path, never a directory: `dir/`, `.` and `..` would create or
  // replace something other than the file the operation names.
  if (namesDirectory(path)) fail(c, i, `"${marker} ${path}" names a directory, not a file`);
  return path;
}

/** Index of the next non-blank line at or after `i` (or lines.length). */
function nextNonBlank(c: Cursor, i: number): number {
  while (i < c.lines.length && c.lines[i]!.trim() === '') i++;
  return i;
}

function atOpBoundary(c: Cursor, i: number): boolean {
  const j = nextNonBlank(c, i);
  return j >= c.lines.length || isOpMarker(c.lines[j]!.trim());
}

function parseAdd(c: Cursor, start: number, path: string, ops: FileOp[]): number {
  const content: string[] = [];
  let i = start + 1;
  while (i < c.lines.length) {
    const raw = c.lines[i]!;
    if (raw.startsWith('+')) {
      content.push(raw.slice(1));
      i++;
      continue;
    }
    if (atOpBoundary(c, i)) break;
    fail(c, i, `every line of "*** Add File: ${path}" must start with "+", found ${quote(raw)}`);
  }
  if (content.length === 0) fail(c, start, `"*** Add File: ${path}" has no content: add at least one line starting with "+"`);
  ops.push({ kind: 'add', path, lines: content, patchLine: lineNo(c, start) });
  return i;
}

function parseDelete(c: Cursor, start: number, path: string, ops: FileOp[]): number {
  const i = start + 1;
  if (!atOpBoundary(c, i))
    fail(c, nextNonBlank(c, i), `"*** Delete File: ${path}" takes no body, found ${quote(c.lines[nextNonBlank(c, i)]!)}`);
  ops.push({ kind: 'delete', path, patchLine: lineNo(c, start) });
  return i;
}

function parseUpdate(c: Cursor, start: number, path: string, ops: FileOp[]): number {
  let i = start + 1;
  let moveTo: string | undefined;
  if (i < c.lines.length && c.lines[i]!.trim().startsWith(MOVE)) {
    moveTo = pathOf(c, i, c.lines[i]!.trim(), MOVE);
    i++;
  }
  const hunks: Hunk[] = [];
  let current: Hunk | undefined;
  /** After `*** End of File` only `@@` or the next operation may follow. */
  let closed = false;
  const open = (at: number, header?: string): Hunk => {
    if (current && current.lines.length === 0) fail(c, at, `hunk starting at line ${current.patchLine} has no lines`);
    current = { lines: [], endOfFile: false, patchLine: lineNo(c, at), ...(header ? { header } : {}) };
    hunks.push(current);
    closed = false;
    return current;
  };

  const lines = c.lines;
  const final = lines.length - 1;
  for (; i < lines.length; i++) {
    const raw = lines[i]!;
    // The final line is the envelope's end even when padded (` *** End Patch`).
    if (i === final && raw.trim() === END) break;
    // The hunk lines first: nearly every line is one (5,000 in a 500-hunk
    // patch, a loop too cold for the JIT), and none of them starts with '@'.
    const prefix = raw[0];
    if (prefix === ' ' || prefix === '-' || prefix === '+') {
      if (closed) fail(c, i, `expected "@@" or the next operation after "*** End of File", found ${quote(raw)}`);
      (current ?? open(i)).lines.push({ op: prefix, text: raw.slice(1) });
      continue;
    }
    if (raw.startsWith('@@')) {
      const rest = raw.slice(2).trim();
      const range = UNIFIED_RANGE.exec(rest);
      const header = (range ? range[2]! : rest).trim();
      // A stated old-side line (`@@ -12,3 …`) only chooses among several matching places (match/hunks.ts).
      const hint = range ? Number(range[1]) : 0;
      if (current && current.lines.length === 0 && !closed) {
        // Consecutive `@@` lines narrow the same hunk: the earlier ones become outer anchors.
        if (header !== '') {
          if (current.header !== undefined) (current.anchors ??= []).push(current.header);
          current.header = header;
        }
        if (hint > 0) current.hintLine = hint;
        continue;
      }
      const opened = open(i, header === '' ? undefined : header);
      if (hint > 0) opened.hintLine = hint;
      continue;
    }
    const t = raw.trim();
    if (t === '') {
      if (atOpBoundary(c, i)) break;
      if (closed) continue;
      (current ?? open(i)).lines.push({ op: ' ', text: '' });
      continue;
    }
    if (t === EOF_MARKER) {
      if (!current || current.lines.length === 0 || closed) fail(c, i, '"*** End of File" must follow the lines of a hunk');
      current.endOfFile = true;
      closed = true;
      continue;
    }
    if (isOpMarker(t)) break;
    if (t.startsWith(MOVE)) fail(c, i, `"*** Move to:" must come directly after "*** Update File: ${path}"`);
    fail(
      c,
      i,
      `unexpected line in the hunk for ${path}: ${quote(raw)}; every hunk line starts with " " (context), "-" (remove) or "+" (add)`,
    );
  }
  if (hunks.length === 0) {
    fail(c, start, `"*** Update File: ${path}" has no hunk: add an "@@" section (a pure rename still needs one context-only hunk)`);
  }
  if (current && current.lines.length === 0) fail(c, i - 1, `hunk starting at line ${current.patchLine} has no lines`);
  ops.push({ kind: 'update', path, hunks, patchLine: lineNo(c, start), ...(moveTo !== undefined ? { moveTo } : {}) });
  return i;
}
