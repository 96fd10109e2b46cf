import { describe, expect, it } from 'vitest';
import { LINE_PASSES, LINE, passWords, TOLERANT, TOLERANT_PASSES, type TolerantPassSpec, EDIT_STEP_WORDS } from '../../src/match/passes.js';
import { LineIndex, PASSES } from '../../src/match/seek.js';
import { tolerantKey } from '../../src/match/tolerant.js';
import { placementLines } from '../../src/report/verbose.js';

describe('the registry of matching passes', () => {
  it('names every pass once, in the order the matchers try them', () => {
    expect([...PASSES]).toEqual(['exact', 'trim-end', 'trim']);
    expect([...LINE_PASSES, ...TOLERANT_PASSES]).toEqual(['exact', 'trim-end', 'trim', 'punctuation', 'punctuation-wide']);
  });

  it('gives every pass its words, and a note to every pass that adapts something', () => {
    for (const pass of [...LINE_PASSES, ...TOLERANT_PASSES]) {
      expect(passWords(pass)?.how).toMatch(/\w/);
      if (pass !== 'exact') expect(passWords(pass)?.note).toMatch(/\w/);
    }
    for (const pass of TOLERANT_PASSES) expect(TOLERANT[pass].words.ambiguity).toMatch(/\w/);
    for (const words of Object.values(EDIT_STEP_WORDS)) expect(words).toMatch(/\w/);
    expect(passWords('append')).toBeUndefined();
    expect(passWords('toString')).toBeUndefined();
  });

  it('refuses at compile time a pass entry without its words', () => {
    const missing: { readonly [P in 'punctuation']: TolerantPassSpec } = {
      // @ts-expect-error: a tolerant pass must say how it is worded
      punctuation: { fold: {}, trimStart: false },
    };
    expect(missing.punctuation.fold).toEqual({});
  });

  it('compares lines the way each entry says: whitespace trimmed per line pass, folded per tolerant pass', () => {
    const index = new LineIndex(['  a  ', 'b']);
    expect(LINE.exact.trim).toBe(0);
    expect(index.find(['  a'], 0, 'trim-end')).toBe(0);
    expect(index.find(['a'], 0, 'trim-end')).toBe(-1);
    expect(index.find(['a'], 0, 'trim')).toBe(0);
    expect(tolerantKey('  “x”  ', 'punctuation')).toBe('  "x"');
    expect(tolerantKey('  「x」  ', 'punctuation-wide')).toBe('"x"');
  });

  it('words --verbose from the registry, and an unknown pass by its name', () => {
    const line = (pass: string) => placementLines([{ op: 0, path: 'a.txt', hunk: 1, hunks: 1, line: 3, pass }]);
    expect(line('trim-end')).toBe('a.txt: hunk 1/1 matched at line 3 ignoring trailing whitespace\n');
    expect(line('punctuation-wide')).toBe('a.txt: hunk 1/1 matched at line 3 with the wide punctuation fallback\n');
    expect(line('other')).toBe('a.txt: hunk 1/1 matched at line 3 (other)\n');
  });
});
