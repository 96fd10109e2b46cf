// The function context on a unified diff's @@ line as a witness among repeated blocks (match/func-context.ts).
import { describe, expect, it } from 'vitest';
import { placesNamedBy } from '../../src/match/func-context.js';
import { LineIndex } from '../../src/match/seek.js';

const file = (...lines: string[]) => new LineIndex(lines);

describe("git's default function context", () => {
  it('is the nearest line above a place that starts with a letter, _ or $', () => {
    const index = file('func a() {', '\tx', '}', '$b = 1', '\tx', '_c:', '  indented', '\tx');
    expect(placesNamedBy(index, [1, 4, 7], 'func a() {')).toEqual([1]);
    expect(placesNamedBy(index, [1, 4, 7], '$b = 1')).toEqual([4]);
    expect(placesNamedBy(index, [7, 1, 4], '_c:')).toEqual([7]);
  });

  it('carries over places with no such line between them', () => {
    const index = file('# Title', 'intro', '    x', '* item', '    x', '    x');
    expect(placesNamedBy(index, [2, 4, 5], 'intro')).toEqual([2, 4, 5]);
  });

  it('is cut as git (80 bytes) and GNU diff (40 bytes) cut it, its end trimmed', () => {
    const long = `function ${'n'.repeat(100)}() {`;
    const index = file(long, '  x');
    expect(placesNamedBy(index, [1], long.slice(0, 80))).toEqual([1]);
    expect(placesNamedBy(index, [1], long.slice(0, 40))).toEqual([1]);
    expect(placesNamedBy(index, [1], long.slice(0, 60))).toEqual([]);
    expect(placesNamedBy(file('def f():   ', '  x'), [1], 'def f():')).toEqual([1]);
  });

  it('names nothing when the file has no such line above the place', () => {
    expect(placesNamedBy(file('  a', '  x'), [1], 'a')).toEqual([]);
  });
});
