// Strict conformance to the apply_patch Lark grammar (src/models/grammar.ts),
// next to what the tolerant parser (./envelope.ts) makes of the same text.
//
// The grammar is line-shaped: every rule is a literal prefix, an optional
// /(.+)/ or /(.*)/ rest, and LF (only the final "*** End Patch" may omit it),
// with no whitespace skipping. So the checker is a state machine over lines:
//
//   begin   "*** Begin Patch" LF
//   ops     "*** Add File: " | "*** Delete File: " | "*** Update File: " name LF
//           ("*** End Patch" once at least one operation was seen)
//   add     "+" text LF, at least one
//   update  optional "*** Move to: " name LF, then an optional change:
//           ("@@" | "@@ " text | "+"/"-"/" " text) LF, at least one,
//           then optionally one "*** End of File" LF closing the change
//   done    "*** End Patch" LF? then the end of the input
//
// `.` in the grammar's regexes matches anything but LF, so a CR is ordinary
// text inside a file name or a hunk line, but a CRLF after a literal marker
// does not conform. After a violation the checker resynchronises the way the
// tolerant parser reads the line (trimmed markers, missing Begin, ...) and
// keeps going, so one run lists every place that would need the parser's
// leniency, not only the first.

import { isChordPatchError } from '../errors.js';
import { commonPrefixLength, quote } from '../text/quote.js';
import { MARKER, parsePatch } from './envelope.js';
import { patchFormat } from './detect.js';
import { type DuplicateKey, duplicateKey, duplicateKeyMessage } from './json.js';
import { parseUnified } from './unified.js';

export interface Violation {
  /** 1-based line in the patch text. */
  line: number;
  /** 1-based column (in characters) where the text stops matching. */
  column: number;
  /** What the grammar allows there. */
  expected: string[];
  /** What is there instead, quoted, or "end of input". */
  found: string;
}

export type TolerantVerdict =
  | { accepted: true; operations: number; repairs: string[] }
  | { accepted: false; error: { code: string; message: string; line?: number } };

export interface ValidationResult {
  conforms: boolean;
  /** In text order; the first is where a strict parse stops. Capped at MAX_VIOLATIONS. */
  violations: Violation[];
  /** More violations existed than are listed. */
  truncated: boolean;
  tolerant: TolerantVerdict;
  /** Where the patch text came from when the input was JSON ("patch" or "input"). */
  unwrappedFrom?: 'patch' | 'input';
  /** Which format the text was read as: a patch envelope or a unified diff (git diff, diff -u). */
  format: 'envelope' | 'unified';
}

export const MAX_VIOLATIONS = 50;

// The grammar spells operation markers with the space before the path.
const BEGIN = MARKER.begin;
const END = MARKER.end;
const ADD = `${MARKER.add} `;
const DELETE = `${MARKER.delete} `;
const UPDATE = `${MARKER.update} `;
const MOVE = `${MARKER.move} `;
const EOF_LINE = MARKER.endOfFile;
const LF = 'LF';
const END_OF_INPUT = 'end of input';
const OPS = [ADD, DELETE, UPDATE];
const CHANGE = ['@@', '@@ ', '+', '-', ' '];

type State = 'begin' | 'ops' | 'add-first' | 'add' | 'update' | 'moved' | 'change' | 'closed' | 'done';

type Item =
  | { kind: 'begin' | 'end' | 'eof' }
  | { kind: 'add' | 'delete' | 'update' | 'move'; marker: string; name: string }
  | { kind: 'context' | 'line' };

function expectedIn(state: State, haveOps: boolean): string[] {
  switch (state) {
    case 'begin':
      return [BEGIN];
    case 'ops':
      return haveOps ? [...OPS, END] : OPS;
    case 'add-first':
      return ['+'];
    case 'add':
      return ['+', ...OPS, END];
    case 'update':
      return [MOVE, ...CHANGE, ...OPS, END];
    case 'moved':
      return [...CHANGE, ...OPS, END];
    case 'change':
      return [...CHANGE, EOF_LINE, ...OPS, END];
    case 'closed':
      return [...OPS, END];
    case 'done':
      return [END_OF_INPUT];
  }
}

/** The markers that open a file operation or a move, with the item each names. */
const FILE_MARKERS = [
  [ADD, 'add'],
  [DELETE, 'delete'],
  [UPDATE, 'update'],
  [MOVE, 'move'],
] as const;

/** What a line is under the grammar's exact rules (null: nothing). */
function strictItem(line: string): Item | null {
  if (line === BEGIN) return { kind: 'begin' };
  if (line === END) return { kind: 'end' };
  if (line === EOF_LINE) return { kind: 'eof' };
  for (const [marker, kind] of FILE_MARKERS) {
    if (line.startsWith(marker)) return { kind, marker, name: line.slice(marker.length) };
  }
  if (line === '@@' || (line.startsWith('@@ ') && line.length > 3)) return { kind: 'context' };
  if (line[0] === '+' || line[0] === '-' || line[0] === ' ') return { kind: 'line' };
  return null;
}

/** What the tolerant parser would take the line for: markers after trimming, loose spacing. */
function lenientItem(line: string): Item | null {
  const t = line.trim();
  if (t === BEGIN) return { kind: 'begin' };
  if (t === END) return { kind: 'end' };
  if (t === EOF_LINE) return { kind: 'eof' };
  for (const [marker, kind] of FILE_MARKERS) {
    const bare = marker.trimEnd();
    if (t.startsWith(bare)) return { kind, marker, name: t.slice(bare.length).trim() };
  }
  if (line.startsWith('@@')) return { kind: 'context' };
  if (line[0] === '+' || line[0] === '-' || line[0] === ' ' || t === '') return { kind: 'line' };
  return null;
}

/** Is `item` allowed in `state` (without looking at LF or the name)? */
function allowed(state: State, item: Item, haveOps: boolean): boolean {
  const op = item.kind === 'add' || item.kind === 'delete' || item.kind === 'update';
  switch (state) {
    case 'begin':
      return item.kind === 'begin';
    case 'ops':
      return op || (item.kind === 'end' && haveOps);
    case 'add-first':
      return false; // handled by the caller: only "+" lines
    case 'add':
      return op || item.kind === 'end';
    case 'update':
      return op || item.kind === 'end' || item.kind === 'move' || item.kind === 'context' || item.kind === 'line';
    case 'moved':
      return op || item.kind === 'end' || item.kind === 'context' || item.kind === 'line';
    case 'change':
      return op || item.kind === 'end' || item.kind === 'eof' || item.kind === 'context' || item.kind === 'line';
    case 'closed':
      return op || item.kind === 'end';
    case 'done':
      return false;
  }
}

function next(state: State, item: Item): State {
  switch (item.kind) {
    case 'begin':
      return 'ops';
    case 'end':
      return 'done';
    case 'add':
      return 'add-first';
    case 'delete':
      return 'ops';
    case 'update':
      return 'update';
    case 'move':
      return 'moved';
    case 'eof':
      return 'closed';
    case 'context':
    case 'line':
      return state === 'add-first' || state === 'add' ? 'add' : 'change';
  }
}

const col = (line: string, index: number): number => Array.from(line.slice(0, index)).length + 1;

/** Check `text` against the grammar and run the tolerant parser on it. */
export function validatePatch(text: string): ValidationResult {
  const violations: Violation[] = [];
  let total = 0;
  const report = (v: Violation) => {
    total++;
    if (violations.length < MAX_VIOLATIONS) violations.push(v);
  };

  const lines = text.split('\n');
  let state: State = 'begin';
  let haveOps = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const hasLF = i < lines.length - 1;
    const lineNo = i + 1;
    // The empty segment after a final LF is the end of the input, not a line.
    if (!hasLF && line === '') break;
    if (state === 'done') {
      // Everything after "*** End Patch" is one violation.
      report({ line: lineNo, column: 1, expected: [END_OF_INPUT], found: quote(line) });
      break;
    }

    const strict = strictItem(line);
    if (strict) {
      const fits =
        state === 'add-first'
          ? strict.kind === 'line' && line[0] === '+'
          : state === 'add' && strict.kind === 'line'
            ? line[0] === '+'
            : allowed(state, strict, haveOps);
      if (fits) {
        if ('name' in strict && strict.name === '') {
          report({ line: lineNo, column: col(line, line.length), expected: ['a file name'], found: hasLF ? 'LF' : END_OF_INPUT });
        } else if (strict.kind !== 'end' && !hasLF) {
          report({ line: lineNo, column: col(line, line.length), expected: [LF], found: END_OF_INPUT });
        }
        if (strict.kind === 'add' || strict.kind === 'delete' || strict.kind === 'update') haveOps = true;
        state = next(state, strict);
        continue;
      }
    }

    // A violation: say where and what was expected, then read the line as the
    // tolerant parser would and carry on from there.
    report(describe(line, lineNo, expectedIn(state, haveOps), hasLF));
    const loose = lenientItem(line);
    if (!loose) {
      // An unreadable line stands for one unknown operation, so the End that
      // follows is not reported again as "no operation yet".
      if (state === 'ops') haveOps = true;
      continue;
    }
    if (state === 'begin' && loose.kind !== 'begin') {
      if (loose.kind === 'add' || loose.kind === 'delete' || loose.kind === 'update') state = 'ops';
      else continue; // prose or a heredoc opener: still waiting for Begin
    }
    if (loose.kind === 'line' && line.trim() === '' && state !== 'change') continue; // a separating blank line
    if (loose.kind === 'add' || loose.kind === 'delete' || loose.kind === 'update') haveOps = true;
    if (loose.kind === 'begin' && state !== 'begin') continue;
    state = next(state, loose);
  }
  if (state !== 'done') {
    const v = unclosed(text, lines, expectedIn(state, haveOps));
    if (!violations.some((w) => w.line === v.line && w.found === END_OF_INPUT)) report(v);
  }

  return { conforms: total === 0, violations, truncated: total > violations.length, tolerant: tolerantVerdict(text), format: 'envelope' };
}

/** The violation of an input that ends before "*** End Patch": at its last line, expecting what `expected` lists. */
function unclosed(text: string, lines: string[], expected: string[]): Violation {
  const last = lines.length;
  const endsWithLF = text.endsWith('\n');
  const tail = lines[last - 1] ?? '';
  const column = endsWithLF ? 1 : col(tail, tail.length);
  // A padded " *** End Patch" is a context line to the grammar; say so, since
  // the tolerant parser reads it as the end and the reader will too.
  const lastLine = lines[endsWithLF ? last - 2 : last - 1] ?? '';
  const hint =
    lastLine.trim() === END && lastLine !== END
      ? ` (line ${endsWithLF ? last - 1 : last}, ${quote(lastLine)}, is not "*** End Patch" to the grammar)`
      : '';
  return { line: last, column, expected, found: `${END_OF_INPUT}${hint}` };
}

/** Where `line` leaves the closest expected literal, and what is there instead. */
function describe(line: string, lineNo: number, expected: string[], hasLF: boolean): Violation {
  // A literal marker matched in full and followed by something other than LF
  // (typically a trailing space or the CR of a CRLF ending).
  for (const lit of [BEGIN, END, EOF_LINE]) {
    if (expected.includes(lit) && line.startsWith(lit) && line.length > lit.length) {
      const rest = line.slice(lit.length);
      const found = rest.startsWith('\r') ? '"\\r" (a CRLF line ending; the grammar allows LF only)' : quote(rest);
      return { line: lineNo, column: col(line, lit.length), expected: lit === END ? [LF, END_OF_INPUT] : [LF], found };
    }
  }
  if (line === '@@ ' && expected.includes('@@'))
    return { line: lineNo, column: 4, expected: ['header text after "@@ "'], found: hasLF ? 'LF' : END_OF_INPUT };
  if (line === '@@\r' && expected.includes('@@')) {
    return { line: lineNo, column: 3, expected: [LF], found: '"\\r" (a CRLF line ending; the grammar allows LF only)' };
  }
  // Otherwise: the longest prefix shared with any expected literal.
  let at = 0;
  for (const e of expected) at = Math.max(at, commonPrefixLength(e, line));
  const found = line === '' ? 'an empty line' : at >= line.length ? (hasLF ? LF : END_OF_INPUT) : quote(line.slice(at));
  return { line: lineNo, column: col(line, at), expected, found };
}

function tolerantVerdict(text: string): TolerantVerdict {
  try {
    const parsed = parsePatch(text);
    return { accepted: true, operations: parsed.ops.length, repairs: parsed.repairs };
  } catch (e) {
    if (!isChordPatchError(e)) throw e;
    return { accepted: false, error: { code: e.code, message: e.message, ...(e.line !== undefined ? { line: e.line } : {}) } };
  }
}

/**
 * Validate model output as it arrives: patch text, or the JSON arguments of a
 * function call ({"patch": "..."}), or a Responses custom tool call item
 * ({"input": "..."}). Text that starts with "{" but is not such JSON is
 * checked as patch text (and will not conform).
 */
export function validateInput(input: string): ValidationResult {
  const trimmed = input.trim();
  if (trimmed.startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      return validatePatch(input);
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const dup = duplicateKey(input);
      if (dup) return duplicatedKeyResult(dup);
      const obj = value as Record<string, unknown>;
      for (const key of ['patch', 'input'] as const) {
        if (typeof obj[key] === 'string') return { ...validateText(obj[key] as string), unwrappedFrom: key };
      }
    }
  }
  return validateText(input);
}

/** JSON arguments with a key given twice: apply refuses them (input/detect.ts), so they do not conform. */
function duplicatedKeyResult(dup: DuplicateKey): ValidationResult {
  const message = duplicateKeyMessage(dup);
  return {
    conforms: false,
    violations: [{ line: dup.line, column: 1, expected: ['each key once'], found: `${JSON.stringify(dup.key)} a second time` }],
    truncated: false,
    tolerant: { accepted: false, error: { code: 'bad_input', message, line: dup.line } },
    format: 'envelope',
  };
}

function validateText(text: string): ValidationResult {
  return patchFormat(text) === 'unified' ? validateUnified(text) : validatePatch(text);
}

/** A unified diff has no Lark grammar to hold it to: it conforms when it parses strictly (counts and all). */
export function validateUnified(text: string): ValidationResult {
  try {
    const files = parseUnified(text);
    return {
      conforms: true,
      violations: [],
      truncated: false,
      tolerant: { accepted: true, operations: files.length, repairs: [] },
      format: 'unified',
    };
  } catch (e) {
    if (!isChordPatchError(e)) throw e;
    const error = { code: e.code, message: e.message, ...(e.line !== undefined ? { line: e.line } : {}) };
    const violation: Violation = { line: e.line ?? 1, column: 1, expected: ['a unified diff line'], found: e.message };
    return { conforms: false, violations: [violation], truncated: false, tolerant: { accepted: false, error }, format: 'unified' };
  }
}

const list = (xs: string[]): string => {
  const shown = xs.map((x) => (x === LF || x === END_OF_INPUT || x.startsWith('a ') || x.startsWith('header') ? x : JSON.stringify(x)));
  return shown.length === 1 ? shown[0]! : `one of ${shown.join(', ')}`;
};

/** Human-readable report for one input (`name` labels it: a file name or "<stdin>"). */
export function formatValidation(result: ValidationResult, name: string): string {
  const out: string[] = [];
  const inside = result.unwrappedFrom ? ` (the "${result.unwrappedFrom}" string)` : '';
  if (result.format === 'unified') {
    const t = result.tolerant;
    if (t.accepted)
      return `${name}${inside}: a unified diff of ${t.operations} file${t.operations === 1 ? '' : 's'}; chord-patch reads it\n`;
    return `${name}${inside}: a unified diff that chord-patch cannot read: ${t.error.message}\n`;
  }
  if (result.conforms) {
    out.push(`${name}${inside}: a patch envelope that conforms to the apply_patch grammar`);
  } else {
    out.push(`${name}${inside}: a patch envelope that does not conform to the apply_patch grammar`);
    for (const v of result.violations) out.push(`  line ${v.line}, column ${v.column}: expected ${list(v.expected)}; found ${v.found}`);
    if (result.truncated) out.push(`  (only the first ${result.violations.length} violations are listed)`);
  }
  const t = result.tolerant;
  if (t.accepted) {
    const ops = `${t.operations} operation${t.operations === 1 ? '' : 's'}`;
    if (result.conforms) out.push(`  chord-patch's parser reads it as ${ops}`);
    else
      out.push(
        `  chord-patch's tolerant parser would still accept it (${ops})` +
          (t.repairs.length ? `, repairing: ${t.repairs.join('; ')}` : ', reading the lines above leniently'),
      );
  } else if (result.conforms) {
    out.push(`  note: chord-patch's parser rejects it even so: ${t.error.message}`);
  } else {
    out.push(`  chord-patch's tolerant parser rejects it too: ${t.error.message}`);
  }
  return `${out.join('\n')}\n`;
}
