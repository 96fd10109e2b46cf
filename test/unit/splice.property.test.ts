// The splice over runs (text/splice.ts) against the line-list splice it
// replaced, kept here as the reference: random files with every kind of line
// ending (and none at the end), random hunks, from text and from UTF-8 bytes.
// Same lines, same endings, and the same lines still marked as the file's own
// (what the diff renderer and the byte copier rely on).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Replacement } from '../../src/match/hunks.js';
import type { Line } from '../../src/text/lines.js';
import { linesOfRuns, textOfRuns } from '../../src/text/runs.js';
import { spliceRuns } from '../../src/text/splice.js';
import { LineTable } from '../../src/text/table.js';
import type { HunkLine } from '../../src/types.js';

// ---------------------------------------------------------------- reference

function uniformEol(lines: readonly Line[]): string | undefined {
  let seen: string | undefined;
  for (const l of lines) {
    if (l.eol === '') continue;
    if (seen === undefined) seen = l.eol;
    else if (seen !== l.eol) return undefined;
  }
  return seen ?? '\n';
}

function neighbourEol(lines: readonly Line[], i: number): string {
  for (let j = i - 1; j >= 0; j--) if (lines[j]!.eol !== '') return lines[j]!.eol;
  for (let j = i + 1; j < lines.length; j++) if (lines[j]!.eol !== '') return lines[j]!.eol;
  return '\n';
}

function referenceSplice(lines: readonly Line[], replacements: readonly Replacement[]): Line[] {
  const uniform = uniformEol(lines);
  const out: Line[] = [];
  let f = 0;
  // A pure insertion between file lines f - 1 and f: the nearest ending of the file as read, above first, else below.
  const neighbour = (): string => {
    for (let j = f - 1; j >= 0; j--) if (lines[j]!.eol !== '') return lines[j]!.eol;
    for (let j = f; j < lines.length; j++) if (lines[j]!.eol !== '') return lines[j]!.eol;
    return '';
  };
  for (const r of replacements) {
    while (f < r.start) out.push(lines[f++]!);
    let removed: string[] = [];
    let added = 0;
    for (const hl of r.lines) {
      if (hl.op === ' ') {
        out.push(lines[f++]!);
        removed = [];
        added = 0;
      } else if (hl.op === '-') {
        removed.push(lines[f++]!.eol);
      } else {
        out.push({ text: hl.text, eol: uniform ?? removed[added] ?? removed[removed.length - 1] ?? neighbour() });
        added++;
      }
    }
  }
  while (f < lines.length) out.push(lines[f++]!);
  for (let i = 0; i < out.length; i++) {
    const l = out[i]!;
    if (l.eol === '') out[i] = { text: l.text, eol: uniform ?? neighbourEol(out, i) };
  }
  return out;
}

// ---------------------------------------------------------------- property

const fileArb = fc
  .array(fc.tuple(fc.constantFrom('a', 'b', '', 'é', '  c'), fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 12 })
  .chain((lines) => fc.tuple(fc.constant(lines), fc.boolean()))
  .map(([lines, unterminated]) => {
    let text = lines.map(([t, e]) => t + e).join('');
    // Drop the last ending; a lone '\r' followed by text that starts with '\n' would merge, so only when safe.
    if (unterminated && text.length > 0 && !text.endsWith('\r\n')) text = text.slice(0, -1);
    return text;
  });

/** Disjoint, ordered replacements over `n` lines: ' ' and '-' consume lines, '+' adds one. */
const replacementsArb = (n: number): fc.Arbitrary<Replacement[]> =>
  fc
    .array(fc.tuple(fc.nat(3), fc.array(fc.constantFrom<HunkLine['op']>(' ', '-', '+'), { maxLength: 6 })), { maxLength: 4 })
    .map((specs) => {
      const out: Replacement[] = [];
      let f = 0;
      for (const [gap, ops] of specs) {
        const start = Math.min(n, f + gap);
        let at = start;
        const lines: HunkLine[] = [];
        for (const op of ops) {
          if (op !== '+' && at >= n) continue;
          lines.push({ op, text: op === '+' ? `new${out.length}_${lines.length}` : `line${at}` });
          if (op !== '+') at++;
        }
        out.push({ start, oldLen: at - start, lines, pass: 'exact' });
        f = at;
      }
      return out;
    });

describe('splicing runs', () => {
  it('gives the same lines, endings and file-line marks as the line-list splice, over text and over bytes', () => {
    fc.assert(
      fc.property(
        fileArb.chain((text) => fc.tuple(fc.constant(text), replacementsArb(LineTable.fromText(text).length))),
        ([text, replacements]) => {
          for (const table of [LineTable.fromText(text), LineTable.fromUtf8(Buffer.from(text, 'utf8'))]) {
            const expected = referenceSplice(table.lines(), replacements);
            const runs = spliceRuns(table, replacements);
            expect(linesOfRuns(runs, table)).toEqual(expected);
            expect(textOfRuns(runs, table)).toBe(expected.map((l) => l.text + l.eol).join(''));
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
