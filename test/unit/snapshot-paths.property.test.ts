// The snapshot's path checks take shortcuts on the common case (a path
// spelled below the root; files sharing directories); they must answer
// exactly as the plain rules do on any paths.

import { posix } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkOverlaps, isInside, resolveRef } from '../../src/plan/snapshot.js';

/** The rule: inside when the path relative to the root neither climbs out nor is absolute. */
function insideByRule(root: string, abs: string): boolean {
  const rel = posix.relative(root, abs);
  return rel === '' || (!rel.startsWith('../') && rel !== '..' && !posix.isAbsolute(rel));
}

/** Paths over a tiny alphabet, so that prefixes, siblings (`a` and `ab`) and nesting are common. */
const segment = fc.constantFrom('a', 'b', 'ab', '.', '..', 'a.b');
const relPath = fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => s.join('/'));
const absPath = fc.array(segment, { maxLength: 5 }).map((s) => posix.resolve('/', s.join('/')));

describe('isInside', () => {
  it('answers as the relative-path rule for any resolved path and root, the file-system root included', () => {
    fc.assert(
      fc.property(absPath, relPath, (root, rel) => {
        const abs = posix.resolve(root, rel);
        return isInside(root, abs) === insideByRule(root, abs);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps a sibling whose name starts with the root name outside it', () => {
    expect(isInside('/work/a', '/work/ab/x')).toBe(false);
    expect(isInside('/work/a', '/work/a/x')).toBe(true);
    expect(isInside('/work/a', '/work/a')).toBe(true);
    expect(isInside('/', '/x')).toBe(true);
  });
});

describe('checkOverlaps', () => {
  /** The rule: some named path is a directory above another named path (the file-system root is never taken for one). */
  const nestedByRule = (paths: string[]): boolean => paths.some((p) => p !== '/' && paths.some((q) => q.startsWith(`${p}/`)));

  it('refuses exactly the sets of paths where one path lies below another, however many share a directory', () => {
    fc.assert(
      fc.property(fc.array(relPath, { minLength: 1, maxLength: 12 }), (rels) => {
        const refs = rels.map((r) => resolveRef('/root', r));
        const nested = nestedByRule([...new Set(refs.map((r) => r.abs))]);
        let threw = false;
        try {
          checkOverlaps(refs);
        } catch (e) {
          threw = true;
          expect((e as { code?: string }).code).toBe('overlapping_operations');
        }
        return threw === nested;
      }),
      { numRuns: 3000 },
    );
  });
});
