import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldChar, foldKinds, normalizeForMatch, normalizeKey, toOriginalRange } from '../../src/match/normalize.js';
import { signature, tolerantKey } from '../../src/match/tolerant.js';

describe('normalizeKey folds punctuation one character to one character', () => {
  it.each([
    ['curly double quotes become straight', '\u201chi\u201d \u201elow\u201f', '"hi" "low"'],
    ['curly single quotes become straight', '\u2018a\u2019 \u201ab\u201b', "'a' 'b'"],
    ['en dash, em dash and minus sign become hyphen-minus', 'a\u2013b\u2014c\u2212d', 'a-b-c-d'],
    ['the U+2010..U+2015 dash family becomes hyphen-minus', '\u2010\u2011\u2012\u2015', '----'],
    ['full-width CJK separators become ASCII', '\uff0c\uff1b\uff1a\u3002\uff0e\uff01\uff1f', ',;:..!?'],
    ['full-width parentheses become ASCII', 'f\uff08x\uff09', 'f(x)'],
    ['NBSP and thin spaces become spaces when significant', 'a\u00a0\u00a0b', 'a  b'],
    ['the ideographic space becomes a space when significant', '\u3000\u3000x', '  x'],
  ])('%s', (_name, input, expected) => {
    expect(normalizeKey(input)).toBe(expected);
  });

  it.each([
    ['full-width digits', '\uff11\uff12'],
    ['the fi ligature', '\ufb01'],
    ['superscript two', 'x\u00b2'],
    ['full-width letters', '\uff21\uff42'],
    ['ellipsis', '\u2026'],
  ])('never applies NFKC-style folding to %s', (_name, input) => {
    expect(normalizeKey(input)).toBe(input);
  });

  it.each([
    ['the ideographic comma', '\u3001'],
    ['corner brackets', '\u300c\u300d'],
    ['the full-width equals sign', '\uff1d'],
  ])('keeps %s unchanged in the default profile', (_name, input) => {
    expect(normalizeKey(input)).toBe(input);
  });

  it.each([
    ['the ideographic comma becomes a comma', 'a\u3001b', 'a,b'],
    ['corner brackets become double quotes', '\u300cx\u300d', '"x"'],
    ['lenticular brackets become square brackets', '\u3010x\u3011', '[x]'],
    ['double angle brackets become angle brackets', '\u300ax\u300b', '<x>'],
    ['full-width equals, brackets and braces become ASCII', '\uff1d\uff3b\uff5b\uff5d\uff3d', '=[{}]'],
    ['one space before a separator is optional', 'a , b', 'a,b'],
  ])('wide profile: %s', (_name, input, expected) => {
    expect(normalizeKey(input, { wide: true })).toBe(expected);
  });
});

describe('normalizeKey makes exactly one adjacent space optional', () => {
  it.each([
    ['one space after a colon', 'key: value', 'key:value'],
    ['full-width colon and ASCII colon with a space', '\u540d\u79f0\uff1a\u503c', '\u540d\u79f0:\u503c'],
    ['one space after a comma', 'f(a, b)', 'f(a,b)'],
    ['one space after an opening parenthesis', '( x', '(x'],
    ['one space before a closing parenthesis', 'x )', 'x)'],
    ['one space between two word characters', 'diff and', 'diffand'],
    ['one space between CJK word characters', '\u4e2d \u6587', '\u4e2d\u6587'],
    ['a folded NBSP after a comma', 'a,\u00a0b', 'a,b'],
  ])('drops %s', (_name, input, expected) => {
    expect(normalizeKey(input)).toBe(expected);
  });

  it.each([
    ['a double space after a colon', 'key:  value'],
    ['a double space between words', 'a  b'],
    ['a space after a quote', '" x'],
    ['a space after a dash', '- x'],
    ['a space between a word and an operator', 'a = b'],
    ['one space of indentation', ' x'],
    ['one space of indentation before a closing parenthesis', ' )'],
    ['indentation on a later line', 'a\n b'],
    ['a tab between words', 'a\tb'],
    ['a space before a comma in the default profile', 'a ,b'],
  ])('keeps %s', (_name, input) => {
    expect(normalizeKey(input)).toBe(input);
  });

  it('treats a straight and a full-width colon, with or without a space, as the same line', () => {
    const keys = new Set(['a\uff1ab', 'a: b', 'a:b', 'a\uff1a b'].map((s) => normalizeKey(s)));
    expect([...keys]).toEqual(['a:b']);
  });

  it('keeps newlines significant', () => {
    expect(normalizeKey('a\nb')).not.toBe(normalizeKey('a b'));
  });
});

describe('normalizeKey folds combining marks with no visible base', () => {
  it.each([
    ['a macron at the start of the text', '\u0304.2.1', '.2.1'],
    ['a macron after a space', '### \u0304.2.1', '### .2.1'],
    ['stacked marks after a space', 'a \u0304\u0301b', 'ab'],
    ['a mark at the start of a later line', 'x\n\u0301y', 'x\ny'],
  ])('drops %s', (_name, input, expected) => {
    expect(normalizeKey(input)).toBe(expected);
  });

  it.each([
    ['an acute accent on a letter', 'e\u0301'],
    ['stacked Vietnamese marks', 'a\u0306\u0301'],
    ['an overline on a digit', '1\u0305'],
    ['a mark on punctuation', '.\u0301'],
    ['Devanagari vowel signs', '\u0915\u093f'],
  ])('keeps %s', (_name, input) => {
    expect(normalizeKey(input)).toBe(input);
  });
});

describe('normalizeForMatch maps normalised offsets back to the original', () => {
  it('maps every kept unit to its original offset and ends with the original length', () => {
    const n = normalizeForMatch('a\uff1a b');
    expect(n.text).toBe('a:b');
    expect(Array.from(n.map)).toEqual([0, 1, 3, 4]);
  });

  it('maps a normalised range to the original span that produced it', () => {
    const original = 'say \u201chello,  world\u201d now';
    const n = normalizeForMatch(original);
    const at = n.text.indexOf('"hello,  world"');
    const r = toOriginalRange(n, at, at + '"hello,  world"'.length);
    expect(original.slice(r.start, r.end)).toBe('\u201chello,  world\u201d');
  });

  it('leaves a dropped space after the match outside the original range', () => {
    const original = 'x: y';
    const n = normalizeForMatch(original);
    const r = toOriginalRange(n, 0, 2);
    expect(original.slice(r.start, r.end)).toBe('x:');
  });

  it('maps an empty range at the end to the original length', () => {
    const n = normalizeForMatch('ab ');
    expect(toOriginalRange(n, n.text.length, n.text.length)).toEqual({ start: 3, end: 3 });
  });

  it('keeps astral characters intact and mapped', () => {
    const original = '\u{1F600} \u{1F600}';
    const n = normalizeForMatch(original);
    expect(n.text).toBe(original);
    expect(toOriginalRange(n, 3, 5)).toEqual({ start: 3, end: 5 });
  });
});

describe('foldChar and foldKinds', () => {
  it.each([
    ['\u201c', '"'],
    ['\u2014', '-'],
    ['\uff1f', '?'],
    ['\u3000', ' '],
    ['x', 'x'],
  ])('folds %j to %j', (input, expected) => {
    expect(foldChar(input)).toBe(expected);
  });

  it('names the fold families a text uses', () => {
    expect(foldKinds('\u201cx\u201d \u2013 \uff0c\u00a0')).toEqual(['quotes', 'dashes', 'cjk', 'spaces']);
    expect(foldKinds('plain ascii')).toEqual([]);
  });
});

/** Characters that exercise every branch: folds, spaces, marks, astral, CJK, newlines. */
const textArb = fc.string({
  unit: fc.constantFrom(
    'a',
    'Z',
    '7',
    '_',
    ' ',
    ' ',
    '\t',
    '\n',
    ',',
    ':',
    '(',
    ')',
    '"',
    '-',
    '\u201c',
    '\u2014',
    '\uff0c',
    '\uff1a',
    '\u3001',
    '\uff1d',
    '\u00a0',
    '\u3000',
    '\u0301',
    '\u0304',
    '\u4e2d',
    '\u{1F600}',
    '\u{1D165}',
  ),
  maxLength: 24,
});

describe('normalisation properties', () => {
  it.each([[false], [true]])('normalizeKey equals the text of normalizeForMatch (wide: %s)', (wide) => {
    fc.assert(
      fc.property(textArb, (s) => {
        expect(normalizeKey(s, { wide })).toBe(normalizeForMatch(s, { wide }).text);
      }),
      { numRuns: 2000 },
    );
  });

  it('maps every normalised unit back to an original unit it came from', () => {
    fc.assert(
      fc.property(textArb, (s) => {
        const n = normalizeForMatch(s);
        expect(n.map.length).toBe(n.text.length + 1);
        expect(n.map[n.text.length]).toBe(s.length);
        for (let i = 0; i < n.text.length; i++) {
          const from = s[n.map[i]!]!;
          expect([from, foldChar(from)]).toContain(n.text[i]);
          if (i > 0) expect(n.map[i]!).toBeGreaterThan(n.map[i - 1]!);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('gives lines with equal tolerant keys equal signatures', () => {
    fc.assert(
      fc.property(textArb, textArb, (a, b) => {
        for (const pass of ['punctuation', 'punctuation-wide'] as const) {
          if (tolerantKey(a, pass) === tolerantKey(b, pass)) expect(signature(a)).toBe(signature(b));
        }
        expect(signature(a)).toBe(signature(normalizeKey(a)));
      }),
      { numRuns: 2000 },
    );
  });
});
