// The key that signs commit journals: made on first use, 0600, in the
// user's state directory; a key anyone else could read or swap signs nothing.

import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { journalKey, journalKeyPath } from '../../src/commit/journal-key.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'chord-key-'));
  dirs.push(d);
  return d;
};

describe('the journal key', () => {
  it('lives in $XDG_STATE_HOME/chord-patch, else ~/.local/state/chord-patch', () => {
    expect(journalKeyPath({ XDG_STATE_HOME: '/st' }, '/home/u')).toBe('/st/chord-patch/key');
    expect(journalKeyPath({ XDG_STATE_HOME: 'relative' }, '/home/u')).toBe('/home/u/.local/state/chord-patch/key');
    expect(journalKeyPath({}, '/home/u')).toBe('/home/u/.local/state/chord-patch/key');
  });

  it('is created on first use with mode 0600 in a 0700 directory, and read back the same', () => {
    const path = join(temp(), 'state', 'chord-patch', 'key');
    const first = journalKey(path);
    expect('key' in first && first.key.length).toBe(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, '..')).mode & 0o777).toBe(0o700);
    const again = journalKey(path);
    expect('key' in again && Buffer.from(again.key).equals(Buffer.from((first as { key: Uint8Array }).key))).toBe(true);
  });

  it.each([
    ['readable by others', (p: string) => (writeFileSync(p, Buffer.alloc(32, 1)), chmodSync(p, 0o644)), /read or written by others/],
    [
      'a symbolic link',
      (p: string) => (writeFileSync(`${p}.real`, Buffer.alloc(32, 1), { mode: 0o600 }), symlinkSync(`${p}.real`, p)),
      /ELOOP|symbolic/,
    ],
    ['cut short', (p: string) => writeFileSync(p, Buffer.alloc(7, 1), { mode: 0o600 }), /not a 32-byte key/],
  ])('is not trusted when %s', (_name, make, why) => {
    const d = join(temp(), 'chord-patch');
    mkdirSync(d);
    const path = join(d, 'key');
    make(path);
    const r = journalKey(path);
    expect('error' in r && r.error).toMatch(why);
  });
});
