// The formats models emit, through the built CLI: SEARCH/REPLACE blocks,
// OpenAI apply_patch_call items (answered with apply_patch_call_output
// items), and Anthropic text-editor calls.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chord-formats-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const read = (f: string) => readFileSync(join(dir, f), 'utf8');
const call = (call_id: string, operation: object) => ({ type: 'apply_patch_call', call_id, operation });

describe('formats models emit', () => {
  it('applies SEARCH/REPLACE blocks out of a reply, and check writes nothing', () => {
    writeFileSync(join(dir, 'app.py'), 'def f():\n    return 1\n');
    const reply = 'Sure, here it is:\n\napp.py\n```python\n<<<<<<< SEARCH\n    return 1\n=======\n    return 2\n>>>>>>> REPLACE\n```\n';
    expect(runCli(['check'], { cwd: dir, input: reply }).code).toBe(0);
    expect(read('app.py')).toBe('def f():\n    return 1\n');
    const r = runCli(['apply', '--model'], { cwd: dir, input: reply });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('M app.py');
    expect(read('app.py')).toBe('def f():\n    return 2\n');
  });

  it('answers OpenAI calls with their apply_patch_call_output items, in order, a failed one with its reason', () => {
    writeFileSync(join(dir, 'a.txt'), 'one\ntwo\n');
    const items = [
      call('call_1', { type: 'update_file', path: 'a.txt', diff: '@@\n one\n-two\n+2\n' }),
      call('call_2', { type: 'update_file', path: 'a.txt', diff: '@@\n-missing\n+x\n' }),
      call('call_3', { type: 'create_file', path: 'b.txt', diff: '+bee\n' }),
    ];
    for (const args of [['apply'], ['apply', '--format', 'openai']]) {
      writeFileSync(join(dir, 'a.txt'), 'one\ntwo\n');
      rmSync(join(dir, 'b.txt'), { force: true });
      const r = runCli(args, { cwd: dir, input: JSON.stringify({ id: 'resp', output: items }) });
      expect(r.code).toBe(2);
      const out = JSON.parse(r.stdout);
      expect(out.map((o: { call_id: string; status: string }) => [o.call_id, o.status])).toEqual([
        ['call_1', 'completed'],
        ['call_2', 'failed'],
        ['call_3', 'completed'],
      ]);
      expect(out[1]).toMatchObject({ type: 'apply_patch_call_output', output: expect.stringContaining('hunk not found') });
      expect(read('a.txt')).toBe('one\n2\n');
      expect(read('b.txt')).toBe('bee\n');
    }
  });

  it('--format openai refuses input that holds no apply_patch_call, with an empty list of outputs', () => {
    const r = runCli(['apply', '--format', 'openai'], { cwd: dir, input: '*** Begin Patch\n*** Add File: x\n+x\n*** End Patch\n' });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('[]\n');
    expect(r.stderr).toContain('--format openai');
  });

  it('answers a text-editor view with numbered lines and runs the edits', () => {
    writeFileSync(join(dir, 'v.txt'), 'a\nb\nc\n');
    const view = runCli(['apply'], { cwd: dir, input: JSON.stringify({ command: 'view', path: 'v.txt', view_range: [2, -1] }) });
    expect(view).toMatchObject({ code: 0, stdout: '     2→b\n     3→c\n' });
    const ins = runCli(['apply', '--model'], {
      cwd: dir,
      input: JSON.stringify({ command: 'insert', path: 'v.txt', insert_line: 3, new_str: 'd' }),
    });
    expect(ins.code, ins.stderr).toBe(0);
    expect(read('v.txt')).toBe('a\nb\nc\nd\n');
  });

  it('names no patch line for a failure of a text-editor call, which has none', () => {
    writeFileSync(join(dir, 'sj.txt'), Buffer.from('\x82\xa0\x82\xa2\n', 'latin1'));
    const insert = {
      type: 'tool_use',
      id: 't',
      name: 'str_replace_based_edit_tool',
      input: { command: 'insert', path: 'sj.txt', insert_line: 1, new_str: 'ß' },
    };
    const text = runCli(['apply'], { cwd: dir, input: JSON.stringify(insert) });
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('which cannot represent "ß"');
    expect(text.stderr).not.toContain('patch line');
    const json = runCli(['apply', '--json'], { cwd: dir, input: JSON.stringify(insert) });
    expect(JSON.parse(json.stdout).failed[0].failures[0]).not.toHaveProperty('patchLine');
  });
});
