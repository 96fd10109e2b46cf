import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatValidation, validateInput, validatePatch } from '../../src/input/validate.js';
import { APPLY_PATCH_GRAMMAR } from '../../src/models/grammar.js';

const ROOT = join(import.meta.dirname, '..', '..');
const CODEX = join(ROOT, 'test', 'fixtures-data', 'codex-patches');
const SHARED_GRAMMAR = join(ROOT, '..', 'shared', 'spec', 'apply_patch.lark');
const P = (...lines: string[]) => `${lines.join('\n')}\n`;

describe('the embedded grammar', () => {
  it('is the Lark grammar Codex sends, ending in one newline', () => {
    expect(APPLY_PATCH_GRAMMAR.startsWith('start: begin_patch hunk+ end_patch\n')).toBe(true);
    expect(APPLY_PATCH_GRAMMAR.endsWith('\n%import common.LF\n')).toBe(true);
    expect(APPLY_PATCH_GRAMMAR).toContain('change_context: ("@@" | "@@ " /(.+)/) LF\n');
  });

  it.runIf(existsSync(SHARED_GRAMMAR))('matches ../shared/spec/apply_patch.lark byte for byte', () => {
    expect(Buffer.from(APPLY_PATCH_GRAMMAR, 'utf8').equals(readFileSync(SHARED_GRAMMAR))).toBe(true);
  });
});

// Every Codex scenario patch: does it conform, would the tolerant parser take
// it, and where does a non-conforming one first break the grammar.
const CODEX_EXPECT: Record<string, { conforms: boolean; accepted: boolean; first?: [number, number] }> = {
  '001_add_file': { conforms: true, accepted: true },
  '002_multiple_operations': { conforms: true, accepted: true },
  '003_multiple_chunks': { conforms: true, accepted: true },
  '004_move_to_new_directory': { conforms: true, accepted: true },
  '005_rejects_empty_patch': { conforms: false, accepted: false, first: [2, 5] },
  '006_rejects_missing_context': { conforms: true, accepted: true },
  '007_rejects_missing_file_delete': { conforms: true, accepted: true },
  // The grammar's change is optional; Chord's parser wants a hunk.
  '008_rejects_empty_update_hunk': { conforms: true, accepted: false },
  '009_requires_existing_file_for_update': { conforms: true, accepted: true },
  '010_move_overwrites_existing_destination': { conforms: true, accepted: true },
  '011_add_overwrites_existing_file': { conforms: true, accepted: true },
  '012_delete_directory_fails': { conforms: true, accepted: true },
  '013_rejects_invalid_hunk_header': { conforms: false, accepted: false, first: [2, 5] },
  '014_update_file_appends_trailing_newline': { conforms: true, accepted: true },
  '015_failure_after_partial_success_leaves_changes': { conforms: true, accepted: true },
  '016_pure_addition_update_chunk': { conforms: true, accepted: true },
  '017_whitespace_padded_hunk_header': { conforms: false, accepted: true, first: [2, 1] },
  '018_whitespace_padded_patch_markers': { conforms: false, accepted: true, first: [1, 1] },
  '019_unicode_simple': { conforms: true, accepted: true },
  '020_delete_file_success': { conforms: true, accepted: true },
  '020_whitespace_padded_patch_marker_lines': { conforms: false, accepted: true, first: [1, 16] },
  '021_update_file_deletion_only': { conforms: true, accepted: true },
  '022_update_file_end_of_file_marker': { conforms: true, accepted: true },
  '023_preserves_crlf_line_endings': { conforms: true, accepted: true },
  '024_preserves_mixed_line_endings': { conforms: true, accepted: true },
};

describe('validating the Codex scenario patches', () => {
  const files = readdirSync(CODEX)
    .filter((f) => f.endsWith('.txt'))
    .sort();

  it('has a copy of all 25 scenario patches and an expectation for each', () => {
    expect(files).toHaveLength(25);
    expect(files.map((f) => f.replace(/\.txt$/, ''))).toEqual(Object.keys(CODEX_EXPECT).sort());
  });

  it.each(files)('classifies %s', (file) => {
    const want = CODEX_EXPECT[file.replace(/\.txt$/, '')]!;
    const result = validatePatch(readFileSync(join(CODEX, file), 'utf8'));
    expect(result.conforms).toBe(want.conforms);
    expect(result.violations.length === 0).toBe(want.conforms);
    expect(result.tolerant.accepted).toBe(want.accepted);
    if (want.first) expect([result.violations[0]!.line, result.violations[0]!.column]).toEqual(want.first);
  });
});

describe('validating malformed patches', () => {
  const ok = P(
    '*** Begin Patch',
    '*** Update File: a.txt',
    '@@ def f():',
    ' ctx',
    '-old',
    '+new',
    '*** End of File',
    '*** Add File: b.txt',
    '+hi',
    '*** Delete File: c.txt',
    '*** End Patch',
  );

  it('accepts a patch using every rule of the grammar', () => {
    const r = validatePatch(ok);
    expect(r.violations).toEqual([]);
    expect(r.conforms).toBe(true);
    expect(r.tolerant).toEqual({ accepted: true, operations: 3, repairs: [] });
  });

  it('accepts a final "*** End Patch" with or without its newline', () => {
    expect(validatePatch(ok.slice(0, -1)).conforms).toBe(true);
  });

  it.each([
    // name, text, first violation [line, column], expected contains, found, tolerant accepts
    ['a missing Begin marker', P('*** Update File: f', '-a', '+b', '*** End Patch'), [1, 5], '*** Begin Patch', '"Update File: f"', true],
    ['a missing End marker', P('*** Begin Patch', '*** Update File: f', '-a', '+b'), [5, 1], '*** End Patch', 'end of input', true],
    ['CRLF line endings', '*** Begin Patch\r\n*** Update File: f\r\n-a\r\n+b\r\n*** End Patch\r\n', [1, 16], 'LF', 'CRLF', true],
    ['a trailing space after Begin', P('*** Begin Patch ', '*** Delete File: f', '*** End Patch'), [1, 16], 'LF', '" "', true],
    [
      'an indented operation marker',
      P('*** Begin Patch', '  *** Delete File: f', '*** End Patch'),
      [2, 1],
      '*** Delete File: ',
      '"  *** Delete File: f"',
      true,
    ],
    [
      'no space after the Add marker',
      P('*** Begin Patch', '*** Add File:f', '+x', '*** End Patch'),
      [2, 14],
      '*** Add File: ',
      '"f"',
      true,
    ],
    ['an Add File without a name', P('*** Begin Patch', '*** Add File: ', '+x', '*** End Patch'), [2, 15], 'a file name', 'LF', false],
    ['an Add File with no content', P('*** Begin Patch', '*** Add File: x', '*** End Patch'), [3, 1], '+', '"*** End Patch"', false],
    ['an Add File line without "+"', P('*** Begin Patch', '*** Add File: x', 'hello', '*** End Patch'), [3, 1], '+', '"hello"', false],
    [
      'a bare empty line in a hunk',
      P('*** Begin Patch', '*** Update File: f', ' a', '', ' b', '-c', '*** End Patch'),
      [4, 1],
      ' ',
      'an empty line',
      true,
    ],
    [
      '"@@ " with nothing after it',
      P('*** Begin Patch', '*** Update File: f', '@@ ', '-a', '*** End Patch'),
      [3, 4],
      'header text after "@@ "',
      'LF',
      true,
    ],
    [
      'a hunk after "*** End of File"',
      P('*** Begin Patch', '*** Update File: f', '-a', '*** End of File', '@@', '-b', '*** End Patch'),
      [5, 1],
      '*** End Patch',
      '"@@"',
      true,
    ],
    [
      '"*** Move to:" after a hunk line',
      P('*** Begin Patch', '*** Update File: f', '-a', '*** Move to: g', '*** End Patch'),
      [4, 5],
      '*** End of File',
      '"Move to: g"',
      false,
    ],
    [
      'text after "*** End Patch"',
      P('*** Begin Patch', '*** Delete File: f', '*** End Patch', 'thanks!'),
      [4, 1],
      'end of input',
      '"thanks!"',
      false,
    ],
    [
      'a blank line after "*** End Patch"',
      `${P('*** Begin Patch', '*** Delete File: f', '*** End Patch')}\n`,
      [4, 1],
      'end of input',
      '""',
      true,
    ],
    ['an empty patch', P('*** Begin Patch', '*** End Patch'), [2, 5], '*** Add File: ', '"End Patch"', false],
    ['empty input', '', [1, 1], '*** Begin Patch', 'end of input', false],
    [
      'a leading BOM',
      `\uFEFF${P('*** Begin Patch', '*** Delete File: f', '*** End Patch')}`,
      [1, 1],
      '*** Begin Patch',
      '"\uFEFF*** Begin Patch"',
      true,
    ],
    [
      'an Environment ID line',
      P('*** Begin Patch', '*** Environment ID: e1', '*** Delete File: f', '*** End Patch'),
      [2, 5],
      '*** Delete File: ',
      '"Environment ID: e1"',
      true,
    ],
    [
      'a heredoc wrapper',
      P("<<'EOF'", '*** Begin Patch', '*** Delete File: f', '*** End Patch', 'EOF'),
      [1, 1],
      '*** Begin Patch',
      `"<<'EOF'"`,
      true,
    ],
    [
      'prose before the patch',
      P('Here is the patch:', '*** Begin Patch', '*** Delete File: f', '*** End Patch'),
      [1, 1],
      '*** Begin Patch',
      '"Here is the patch:"',
      false,
    ],
  ] as const)('points at %s', (_name, text, at, expected, found, accepted) => {
    const r = validatePatch(text);
    expect(r.conforms).toBe(false);
    const v = r.violations[0]!;
    expect([v.line, v.column]).toEqual(at);
    expect(v.expected).toContain(expected);
    expect(v.found).toContain(found);
    expect(r.tolerant.accepted).toBe(accepted);
  });

  it('keeps going after a violation and lists every lenient line', () => {
    const r = validatePatch('*** Begin Patch\r\n*** Update File: f\r\n@@\r\n-a\r\n+b\r\n*** End Patch\r\n');
    expect(r.violations.map((v) => v.line)).toEqual([1, 3, 6]);
    expect(r.violations.every((v) => v.found.includes('CRLF'))).toBe(true);
  });

  it('treats a CR inside a file name or hunk line as ordinary text, as the grammar does', () => {
    expect(validatePatch(P('*** Begin Patch', '*** Update File: f\r', ' a\r', '-b\r', '*** End Patch')).conforms).toBe(true);
  });

  it('names the repairs the tolerant parser makes', () => {
    const r = validatePatch(P('*** Update File: f', '-a', '+b'));
    expect(r.tolerant).toEqual({
      accepted: true,
      operations: 1,
      repairs: ['added missing "*** Begin Patch"', 'added missing "*** End Patch"'],
    });
  });

  it('explains why a padded End line leaves the grammar without an end', () => {
    const r = validatePatch(P('*** Begin Patch', '*** Update File: f', '-a', ' *** End Patch'));
    expect(r.violations).toHaveLength(1);
    expect(r.violations[0]!.found).toContain('line 4, " *** End Patch", is not "*** End Patch"');
  });

  it('caps a long list of violations and says so', () => {
    const body = Array.from({ length: 80 }, () => 'no prefix').join('\n');
    const r = validatePatch(`*** Begin Patch\n*** Update File: f\n-a\n${body}\n*** End Patch\n`);
    expect(r.violations).toHaveLength(50);
    expect(r.truncated).toBe(true);
  });
});

describe('validating tool-call JSON', () => {
  const patch = P('*** Begin Patch', '*** Delete File: f', '*** End Patch');

  it('checks the "patch" string of function-call arguments', () => {
    const r = validateInput(JSON.stringify({ patch }));
    expect(r).toMatchObject({ conforms: true, unwrappedFrom: 'patch' });
  });

  it('checks the "input" string of a custom tool call', () => {
    const r = validateInput(JSON.stringify({ type: 'custom_tool_call', name: 'apply_patch', input: `  ${patch}` }));
    expect(r).toMatchObject({ conforms: false, unwrappedFrom: 'input' });
    expect(r.violations[0]).toMatchObject({ line: 1, column: 1 });
  });

  it('checks text that only looks like JSON as patch text', () => {
    const r = validateInput('{not json');
    expect(r.conforms).toBe(false);
    expect(r.unwrappedFrom).toBeUndefined();
  });
});

describe('the validation report', () => {
  it('lists each violation with line, column, expected and found, then the tolerant verdict', () => {
    const text = formatValidation(validatePatch(P(' *** Begin Patch', '*** Delete File: f', '*** End Patch ')), 'p.txt');
    expect(text).toBe(
      [
        'p.txt: a patch envelope that does not conform to the apply_patch grammar',
        '  line 1, column 1: expected "*** Begin Patch"; found " *** Begin Patch"',
        '  line 3, column 14: expected one of LF, end of input; found " "',
        "  chord-patch's tolerant parser would still accept it (1 operation), reading the lines above leniently",
        '',
      ].join('\n'),
    );
  });

  it('notes when a conforming patch is still refused by the parser', () => {
    const text = formatValidation(validatePatch(P('*** Begin Patch', '*** Update File: f', '*** End Patch')), 'p.txt');
    expect(text).toContain('p.txt: a patch envelope that conforms to the apply_patch grammar');
    expect(text).toContain("note: chord-patch's parser rejects it even so");
  });
});
