import { describe, expect, it } from 'vitest';
import { parseEditJson, parseEditRequest } from '../../src/input/edit.js';
import { ChordPatchError } from '../../src/errors.js';

function problem(value: unknown): string {
  try {
    parseEditRequest(value as Record<string, unknown>);
  } catch (e) {
    expect(e).toBeInstanceOf(ChordPatchError);
    expect((e as ChordPatchError).code).toBe('bad_edit');
    return (e as Error).message;
  }
  throw new Error('expected a bad_edit error');
}

describe('parseEditRequest accepts the two shapes', () => {
  it('reads a single replacement', () => {
    expect(parseEditRequest({ path: 'a.go', old_string: 'x', new_string: 'y' })).toEqual({
      mode: 'single',
      path: 'a.go',
      edit: { old_string: 'x', new_string: 'y' },
    });
  });

  it('accepts file_path and filePath, the names Claude Code and other clients send, for path', () => {
    expect(parseEditRequest({ file_path: 'src/a.go', old_string: 'x', new_string: 'y' })).toEqual({
      mode: 'single',
      path: 'src/a.go',
      edit: { old_string: 'x', new_string: 'y' },
    });
    expect(parseEditRequest({ filePath: 'b.go', edits: [{ old_string: 'x', new_string: 'y' }] })).toEqual({
      mode: 'batch',
      path: 'b.go',
      edits: [{ old_string: 'x', new_string: 'y' }],
    });
  });

  it('reads replace_all, and treats null as not given', () => {
    expect(parseEditRequest({ path: 'a', old_string: 'x', new_string: 'y', replace_all: true })).toMatchObject({
      edit: { replace_all: true },
    });
    expect(parseEditRequest({ path: 'a', old_string: 'x', new_string: 'y', replace_all: null })).toEqual({
      mode: 'single',
      path: 'a',
      edit: { old_string: 'x', new_string: 'y' },
    });
  });

  it('reads a batch', () => {
    const r = parseEditRequest({
      path: 'a',
      edits: [
        { old_string: 'x', new_string: 'y' },
        { old_string: 'p', new_string: 'q', replace_all: true },
      ],
    });
    expect(r).toEqual({
      mode: 'batch',
      path: 'a',
      edits: [
        { old_string: 'x', new_string: 'y' },
        { old_string: 'p', new_string: 'q', replace_all: true },
      ],
    });
  });

  it('lets an identical empty pair through to be skipped in a batch', () => {
    expect(parseEditRequest({ path: 'a', edits: [{ old_string: '', new_string: '' }] })).toMatchObject({ mode: 'batch' });
  });
});

describe('parseEditRequest names the wrong field', () => {
  it.each([
    ['a missing path', { old_string: 'x', new_string: 'y' }, 'path is required'],
    ['a path that is not a string', { path: 3, old_string: 'x', new_string: 'y' }, 'path must be a string, got a number'],
    ['an empty path', { path: ' ', old_string: 'x', new_string: 'y' }, 'path must not be empty'],
    ['a missing old_string', { path: 'a', new_string: 'y' }, 'old_string is required'],
    ['a missing new_string', { path: 'a', old_string: 'x' }, 'new_string is required'],
    ['a numeric new_string', { path: 'a', old_string: 'x', new_string: 5 }, 'new_string must be a string, got a number'],
    [
      'replace_all as a string',
      { path: 'a', old_string: 'x', new_string: 'y', replace_all: 'true' },
      'replace_all must be true or false, got a string "true"',
    ],
    ['an empty old_string', { path: 'a', old_string: '', new_string: 'y' }, 'old_string must not be empty'],
    ['an unknown field', { path: 'a', old_string: 'x', new_string: 'y', force: true }, '"force" is not a field of the edit tool'],
    [
      'path given twice under two names',
      { path: 'a', file_path: 'a', old_string: 'x', new_string: 'y' },
      '"path" and "file_path" both name the file: send only one',
    ],
    [
      'file_path and filePath at once',
      { file_path: 'a', filePath: 'b', old_string: 'x', new_string: 'y' },
      '"file_path" and "filePath" both name the file',
    ],
    ['a numeric file_path', { file_path: 3, old_string: 'x', new_string: 'y' }, 'file_path must be a string, got a number'],
    [
      'filename, which is no alias',
      { filename: 'a', old_string: 'x', new_string: 'y' },
      '"filename" is not a field of the edit tool: use "path"',
    ],
    ['camelCase replaceAll', { path: 'a', old_string: 'x', new_string: 'y', replaceAll: true }, 'use "replace_all"'],
    [
      'edits mixed with top-level old_string',
      { path: 'a', old_string: 'x', edits: [{ old_string: 'x', new_string: 'y' }] },
      'do not combine "edits" with top-level "old_string"',
    ],
    ['edits that is not an array', { path: 'a', edits: {} }, 'edits must be an array'],
    ['an empty edits array', { path: 'a', edits: [] }, 'edits must contain at least one entry'],
    ['an entry that is not an object', { path: 'a', edits: ['x'] }, 'edits[0] must be an object'],
    [
      'an entry missing new_string',
      { path: 'a', edits: [{ old_string: 'x', new_string: 'y' }, { old_string: 'x' }] },
      'edits[1].new_string is required',
    ],
    [
      'an entry with an unknown field',
      { path: 'a', edits: [{ old_string: 'x', new_string: 'y', path: 'b' }] },
      'edits[0]."path" is not a field of the edit tool',
    ],
  ])('reports %s', (_name, value, message) => {
    expect(problem(value)).toContain(message);
  });

  it('names no alias for a field named like an Object member (it printed "use "function Object() …"")', () => {
    for (const key of ['constructor', 'toString', '__proto__']) {
      const value = JSON.parse(`{"path": "a", "old_string": "x", "new_string": "y", ${JSON.stringify(key)}: 1}`);
      expect(problem(value)).toContain(`${JSON.stringify(key)} is not a field of the edit tool;`);
    }
  });

  it('reports every problem at once', () => {
    const m = problem({ path: 'a', edits: [{ old_string: 1, new_string: 'y' }, { new_string: 'z' }] });
    expect(m).toContain('edits[0].old_string must be a string');
    expect(m).toContain('edits[1].old_string is required');
  });
});

describe('parseEditJson reads edit JSON text', () => {
  it.each([
    ['text that is not JSON', '{"path": "a",', 'edit input is not valid JSON'],
    ['a patch envelope', '*** Begin Patch\n*** End Patch', 'use `chord-patch apply`'],
    ['a JSON array', '[1]', 'edit input must be a JSON object, got an array'],
    ['an apply_patch call', '{"patch": "*** Begin Patch"}', 'that is an apply_patch call'],
    ['empty input', '  ', 'empty input'],
  ])('refuses %s', (_name, text, message) => {
    expect(() => parseEditJson(text)).toThrow(message);
  });

  it('accepts a leading byte-order mark and surrounding whitespace', () => {
    expect(parseEditJson('\uFEFF {"path":"a","old_string":"x","new_string":"y"}\n')).toMatchObject({ mode: 'single', path: 'a' });
  });
});
