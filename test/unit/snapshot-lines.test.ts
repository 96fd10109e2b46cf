// The run's memo of decoded lines (plan/snapshot-lines.ts): one decode per
// buffer and --encoding, and none kept without a memo.

import { describe, expect, it } from 'vitest';
import { type LinesMemo, snapshotLines } from '../../src/plan/snapshot-lines.js';

describe('snapshotLines', () => {
  it('decodes a buffer once per encoding, and another buffer with the same bytes apart', () => {
    const memo: LinesMemo = new WeakMap();
    const bytes = Buffer.from('a\nb\n');
    const first = snapshotLines(memo, bytes, {});
    expect(first.ok && first.table.length).toBe(2);
    expect(snapshotLines(memo, bytes, {})).toBe(first);
    expect(snapshotLines(memo, Buffer.from('a\nb\n'), {})).not.toBe(first);
    const latin = snapshotLines(memo, bytes, { encoding: 'utf-16le' });
    expect(latin).not.toBe(first);
    expect(snapshotLines(undefined, bytes, {})).not.toBe(first);
  });
});
