// isAsciiString answers by comparing the UTF-8 length with the string's
// length; it must agree with the definition (every char below U+0080) for
// any string, lone surrogates included.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAsciiString } from '../../src/text/utf8.js';

const definition = (s: string): boolean => [...s].every((ch) => ch.charCodeAt(0) < 0x80);

describe('ASCII strings', () => {
  it('are told apart from any other string exactly as char by char', () => {
    const units = fc.oneof(
      fc.integer({ min: 0, max: 0x7f }),
      fc.integer({ min: 0, max: 0xffff }),
      fc.constantFrom(0xd800, 0xdbff, 0xdc00, 0xdfff, 0x80),
    );
    fc.assert(
      fc.property(fc.array(units, { maxLength: 30 }), (codes) => {
        const s = String.fromCharCode(...codes);
        expect(isAsciiString(s)).toBe(definition(s));
      }),
      { numRuns: 3000 },
    );
    expect(isAsciiString('')).toBe(true);
    expect(isAsciiString('a\u00e9')).toBe(false);
  });
});
