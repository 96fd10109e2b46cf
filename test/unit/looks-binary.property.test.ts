// The binary test (binary.ts looksBinary) searches the head, read as Latin-1,
// with regexes instead of a loop over every byte; it must decide exactly as the
// rule it implements: a NUL byte, or more than 30% control bytes (below 0x20,
// except tab, LF, FF, CR and ESC), within the first 4 KiB.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksBinary } from '../../src/text/binary.js';

/** The rule, byte by byte. */
function byRule(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 4096);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b === 0) return true;
    if (b < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d, 0x1b].includes(b)) control++;
  }
  return n > 0 && control / n > 0.3;
}

const filled = (length: number, byte: number) => new Uint8Array(length).fill(byte);

describe('looksBinary', () => {
  it('decides as the byte-by-byte rule on any bytes, control-heavy or not, short or past 4 KiB', () => {
    const byte = fc.oneof(
      fc.integer({ min: 0, max: 0x1f }),
      fc.integer({ min: 1, max: 0xff }),
      fc.constantFrom(0x09, 0x0a, 0x0c, 0x0d, 0x1b, 0x0b),
    );
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.array(byte, { maxLength: 300 }).map((a) => Uint8Array.from(a)),
      fc
        .tuple(fc.array(byte, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 160 }))
        .map(([a, times]) => Uint8Array.from(Array.from({ length: times }, () => a).flat())),
    );
    fc.assert(
      fc.property(bytes, (b) => looksBinary(b) === byRule(b)),
      { numRuns: 2000 },
    );
  });

  it('sees a NUL byte in the last byte of the first 4 KiB, and not one just past it', () => {
    const at = (i: number) => {
      const b = filled(5000, 0x61);
      b[i] = 0;
      return b;
    };
    expect(looksBinary(at(4095))).toBe(true);
    expect(looksBinary(at(4096))).toBe(false);
  });

  it('calls text binary only above 30% control bytes, counting vertical tab but never tab, LF, FF, CR or ESC', () => {
    const mixed = (control: number, byte: number) => Uint8Array.from([...filled(control, byte), ...filled(100 - control, 0x61)]);
    expect(looksBinary(mixed(30, 0x01))).toBe(false);
    expect(looksBinary(mixed(31, 0x01))).toBe(true);
    expect(looksBinary(mixed(31, 0x0b))).toBe(true);
    for (const allowed of [0x09, 0x0a, 0x0c, 0x0d, 0x1b]) expect(looksBinary(filled(100, allowed))).toBe(false);
  });

  it('calls empty input text', () => {
    expect(looksBinary(new Uint8Array(0))).toBe(false);
  });

  it('reads only the first 4 KiB of a subarray, wherever it starts in its buffer', () => {
    const whole = Uint8Array.from([0, ...filled(5000, 0x61)]);
    expect(looksBinary(whole.subarray(1))).toBe(false);
    expect(looksBinary(whole.subarray(0))).toBe(true);
  });
});
