// The single-file executable (npm run binary) applies a patch read from stdin,
// and answers to the apply_patch name. Built here if missing, so the test
// stands alone on a fresh clone.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';
import { scratchCopy } from '../support/tree.js';

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
});
