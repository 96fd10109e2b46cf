import { describe, expect, it } from 'vitest';
import { closeFailures, type OpPaths } from '../../src/plan/groups.js';

const update = (p: string): OpPaths => ({ group: p, paths: [p] });
const move = (from: string, to: string): OpPaths => ({ group: from, paths: [from, to] });
const result = (ops: OpPaths[], failed: number[]) => {
  const c = closeFailures(ops, failed);
  return { discarded: [...c.discarded].sort((a, b) => a - b), chains: c.chains };
};

describe('which operations a failure discards', () => {
  it('discards nothing when nothing failed', () => {
    expect(result([update('a'), move('a', 'b')], [])).toEqual({ discarded: [], chains: [] });
  });

  it('drags the earlier sections of the failed file and nothing independent', () => {
    expect(result([update('a'), update('b'), update('a')], [2])).toEqual({ discarded: [0, 2], chains: [[0, 2]] });
  });

  it('keeps an earlier move when a later operation on its destination fails', () => {
    expect(result([move('a', 'b'), update('b')], [1])).toEqual({ discarded: [1], chains: [[1]] });
  });

  it('keeps an earlier update when a later move onto its path fails', () => {
    expect(result([update('b'), move('a', 'b')], [1])).toEqual({ discarded: [1], chains: [[1]] });
  });

  it('drags later operations on either path of a failed move into one chain', () => {
    expect(result([move('a', 'b'), update('b'), update('a'), update('c')], [0])).toEqual({ discarded: [0, 1, 2], chains: [[0, 1, 2]] });
  });

  it('drags what depended on an earlier operation of a group that fails later', () => {
    // 0 moves a to b, 1 edits b (depends on 0), 2 fails on a: group a goes, 1 with it.
    expect(result([move('a', 'b'), update('b'), update('a'), update('c')], [2])).toEqual({ discarded: [0, 1, 2], chains: [[0, 1, 2]] });
  });

  it('follows a dependency chain across several files', () => {
    const ops = [move('a', 'b'), move('b', 'c'), move('c', 'd'), update('x'), update('a')];
    expect(result(ops, [4])).toEqual({ discarded: [0, 1, 2, 4], chains: [[0, 1, 2, 4]] });
  });

  it('reports unrelated failures as separate chains', () => {
    expect(result([update('a'), update('b'), update('c')], [0, 2])).toEqual({ discarded: [0, 2], chains: [[0], [2]] });
  });

  it('discards all 80,000 sections of one file for its last failure, and reports 80,000 independent failures apart', () => {
    const one = Array.from({ length: 80_000 }, () => update('a'));
    expect(closeFailures(one, [79_999]).discarded.size).toBe(80_000);
    const many = Array.from({ length: 80_000 }, (_, i) => update(`f${i}`));
    expect(
      closeFailures(
        many,
        Array.from({ length: 80_000 }, (_, i) => i),
      ).chains,
    ).toHaveLength(80_000);
  });
});
