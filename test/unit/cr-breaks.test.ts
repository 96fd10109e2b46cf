// A patch whose lines are ended by CR alone (no LF anywhere, two CRs or
// more: classic Mac OS, or a paste that turned newlines into CRs) is read
// with its CRs as line breaks, and the outcome says so; any input with an LF
// in it is read exactly as sent.

import { describe, expect, it } from 'vitest';
import { apply } from '../../src/index.js';
import { CR_BREAKS_NOTE, crLineBreaks, detectInput } from '../../src/input/detect.js';
import { MemFs } from '../support/memfs.js';

const crs = (...lines: string[]) => `${lines.join('\r')}\r`;
const noted = (o: { notes: { message: string }[] }) => o.notes.some((n) => n.message === CR_BREAKS_NOTE);

describe('a patch with CR line breaks only', () => {
  it('applies an envelope, and the outcome carries the note', async () => {
    const fs = new MemFs({ 'f.txt': 'a\nb\nc\n' });
    const o = await apply(crs('*** Begin Patch', '*** Update File: f.txt', ' a', '-b', '+B', ' c', '*** End Patch'), { fs, cwd: '/work' });
    expect(o.status, JSON.stringify(o.error ?? o.failed)).toBe('applied');
    expect(fs.text('/work/f.txt')).toBe('a\nB\nc\n');
    expect(noted(o)).toBe(true);
  });

  it('keeps a CR-only target file in CR endings', async () => {
    const fs = new MemFs({ 'f.txt': 'a\rb\rc\r' });
    const o = await apply(crs('*** Begin Patch', '*** Update File: f.txt', ' a', '-b', '+B', '+B2', ' c', '*** End Patch'), {
      fs,
      cwd: '/work',
    });
    expect(o.status).toBe('applied');
    expect(fs.text('/work/f.txt')).toBe('a\rB\rB2\rc\r');
  });

  it('applies a unified diff and an envelope inside {"patch"} JSON the same way', async () => {
    const fs = new MemFs({ 'f.txt': 'a\nb\n' });
    const o = await apply(crs('--- a/f.txt', '+++ b/f.txt', '@@ -1,2 +1,2 @@', ' a', '-b', '+B'), { fs, cwd: '/work' });
    expect(o.status, JSON.stringify(o.error ?? o.failed)).toBe('applied');
    expect(noted(o)).toBe(true);
    const json = JSON.stringify({ patch: crs('*** Begin Patch', '*** Add File: g.txt', '+g', '*** End Patch') });
    const j = await apply(json, { fs, cwd: '/work' });
    expect(j.status).toBe('applied');
    expect(fs.text('/work/g.txt')).toBe('g\n');
    expect(noted(j)).toBe(true);
  });

  it('carries the note on a refusal too, which then names the right line', async () => {
    const fs = new MemFs({ 'f.txt': 'a\n' });
    const o = await apply(crs('*** Begin Patch', '*** Update File: f.txt', '-zzz', '+y', '*** End Patch'), { fs, cwd: '/work' });
    expect(o.status).toBe('rejected');
    expect(noted(o)).toBe(true);
    expect(fs.text('/work/f.txt')).toBe('a\n');
  });
});

describe('input that is left as sent', () => {
  it('changes nothing with an LF anywhere, or with fewer than two CRs', () => {
    expect(crLineBreaks('a\rb\nc\r')).toBeUndefined();
    expect(crLineBreaks('a\r\nb\r\n')).toBeUndefined();
    expect(crLineBreaks('*** Begin Patch\r')).toBeUndefined();
    expect(crLineBreaks('no breaks')).toBeUndefined();
    expect(crLineBreaks('a\rb\r')).toBe('a\nb\n');
  });

  it('keeps a lone CR inside an added line of an LF patch, with no note', async () => {
    const fs = new MemFs({});
    const o = await apply('*** Begin Patch\n*** Add File: g.txt\n+x\ry\n*** End Patch\n', { fs, cwd: '/work' });
    expect(o.status).toBe('applied');
    expect(fs.text('/work/g.txt')).toBe('x\ry\n');
    expect(noted(o)).toBe(false);
  });

  it('marks only the CR-only text it converted', () => {
    expect(detectInput('*** Begin Patch\n*** End Patch\n')).toEqual({ kind: 'patch', text: '*** Begin Patch\n*** End Patch\n' });
    expect(detectInput('*** Begin Patch\r*** End Patch\r')).toEqual({
      kind: 'patch',
      text: '*** Begin Patch\n*** End Patch\n',
      crBreaks: true,
    });
  });
});

describe('a model reply with CR line breaks only, under extract', () => {
  it('extracts and applies the patch inside it, with the note', async () => {
    const fs = new MemFs({ 'f.txt': 'a\n' });
    const reply = crs('Here is the change:', '```', '*** Begin Patch', '*** Update File: f.txt', '-a', '+b', '*** End Patch', '```');
    const o = await apply(reply, { fs, cwd: '/work', extract: true });
    expect(o.status, JSON.stringify(o.error ?? o.failed)).toBe('applied');
    expect(fs.text('/work/f.txt')).toBe('b\n');
    expect(noted(o)).toBe(true);
  });
});
