import { describe, expect, it } from 'vitest';
import { decodeInputBytes, firstInvalidUtf8 } from '../../src/input/bytes.js';

const b = (...xs: number[]) => Uint8Array.from(xs);
const utf16 = (text: string, le: boolean) => {
  const out = [le ? 0xff : 0xfe, le ? 0xfe : 0xff];
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    out.push(...(le ? [u & 0xff, u >> 8] : [u >> 8, u & 0xff]));
  }
  return Uint8Array.from(out);
};

describe('decoding input bytes', () => {
  it('decodes UTF-8, dropping a UTF-8 byte-order mark', () => {
    expect(decodeInputBytes(new TextEncoder().encode('a\né😀\n'))).toBe('a\né😀\n');
    expect(decodeInputBytes(b(0xef, 0xbb, 0xbf, 0x61))).toBe('a');
  });

  it.each([
    ['a lone continuation byte', [0x61, 0x0a, 0x80], 2, 1],
    ['a Latin-1 byte', [0x61, 0x0a, 0x62, 0xe9, 0x0a], 2, 2],
    ['an overlong slash', [0xc0, 0xaf], 1, 1],
    ['an overlong three-byte form', [0xe0, 0x80, 0xaf], 1, 1],
    ['an encoded surrogate', [0x0a, 0x0a, 0xed, 0xa0, 0x80], 3, 1],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 1, 1],
    ['a sequence cut off by the end', [0x61, 0xe2, 0x9c], 1, 2],
    ['a sequence cut off by a newline', [0xe2, 0x0a, 0x61], 1, 1],
  ])('refuses %s, naming its line and byte', (_name, bytes, line, column) => {
    expect(() => decodeInputBytes(b(...bytes))).toThrow(expect.objectContaining({ code: 'bad_input', line }));
    expect(() => decodeInputBytes(b(...bytes))).toThrow(`at byte ${column} of the line`);
  });

  it('finds no invalid byte in valid text and the first one after valid text', () => {
    expect(firstInvalidUtf8(new TextEncoder().encode('ok ✓ 😀'))).toBe(11);
    expect(firstInvalidUtf8(b(0x61, 0xf0, 0x9f, 0x98, 0x80, 0xff))).toBe(5);
  });

  it('decodes UTF-16 with a byte-order mark, little and big endian', () => {
    expect(decodeInputBytes(utf16('*** Begin Patch\né😀', true))).toBe('*** Begin Patch\né😀');
    expect(decodeInputBytes(utf16('*** Begin Patch\né😀', false))).toBe('*** Begin Patch\né😀');
  });

  it('refuses UTF-16 without its byte-order mark, saying so, where UTF-8 would take the NULs as text', () => {
    const patch = '*** Begin Patch\n*** Update File: f.txt\n';
    for (const le of [true, false]) {
      const bomless = utf16(patch, le).subarray(2);
      expect(() => decodeInputBytes(bomless)).toThrow(expect.objectContaining({ code: 'bad_input', line: 1 }));
      expect(() => decodeInputBytes(bomless)).toThrow(`looks like UTF-16${le ? 'LE' : 'BE'} without a byte-order mark`);
    }
    // A NUL here and there is no such sign: it is decoded as sent (and refused later where it would be written).
    expect(decodeInputBytes(b(0x61, 0x00, 0x62, 0x63, 0x00, 0x0a))).toBe('a\u0000bc\u0000\n');
  });

  it('refuses UTF-16 with an unpaired surrogate or an odd byte count, naming the line', () => {
    expect(() => decodeInputBytes(utf16('a\nb\n\uD800c', true))).toThrow(expect.objectContaining({ code: 'bad_input', line: 3 }));
    expect(() => decodeInputBytes(Uint8Array.from([...utf16('a\nb', false), 0x00]))).toThrow(/odd number of bytes/);
  });
});
