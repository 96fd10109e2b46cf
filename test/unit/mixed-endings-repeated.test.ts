// In a file that mixes CRLF and LF, a line a change removes and writes again
// unchanged keeps its own ending, however the lines around it move: by
// position alone (the k-th new line takes the k-th replaced line's ending), a
// line added above it took its ending and pushed it onto the next line, so
// lines the change did not alter showed as changed, their endings swapped.
// The k-th rule still decides for lines the change does alter. Hunks and
// edits follow the same rule (text/endings.ts).

import { describe, expect, it } from 'vitest';
import { apply, edit } from '../../src/index.js';
import { MemFs } from '../support/memfs.js';

const FILE = 'one\r\ntwo\nthree\r\nfour\nfive\r\n';
const shown = (s: string | undefined) => s?.replace(/\r/g, '\\r');
const P = (...lines: string[]) => ['*** Begin Patch', '*** Update File: f.txt', ...lines, '*** End Patch'].join('\n');

describe('a hunk in a mixed-ending file', () => {
  it('keeps the endings of lines it removes and adds again, adding a line above them', async () => {
    const fs = new MemFs({ 'f.txt': FILE });
    const o = await apply(P('@@', ' one', '-two', '-three', '+new', '+two', '+three', ' four'), { fs, cwd: '/work' });
    expect(o.status).toBe('applied');
    // The new line takes the first replaced line's ending, as before.
    expect(shown(fs.text('/work/f.txt'))).toBe(shown('one\r\nnew\ntwo\nthree\r\nfour\nfive\r\n'));
  });

  it('still gives a changed line the ending of the line it replaces', async () => {
    const fs = new MemFs({ 'f.txt': FILE });
    await apply(P('@@', ' one', '-two', '-three', '+TWO', '+THREE', ' four'), { fs, cwd: '/work' });
    expect(shown(fs.text('/work/f.txt'))).toBe(shown('one\r\nTWO\nTHREE\r\nfour\nfive\r\n'));
  });

  it('keeps a repeated line its own ending when the lines before it are dropped', async () => {
    const fs = new MemFs({ 'f.txt': FILE });
    await apply(P('@@', ' one', '-two', '-three', '+three', ' four'), { fs, cwd: '/work' });
    expect(shown(fs.text('/work/f.txt'))).toBe(shown('one\r\nthree\r\nfour\nfive\r\n'));
  });
});

describe('a hunk that moves lines in a mixed-ending file', () => {
  it('keeps each moved line its own ending; a changed line still takes the k-th replaced one', async () => {
    const fs = new MemFs({ 'f.txt': FILE });
    await apply(P('@@', '-one', '-two', '-three', '+three', '+one', '+TWO', ' four'), { fs, cwd: '/work' });
    expect(shown(fs.text('/work/f.txt'))).toBe(shown('three\r\none\r\nTWO\r\nfour\nfive\r\n'));
  });
});

describe('an edit in a mixed-ending file', () => {
  it('keeps the endings of lines its new_string repeats, with a line added above them', async () => {
    const fs = new MemFs({ 'f.txt': FILE });
    const request = JSON.stringify({ path: 'f.txt', old_string: 'two\nthree\nfour', new_string: 'new\ntwo\nthree\nfour' });
    const o = await edit(request, { fs, cwd: '/work' });
    expect(o.status).toBe('applied');
    expect(shown(fs.text('/work/f.txt'))).toBe(shown('one\r\nnew\ntwo\nthree\r\nfour\nfive\r\n'));
  });
});

describe('the rule, over random mixed files', () => {
  it('keeps every line a hunk removes and adds again byte for byte, moved or not, whatever it inserts among them', async () => {
    const { default: fc } = await import('fast-check');
    const line = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'eps', 'zeta');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(line, fc.constantFrom('\n', '\r\n')), { minLength: 3, maxLength: 8 }),
        fc.array(fc.nat(9), { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(99), { minLength: 8, maxLength: 8 }),
        async (lines, inserts, order) => {
          // Unique texts, so each kept line has one reading; and at least one of each ending, so the file is mixed.
          const texts = lines.map(([t], i) => `${t}${i}`);
          const endings = lines.map(([, e], i) => (i === 0 ? '\n' : i === 1 ? '\r\n' : e));
          const file = texts.map((t, i) => `${t}${endings[i]}`).join('');
          // The kept lines in any order (moved), with new ones among them.
          const added = texts
            .map((t, i) => [t, order[i]!] as const)
            .sort((a, b) => a[1] - b[1])
            .map(([t]) => t);
          for (const [n, at] of inserts.entries()) added.splice(at % (added.length + 1), 0, `new${n}`);
          const fs = new MemFs({ 'f.txt': file });
          const patch = P('@@', ...texts.map((t) => `-${t}`), ...added.map((t) => `+${t}`));
          const o = await apply(patch, { fs, cwd: '/work' });
          expect(o.status).toBe('applied');
          const out = fs.text('/work/f.txt')!;
          for (const [i, t] of texts.entries()) expect(out).toContain(`${t}${endings[i]}`);
          expect(out.replace(/\r\n/g, '').includes('\r')).toBe(false);
        },
      ),
      { numRuns: 200, seed: 8 },
    );
  });
});
