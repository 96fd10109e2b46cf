// Invisible characters a model leaks into the lines it adds are cleaned and
// reported; everything visible, and the rest of the file, is left alone.

import { describe, expect, it } from 'vitest';
import { runPatchText } from '../../src/run/pipeline.js';
import { cleanInvisible, formatRemoved } from '../../src/text/invisible.js';
import { MemFs } from '../support/memfs.js';

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
const run = (fs: MemFs, text: string) => runPatchText(text, { fs, cwd: '/work' });

describe('cleaning removes what carries no content', () => {
  it.each<[string, string, string, string]>([
    ['a zero-width space inside a word', 'foo\u200Bbar', 'foobar', 'U+200B×1'],
    ['two zero-width spaces, counted', 'a\u200Bb\u200Bc', 'abc', 'U+200B×2'],
    ['a zero-width non-joiner', 'ab\u200Ccd', 'abcd', 'U+200C×1'],
    ['a word joiner', 'no\u2060break', 'nobreak', 'U+2060×1'],
    ['a soft hyphen', 'co\u00ADoperate', 'cooperate', 'U+00AD×1'],
    ['a BOM in the middle of a line', 'x\uFEFFy', 'xy', 'U+FEFF×1'],
    ['a zero-width joiner between letters', 'a\u200Db', 'ab', 'U+200D×1'],
    ['a zero-width joiner after an emoji with nothing to join', '👍\u200D!', '👍!', 'U+200D×1'],
    ['a zero-width joiner between a letter and an emoji', 'a\u200D👍', 'a👍', 'U+200D×1'],
    ['an emoji selector at the start of a line', '\uFE0Fx', 'x', 'U+FE0F×1'],
    ['an emoji selector after a letter', 'a\uFE0F', 'a', 'U+FE0F×1'],
    ['an emoji selector after a space', 'ok \uFE0F', 'ok ', 'U+FE0F×1'],
    ['an ideographic selector after a Latin letter', 'a\u{E0100}', 'a', 'U+E0100×1'],
    ['a combining acute accent at the start of a line', '\u0301abc', 'abc', 'U+0301×1'],
    ['a stray macron after a space', 'a \u0304b', 'a b', 'U+0304×1'],
    ['a combining grave after a tab', '\t\u0300x', '\tx', 'U+0300×1'],
    ['a combining mark after a no-break space', 'x\u00A0\u0301', 'x\u00A0', 'U+0301×1'],
    ['marks stacked on nothing', ' \u0301\u0302', ' ', 'U+0301×1, U+0302×1'],
    ['an enclosing keycap after a space', ' \u20E3', ' ', 'U+20E3×1'],
    ['a mix, reported sorted by code point', '\uFEFF\u200Bx\u200B', 'x', 'U+200B×2, U+FEFF×1'],
  ])('removes %s', (_, input, text, report) => {
    const c = cleanInvisible(input, { atFileStart: false });
    expect(c.text).toBe(text);
    expect(formatRemoved(c.removed)).toBe(report);
  });

  it('keeps a leading BOM when the text opens a file, and removes it inside a file', () => {
    expect(cleanInvisible('\uFEFFhello')).toEqual({ text: '\uFEFFhello', removed: new Map() });
    expect(formatRemoved(cleanInvisible('\uFEFFhello', { atFileStart: false }).removed)).toBe('U+FEFF×1');
  });

  it('judges a mark by what it sits on once the invisibles before it are gone', () => {
    const c = cleanInvisible('a\u200B\u0301', { atFileStart: false });
    expect(c.text).toBe('a\u0301');
    expect(formatRemoved(c.removed)).toBe('U+200B×1');
  });
});

describe('cleaning keeps everything visible', () => {
  it.each<[string, string]>([
    ['a family emoji joined by ZWJ', '👨\u200D👩\u200D👧'],
    ['a ZWJ sequence with a skin tone', '👩🏽\u200D💻'],
    ['a heart on fire (selector, then ZWJ)', '❤\uFE0F\u200D🔥'],
    ['the rainbow flag', '🏳\uFE0F\u200D🌈'],
    ['a keycap', '#\uFE0F\u20E3 1\uFE0F\u20E3'],
    ['a text-presentation selector on a smiley', '☺\uFE0E'],
    ['an acute accent on a letter', 'caf\u0065\u0301'],
    ['stacked Vietnamese marks', 'Ti\u0065\u0302\u0301ng Vi\u0065\u0323\u0302t'],
    ['Devanagari with virama and vowel signs', 'नमस्ते दुनिया'],
    ['Arabic with harakat', 'مَرْحَبًا بِالْعَالَمِ'],
    ['Hebrew with points', 'שָׁלוֹם'],
    ['an overline on a digit', 'x\u0305 + 1\u0305'],
    ['a slash over a symbol', '→\u0338'],
    ['a mark on punctuation', '.\u0301'],
    ['an ideographic variation sequence', '葛\u{E0100}'],
    ['a standardized variant of a math symbol', '≩\uFE00'],
    ['plain ASCII', 'const x = 1; // nothing to see'],
  ])('keeps %s', (_, input) => {
    expect(cleanInvisible(input, { atFileStart: false })).toEqual({ text: input, removed: new Map() });
  });
});

describe('formatRemoved', () => {
  it('lists code points in order, four hex digits at least, with counts', () => {
    expect(
      formatRemoved(
        new Map([
          [0xfeff, 1],
          [0xe0100, 3],
          [0xad, 2],
        ]),
      ),
    ).toBe('U+00AD×2, U+FEFF×1, U+E0100×3');
  });
});

describe('patches: only the added lines are cleaned', () => {
  it('removes leaked characters from added lines, keeps the rest of the file, and says which', async () => {
    const fs = new MemFs({ 'a.txt': 'keep\u200B\nold\n' });
    const o = await run(fs, P('*** Update File: a.txt', ' keep\u200B', '-old', '+new\u200B line\u200B', '+sec\uFEFFond'));
    expect(o.status).toBe('applied');
    expect(fs.text('/work/a.txt')).toBe('keep\u200B\nnew line\nsecond\n');
    expect(o.notes).toContainEqual({
      code: 'invisible_cleaned',
      message: 'removed invisible characters from added lines: U+200B×2, U+FEFF×1',
    });
  });

  it('adds up what was cleaned across files into one note', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    const o = await run(fs, P('*** Add File: b.txt', '+b\u200B', '*** Update File: a.txt', '-a', '+a\u00AD\u200B'));
    expect(o.notes.filter((n) => n.code === 'invisible_cleaned')).toEqual([
      { code: 'invisible_cleaned', message: 'removed invisible characters from added lines: U+00AD×1, U+200B×2' },
    ]);
  });

  it('does not mention cleaning when nothing was removed', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    const o = await run(fs, P('*** Update File: a.txt', '-a', '+👨\u200D👩\u200D👧'));
    expect(o.notes.some((n) => n.code === 'invisible_cleaned')).toBe(false);
    expect(fs.text('/work/a.txt')).toBe('👨\u200D👩\u200D👧\n');
  });

  it('writes a new file that starts with a BOM as UTF-8 with a BOM', async () => {
    const fs = new MemFs();
    const o = await run(fs, P('*** Add File: bom.txt', '+\uFEFFhello', '+\uFEFFworld'));
    expect(o.status).toBe('applied');
    const n = fs.nodes.get('/work/bom.txt');
    expect(n?.kind === 'file' && Buffer.from(n.bytes).toString('latin1')).toBe('\xEF\xBB\xBFhello\nworld\n');
    expect(o.notes).toContainEqual({ code: 'invisible_cleaned', message: 'removed invisible characters from added lines: U+FEFF×1' });
  });

  it.each<[string, string[], string]>([
    ['an update', ['*** Update File: a.txt', ' a', '+\u200B\u200B'], 'U+200B×2'],
    ['a new file', ['*** Add File: b.txt', '+\u2060', '+'], 'U+2060×1'],
  ])('refuses %s whose added lines are only invisible characters', async (_, ops, report) => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    const o = await run(fs, P(...ops));
    expect(o.status).toBe('rejected');
    expect(o.failed[0]?.failures[0]).toMatchObject({
      code: 'invisible_only',
      message: expect.stringContaining(`contain only invisible characters (${report})`),
    });
    expect(fs.text('/work/a.txt')).toBe('a\n');
  });
});

describe('patches: control characters are not written', () => {
  it.each<[string, string]>([
    ['a bell', '\u0007'],
    ['an escape', '\u001B[31m'],
    ['a vertical tab', '\u000B'],
    ['a DEL', '\u007F'],
    ['a C1 control', '\u0085'],
    ['a NUL', '\u0000'],
  ])('refuses an added line containing %s', async (_, ctrl) => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    const o = await run(fs, P('*** Update File: a.txt', '-a', `+x${ctrl}y`));
    expect(o.failed[0]?.failures[0]).toMatchObject({
      code: 'control_chars',
      message: expect.stringContaining('a.txt: refusing to write control character U+00'),
    });
    expect(fs.text('/work/a.txt')).toBe('a\n');
  });

  it('allows tab and form feed in added lines', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    const o = await run(fs, P('*** Update File: a.txt', '-a', '+\tx\fy'));
    expect(o.status).toBe('applied');
    expect(fs.text('/work/a.txt')).toBe('\tx\fy\n');
  });

  it('leaves control characters already in the file alone', async () => {
    const fs = new MemFs({ 'a.txt': 'bell\u0007\nold\n' });
    const o = await run(fs, P('*** Update File: a.txt', ' bell\u0007', '-old', '+new'));
    expect(o.status).toBe('applied');
    expect(fs.text('/work/a.txt')).toBe('bell\u0007\nnew\n');
  });
});
