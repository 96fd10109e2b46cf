// --include / --exclude patterns: git's wildmatch without WM_PATHNAME, and
// git apply's rule that the first matching pattern decides.

import { describe, expect, it } from 'vitest';
import { usePath, wildmatch } from '../../src/input/unified-filter.js';

describe('wildmatch (git, no flags)', () => {
  it('lets * and ? match a slash, as git apply --include does', () => {
    expect(wildmatch('src/*', 'src/deep/a.c')).toBe(true);
    expect(wildmatch('*.c', 'src/deep/a.c')).toBe(true);
    expect(wildmatch('src?a.c', 'src/a.c')).toBe(true);
    expect(wildmatch('src/*.h', 'src/a.c')).toBe(false);
  });

  it('reads classes, ranges, negation, named classes and escapes', () => {
    expect(wildmatch('[ab].c', 'b.c')).toBe(true);
    expect(wildmatch('[!ab].c', 'b.c')).toBe(false);
    expect(wildmatch('[^ab].c', 'c.c')).toBe(true);
    expect(wildmatch('f[0-9]', 'f7')).toBe(true);
    expect(wildmatch('f[[:digit:]]x', 'f3x')).toBe(true);
    expect(wildmatch('[]]', ']')).toBe(true);
    expect(wildmatch('a\\*b', 'a*b')).toBe(true);
    expect(wildmatch('a\\*b', 'axb')).toBe(false);
  });

  it('refuses a pattern it cannot read one way, instead of matching it literally', () => {
    expect(() => wildmatch('[ab', 'a')).toThrow(/never closed/);
    expect(() => wildmatch('a\\', 'a')).toThrow(/lone/);
    expect(() => wildmatch('[[:nope:]]', 'a')).toThrow(/unknown character class/);
    // Named like an Object member, it crashed (exit 70) instead.
    expect(() => wildmatch('[[:constructor:]]', 'a')).toThrow(/unknown character class/);
  });

  it('answers a pattern of many stars against a long path: backtracking through every star would never finish', () => {
    expect(wildmatch(`${'*a'.repeat(30)}b`, 'a'.repeat(5000))).toBe(false);
  });
});

describe('usePath (git apply use_patch)', () => {
  it('lets the first matching pattern decide, and drops unmatched paths only when some --include was given', () => {
    const inc = (pattern: string) => ({ pattern, include: true });
    const exc = (pattern: string) => ({ pattern, include: false });
    expect(usePath('src/deep/a.c', [inc('*.c'), exc('src/deep/*')])).toBe(true);
    expect(usePath('src/deep/a.c', [exc('src/deep/*'), inc('*.c')])).toBe(false);
    expect(usePath('doc/x', [exc('src/*')])).toBe(true);
    expect(usePath('doc/x', [inc('src/*')])).toBe(false);
    expect(usePath('doc/x', [])).toBe(true);
  });
});
