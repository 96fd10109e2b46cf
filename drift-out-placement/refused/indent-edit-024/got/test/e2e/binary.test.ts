// The single-file executable (npm run binary) applies a patch read from stdin,
// and answers to the apply_patch name. Built here if missing, so the test
// stands alone on a fresh clone.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { readTree, scratchCopy } from '../support/tree.js';

const BINARY = join(ROOT, 'build', 'chord-patch');

beforeAll(() => {
  const stale = !existsSync(BINARY) || statSync(BINARY).mtimeMs < statSync(join(ROOT, 'dist', 'cli.cjs')).mtimeMs;
  if (stale || !existsSync(join(ROOT, 'build', 'apply_patch'))) {
    execFileSync(process.execPath, ['scripts/binary.mjs'], { cwd: ROOT, stdio: 'pipe' });
  }
}, 120_000);

describe('the single-file binary', () => {
  it('applies a patch from stdin without node or node_modules on the path', () => {
    const dir = scratchCopy(undefined);
    try {
      mkdirSync(join(dir, 'src'));
      writeFileSync(join(dir, 'src/app.js'), 'const port = 8080;\n');
      const r = spawnSync(BINARY, ['apply', '--no-color'], {
        cwd: dir,
        input: '*** Begin Patch\n*** Update File: src/app.js\n-const port = 8080;\n+const port = 3000;\n*** End Patch\n',
        env: { PATH: '/nonexistent', HOME: dir },
        encoding: 'utf8',
      });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('+const port = 3000;');
      expect(readFileSync(join(dir, 'src/app.js'), 'utf8')).toBe('const port = 3000;\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs as apply_patch through its link and prints the model-facing result', () => {
    const dir = scratchCopy(undefined);
    try {
      const r = spawnSync(join(ROOT, 'build', 'apply_patch'), [], {
        cwd: dir,
        input: '*** Begin Patch\n*** Add File: hello.txt\n+hi\n*** End Patch\n',
        encoding: 'utf8',
      });
      expect(r.stdout).toBe('Success. Updated the following files:\nA hello.txt\n');
      expect(readFileSync(join(dir, 'hello.txt'), 'utf8')).toBe('hi\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // The binary carries the lazily loaded packages (encoding detector and iconv
  // tables, the yaml parser) inside its single script: these scenarios are the
  // only ones that reach them there.
  it.each(['304_gbk_kept', '323_gb18030_four_byte_kept', '305_shift_jis_kept', '601_permission_glob_denies_one_file'])(
    'runs fixture %s exactly as the node CLI does',
    (name) => {
      const fixture = join(ROOT, 'test', 'fixtures', name);
      const spec = JSON.parse(readFileSync(join(fixture, 'expect.json'), 'utf8')) as { args?: string[]; exit: number };
      const dir = scratchCopy(join(fixture, 'before'));
      try {
        const r = spawnSync(BINARY, [...(spec.args ?? ['apply']), '--json'], { cwd: dir, input: readFileSync(join(fixture, 'input')), encoding: 'utf8' });
        expect(r.stderr).toBe('');
        expect(r.status).toBe(spec.exit);
        const after = existsSync(join(fixture, 'after')) ? join(fixture, 'after') : join(fixture, 'before');
        expect(readTree(dir)).toEqual(readTree(after));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
