// The parsers of the formats models emit besides envelopes and edits:
// SEARCH/REPLACE blocks, OpenAI apply_patch_call items, Anthropic
// text-editor calls, and read-tool line numbers; and how detection tells them apart.

import { describe, expect, it } from 'vitest';
import { detectInput } from '../../src/input/detect.js';
import { parsePatchCalls } from '../../src/input/openai-calls.js';
import { parseSearchReplace, parseSearchReplaceBlocks } from '../../src/input/search-replace.js';
import { parseEditorCalls } from '../../src/input/text-editor.js';
import { stripNumbered } from '../../src/match/line-numbers.js';

const block = (path: string, search: string, replace: string) => `${path}\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n`;

describe('SEARCH/REPLACE blocks', () => {
  it.each([
    ['the line before the block', 'foo.txt\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n'],
    ['before the fence', 'foo.txt\n```python\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```\n'],
    ['first inside the fence', '```python\nfoo.txt\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```\n'],
    ['a heading with backquotes', '# `foo.txt`:\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n'],
    ['the fence line itself', '```foo.txt\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n```\n'],
  ])('takes the path from %s', (_, text) => {
    expect(parseSearchReplaceBlocks(text)).toMatchObject([{ path: 'foo.txt', search: ['a'], replace: ['b'] }]);
  });

  it('never takes a prose line for a path', () => {
    expect(() => parseSearchReplace('Here is the fix:\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n')).toThrow(/without a file path/);
    expect(() => parseSearchReplace('Update\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n')).toThrow(/without a file path/);
  });

  it('makes one update section per block, the common lines context', () => {
    const ops = parseSearchReplace(block('f.py', 'def f():\n    return 1\n', 'def f():\n    return 2\n'));
    expect(ops).toEqual([
      {
        kind: 'update',
        path: 'f.py',
        patchLine: 2,
        hunks: [
          {
            lines: [
              { op: ' ', text: 'def f():' },
              { op: '-', text: '    return 1' },
              { op: '+', text: '    return 2' },
            ],
            endOfFile: false,
            patchLine: 2,
          },
        ],
      },
    ]);
  });

  it('makes an empty SEARCH an add, and :start_line: a hint', () => {
    expect(parseSearchReplace(block('n.txt', '', 'new\n'))).toEqual([{ kind: 'add', path: 'n.txt', lines: ['new'], patchLine: 2 }]);
    const roo = parseSearchReplace('<<<<<<< SEARCH\n:start_line:7\n-------\nx\n=======\ny\n>>>>>>> REPLACE', 'a.txt');
    expect(roo[0]).toMatchObject({ kind: 'update', path: 'a.txt', hunks: [{ hintLine: 7 }] });
  });

  it('splits at "..." into paired hunks, and refuses pieces that do not pair', () => {
    const [op] = parseSearchReplace(block('f.txt', 'a\n...\nb\n', 'A\n...\nB\n'));
    expect(op).toMatchObject({
      kind: 'update',
      hunks: [{ lines: [{ text: 'a' }, { text: 'A' }] }, { lines: [{ text: 'b' }, { text: 'B' }] }],
    });
    expect(() => parseSearchReplace(block('f.txt', 'a\n...\nb\n', 'AB\n'))).toThrow(/pair up/);
  });

  it('names the line of an unclosed block', () => {
    expect(() => parseSearchReplace('f.txt\n<<<<<<< SEARCH\na\n=======\nb\n')).toThrow(/line 2: .*REPLACE/);
  });
});

describe('OpenAI apply_patch_call items', () => {
  const item = (operation: unknown, call_id = 'c1') => ({ type: 'apply_patch_call', call_id, operation });

  it('reads one item, a list and a response, skipping other items', () => {
    const op = { type: 'delete_file', path: 'x.txt' };
    expect(parsePatchCalls(item(op))).toEqual([{ call_id: 'c1', ops: [{ kind: 'delete', path: 'x.txt', patchLine: 0 }] }]);
    expect(parsePatchCalls([{ type: 'message' }, item(op, 'a'), item(op, 'b')]).map((c) => c.call_id)).toEqual(['a', 'b']);
    expect(parsePatchCalls({ id: 'r', output: [item(op)] })).toHaveLength(1);
  });

  it('reads an update diff with the envelope parser, stacked anchors included', () => {
    const [c] = parsePatchCalls(item({ type: 'update_file', path: 'm.py', diff: '@@ class A\n@@   def f():\n-  pass\n+  return 1\n' }));
    expect(c!.ops![0]).toMatchObject({ kind: 'update', path: 'm.py', hunks: [{ anchors: ['class A'], header: 'def f():' }] });
  });

  it('answers a bad call with its reason instead of failing the others', () => {
    const calls = parsePatchCalls([
      item({ type: 'update_file', path: 'a', diff: '-x\n+y\n*** Add File: evil\n+z' }, 'bad'),
      item({ type: 'rename_file', path: 'a' }, 'odd'),
      item({ type: 'create_file', path: 'n', diff: '+n\n' }, 'good'),
    ]);
    expect(calls[0]!.error).toMatch(/envelope marker/);
    expect(calls[1]!.error).toMatch(/create_file, update_file or delete_file/);
    expect(calls[2]!.ops).toEqual([{ kind: 'add', path: 'n', lines: ['n'], patchLine: 0 }]);
  });
});

describe('text-editor calls', () => {
  it('reads every command, from a bare input or a tool_use block', () => {
    expect(
      parseEditorCalls([
        { type: 'tool_use', name: 'str_replace_based_edit_tool', input: { command: 'str_replace', path: 'a', old_str: 'x', new_str: 'y' } },
        { type: 'text', text: 'prose' },
        {
          type: 'tool_use',
          name: 'str_replace_based_edit_tool',
          input: { command: 'insert', path: 'a', insert_line: 0, insert_text: 't' },
        },
      ]),
    ).toEqual([
      { command: 'str_replace', path: 'a', old: 'x', new: 'y' },
      { command: 'insert', path: 'a', after: 0, text: 't' },
    ]);
    expect(parseEditorCalls({ command: 'create', path: 'n', file_text: 'x' })).toEqual([
      { command: 'create', path: 'n', text: 'x', overwrite: false },
    ]);
    expect(parseEditorCalls({ command: 'view', path: 'n', view_range: [3, -1] })).toEqual([{ command: 'view', path: 'n', range: [3, -1] }]);
  });

  it('refuses fields a command does not take, and bad ranges', () => {
    expect(() => parseEditorCalls({ command: 'str_replace', path: 'a', old_str: 'x', new_str: 'y', replace_all: true })).toThrow(
      /replace_all/,
    );
    expect(() => parseEditorCalls({ command: 'view', path: 'a', view_range: [5, 2] })).toThrow(/view_range/);
    expect(() => parseEditorCalls({ command: 'insert', path: 'a', insert_line: -1, new_str: 'x' })).toThrow(/insert_line/);
  });
});

describe('detection', () => {
  it.each([
    ['*** Begin Patch\n*** Add File: a\n+<<<<<<< SEARCH\n*** End Patch\n', 'patch'],
    [block('a.txt', 'x\n', 'y\n'), 'search-replace'],
    [JSON.stringify({ patch: block('a.txt', 'x\n', 'y\n') }), 'search-replace'],
    [JSON.stringify({ path: 'a.txt', diff: '<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE' }), 'search-replace'],
    [JSON.stringify({ type: 'apply_patch_call', call_id: 'c', operation: { type: 'delete_file', path: 'a' } }), 'openai'],
    [JSON.stringify([{ type: 'apply_patch_call', call_id: 'c', operation: { type: 'delete_file', path: 'a' } }]), 'openai'],
    [JSON.stringify({ command: 'view', path: 'a' }), 'editor'],
    [JSON.stringify({ path: 'a', old_string: 'x', new_string: 'y' }), 'edit'],
    ['diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1 +1 @@\n-<<<<<<< SEARCH\n+x\n', 'unified'],
  ])('reads %j as %s', (input, kind) => {
    expect(detectInput(input).kind).toBe(kind);
  });
});

describe('read-tool line numbers', () => {
  const file = ['alpha', 'beta', 'gamma'];
  const at = (n: number) => file[n - 1];

  it.each([
    [['     2→beta', '     3→gamma'], 'N→'],
    [['2\tbeta', '3\tgamma'], 'N<tab>'],
    [['  2 | beta', '  3 | gamma'], 'N | '],
  ])('strips %j when the numbers run on and match the file', (old, style) => {
    expect(stripNumbered(old, [], at)).toMatchObject({ old: ['beta', 'gamma'], first: 2, last: 3, style: `"${style}"` });
  });

  it('strips nothing that is not proven a copy', () => {
    expect(stripNumbered(['     2→beta', '     4→gamma'], [], at)).toBeUndefined();
    expect(stripNumbered(['     1→beta'], [], at)).toBeUndefined();
    expect(stripNumbered(['     2→beta', 'gamma'], [], at)).toBeUndefined();
    expect(stripNumbered(['     2→beta'], ['     2→BETA', 'more'], at)).toBeUndefined();
  });

  it('strips new lines only when every one carries the prefix', () => {
    expect(stripNumbered(['     2→beta'], ['     2→BETA'], at)?.added).toEqual(['BETA']);
    expect(stripNumbered(['     2→beta'], ['BETA'], at)?.added).toEqual(['BETA']);
  });
});
