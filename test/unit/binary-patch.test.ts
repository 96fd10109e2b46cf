// `GIT binary patch` data, piece by piece: base85 lines (git's base85.c),
// the hunks' framing and inflation (apply.c parse_binary_hunk), git's delta
// format (patch-delta.c, its edge cases: a copy size of 0 is 0x10000, a copy
// past the source is refused) and blob ids; then the entry rules of git
// apply's apply_binary (full index line, -R needs the reverse hunk).

import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isChordPatchError } from '../../src/errors.js';
import { decodeBase85, decodeBinaryLine, MAX_BINARY_BYTES, readBinaryHunks } from '../../src/input/git-binary.js';
import { parseUnified } from '../../src/input/unified.js';
import { reverseUnified, unifiedToOps } from '../../src/input/unified-ops.js';
import { applyDelta } from '../../src/plan/git-delta.js';
import { binaryResult } from '../../src/plan/plan-binary.js';
import { OpError } from '../../src/plan/failure.js';
import { blobId, NO_BLOB } from '../../src/platform/git-blob.js';
import type { BinaryChange } from '../../src/input/git-binary.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~';

/** git's encode_85, to write test data: 4 bytes (zero-padded) per 5 characters. */
function encode85(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 4) {
    let acc = 0;
    for (let k = 0; k < 4; k++) acc = acc * 256 + (bytes[i + k] ?? 0);
    let group = '';
    for (let k = 0; k < 5; k++) {
      group = ALPHABET[acc % 85] + group;
      acc = Math.floor(acc / 85);
    }
    s += group;
  }
  return s;
}

/** The data lines git writes for `bytes` (deflated), 52 bytes a line. */
function dataLines(deflated: Uint8Array): string[] {
  const out: string[] = [];
  for (let i = 0; i < deflated.length; i += 52) {
    const piece = deflated.subarray(i, i + 52);
    const len = piece.length <= 26 ? String.fromCharCode(64 + piece.length) : String.fromCharCode(96 + piece.length - 26);
    out.push(len + encode85(piece));
  }
  return out;
}

const hunkText = (method: string, content: Uint8Array, size = content.length) => [
  `${method} ${size}`,
  ...dataLines(deflateSync(content)),
  '',
];

describe('base85 lines', () => {
  it('decodes groups of five characters into four big-endian bytes, dropping the filler', () => {
    const bytes = Uint8Array.from([0, 1, 2, 3, 0xff, 0xfe]);
    expect(decodeBase85(encode85(bytes), 6)).toEqual(bytes);
    expect(decodeBinaryLine(`F${encode85(bytes)}`)).toEqual(bytes);
  });

  it("reads the length character as git writes it: 'A'-'Z' 1-26 bytes, 'a'-'z' 27-52", () => {
    const b26 = Uint8Array.from({ length: 26 }, (_, i) => i);
    const b52 = Uint8Array.from({ length: 52 }, (_, i) => 255 - i);
    expect(decodeBinaryLine(`Z${encode85(b26)}`)).toEqual(b26);
    expect(decodeBinaryLine(`z${encode85(b52)}`)).toEqual(b52);
    expect(decodeBinaryLine(`a${encode85(b52.subarray(0, 27))}`)).toEqual(b52.subarray(0, 27));
  });

  it('refuses a line whose length character, length or characters are not what git writes', () => {
    const four = encode85(Uint8Array.from([1, 2, 3, 4]));
    expect(decodeBinaryLine(`0${four}`)).toBeUndefined(); // no length character
    expect(decodeBinaryLine(`E${four}`)).toBeUndefined(); // 5 bytes claimed, 4 carried
    expect(decodeBinaryLine(`A${four}${four}`)).toBeUndefined(); // more than 3 bytes of filler
    expect(decodeBinaryLine(`D${four}x`)).toBeUndefined(); // not a multiple of 5
    expect(decodeBinaryLine('D"0000')).toBeUndefined(); // '"' is not in the alphabet
    expect(decodeBinaryLine('D~~~~~')).toBeUndefined(); // 85^5 - 1 overflows 32 bits
    expect(decodeBinaryLine('D|NsC0')).toEqual(Uint8Array.from([255, 255, 255, 255])); // 2^32 - 1 does not
  });
});

describe('binary hunks', () => {
  it("reads git's empty literal and a forward hunk followed by its reverse", () => {
    const empty = readBinaryHunks(['literal 0', 'HcmV?d00001', ''], 0);
    expect(empty.hunks.map((h) => [h.method, h.data.length, h.patchLine])).toEqual([['literal', 0, 1]]);
    expect(empty.next).toBe(3);
    const content = Buffer.from('x\0y\n');
    const both = readBinaryHunks([...hunkText('literal', content), ...hunkText('delta', Buffer.from([4, 0]), 2), 'diff --git'], 0);
    expect(both.hunks.map((h) => [h.method, Buffer.from(h.data)])).toEqual([
      ['literal', content],
      ['delta', Buffer.from([4, 0])],
    ]);
    expect(both.next).toBe(6);
  });

  const corrupt = (lines: string[]) => {
    try {
      readBinaryHunks(lines, 0);
    } catch (e) {
      if (isChordPatchError(e)) return e;
      throw e;
    }
    throw new Error('expected a refusal');
  };

  it('refuses data that inflates to another length than its header states', () => {
    expect(corrupt(hunkText('literal', Buffer.from('abc'), 4)).message).toMatch(/line 1: corrupt binary patch: .*inflates to 3 bytes.*4/);
    expect(corrupt(hunkText('literal', Buffer.from('abcde'), 4)).message).toMatch(/line 1: corrupt binary patch/);
  });

  it('refuses data that is not zlib, a line that is not base85, a missing blank line, or no hunk at all (t4103)', () => {
    expect(corrupt(['literal 4', `D${encode85(Buffer.from('abcd'))}`, '']).message).toContain('does not inflate');
    expect(corrupt(['literal 4', 'D"0000', '']).line).toBe(2);
    // t4103 "reject truncated binary diff": the data stops before its closing blank line.
    expect(corrupt(hunkText('literal', Buffer.from('abcd')).slice(0, -1)).message).toContain('without the blank line');
    // t4103 "reject unrecognized binary diff": "bogus" where "literal" or "delta" belongs.
    expect(corrupt(['bogus']).message).toMatch(/expected "literal N" or "delta N"/);
  });

  it('refuses a header stating more than it may inflate, before inflating anything (a zlib bomb)', () => {
    const bomb = hunkText('literal', Buffer.alloc(4096), 4096);
    bomb[0] = `literal ${MAX_BINARY_BYTES + 1}`;
    expect(corrupt(bomb).message).toMatch(/states \d+ bytes, more than the \d+ chord-patch inflates/);
  });
});

/** A delta: source size, target size (varints), then the ops' bytes. */
function delta(sourceSize: number, targetSize: number, ...ops: number[]): Uint8Array {
  const varint = (n: number) => {
    const out: number[] = [];
    do {
      let b = n & 0x7f;
      n = Math.floor(n / 128);
      if (n > 0) b |= 0x80;
      out.push(b);
    } while (n > 0);
    return out;
  };
  return Uint8Array.from([...varint(sourceSize), ...varint(targetSize), ...ops]);
}

describe("git's delta", () => {
  const src = Buffer.from('0123456789');

  it('copies ranges of the source (offset and size bytes as the flags say) and inserts new bytes', () => {
    // Copy offset 2 size 3 (flags 0x01 and 0x10), insert "ab", copy offset 8 size 2.
    const d = delta(10, 7, 0x91, 2, 3, 0x02, 0x61, 0x62, 0x91, 8, 2);
    expect(Buffer.from(applyDelta(src, d) as Uint8Array).toString()).toBe('234ab89');
    // No offset byte: offset 0; a size byte in the second position (0x20): size 256 * n.
    const big = Buffer.alloc(512, 7);
    expect(applyDelta(big, delta(512, 512, 0xa0, 2))).toEqual(new Uint8Array(big));
  });

  it('reads a copy size of 0 as 0x10000', () => {
    const source = Uint8Array.from({ length: 0x10000 + 5 }, (_, i) => i & 0xff);
    const out = applyDelta(source, delta(source.length, 0x10000, 0x80));
    expect(out).toEqual(source.subarray(0, 0x10000));
    // The same copy from a source shorter than 0x10000 reaches past it.
    expect(applyDelta(src, delta(10, 0x10000, 0x80))).toMatch(/reaches past/);
  });

  it('refuses a copy outside the source, a wrong source or result size, opcode 0 and a cut-short delta', () => {
    expect(applyDelta(src, delta(10, 4, 0x91, 8, 4))).toMatch(/reaches past the 10-byte file/);
    expect(applyDelta(src, delta(11, 1, 0x01, 0x61))).toMatch(/for a 11-byte file/);
    expect(applyDelta(src, delta(10, 3, 0x01, 0x61))).toMatch(/makes 1 bytes, its header states 3/);
    // A result size no file this side of a hostile patch has: refused before anything is allocated.
    expect(applyDelta(src, delta(10, 2 ** 40, 0x01, 0x61))).toMatch(/more than the \d+ bytes it may make/);
    expect(applyDelta(src, delta(10, 1, 0x02, 0x61, 0x62))).toMatch(/past the stated result size/);
    expect(applyDelta(src, delta(10, 1, 0x00))).toMatch(/opcode 0/);
    expect(applyDelta(src, delta(10, 2, 0x91, 2))).toMatch(/cut short/);
    expect(applyDelta(src, Uint8Array.from([0x8a]))).toMatch(/cut short in its header/);
  });
});

describe('blob ids and the checked result', () => {
  it("hashes as git hash-object does ('blob <size>\\0' + bytes)", () => {
    expect(blobId(new Uint8Array(0))).toBe('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
    expect(blobId(Buffer.from('hello\n'))).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
    expect(blobId([Buffer.from('hel'), Buffer.from('lo\n')])).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
  });

  const old = Buffer.from('hello\n');
  const neu = Buffer.from('hel\0lo\n');
  const change = (over: Partial<BinaryChange> = {}): BinaryChange => ({
    oldId: blobId(old),
    newId: blobId(neu),
    hunk: { method: 'literal', data: neu, patchLine: 4 },
    ...over,
  });
  const failure = (run: () => unknown) => {
    try {
      run();
    } catch (e) {
      if (e instanceof OpError) return e;
      throw e;
    }
    throw new Error('expected a failure');
  };

  it('gives the new bytes only when the file is the old blob and the result the new one', () => {
    expect(binaryResult(change(), { type: 'bytes', bytes: old })).toEqual(neu);
    const differs = failure(() => binaryResult(change(), { type: 'bytes', bytes: Buffer.from('other\n') }));
    expect(differs.code).toBe('content_differs');
    expect(differs.reason).toContain(blobId(old));
    expect(differs.site.patchLine).toBe(4);
    expect(failure(() => binaryResult(change(), { type: 'bytes', bytes: neu })).code).toBe('already_applied');
    const wrong = failure(() => binaryResult(change({ newId: NO_BLOB.replace(/0$/, '1') }), { type: 'bytes', bytes: old }));
    expect(wrong.reason).toMatch(/makes the blob .* not 0+1/);
  });
});

describe('binary entries of a diff', () => {
  const id = (s: string) => blobId(Buffer.from(s));
  const entry = (index: string, ...data: string[]) =>
    ['diff --git a/f.bin b/f.bin', index, 'GIT binary patch', ...data].map((l) => `${l}\n`).join('');
  const literal = (s: string) => hunkText('literal', Buffer.from(s));
  const refusal = (text: string, reverse = false) => {
    try {
      const files = parseUnified(text);
      unifiedToOps(reverse ? reverseUnified(files) : files, 1, () => false);
    } catch (e) {
      if (isChordPatchError(e)) return e;
      throw e;
    }
    throw new Error('expected a refusal');
  };

  it('makes an update carrying the forward hunk, and with -R the reverse one with the ids swapped', () => {
    const text = entry(`index ${id('a')}..${id('b')} 100644`, ...literal('b'), ...literal('a'));
    const [op] = unifiedToOps(parseUnified(text), 1, () => true);
    expect(op).toMatchObject({ kind: 'update', path: 'f.bin', hunks: [], binary: { oldId: id('a'), newId: id('b') } });
    expect(Buffer.from(op!.binary!.hunk.data).toString()).toBe('b');
    const [back] = unifiedToOps(reverseUnified(parseUnified(text)), 1, () => true);
    expect(back!.binary).toMatchObject({ oldId: id('b'), newId: id('a') });
    expect(Buffer.from(back!.binary!.hunk.data).toString()).toBe('a');
  });

  it('refuses abbreviated ids (git: without full index line), -R without a reverse hunk, and ids that contradict the headers', () => {
    expect(refusal(entry('index 1234567..89abcde 100644', ...literal('b'))).message).toContain('without full index line');
    expect(refusal(entry(`index ${id('a')}..${id('b')} 100644`, ...literal('b')), true).message).toContain('no reverse hunk');
    const added = [
      'diff --git a/f.bin b/f.bin',
      'new file mode 100644',
      `index ${id('a')}..${id('b')}`,
      'GIT binary patch',
      ...literal('b'),
    ];
    expect(refusal(added.map((l) => `${l}\n`).join('')).message).toContain('contradicts itself');
    const both = `${entry(`index ${id('a')}..${id('b')}`, ...literal('b'))}--- a/f.bin\n+++ b/f.bin\n@@ -1 +1 @@\n-a\n+b\n`;
    expect(refusal(both).message).toContain('both a binary patch and text hunks');
    // "Binary files ... differ" says only that the file changed: there is nothing to apply.
    const bare = refusal(`diff --git a/f.bin b/f.bin\nindex ${id('a')}..${id('b')}\nBinary files a/f.bin and b/f.bin differ\n`);
    expect([bare.code, bare.message]).toEqual(['binary_patch', expect.stringContaining('with no content to apply')]);
  });
});
