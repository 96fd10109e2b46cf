// The one way messages quote text, write hex, measure shared ends and name
// files (text/quote.ts, text/paths.ts), and the messages that use them.

import { describe, expect, it } from 'vitest';
import { describeClosest } from '../../src/edit/closest-words.js';
import { quoteHint, quoteLine } from '../../src/match/diagnose.js';
import { reindentLines } from '../support/reindent.js';
import { displayPath, shownPath, spellings } from '../../src/text/paths.js';
import { codePoint, commonPrefixLength, commonSuffixLength, hex, QUOTE_CHARS, quote } from '../../src/text/quote.js';

describe('quote', () => {
  it('quotes a short text whole, with JSON escapes for quotes and control characters', () => {
    expect(quote('say "hi"\t')).toBe('"say \\"hi\\"\\t"');
    expect(quote('x'.repeat(QUOTE_CHARS))).toBe(`"${'x'.repeat(QUOTE_CHARS)}"`);
  });

  it('cuts a longer text to its first 80 characters and marks the cut with "…" inside the quotes', () => {
    expect(quote(`${'a'.repeat(80)}b`)).toBe(`"${'a'.repeat(80)}…"`);
  });

  it('cuts at the length a caller asks for', () => {
    expect(quote('abcdefgh', 3)).toBe('"abc…"');
  });

  it('shows a window centred on the index it is given, marking each cut end', () => {
    const s = 'abcdefghijklmnopqrstuvwxyz';
    expect(quote(s, 6, 12)).toBe('"…jklmno…"');
    expect(quote(s, 6, 1)).toBe('"abcdef…"');
    expect(quote(s, 6, 25)).toBe('"…uvwxyz"');
  });
});

describe('hex and code points', () => {
  it('writes upper-case hex with at least the digits asked for', () => {
    expect(hex(0xa, 2)).toBe('0A');
    expect(hex(0x1f600, 4)).toBe('1F600');
  });

  it('names a character or a code point in U+ notation', () => {
    expect(codePoint('A')).toBe('U+0041');
    expect(codePoint(0x200b)).toBe('U+200B');
    expect(codePoint('😀')).toBe('U+1F600');
  });
});

describe('common prefix and suffix', () => {
  it('counts shared UTF-16 units of two strings at either end', () => {
    expect(commonPrefixLength('abcX', 'abcY')).toBe(3);
    expect(commonSuffixLength('Xabc', 'Yabc')).toBe(3);
    expect(commonPrefixLength('😀a', '😁a')).toBe(1); // the high surrogates agree
    expect(commonPrefixLength('', 'abc')).toBe(0);
  });

  it('counts shared items of two arrays, and never counts the suffix into a prefix already taken', () => {
    expect(commonPrefixLength(['a', 'b', 'c'], ['a', 'b', 'd'])).toBe(2);
    expect(commonSuffixLength(['a', 'a'], ['a', 'a', 'a'], 2)).toBe(0);
    expect(commonSuffixLength('aa', 'aaa', 1)).toBe(1);
  });
});

describe('path display', () => {
  it('names a file inside the working directory relative to it, the directory by its name, anything else absolutely', () => {
    expect(shownPath('/work', '/work/src/a.ts')).toBe('src/a.ts');
    expect(shownPath('/work', '/work')).toBe('work');
    expect(shownPath('/work', '/elsewhere/a.ts')).toBe('/elsewhere/a.ts');
    expect(shownPath('/work', '/workshop/a.ts')).toBe('/workshop/a.ts');
  });

  it('prefers the first spelling the input used for a path', () => {
    const spelled = spellings([
      { abs: '/work/a.txt', raw: './a.txt' },
      { abs: '/work/a.txt', raw: 'a.txt' },
    ]);
    expect(displayPath(spelled, '/work', '/work/a.txt')).toBe('./a.txt');
    expect(displayPath(spelled, '/work', '/work/b.txt')).toBe('b.txt');
  });
});

describe('messages that quote long lines', () => {
  it('labels a cut first expected line a prefix, as the hunk-not-found wording promises', () => {
    expect(quoteLine('short')).toBe('line "short"');
    expect(quoteLine('y'.repeat(130))).toBe(`line starting "${'y'.repeat(120)}" (prefix)`);
  });

  it('cuts a line quoted in a miss hint at 120 characters, marked like every other quote', () => {
    expect(quoteHint('z'.repeat(130))).toBe(`"${'z'.repeat(120)}…"`);
  });

  it("shows the edit tool's differing lines in a 160-character window around the difference", () => {
    const fileText = `${'f'.repeat(300)}X${'f'.repeat(300)}`;
    const targetText = `${'f'.repeat(300)}Y${'f'.repeat(300)}`;
    const text = describeClosest({
      kind: 'chars',
      line: 1,
      endLine: 1,
      similarity: 99,
      work: 0,
      differences: [{ fileLine: 1, fileText, targetLine: 1, targetText, column: 301, targetOffset: 300, fileChar: 'X', targetChar: 'Y' }],
    });
    expect(text).toContain(`"…${'f'.repeat(80)}X${'f'.repeat(79)}…"`);
    expect(text).toContain(`"…${'f'.repeat(80)}Y${'f'.repeat(79)}…"`);
  });

  it('cuts an added line quoted in a re-indentation refusal at 40 characters, marked', () => {
    const quoted: [string, string][] = [
      ['    a()', '\ta()'],
      ['        b()', '\t\tb()'],
    ];
    const r = reindentLines(quoted, [`   ${'w'.repeat(50)}`]);
    expect(r.ambiguous).toContain(`added line "${'w'.repeat(40)}…"`);
  });
});
