// recountHunk: git apply --recount's counts (apply.c recount_diff), with the
// boundaries git leaves to luck made explicit: the next file, a mail's next
// commit, format-patch's signature, and blank separators before them.

import { describe, expect, it } from 'vitest';
import { recountHunk } from '../../src/input/unified-recount.js';

const never = () => false;

describe('recountHunk', () => {
  it('counts context on both sides, removed lines on the old, added on the new', () => {
    expect(recountHunk([' a', '-b', '+B', '+C', ' d'], 0, never)).toEqual({ old: 3, new: 4 });
  });

  it('stops at the next hunk, and leaves the blank lines before it out', () => {
    expect(recountHunk(['-a', '+A', '', '', '@@ -5 +5 @@', '-x'], 0, never)).toEqual({ old: 1, new: 1 });
  });

  it('counts a blank line between hunk lines as an empty context line', () => {
    expect(recountHunk([' a', '', '-b', '+B'], 0, never)).toEqual({ old: 3, new: 3 });
  });

  it('does not count \\ No newline at end of file', () => {
    expect(recountHunk(['-a', '\\ No newline at end of file', '+A'], 0, never)).toEqual({ old: 1, new: 1 });
  });

  it('stops where a file starts, and at the first line that is no hunk line', () => {
    const lines = ['-a', '+A', '--- a/g', '+++ b/g'];
    expect(recountHunk(lines, 0, (i) => i === 2)).toEqual({ old: 1, new: 1 });
    expect(recountHunk(['-a', '+A', 'Only in x: y', '-z'], 0, never)).toEqual({ old: 1, new: 1 });
  });

  it('tells format-patch\'s signature from a removed "- " line', () => {
    expect(recountHunk(['-a', '+A', '-- ', '2.39.5', ''], 0, never)).toEqual({ old: 1, new: 1 });
    expect(recountHunk(['-a', '+A', '-- ', ' b'], 0, never)).toEqual({ old: 3, new: 2 });
    expect(recountHunk(['-a', '-- '], 0, never)).toEqual({ old: 1, new: 0 });
  });
});
