// The terminal's wording of failures: the facts the model reads, without the
// instructions meant for a model (resubmit, read coordinates).

import { describe, expect, it } from 'vitest';
import { describeAlreadyApplied, describePartlyApplied } from '../../src/match/describe.js';
import { forPerson } from '../../src/report/person.js';
import type { Hunk } from '../../src/types.js';

const hunk = (text: string): Hunk => ({ lines: [{ op: '+', text }], endOfFile: false, patchLine: 1 });

describe('forPerson', () => {
  it('says a section sent before needs nothing, and which hunks of a partly applied one still apply, with no resubmit', () => {
    const hunks = [hunk('a'), hunk('b'), hunk('c')];
    expect(forPerson(describeAlreadyApplied(hunks, [4, 9], false))).toBe(
      'already applied; nothing to change: the new text of every hunk already stands in the file (lines 5, 10)',
    );
    expect(forPerson(describePartlyApplied(hunks, [{ hunk: 0, line: 4 }], [1, 2]))).toBe(
      'partly applied; no change made: hunk 1/3 already stands in the file (line 5) and hunks 2/3, 3/3 do not: ' +
        'apply only hunks 2/3, 3/3, to the file as it is now',
    );
  });

  it('leaves a message with no instruction for a model as it is', () => {
    const m = 'b.txt: hunk ambiguous (1/1): expected line "same"; the context matches 2 places (lines 2, 4) in the file';
    expect(forPerson(m)).toBe(m);
  });
});
