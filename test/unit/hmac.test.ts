import { execFileSync } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hmacSha256, sameDigest, sha256 } from '../../src/commit/hmac.js';
import { bunExecutable } from '../../scripts/bun.mjs';

describe('the journal signature (HMAC-SHA256 in plain JavaScript)', () => {
  it.each([0, 1, 55, 56, 63, 64, 65, 119, 1000, 70_000])('hashes %i bytes as node:crypto does', (n) => {
    const data = randomBytes(n);
    expect(Buffer.from(sha256(data)).toString('hex')).toBe(createHash('sha256').update(data).digest('hex'));
  });

  it.each([0, 16, 32, 64, 65, 200])('signs under a %i-byte key as node:crypto does', (k) => {
    const key = randomBytes(k);
    const data = randomBytes(333);
    expect(hmacSha256(key, data)).toBe(createHmac('sha256', key).update(data).digest('hex'));
  });

  it("signs as node:crypto does under Bun's native hasher too (the binary's journals verify under Node and back)", () => {
    const cases = [0, 16, 64, 65, 200].map((k) => ({ key: randomBytes(k).toString('hex'), data: randomBytes(333).toString('hex') }));
    const script = `
      import { hmacSha256 } from ${JSON.stringify(join(import.meta.dirname, '../../src/commit/hmac.ts'))};
      const cases = JSON.parse(process.argv[1]);
      console.log(JSON.stringify(cases.map((c) => hmacSha256(Buffer.from(c.key, 'hex'), Buffer.from(c.data, 'hex')))));`;
    const signed = JSON.parse(execFileSync(bunExecutable(), ['-e', script, JSON.stringify(cases)], { encoding: 'utf8' }));
    expect(signed).toEqual(
      cases.map((c) => createHmac('sha256', Buffer.from(c.key, 'hex')).update(Buffer.from(c.data, 'hex')).digest('hex')),
    );
  });

  it("records content images under Bun's native hasher as node:crypto does (the binary's journals read by the Node CLI)", () => {
    const pieces = [0, 1, 64, 20_000].map((n) => randomBytes(n).toString('hex'));
    const script = `
      import { imageOf, sha256Hex } from ${JSON.stringify(join(import.meta.dirname, '../../src/platform/sha256.ts'))};
      const pieces = JSON.parse(process.argv[1]).map((p) => Buffer.from(p, 'hex'));
      console.log(JSON.stringify({ whole: pieces.map((p) => sha256Hex(p)), image: imageOf(pieces) }));`;
    const got = JSON.parse(execFileSync(bunExecutable(), ['-e', script, JSON.stringify(pieces)], { encoding: 'utf8' }));
    const bytes = pieces.map((p) => Buffer.from(p, 'hex'));
    expect(got.whole).toEqual(bytes.map((b) => createHash('sha256').update(b).digest('hex')));
    expect(got.image).toEqual({
      size: Buffer.concat(bytes).length,
      sha256: createHash('sha256').update(Buffer.concat(bytes)).digest('hex'),
    });
  });

  it('compares digests by value', () => {
    expect(sameDigest('ab12', 'ab12')).toBe(true);
    expect(sameDigest('ab12', 'ab13')).toBe(false);
    expect(sameDigest('ab12', 'ab1')).toBe(false);
  });
});
