// The line splitter's fast path (a native search per '\n', lone '\r's found
// on the way) must give exactly the offsets and uniform ending of the plain
// definition: '\r\n', '\r' and '\n' end lines, a last line without an ending
// counts, and the uniform ending is only counted when no '\r' stands alone.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitOffsets } from '../../src/text/line-offsets.js';

/** The definition, one regular expression over the text. */
function reference(text: string): { starts: number[]; ends: number[]; uniform: string | undefined | null } {
  const starts: number[] = [];
  const ends: number[] = [];
  const endings = new Set<string>();
  const re = /\r\n|\r|\n/g;
  let start = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    starts.push(start);
    ends.push(m.index);
    endings.add(m[0]);
    start = m.index + m[0].length;
  }
  if (start < text.length) {
    starts.push(start);
    ends.push(text.length);
  }
  starts.push(text.length);
  const uniform = endings.has('\r') ? null : endings.size > 1 ? undefined : endings.has('\r\n') ? '\r\n' : '\n';
  return { starts, ends, uniform };
}

/** Dense in line endings (so the arrays outgrow their first guess), ASCII so chars and bytes coincide. */
const textArb = fc.array(fc.constantFrom('\n', '\r\n', '\r', 'a', 'bc', 'x'.repeat(40), ' '), { maxLength: 300 }).map((p) => p.join(''));
/** Mostly one convention, as real files are, with the odd stray ending. */
const fileArb = fc
  .tuple(fc.constantFrom('\n', '\r\n'), fc.array(fc.constantFrom('', 'ab', 'x'.repeat(70)), { maxLength: 200 }), fc.nat(5), fc.boolean())
  .map(([eol, lines, stray, last]) => {
    const body = lines.map((l, i) => l + (i % 7 === stray ? (eol === '\n' ? '\r\n' : '\r') : eol)).join('');
    return last ? `${body}tail` : body;
  });

describe('line offsets', () => {
  it('split text and bytes exactly as the plain definition does, with the same uniform ending', () => {
    fc.assert(
      fc.property(fc.oneof(textArb, fileArb), (text) => {
        const ref = reference(text);
        for (const content of [text, Buffer.from(text, 'latin1')]) {
          const got = splitOffsets(content);
          expect({ starts: [...got.starts], ends: [...got.ends], uniform: got.uniform }).toEqual(ref);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('counts a file of CRLF lines as CRLF and a lone final carriage return as a line end', () => {
    expect(splitOffsets('a\r\nb\r\n').uniform).toBe('\r\n');
    expect(splitOffsets(Buffer.from('a\r\nb\r')).uniform).toBeNull();
    expect([...splitOffsets(Buffer.from('a\r\nb\r')).ends]).toEqual([1, 4]);
  });
});
