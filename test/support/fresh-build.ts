// Global set-ups of the end-to-end test projects (vitest.config.mts): each
// rebuilds the build it tests when that build is missing or older than what
// it is made from, so a targeted run (`npx vitest run test/e2e/cli.test.ts`)
// never tests a stale dist/ or build/. `npm test` builds both first, and then
// these find them current.

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

function newestInput(scripts: readonly string[]): number {
  let newest = 0;
  const see = (file: string) => {
    newest = Math.max(newest, statSync(file).mtimeMs);
  };
  for (const f of ['package.json', 'package-lock.json', ...scripts]) see(join(ROOT, f));
  for (const e of readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })) if (e.isFile()) see(join(e.parentPath, e.name));
  return newest;
}

function rebuildIfStale(outputs: readonly string[], scripts: readonly string[]): void {
  const paths = outputs.map((o) => join(ROOT, o));
  const newest = newestInput(scripts);
  if (paths.every((p) => existsSync(p) && statSync(p).mtimeMs >= newest)) return;
  execFileSync(process.execPath, [join(ROOT, scripts[0]!)], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The parts of the Node build (scripts/build/). */
function buildParts(): string[] {
  return readdirSync(join(ROOT, 'scripts', 'build')).map((f) => join('scripts', 'build', f));
}

/** The Node CLI: bin/chord-patch runs dist/cli-node.cjs in a checkout. */
export function node(): void {
  rebuildIfStale(['dist/cli-node.cjs', 'dist/index.cjs'], ['scripts/build.mjs', ...buildParts()]);
}

/** The Bun-compiled binary and its apply_patch twin. */
export function binary(): void {
  rebuildIfStale(['build/chord-patch', 'build/apply_patch'], ['scripts/binary.mjs']);
}
