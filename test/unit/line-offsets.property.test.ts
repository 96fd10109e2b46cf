// The line splitter's fast path (a native search per '\n', lone '\r's found
// on the way) must give exactly the offsets and uniform ending of the plain
// definition: '\r\n', '\r' and '\n' end lines, a last line without an ending
// counts, and the uniform ending is only counted when no '\r' stands alone.
// A file with one ending keeps no ends (each follows from the next start);
// the arrays start at an estimate and grow past it when it was short.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Split, splitOffsets } from '../../src/text/line-offsets.js';

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

/** Every line's end, as kept or as following from the starts (the arrays may be longer than their views; only the views count). */
function endsOf(split: Split): number[] {
  const n = split.starts.length - 1;
  if (split.ends) {
    expect(split.ends.length).toBe(n);
    return [...split.ends];
  }
  // Only a file with one ending goes without.
  expect(typeof split.uniform).toBe('string');
  const width = split.uniform!.length;
  return Array.from({ length: n }, (_, i) => (i < n - 1 ? split.starts[i + 1]! - width : split.lastEnd));
}

function check(text: string): void {
  const ref = reference(text);
  for (const content of [text, Buffer.from(text, 'latin1')]) {
    const got = splitOffsets(content);
    expect({ starts: [...got.starts], ends: endsOf(got), uniform: got.uniform }).toEqual(ref);
    expect(got.ends === undefined).toBe(typeof ref.uniform === 'string');
  }
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
/** One ending throughout (the common file: no ends kept), or one stray ending somewhere, with or without a final ending. */
const oneEndingArb = fc
  .tuple(
    fc.constantFrom('\n', '\r\n'),
    fc.array(fc.constantFrom('', 'ab', 'x'.repeat(70)), { maxLength: 200 }),
    fc.option(fc.tuple(fc.nat(), fc.constantFrom('\n', '\r\n', '\r')), { nil: undefined }),
    fc.boolean(),
  )
  .map(([eol, lines, stray, last]) => {
    const body = lines.map((l, i) => l + (stray && i === stray[0] % lines.length ? stray[1] : eol)).join('');
    return last ? `${body}tail` : body;
  });
/**
 * Large files (past the size where the line count is estimated from a sample)
 * built of stretches of lines of one length each: a stretch of long lines
 * where the sample looks and short ones elsewhere makes the estimate short,
 * and the arrays must grow.
 */
const largeArb = fc
  .tuple(
    fc.constantFrom('\n', '\r\n'),
    fc.array(fc.tuple(fc.nat(300), fc.integer({ min: 1, max: 3000 })), { minLength: 1, maxLength: 12 }),
    fc.option(fc.nat(), { nil: undefined }),
    fc.boolean(),
  )
  .map(([eol, stretches, stray, last]) => {
    const lines = stretches.flatMap(([width, count]) => Array<string>(count).fill('y'.repeat(width)));
    const body = lines
      .map((l, i) => l + (stray !== undefined && i === stray % lines.length ? (eol === '\n' ? '\r\n' : '\n') : eol))
      .join('');
    return last ? `${body}tail` : body;
  });

describe('line offsets', () => {
  it('split text and bytes exactly as the plain definition does, with the same uniform ending', () => {
    fc.assert(fc.property(fc.oneof(textArb, fileArb, oneEndingArb), check), { numRuns: 1000 });
  });

  it('splits large files exactly too, however far the sampled line count is from the real one', () => {
    fc.assert(fc.property(largeArb, check), { numRuns: 40 });
  });

  it('grows its arrays past a short estimate: long lines where the sample looks, empty lines elsewhere', () => {
    // The sample windows start at 0, 1/7, 2/7, ... of the content: all land in lines of 2,000 units,
    // while most lines are empty ones packed between them.
    const long = `${'z'.repeat(1999)}\n`;
    const text = Array.from({ length: 8 }, (_, k) => long.repeat(4) + (k < 7 ? '\n'.repeat(20000) : '')).join('');
    check(text);
    expect(splitOffsets(text).starts.length - 1).toBe(8 * 4 + 7 * 20000);
  });

  it('keeps no ends for a file of one ending, and all of them once a second ending appears', () => {
    expect(splitOffsets('a\nbc\n').ends).toBeUndefined();
    expect(splitOffsets('a\r\nbc').ends).toBeUndefined();
    expect(splitOffsets('a\r\nbc').lastEnd).toBe(5);
    expect(splitOffsets('a\r\nbc\r\n').lastEnd).toBe(5);
    expect([...splitOffsets('a\r\nbc\r\nd\ne').ends!]).toEqual([1, 5, 8, 10]);
    expect([...splitOffsets('a\nbc\nd\r\n').ends!]).toEqual([1, 4, 6]);
  });

  it('counts a file of CRLF lines as CRLF and a lone final carriage return as a line end', () => {
    expect(splitOffsets('a\r\nb\r\n').uniform).toBe('\r\n');
    expect(splitOffsets(Buffer.from('a\r\nb\r')).uniform).toBeNull();
    expect([...splitOffsets(Buffer.from('a\r\nb\r')).ends!]).toEqual([1, 4]);
  });
});
