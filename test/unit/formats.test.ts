// The parsers of the formats models emit besides envelopes and edits:
// SEARCH/REPLACE blocks, OpenAI apply_patch_call items, Anthropic
// text-editor calls, and read-tool line numbers; and how detection tells them apart.

import { describe, expect, it } from 'vitest';
import { detectInput } from '../../src/input/detect.js';
import { parsePatch } from '../../src/input/envelope.js';
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
        keepFinalEol: true,
        hunks: [
          {
            lines: [
              { op: ' ', text: 'def f():', paired: true },
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

  it('keeps a line REPLACE keeps between changed ones as context, so the file keeps its own text there', () => {
    const [op] = parseSearchReplace(
      block('f.ts', 'function g(\n  state: State,\n  h: number,\n', 'renamed g(\n  state: State,\n  r: number,\n'),
    );
    expect(op!.kind === 'update' && op!.hunks[0]!.lines.map((l) => `${l.op}${l.text}`)).toEqual([
      '-function g(',
      '+renamed g(',
      '   state: State,',
      '-  h: number,',
      '+  r: number,',
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

describe('SEARCH/REPLACE blocks without a path of their own', () => {
  const first = block('a.py', 'x = 1\n', 'x = 10\n');
  const second = '<<<<<<< SEARCH\nimport os\n=======\nimport os\nimport sys\n>>>>>>> REPLACE\n';
  const paths = (text: string) => parseSearchReplaceBlocks(text).map((b) => b.path);

  it('edit the previous block’s file when nothing between them names another', () => {
    expect(paths(`${first}\n${second}`)).toEqual(['a.py', 'a.py']);
    expect(paths(`${first}\nThen also change the imports:\n\n\`\`\`python\n${second}\`\`\`\n`)).toEqual(['a.py', 'a.py']);
    expect(paths(`${first}\nNow in a.py again:\n\n${second}`)).toEqual(['a.py', 'a.py']);
    expect(paths(`${first}Done.\n\n${second}`)).toEqual(['a.py', 'a.py']);
  });

  it.each([
    ['a sentence directly before the block', `${first}\nAnd in b.py:\n${second}`, /"And in b\.py:", is not a file path/],
    ['an annotated path', `${first}\nb.py (updated)\n${second}`, /not a file path/],
    ['a bare path holding a space', `${first}\ndocs/my notes.md\n${second}`, /in backquotes if it holds a space/],
    ['a path a blank line away', `${first}\nb.py\n\n${second}`, /"b\.py", named on line 8, is not alone on the line directly before/],
    ['a file named in the text between', `${first}\nNow update utils/b.py to import sys:\n\n${second}`, /"utils\/b\.py", named on line 8/],
  ])('are refused, naming both readings, after %s', (_, text, message) => {
    expect(() => parseSearchReplaceBlocks(text)).toThrow(message);
    expect(() => parseSearchReplaceBlocks(text)).toThrow(/a\.py/);
  });

  it('take a backquoted path that holds a space', () => {
    expect(paths(`${first}\n\`docs/my notes.md\`\n${second}`)).toEqual(['a.py', 'docs/my notes.md']);
    expect(paths('`docs/my notes.md`:\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n')).toEqual(['docs/my notes.md']);
  });

  it('name a path that is not directly before the first block', () => {
    expect(() => parseSearchReplaceBlocks(`b.py\n\n${second}`)).toThrow(
      /"b\.py", named on line 1, is not alone on the line directly before/,
    );
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

  it("marks OpenAI's rules: stacked @@ lines (a bare one counts) required, a bare insertion placeless, the final ending kept", () => {
    const ops = (diff: string) => parsePatchCalls(item({ type: 'update_file', path: 'f', diff }))[0]!.ops![0]!;
    const hunks = (diff: string) => (ops(diff) as { hunks: { anchorsRequired?: boolean; needsAnchor?: boolean }[] }).hunks;
    expect(hunks('@@ a\n@@ b\n-x\n+y\n@@ c\n-z\n+w').map((h) => h.anchorsRequired)).toEqual([true, undefined]);
    expect(hunks('@@ missing\n@@\n-b\n+B')[0]!.anchorsRequired).toBe(true);
    expect(hunks('-b\n+B')[0]!.anchorsRequired).toBeUndefined();
    expect(hunks('@@\n+z')[0]!.needsAnchor).toBe(true);
    expect(hunks('@@ after this\n+z')[0]!.needsAnchor).toBeUndefined();
    expect(hunks('@@\n+z\n*** End of File')[0]!.needsAnchor).toBeUndefined();
    expect(ops('-b\n+B')).toMatchObject({ keepFinalEol: true });
  });

  it('reads move_to as a rename, refuses it off an update or not a path, and drops it when it names the same file', () => {
    const one = (operation: unknown) => parsePatchCalls(item(operation))[0]!;
    expect(one({ type: 'update_file', path: 'a', move_to: 'd/b', diff: '-x\n+y' }).ops![0]).toMatchObject({ moveTo: 'd/b', hunks: [{}] });
    expect(one({ type: 'update_file', path: 'a', move_to: 'b', diff: '' }).ops![0]).toMatchObject({ moveTo: 'b', hunks: [] });
    expect(one({ type: 'update_file', path: 'a', move_to: null, diff: '-x\n+y' }).ops![0]).not.toHaveProperty('moveTo');
    expect(one({ type: 'update_file', path: 'a', move_to: 'a', diff: '-x\n+y' }).ops![0]).not.toHaveProperty('moveTo');
    expect(one({ type: 'update_file', path: 'a', move_to: '', diff: '-x\n+y' }).error).toMatch(/move_to must be a non-empty string/);
    expect(one({ type: 'update_file', path: 'a', move_to: 5, diff: '-x\n+y' }).error).toMatch(/move_to must be a non-empty string/);
    expect(one({ type: 'create_file', path: 'a', move_to: 'b', diff: '+x' }).error).toMatch(/renames the file of an update_file/);
    expect(one({ type: 'update_file', path: 'a', diff: '' }).error).toMatch(/diff is empty/);
  });

  it('refuses a backslash in a path, naming the spelling with slashes', () => {
    const err = parsePatchCalls(item({ type: 'create_file', path: 'nested\\new.txt', diff: '+hi' }))[0]!.error;
    expect(err).toMatch(/backslash/);
    expect(err).toContain('"nested/new.txt"');
    expect(parsePatchCalls(item({ type: 'update_file', path: 'a', move_to: 'b\\c', diff: '-x\n+y' }))[0]!.error).toMatch(
      /move_to .*backslash/,
    );
  });

  it("tells a diff's errors in the diff's own line numbers and fields, not the envelope built around it", () => {
    const err = (path: string, diff: string) => parsePatchCalls(item({ type: 'update_file', path, diff }))[0]!.error!;
    expect(err('f', 'oops')).toMatch(/^update_file diff line 1: unexpected line/);
    expect(err('f', '@@\n x\nfoo')).toMatch(/^update_file diff line 3: unexpected line/);
    expect(err('.', '-x\n+y')).toBe('update_file: operation.path "." names a directory, not a file');
    expect(err('.', '-x\n+y')).not.toContain('***');
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

  it('refuses an empty old_str, and a bare call it cannot run rather than dropping it from the list', () => {
    expect(() => parseEditorCalls({ command: 'str_replace', path: 'a', old_str: '', new_str: 'x' })).toThrow(/"old_str" is empty/);
    const edit = { command: 'str_replace', path: 'a', old_str: 'x', new_str: 'y' };
    expect(() => parseEditorCalls([edit, { command: 'undo_edit', path: 'a' }])).toThrow(/"undo_edit" is not supported/);
    expect(() => parseEditorCalls([edit, { command: 'str_replce', path: 'a' }])).toThrow(/"str_replce" is not supported/);
    expect(() => parseEditorCalls([edit, { command: 'str_replace', path: 7, old_str: 'b', new_str: 'B' }])).toThrow(
      /"path" must be a string/,
    );
    expect(parseEditorCalls([{ type: 'text', text: 'prose' }, edit, { type: 'tool_use', name: 'bash', input: {} }])).toHaveLength(1);
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
    // An unclosed block is a SEARCH/REPLACE reply, so its error speaks of the block (aider test_find_original_update_blocks_unclosed).
    ['a.txt\n<<<<<<< SEARCH\nx\n=======\ny\n', 'search-replace'],
    ['a.txt\n<<<<<<< SEARCH\nx\n', 'search-replace'],
    ['prose\n*** Begin Patch\n*** Update File: a\n@@\n <<<<<<< SEARCH\n-x\n+y\n*** End Patch\n', 'patch'],
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

describe('input people often send that is no accepted format', () => {
  it('names terminal colour codes in a diff, and how to leave them out', () => {
    const colored =
      '\u001b[1mdiff --git a/f.txt b/f.txt\u001b[m\n\u001b[1m--- a/f.txt\u001b[m\n\u001b[1m+++ b/f.txt\u001b[m\n@@ -1 +1 @@\n-a\n+b\n';
    expect(() => detectAndParse(colored)).toThrow(/terminal colour codes .*git diff --no-color/);
  });

  it('names a context diff (diff -c) as one, and asks for a unified diff', () => {
    const context = '*** f.txt\t2026-12-07\n--- f.txt\t2026-12-07\n***************\n*** 1 ****\n! a\n--- 1 ----\n! b\n';
    expect(() => detectAndParse(context)).toThrow(/context diff \(diff -c\).*diff -u/);
  });
});

function detectAndParse(text: string): void {
  const d = detectInput(text);
  if (d.kind === 'patch') parsePatch(d.text);
}
