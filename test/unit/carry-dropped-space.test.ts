// old_string typed without a space the file has between two words (a model
// that read `import foo` as one token): the edit-JSON audit (repro 5) found
// `importfoo` -> `importbar` written as `importbar`, the file's space lost
// with exit 0, while `constvalue` -> `letvalue` kept it. The space stays where
// the replaced text was; text inserted right at the space could go on either
// side of it, so nothing is written.

import { describe, expect, it } from 'vitest';
import { edit } from '../../src/index.js';
import { MemFs } from '../support/memfs.js';

const FILE = 'import foo\nreturn a and b\nconst value = 1\n';
const read = (fs: MemFs) => new TextDecoder().decode((fs.nodes.get('/work/f.txt') as { bytes: Uint8Array }).bytes);
const run = async (old_string: string, new_string: string) => {
  const fs = new MemFs({ 'f.txt': FILE });
  const o = await edit({ mode: 'single', path: 'f.txt', edit: { old_string, new_string } }, { cwd: '/work', fs });
  return { o, text: read(fs), writes: fs.writes };
};

describe('a space the model dropped between two words', () => {
  it.each([
    ['importfoo', 'importbar', 'import bar\n'],
    ['aand', 'aor', 'return a or b\n'],
    ['constvalue', 'letvalue', 'let value = 1\n'],
    ['importfoo', 'importfoo2', 'import foo2\n'],
  ])('stays where the replaced text was: %s -> %s', async (old, next, line) => {
    const { o, text } = await run(old, next);
    expect(o.status).toBe('applied');
    expect(text).toContain(line);
  });

  it('refuses text inserted right at the space, writing nothing', async () => {
    const { o, text, writes } = await run('importfoo', 'importsfoo');
    expect(o.status).toBe('rejected');
    expect(writes).toBe(0);
    expect(text).toBe(FILE);
  });
});

// The edit-JSON audit (repro 2): an apostrophe the model typed inside curly
// quotes was taken for a closing quote, so the file's straight opening quote
// was rewritten curly (`s = ‘it’s'`), one curly and one straight on a line.
describe('an apostrophe typed inside quotes the file spells straight', () => {
  it.each([
    ['s = ‘it’s’', "s = 'it’s'\n"],
    ["s = ‘it's’", "s = 'it's'\n"],
  ])('leaves the file’s quotes as they are: %s', async (next, written) => {
    const fs = new MemFs({ 'q.txt': "s = 'it is'\n" });
    const o = await edit({ mode: 'single', path: 'q.txt', edit: { old_string: 's = ‘it is’', new_string: next } }, { cwd: '/work', fs });
    expect(o.status).toBe('applied');
    expect(new TextDecoder().decode((fs.nodes.get('/work/q.txt') as { bytes: Uint8Array }).bytes)).toBe(written);
  });
});
