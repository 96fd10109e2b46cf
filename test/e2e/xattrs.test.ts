// A replaced file keeps its extended attributes (user attributes, ACLs,
// labels) in the binary on Linux, where Bun's FFI reaches libc's xattr calls;
// the Node CLI cannot read them (docs/safety.md). Attributes are set and read
// with python3's os.setxattr, present on these machines.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RUNTIME, runCli } from '../support/cli.js';

const python = spawnSync('python3', ['-c', 'import os; os.setxattr'], { stdio: 'ignore' }).status === 0;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chord-xattr-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const setXattrs = (file: string, attrs: Record<string, string>) =>
  execFileSync('python3', [
    '-c',
    'import os, sys, json\nfor k, v in json.loads(sys.argv[2]).items(): os.setxattr(sys.argv[1], k, bytes.fromhex(v))',
    file,
    JSON.stringify(attrs),
  ]);
const xattrsOf = (file: string): Record<string, string> =>
  JSON.parse(
    execFileSync(
      'python3',
      ['-c', 'import os, sys, json\nprint(json.dumps({k: os.getxattr(sys.argv[1], k).hex() for k in os.listxattr(sys.argv[1])}))', file],
      {
        encoding: 'utf8',
      },
    ),
  );

const supported = (() => {
  if (!python || process.platform !== 'linux') return false;
  const probe = join(mkdtempSync(join(tmpdir(), 'chord-xattr-probe-')), 'f');
  writeFileSync(probe, '');
  try {
    setXattrs(probe, { 'user.probe': '00' });
    return true;
  } catch {
    return false;
  }
})();

const PATCH = ['*** Begin Patch', '*** Update File: a.txt', '@@', '-old', '+new', '*** End Patch', ''].join('\n');

describe.skipIf(!supported || RUNTIME !== 'binary')('extended attributes, in the binary', () => {
  it('are kept on a replaced file, binary values and empty ones too', () => {
    const file = join(dir, 'a.txt');
    writeFileSync(file, 'old\n');
    const attrs = { 'user.note': Buffer.from('kept').toString('hex'), 'user.bytes': '00ff0a', 'user.empty': '' };
    setXattrs(file, attrs);
    const r = runCli(['apply'], { cwd: dir, input: PATCH });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('new\n');
    expect(xattrsOf(file)).toEqual(attrs);
  });

  it('a file without attributes is written as before', () => {
    writeFileSync(join(dir, 'a.txt'), 'old\n');
    const r = runCli(['apply'], { cwd: dir, input: PATCH });
    expect(r.code, r.stderr).toBe(0);
    expect(xattrsOf(join(dir, 'a.txt'))).toEqual({});
  });
});
