// JSON input with a key given twice in one object: JSON.parse keeps the last
// value, so {"old_string": "a", "old_string": "b"} would run an edit the
// sender may never have meant. Every JSON entry refuses it and writes nothing.

import { describe, expect, it } from 'vitest';
import { apply, edit } from '../../src/index.js';
import { detectInput } from '../../src/input/detect.js';
import { parseEditJson } from '../../src/input/edit.js';
import { duplicateKey } from '../../src/input/json.js';
import { validateInput } from '../../src/input/validate.js';
import { readTree, scratchTrees } from '../support/tree.js';

describe('duplicateKey', () => {
  it.each([
    ['{"a": 1, "a": 2}', 'a', 1],
    ['{\n  "path": "x",\n  "old_string": "a",\n  "old_string": "b"\n}', 'old_string', 4],
    ['{"edits": [{"old_string": "a", "new_string": "b", "new_string": "c"}]}', 'new_string', 1],
    // Escapes are compared after decoding: "\u006f" is "o".
    ['{"o": 1, "\\u006f": 2}', 'o', 1],
    ['[{"x": {"y": 1, "y": 2}}]', 'y', 1],
  ])('finds the key given twice in %s', (text, key, line) => {
    expect(duplicateKey(text)).toEqual({ key, line });
  });

  it.each([
    '{"a": 1, "b": {"a": 2}}',
    '[{"a": 1}, {"a": 2}]',
    '{"a": "\\"a\\": 1, \\"a\\": 2", "b": ["a", "a"]}',
    '{"a": "{\\"b\\": 1}", "b": "}"}',
    '"a"',
    '[]',
  ])('finds none in %s', (text) => {
    expect(duplicateKey(text)).toBeUndefined();
  });

  it('reads a long string value in one step, without recursion', () => {
    const text = `{"a": ${JSON.stringify('x\\"'.repeat(2_000_000))}, "a": 1}`;
    expect(duplicateKey(text)).toEqual({ key: 'a', line: 1 });
  });
});

describe('every JSON entry refuses a key given twice', () => {
  const tree = scratchTrees();
  const twice = '{"path": "f.txt", "old_string": "one", "old_string": "two", "new_string": "three"}';

  it('the edit command', async () => {
    expect(() => parseEditJson(twice)).toThrow(/"old_string" is given twice in one object/);
    const root = tree({ 'f.txt': 'one\ntwo\n' });
    const o = await edit(twice, { cwd: root });
    expect(o.status).toBe('rejected');
    expect(o.error?.code).toBe('bad_edit');
    expect(readTree(root)).toEqual({ 'f.txt': 'one\ntwo\n' });
  });

  it.each([
    ['an edit object', twice],
    ['{"patch": ...}', '{"patch": "*** Begin Patch\\n*** Delete File: f.txt\\n*** End Patch", "patch": "x"}'],
    [
      'an apply_patch_call item',
      '{"type": "apply_patch_call", "call_id": "c", "operation": {"type": "delete_file", "path": "f.txt", "path": "g.txt"}}',
    ],
    [
      'text-editor calls',
      '[{"type": "tool_use", "id": "t", "name": "str_replace_based_edit_tool", "input": ' +
        '{"command": "str_replace", "path": "f.txt", "old_str": "one", "old_str": "two", "new_str": "x"}}]',
    ],
  ])('apply, given %s', async (_, input) => {
    expect(() => detectInput(input)).toThrow(/is given twice in one object/);
    const root = tree({ 'f.txt': 'one\ntwo\n', 'g.txt': 'g\n' });
    const o = await apply(input, { cwd: root });
    expect(o.status).toBe('rejected');
    expect(o.error?.code).toBe('bad_input');
    expect(o.error?.message).toMatch(/JSON keeps only the last/);
    expect(readTree(root)).toEqual({ 'f.txt': 'one\ntwo\n', 'g.txt': 'g\n' });
  });

  it('validate: the arguments do not conform, and apply would refuse them', () => {
    const v = validateInput(
      '{"patch": "*** Begin Patch\\n*** End Patch", "patch": "*** Begin Patch\\n*** Delete File: a\\n*** End Patch"}',
    );
    expect(v.conforms).toBe(false);
    expect(v.violations[0]).toMatchObject({ line: 1, expected: ['each key once'] });
    expect(v.tolerant).toMatchObject({ accepted: false, error: { code: 'bad_input' } });
  });
});

describe('duplicateKey on text JSON.parse would refuse', () => {
  it('ends on an unclosed string instead of looping', () => {
    expect(() => duplicateKey('{"a": "b')).not.toThrow(RangeError);
    expect(duplicateKey('{"a": "b')).toBeUndefined();
  });
});

describe('duplicateKey in a wide object', () => {
  it('finds a key given twice among many', () => {
    const keys = Array.from({ length: 50_000 }, (_, i) => `"k${i}": ${i}`);
    expect(duplicateKey(`{${keys.join(', ')}}`)).toBeUndefined();
    expect(duplicateKey(`{${keys.join(', ')}, "k7": 0}`)).toEqual({ key: 'k7', line: 1 });
  });
});

describe('the line named is the line as sent', () => {
  it('counts the blank lines and the BOM before the JSON', () => {
    const text = '\uFEFF\n\n{\n  "path": "f.txt",\n  "path": "g.txt",\n  "old_string": "a",\n  "new_string": "b"\n}\n';
    expect(() => detectInput(text)).toThrow(/second copy on line 5/);
    expect(() => parseEditJson(text)).toThrow(/second copy on line 5/);
    expect(() => detectInput(`\n[${text.slice(3)}]`)).toThrow(/second copy on line 4/);
  });
});
