// Inputs that once crashed (exit 70) or hung: each must end as an ordinary
// outcome, with nothing written when it is refused.

import { describe, expect, it } from 'vitest';
import { apply, edit } from '../../src/index.js';
import { runEdit } from '../../src/run/run-edit.js';
import { parsePatch } from '../../src/input/envelope.js';
import { MemFs } from '../support/memfs.js';

const text = (fs: MemFs, path: string) => new TextDecoder().decode((fs.nodes.get(path) as { bytes: Uint8Array }).bytes);

describe('inputs that used to crash', () => {
  it.each([["apply_patch <<'EOF'\nEOF\n"], ['<<EOF\n\n   \nEOF'], ["apply_patch <<'PATCH'\n\nPATCH\n"]])(
    'refuses the empty heredoc %j as an empty patch',
    async (input) => {
      expect(() => parsePatch(input)).toThrow(/heredoc wrapper holds no patch/);
      const fs = new MemFs({ 'a.txt': 'a\n' });
      const o = await apply(input, { cwd: '/work', fs });
      expect(o.status).toBe('rejected');
      expect(o.error?.code).toBe('empty_patch');
      expect(fs.writes).toBe(0);
    },
  );

  // An empty old_string is found at every offset: the engine ran out of memory listing them (a fatal V8 error after seconds, exit 133).
  it('refuses an empty old_string from a text-editor call, the library and the engine itself, writing nothing', async () => {
    const fs = new MemFs({ 'a.txt': 'abc\n' });
    const call = JSON.stringify({ command: 'str_replace', path: 'a.txt', old_str: '', new_str: 'x' });
    const viaCall = await apply(call, { cwd: '/work', fs });
    expect(viaCall.error?.message).toMatch(/"old_str" is empty/);
    const request = { mode: 'single', path: 'a.txt', edit: { old_string: '', new_string: 'x' } } as const;
    expect((await edit(request, { cwd: '/work', fs })).error?.message).toMatch(/empty old_string, which occurs everywhere/);
    const viaEngine = await runEdit(request, { cwd: '/work', fs });
    expect(viaEngine.status).toBe('rejected');
    expect(viaEngine.failed[0]!.failures[0]).toMatchObject({ code: 'old_string_ambiguous' });
    expect(fs.writes).toBe(0);
    expect(text(fs, '/work/a.txt')).toBe('abc\n');
  });

  it('matches a 30,000-letter word in old_string through the punctuation step without overflowing the regexp compiler', async () => {
    const word = 'Q'.repeat(30_000);
    const fs = new MemFs({ 'b.txt': `head\nconst blob = "${word}";\ntail\n` });
    const edit = { path: 'b.txt', old_string: `const blob = “${word}”;`, new_string: `const blob = “${word}x”;` };
    const o = await apply(JSON.stringify(edit), { cwd: '/work', fs });
    expect(o.status).toBe('applied');
    expect(text(fs, '/work/b.txt')).toBe(`head\nconst blob = "${word}x";\ntail\n`);
  });

  it('reports a 30,000-letter old_string that is not in the file as not found, writing nothing', async () => {
    const fs = new MemFs({ 'b.txt': 'head\nshort\ntail\n' });
    const edit = { path: 'b.txt', old_string: `“${'Z'.repeat(30_000)}”`, new_string: 'x' };
    const o = await apply(JSON.stringify(edit), { cwd: '/work', fs });
    expect(o.status).toBe('rejected');
    expect(o.failed[0]?.failures[0]?.code).toBe('old_string_not_found');
    expect(fs.writes).toBe(0);
  });

  it('replaces 150,000 occurrences with replace_all without overflowing the stack', async () => {
    const fs = new MemFs({ 'f.txt': 'a\n'.repeat(150_000) });
    const o = await apply(JSON.stringify({ path: 'f.txt', old_string: 'a', new_string: 'b', replace_all: true }), { cwd: '/work', fs });
    expect(o.status).toBe('applied');
    expect(o.edit?.replacements).toBe(150_000);
    expect(text(fs, '/work/f.txt')).toBe('b\n'.repeat(150_000));
  });

  it('writes a new_string longer than the largest array V8 can build (134,217,728 elements)', async () => {
    const fs = new MemFs({ 'g.txt': 'start hello end\n' });
    const big = 'x'.repeat(134_217_729);
    const o = await apply(JSON.stringify({ path: 'g.txt', old_string: 'hello', new_string: big }), { cwd: '/work', fs });
    expect(o.status).toBe('applied');
    const bytes = (fs.nodes.get('/work/g.txt') as { bytes: Uint8Array }).bytes;
    expect(bytes.length).toBe('start  end\n'.length + big.length);
    expect(new TextDecoder().decode(bytes.subarray(0, 7))).toBe('start x');
    expect(new TextDecoder().decode(bytes.subarray(bytes.length - 6))).toBe('x end\n');
  });

  it('still cleans leaked invisible characters from a new_string too long for the character diff', async () => {
    const fs = new MemFs({ 'g.txt': 'a\u200Cb keep\n' });
    const long = `${'y'.repeat(600_000)}\u200B${'z'.repeat(600_000)}`;
    const o = await apply(JSON.stringify({ path: 'g.txt', old_string: 'keep', new_string: long }), { cwd: '/work', fs });
    expect(o.status).toBe('applied');
    expect(o.notes.map((n) => n.message).join('\n')).toContain('U+200B×1');
    // The ZWNJ that was already in the file is file content, outside the edit.
    expect(text(fs, '/work/g.txt')).toBe(`a\u200Cb ${'y'.repeat(600_000)}${'z'.repeat(600_000)}\n`);
  });
});
