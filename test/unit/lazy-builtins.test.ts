// The built-ins loaded on first use (src/startup/lazy-builtins.ts) answer as
// the modules they stand for: node:buffer's byte validators here (hashing has
// hash-runtimes.test.ts).

import { isAscii as bufferIsAscii, isUtf8 as bufferIsUtf8 } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { isAscii, isUtf8 } from '../../src/startup/lazy-builtins.js';

const SAMPLES: [string, Uint8Array][] = [
  ['empty', new Uint8Array(0)],
  ['ASCII', Buffer.from('const a = 1;\n')],
  ['UTF-8 with CJK and an emoji', Buffer.from('名称 = "你好" \u{1F600}\n')],
  ['a lone continuation byte', Uint8Array.from([0x61, 0x80, 0x62])],
  ['a truncated sequence at the end', Uint8Array.from([0x61, 0xe4, 0xbd])],
  ['an encoded surrogate', Uint8Array.from([0xed, 0xa0, 0x80])],
  ['Latin-1 bytes', Buffer.from('caf\xe9', 'latin1')],
  ['a view into the middle of a larger buffer', Buffer.from('\xff abc \xff', 'latin1').subarray(1, 6)],
];

describe('lazily loaded node:buffer validators', () => {
  it.each(SAMPLES)('answer isUtf8 and isAscii as node:buffer does for %s', (_, bytes) => {
    expect(isUtf8(bytes)).toBe(bufferIsUtf8(bytes));
    expect(isAscii(bytes)).toBe(bufferIsAscii(bytes));
  });
});
