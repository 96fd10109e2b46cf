// The line table's two backings (decoded text, and a UTF-8 file's own bytes)
// must give the same answers as each other and as plain string operations:
// the planner matches against whichever one the file got.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineTable } from '../../src/text/table.js';
import { isTrimmable } from '../../src/text/trimmable.js';

/** Text built from the pieces that matter: endings of every kind, whitespace of every kind, multi-byte characters. */
const PIECES = [
  'a',
  'b',
  'const x = 1;',
  ' ',
  '\t',
  '\u00a0',
  '\u3000',
  '\u2028',
  '\ufeff',
  '\u200b',
  '\u201c',
  '中文',
  '😀',
  'é',
  // The chars whose codes are the UTF-8 bytes of 'é': other text, never equal to it.
  '\u00c3\u00a9',
  '\n',
  '\r\n',
  '\r',
  '\v',
  '\f',
];
const textArb = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((p) => p.join(''));
/** Lines with one ending (the common file, whose table keeps no ends), the last one with or without it. */
const oneEndingArb = fc
  .tuple(
    fc.constantFrom('\n', '\r\n'),
    fc.array(fc.array(fc.constantFrom(...PIECES.filter((p) => !/[\r\n]/.test(p))), { maxLength: 6 }), { maxLength: 12 }),
    fc.boolean(),
  )
  .map(([eol, lines, last]) => lines.map((l) => l.join('')).join(eol) + (last ? eol : ''));

/** ASCII lines with one ending, where the bytes backing finds a line ending in whitespace by searching for it before the ending. */
const asciiOneEndingArb = fc
  .tuple(
    fc.constantFrom('\n', '\r\n'),
    fc.array(fc.array(fc.constantFrom('a', 'x = 1;', ' ', '\t', '\v', '\f'), { maxLength: 4 }), { maxLength: 8 }),
    fc.boolean(),
  )
  .map(([eol, lines, last]) => lines.map((l) => l.join('')).join(eol) + (last ? eol : ''));

const backings = (text: string) => [LineTable.fromText(text), LineTable.fromUtf8(Buffer.from(text, 'utf8'))] as const;

/** The reference split: '\r\n', '\r' and '\n' end lines; a last line without an ending counts. */
function reference(text: string): { text: string; eol: string }[] {
  const out: { text: string; eol: string }[] = [];
  const re = /\r\n|\r|\n/g;
  let start = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push({ text: text.slice(start, m.index), eol: m[0] });
    start = m.index + m[0].length;
  }
  if (start < text.length) out.push({ text: text.slice(start), eol: '' });
  return out;
}

describe('line tables', () => {
  it('split, compare and trim like string operations, from text and from UTF-8 bytes alike', () => {
    fc.assert(
      fc.property(fc.oneof(textArb, oneEndingArb, asciiOneEndingArb), textArb, (text, probe) => {
        const ref = reference(text);
        for (const t of backings(text)) {
          expect(t.length).toBe(ref.length);
          expect(t.lines().map(({ text: x, eol }) => ({ text: x, eol }))).toEqual(ref);
          expect(t.textOfLines(0, t.length)).toBe(text);
          ref.forEach((l, i) => {
            expect(t.equals(i, l.text)).toBe(true);
            expect(t.equals(i, probe)).toBe(l.text === probe);
            expect(t.equalsTrimmed(i, l.text.trimEnd(), false)).toBe(true);
            expect(t.equalsTrimmed(i, l.text.trim(), true)).toBe(true);
            expect(t.equalsTrimmed(i, probe.trimEnd(), false)).toBe(l.text.trimEnd() === probe.trimEnd());
            expect(t.equalsTrimmed(i, probe.trim(), true)).toBe(l.text.trim() === probe.trim());
            // The matcher's index finds a line by the hash of what it is compared with.
            expect(t.hashLine(i, 0)).toBe(t.hashString(l.text));
            expect(t.hashLine(i, 1)).toBe(t.hashString(l.text.trimEnd()));
            expect(t.hashLine(i, 2)).toBe(t.hashString(l.text.trim()));
          });
          // The index build's one-pass hashes are the same hashes, of every line or of every stride-th one.
          for (const trim of [0, 1, 2] as const) {
            expect([...t.hashAll(trim)]).toEqual(ref.map((_, i) => t.hashLine(i, trim)));
            for (const stride of [2, 3, 4]) {
              const every = ref.flatMap((_, i) => (i % stride === 0 ? [t.hashLine(i, trim)] : []));
              expect([...t.hashAll(trim, stride)]).toEqual(every);
            }
          }
          // A needle without line breaks: the first line at or after `from` containing it.
          const needle = probe.replace(/[\r\n\u2028]/g, '').slice(0, 6);
          if (needle !== '') {
            for (let from = 0; from <= ref.length; from++) {
              const expected = ref.findIndex((l, i) => i >= from && l.text.includes(needle));
              expect(t.lineContaining(needle, from)).toBe(expected);
            }
          }
          // The one-pass question the placement's trailing-whitespace rule asks first (match/scope.ts).
          expect(t.anyEndsInSpace()).toBe(ref.some((l) => l.text.trimEnd() !== l.text));
          const endings = new Set(ref.map((l) => l.eol).filter((e) => e !== ''));
          expect(t.uniformEol()).toBe(endings.size > 1 ? undefined : ([...endings][0] ?? '\n'));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never takes a string whose chars spell the bytes of a UTF-8 line for that line', () => {
    const [, bytes] = backings('é\naéb\nab\n');
    // 'é' is C3 A9 in UTF-8: the chars U+00C3 U+00A9 have those codes, but they are other text.
    expect(bytes.equals(0, '\u00c3\u00a9')).toBe(false);
    expect(bytes.equals(1, 'a\u00c3\u00a9b')).toBe(false);
    expect(bytes.equals(1, 'aéb')).toBe(true);
    expect(bytes.equals(2, 'ab')).toBe(true);
  });

  it('gives byte offsets only when it reads UTF-8 bytes', () => {
    const [text, bytes] = backings('é\nab\n');
    expect(text.utf8Start(1)).toBeUndefined();
    expect([bytes.utf8Start(0), bytes.utf8Start(1), bytes.utf8Start(2)]).toEqual([0, 3, 6]);
  });

  it('trims exactly the characters String.prototype.trim trims, over all of UTF-16', () => {
    const wrong: number[] = [];
    for (let c = 0; c <= 0xffff; c++) if (isTrimmable(c) !== (String.fromCharCode(c).trim() === '')) wrong.push(c);
    expect(wrong).toEqual([]);
  });
});
