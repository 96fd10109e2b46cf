// The fold data behind tolerant matching (match/folds.ts), built on first
// use: the per-code-unit tables say what the maps say, and the wide profile
// folds everything Chord's map does.

import { describe, expect, it } from 'vitest';
import { foldMaps, foldTable } from '../../src/match/folds.js';

describe('fold maps and tables', () => {
  it('hold the same folds: every code unit folds in a table exactly as its map says, and nothing else folds', () => {
    for (const wide of [false, true]) {
      const map = wide ? foldMaps().wide : foldMaps().base;
      const table = foldTable(wide);
      const differing: string[] = [];
      for (let cp = 0; cp < 0x10000; cp++) if (table[cp] !== (map.get(cp) ?? 0)) differing.push(`U+${cp.toString(16)}`);
      expect(differing).toEqual([]);
    }
  });

  it('fold in the wide profile everything Chord map folds, the same way', () => {
    const { base, wide } = foldMaps();
    for (const [cp, to] of base) expect(wide.get(cp)).toBe(to);
    expect(wide.size).toBeGreaterThan(base.size);
  });

  it('give each fold of Chord map a family, and keep full-width letters and digits as they are', () => {
    const { base, kind, wide } = foldMaps();
    expect([...kind.keys()].sort()).toEqual([...base.keys()].sort());
    expect(base.get(0x201c)).toBe(0x22);
    expect(kind.get(0x2014)).toBe('dashes');
    expect(wide.get(0xff01)).toBe(0x21); // ！ -> !
    expect(wide.has(0xff21)).toBe(false); // Ａ stays
    expect(wide.has(0xff10)).toBe(false); // ０ stays
  });

  it('are built once: later calls return the same objects', () => {
    expect(foldMaps()).toBe(foldMaps());
    expect(foldTable(true)).toBe(foldTable(true));
    expect(foldTable(false)).not.toBe(foldTable(true));
  });
});
