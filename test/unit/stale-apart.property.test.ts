// The session's overlap check skips the three-way merge when mayConflict says
// the two sides' changes are too far apart to conflict: wherever it says so,
// the merge itself must find no conflict. Otherwise it merges only the lines
// between those all three share at both ends (mergeConflicts): the conflicts
// must be the whole files' merge's, at the same lines. Files are drawn from few distinct
// lines, so repeated lines, insertions at either end and changed endings all
// come up; both table backings (UTF-8 bytes, decoded text) are checked.

import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { changedSpan, mayConflict, tableEnds } from '../../src/stale/apart.js';
import { linesOf, mergeConflicts } from '../../src/stale/resolve.js';
import { commonEnds, loadMerge, mergeLines } from '../../src/stale/merge.js';
import { LineTable } from '../../src/text/table.js';

const LINE = fc.constantFrom('a\n', 'b\n', 'c\n', 'a\r\n', 'a');
const FILE = fc.array(LINE, { maxLength: 40 }).map((ls) => ls.join(''));

/** A file changed in a few places: each edit replaces, inserts or removes a short run of lines. */
const edited = (file: string) =>
  fc
    .array(fc.record({ at: fc.nat(), cut: fc.nat({ max: 3 }), put: fc.array(fc.constantFrom('x\n', 'a\n', 'b\n'), { maxLength: 3 }) }), {
      maxLength: 3,
    })
    .map((edits) => {
      const lines = file.split(/(?<=\n)/).filter(Boolean);
      for (const e of edits) lines.splice(e.at % (lines.length + 1), e.cut, ...e.put);
      return lines.join('');
    });

const tables = (text: string) => [LineTable.fromUtf8(Buffer.from(text)), LineTable.fromText(text)] as const;
const labels = { ours: 'o', base: 'b', theirs: 't' };

beforeAll(loadMerge);

// Bytes edited anywhere, endings included: a change may split a '\r\n', leave a '\r' alone or cut a line's end.
const UNIT = fc.constantFrom('a', 'b', '\n', '\r', '\r\n', 'é');
const BYTES = fc.array(UNIT, { maxLength: 60 }).map((us) => us.join(''));
const byteEdited = (file: string) =>
  fc.array(fc.record({ at: fc.nat(), cut: fc.nat({ max: 3 }), put: fc.array(UNIT, { maxLength: 3 }) }), { maxLength: 3 }).map((edits) => {
    let out = file;
    for (const e of edits) {
      const at = e.at % (out.length + 1);
      out = out.slice(0, at) + e.put.join('') + out.slice(at + e.cut);
    }
    return out;
  });

describe('tableEnds', () => {
  it('reads the shared bytes into the lines a line-by-line comparison finds', () => {
    fc.assert(
      fc.property(
        BYTES.chain((a) => fc.tuple(fc.constant(a), byteEdited(a))),
        ([a, b]) => {
          const [ab, at] = tables(a);
          const [bb, bt] = tables(b);
          const byLine = commonEnds(at.length, bt.length, (i, j) => at.textAt(i) === bt.textAt(j) && at.eolAt(i) === bt.eolAt(j));
          expect(tableEnds(ab, bb)).toEqual(byLine);
          expect(tableEnds(at, bt)).toEqual(byLine);
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('mayConflict', () => {
  it('is true wherever the merge of the three finds a conflict, on either backing', () => {
    fc.assert(
      fc.property(
        FILE.chain((base) => fc.tuple(fc.constant(base), edited(base), edited(base))),
        ([base, ours, theirs]) => {
          const [bb, bt] = tables(base);
          const [ob, ot] = tables(ours);
          const [tb, tt] = tables(theirs);
          const merged = mergeLines(linesOf(bt), linesOf(ot), linesOf(tt), labels);
          if (!merged.ok) {
            expect(mayConflict(bb, ob, tb)).toBe(true);
            expect(mayConflict(bt, ot, tt)).toBe(true);
          }
          expect(mayConflict(bb, ob, tb)).toBe(mayConflict(bt, ot, tt));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('mergeConflicts finds the conflicts of merging the whole files, at the same lines', () => {
    fc.assert(
      fc.property(
        fc.array(LINE, { maxLength: 60 }).chain((ls) => {
          const base = ls.join('');
          return fc.tuple(fc.constant(base), edited(base), edited(base));
        }),
        ([base, ours, theirs]) => {
          for (const backing of [0, 1] as const) {
            const [b, o, t] = [tables(base)[backing], tables(ours)[backing], tables(theirs)[backing]];
            const whole = mergeLines(linesOf(b), linesOf(o), linesOf(t), labels);
            const preimage = { source: 'session' as const, bytes: Buffer.from(base), hash: '0'.repeat(64), time: 0 };
            const found = mergeConflicts(o, { preimage, base: b, changed: t, range: { start: 0, end: 0 } });
            expect(found).toEqual(whole.ok ? [] : whole.conflicts);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('skips changes far apart, and none where either side is the base', () => {
    const base = Array.from({ length: 40 }, (_, i) => `line ${i}\n`).join('');
    const [b] = tables(base);
    const [ours] = tables(base.replace('line 2\n', 'two\n'));
    const [far] = tables(base.replace('line 30\n', 'thirty\n'));
    const [near] = tables(base.replace('line 9\n', 'nine\n'));
    expect(changedSpan(b, ours)).toEqual({ first: 2, last: 3 });
    expect(changedSpan(b, b)).toBeUndefined();
    expect(mayConflict(b, ours, far)).toBe(false);
    expect(mayConflict(b, ours, near)).toBe(true);
    expect(mayConflict(b, b, far)).toBe(false);
  });
});
