// The commit journal records a SHA-256 of what each commit writes, and a
// commit interrupted under one runtime may be recovered under the other (the
// binary runs on Bun, `npx chord-patch` on Node). Under Bun, createHash uses
// Bun's native CryptoHasher (src/startup/lazy-builtins.ts): its digests must
// be Node's, byte for byte, or recovery would take the commit's own content
// for another program's change.
import { execFileSync } from 'node:child_process';
import { createHash as nodeHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bunExecutable } from '../../scripts/bun.mjs';
import { createHash } from '../../src/startup/lazy-builtins.js';

const ROOT = join(import.meta.dirname, '..', '..');
const INPUTS = ['', 'chord-patch', 'é中\u{1F600}\r\n'.repeat(1000)];

describe('createHash under both runtimes', () => {
  it('gives Node the digests of node:crypto', () => {
    for (const s of INPUTS) {
      const bytes = Buffer.from(s, 'utf8');
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(nodeHash('sha256').update(bytes).digest('hex'));
    }
  });

  it('gives Bun the digests Node computes, through its native hasher, for bytes fed in pieces', () => {
    const script = [
      `import { createHash } from ${JSON.stringify(join(ROOT, 'src/startup/lazy-builtins.ts'))};`,
      `if (typeof Bun === 'undefined') throw new Error('not Bun');`,
      `const inputs = ${JSON.stringify(INPUTS)};`,
      'const out = inputs.map((s) => {',
      "  const b = Buffer.from(s, 'utf8');",
      "  return createHash('sha256').update(b.subarray(0, 7)).update(b.subarray(7)).digest('hex');",
      '});',
      'console.log(JSON.stringify(out));',
    ].join('\n');
    const printed = execFileSync(bunExecutable(), ['-e', script], { encoding: 'utf8' });
    const want = INPUTS.map((s) => nodeHash('sha256').update(Buffer.from(s, 'utf8')).digest('hex'));
    expect(JSON.parse(printed)).toEqual(want);
  });
});
