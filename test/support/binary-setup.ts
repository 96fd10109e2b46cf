// Global set-up of the `binary` test project (vitest.config.mts): build
// build/chord-patch when it is missing or older than what it is compiled from,
// so a targeted run (`npx vitest run test/e2e/fixtures.test.ts`) never tests a
// stale binary. `npm test` builds it first, and then this finds it current.

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

function newestInput(): number {
  let newest = 0;
  const see = (file: string) => (newest = Math.max(newest, statSync(file).mtimeMs));
  for (const f of ['package.json', 'package-lock.json', 'scripts/binary.mjs']) see(join(ROOT, f));
  for (const e of readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })) if (e.isFile()) see(join(e.parentPath, e.name));
  return newest;
}

export default function setup(): void {
  const bin = join(ROOT, 'build', 'chord-patch');
  if (existsSync(bin) && existsSync(join(ROOT, 'build', 'apply_patch')) && statSync(bin).mtimeMs >= newestInput()) return;
  execFileSync(process.execPath, [join(ROOT, 'scripts', 'binary.mjs')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}
