import { describe, expect, it } from 'vitest';
import { closestMatch, describeClosest, targetLines } from '../../src/edit/closest.js';
import { align } from '../../src/match/distance.js';

const file = [
  'package main',
  '',
  'import "fmt"',
  '',
  'func add(a, b int) int {',
  '\treturn a + b',
  '}',
  '',
  'func main() {',
  '\tfmt.Println(add(1, 2))',
  '\tfmt.Println("done")',
  '}',
];

/** A deterministic 100,000-line Go-like file with unique lines. */
function bigFile(n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const k = i % 7;
    if (k === 0) out.push(`func handler${i}(w http.ResponseWriter, r *http.Request) {`);
    else if (k === 1) out.push(`\tid := r.URL.Query().Get("id${i}")`);
    else if (k === 2) out.push(`\tif err := validate(id, ${i}); err != nil {`);
    else if (k === 3) out.push(`\t\thttp.Error(w, err.Error(), ${400 + (i % 100)})`);
    else if (k === 4) out.push('\t\treturn');
    else if (k === 5) out.push('\t}');
    else out.push('}');
  }
  return out;
}

describe('closestMatch points at a one-character typo', () => {
  it('names the right line and the differing character for a dropped parenthesis', () => {
    const c = closestMatch(file, '\tfmt.Println(add(1, 2)\n');
    expect(c.kind).toBe('chars');
    if (c.kind !== 'chars') return;
    expect(c.line).toBe(10);
    expect(c.differences).toHaveLength(1);
    const d = c.differences[0]!;
    expect(d.fileLine).toBe(10);
    expect(d.targetLine).toBe(1);
    expect(d.fileChar).toBe(')');
    expect(d.targetChar).toBe('');
    expect(d.column).toBe('\tfmt.Println(add(1, 2)'.length + 1);
  });

  it.each([
    ['a doubled comma', 'func add(a,, b int) int {', 5, ' ', ','],
    ['a wrong letter', '\tfmt.Println("dome")', 11, 'n', 'm'],
    ['a missing space inside a multi-line block', 'func add(a, b int) int {\n\treturn a +b\n}', 6, ' ', 'b'],
  ])('finds %s', (_name, target, line, fileChar, targetChar) => {
    const c = closestMatch(file, target);
    expect(c.kind).toBe('chars');
    if (c.kind !== 'chars') return;
    expect(c.differences[0]!.fileLine).toBe(line);
    expect(c.differences[0]!.fileChar).toBe(fileChar);
    expect(c.differences[0]!.targetChar).toBe(targetChar);
  });

  it('aligns a fragment of a line to its place inside the line', () => {
    const c = closestMatch(file, 'Println("dome")');
    expect(c.kind).toBe('chars');
    if (c.kind !== 'chars') return;
    const d = c.differences[0]!;
    expect(d.fileLine).toBe(11);
    expect(d.column).toBe('\tfmt.Println("do'.length + 1);
    expect(d.targetOffset).toBe('Println("do'.length);
  });

  it('reports a similarity below 100 percent', () => {
    const c = closestMatch(file, '\tfmt.Println(add(1; 2))');
    expect(c.kind).toBe('chars');
    if (c.kind !== 'chars') return;
    expect(c.similarity).toBeGreaterThan(80);
    expect(c.similarity).toBeLessThan(100);
  });
});

describe('closestMatch names drift when whole lines moved', () => {
  it('reports lines added inside the block with read coordinates covering it', () => {
    const target = ['func main() {', '\tfmt.Println(add(1, 2))', '\tfmt.Println("done")', '}'].join('\n');
    const drifted = [...file.slice(0, 9), '\tx := 1', '\ty := 2', '\tz := 3', ...file.slice(9)];
    const c = closestMatch(drifted, target);
    expect(c.kind).toBe('drift');
    if (c.kind !== 'drift') return;
    expect(c.line).toBe(9);
    expect(c.endLine).toBe(15);
    expect(c.lineDelta).toBe(3);
    expect(c.offset).toBeLessThanOrEqual(9);
    expect(c.offset + c.limit - 1).toBeGreaterThanOrEqual(15);
    expect(describeClosest(c)).toContain('3 more lines');
    expect(describeClosest(c)).toMatch(/offset=\d+, limit=\d+/);
  });

  it('reports re-indented lines as drift in indentation', () => {
    const target = [
      'func add(a, b int) int {',
      '    return a + b',
      '}',
      '',
      'func main() {',
      '    fmt.Println(add(1, 2))',
      '    fmt.Println("done")',
      '}',
    ].join('\n');
    const c = closestMatch(file, target);
    expect(c.kind).toBe('drift');
    if (c.kind !== 'drift') return;
    expect(c.indentOnly).toBe(3);
    expect(describeClosest(c)).toContain('only in indentation');
  });
});

describe('closestMatch gives up honestly', () => {
  it.each([
    ['text that is nowhere in the file', 'SELECT * FROM users WHERE id = 42'],
    ['whitespace only', '   \n\t'],
  ])('finds no similar block for %s', (_name, target) => {
    const c = closestMatch(file, target);
    expect(c.kind).toBe('none');
    expect(describeClosest(c)).toContain('2-4 line block');
  });

  it('says when only line breaks differ', () => {
    const c = closestMatch(['abc', 'def'], 'abc\ndef\n\n');
    expect(c.kind === 'newlines' || c.kind === 'chars').toBe(true);
  });
});

describe('closestMatch stays bounded on large files', () => {
  const big = bigFile(100_000);

  it.each([
    ['a one-line typo deep in the file', '\tid := r.URL.Query().Get("id7001)', 7002],
    [
      'a typo inside a multi-line block',
      'func handler70000(w http.ResponseWriter, r *http.Request) {\n' +
        '\tid := r.URL.Query().Get("id70001")\n\tif err := validate(id, 70002) err != nil {',
      70003,
    ],
  ])('finds %s with work linear in the file size', (_name, target, line) => {
    const c = closestMatch(big, target);
    expect(c.kind).toBe('chars');
    if (c.kind !== 'chars') return;
    expect(c.differences[0]!.fileLine).toBe(line);
    const chars = big.reduce((n, l) => n + l.length + 1, 0);
    // A fixed number of scans over the file (a few words, at most one trigram
    // pass) plus a capped amount of comparison.
    expect(c.work).toBeLessThanOrEqual(10 * chars + 4_000_000);
  });

  it('shows every line of a block where each line lost one character', () => {
    const target = [big[50_001]!, big[50_002]!, big[50_003]!].map((l) => l.replace('r', '')).join('\n');
    const c = closestMatch(big, target);
    expect(c.kind).toBe('chars');
    if (c.kind !== 'chars') return;
    expect(c.line).toBe(50_002);
    expect(c.differences.map((d) => d.fileLine)).toEqual([50_002, 50_003, 50_004]);
  });

  it('spends no comparison work beyond the cap on a huge unmatched target', () => {
    const target = Array.from({ length: 2000 }, (_, i) => `\tunrelated_line_${i} := compute(${i})`).join('\n');
    const c = closestMatch(big, target);
    const chars = big.reduce((n, l) => n + l.length + 1, 0);
    expect(c.work).toBeLessThanOrEqual(10 * chars + 4_000_000);
  });
});

describe('align measures edits against the best-fitting part of a line', () => {
  it.each([
    ['identical text', 'abc', 'abc', false, false, 0, 0],
    ['one substitution', 'abc', 'abd', false, false, 1, 0],
    ['a fragment found inside a longer line', 'foo(1)', 'x = foo(1);', true, true, 0, 4],
    ['a suffix of a line for a first line', 'bar {', 'func bar {', true, false, 0, 5],
    ['a prefix of a line for a last line', '}', '} // end', false, true, 0, 0],
    ['a fragment with one typo', 'foo(2)', 'x = foo(1);', true, true, 1, 4],
  ])('handles %s', (_name, target, line, freeStart, freeEnd, distance, segStart) => {
    const a = align(target, line, freeStart, freeEnd);
    expect(a.distance).toBe(distance);
    expect(a.segStart).toBe(segStart);
  });
});

describe('targetLines', () => {
  it.each([
    ['a final newline does not start another line', 'a\nb\n', ['a', 'b']],
    ['no final newline', 'a\nb', ['a', 'b']],
    ['a single newline is one empty line', '\n', ['']],
  ])('%s', (_name, text, lines) => {
    expect(targetLines(text)).toEqual(lines);
  });
});
