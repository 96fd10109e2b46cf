// The library never throws for bad input, and refuses options of the wrong
// type with an error naming the option, before anything waits or runs.

import { describe, expect, it } from 'vitest';
import { apply, check, edit, recover } from '../../src/index.js';
import { MemFs } from '../support/memfs.js';

const PATCH = '*** Begin Patch\n*** Update File: a.txt\n-a\n+b\n*** End Patch\n';

describe('library options and input', () => {
  it('refuses lockTimeoutMs: NaN at once, even with the lock held, and writes nothing', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    fs.put('/work/.chord-patch/lock', JSON.stringify({ pid: 4242, host: (await import('node:os')).hostname(), since: 'then', id: 'x' }));
    const o = await apply(PATCH, { fs, cwd: '/work', lockTimeoutMs: Number.NaN, isAlive: () => true });
    expect(o.status).toBe('rejected');
    expect(o.error).toEqual({
      code: 'bad_option',
      message: 'option lockTimeoutMs must be a finite number of milliseconds, 0 or more; got NaN',
    });
    expect(fs.text('/work/a.txt')).toBe('a\n');
  });

  it.each([
    ['a number', 42],
    ['null', null],
    ['an object', { patch: PATCH }],
    ['undefined', undefined],
  ])('resolves to a bad_input outcome for a patch that is %s, never a TypeError', async (_what, input) => {
    const o = await apply(input as never, { fs: new MemFs({ 'a.txt': 'a\n' }), cwd: '/work' });
    expect(o.status).toBe('rejected');
    expect(o.error?.code).toBe('bad_input');
    expect(o.error?.message).toMatch(/^apply takes the input as a string or bytes/);
  });

  it.each([
    ['cwd', 3, 'option cwd must be a non-empty path; got the number 3'],
    ['check', 'yes', 'option check must be true or false; got a string'],
    ['strip', -1, 'option strip must be a whole number, 0 or more; got the number -1'],
    ['fs', {}, 'option fs must be a file system object (an Fs, such as nodeFs); got an object'],
    ['authorize', 'deny', 'option authorize must be a function; got a string'],
  ])('names the option when %s has the wrong type', async (key, value, message) => {
    const o = await apply(PATCH, { [key]: value } as never);
    expect(o.error).toEqual({ code: 'bad_option', message });
  });

  it('refuses reject with threeWay, as git apply refuses --reject with --3way, and writes nothing', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    const o = await apply(PATCH, { fs, cwd: '/work', reject: true, threeWay: 'merge' });
    expect(o.error).toEqual({ code: 'bad_option', message: 'options reject and threeWay cannot be used together (--reject, --3way)' });
    expect(fs.text('/work/a.txt')).toBe('a\n');
  });

  it('refuses options that are not an object', async () => {
    expect((await apply(PATCH, 'fast' as never)).error?.code).toBe('bad_option');
    expect((await check(PATCH, null as never)).error?.code).toBe('bad_option');
  });

  it('refuses a malformed edit request object instead of throwing', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    const cases: unknown[] = [
      { path: 'a.txt', mode: 'single' },
      { path: 'a.txt', mode: 'single', edit: { old_string: 1, new_string: 'b' } },
      { path: 'a.txt', mode: 'batch', edits: 'x' },
      { mode: 'single', edit: { old_string: 'a', new_string: 'b' } },
      42,
    ];
    for (const input of cases) {
      const o = await edit(input as never, { fs, cwd: '/work' });
      expect(o.status).toBe('rejected');
      expect(['bad_edit', 'bad_input']).toContain(o.error?.code);
    }
    expect(fs.text('/work/a.txt')).toBe('a\n');
  });

  it('recover says why it refuses bad options instead of throwing', async () => {
    const r = await recover({ cwd: '/work', fs: new MemFs(), lockTimeoutMs: -5 });
    expect(r.ok).toBe(false);
    expect(r.message).toBe('option lockTimeoutMs must be a finite number of milliseconds, 0 or more; got the number -5');
  });
});
