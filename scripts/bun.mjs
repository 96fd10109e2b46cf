// Where the bun executable of the `bun` dev dependency is: scripts/binary.mjs
// compiles with it, and the bench measures its bare start-up (`bun -e 0`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The bun executable from node_modules. The `bun` package's postinstall moves
 * the platform package's binary over its placeholder bin/bun.exe; where
 * install scripts did not run (npm's allowScripts, --ignore-scripts), the
 * binary is still in the platform package (@oven/bun-linux-x64 and the like),
 * so both places are tried, each proven by running it.
 */
export function bunExecutable() {
  const arch = { x64: 'x64', arm64: 'aarch64' }[process.arch] ?? process.arch;
  const candidates = [];
  try {
    candidates.push(join(dirname(require.resolve('bun/package.json')), 'bin', 'bun.exe'));
  } catch {}
  for (const suffix of ['', '-baseline', '-musl', '-musl-baseline']) {
    try {
      candidates.push(join(dirname(require.resolve(`@oven/bun-${process.platform}-${arch}${suffix}/package.json`)), 'bin', 'bun'));
    } catch {}
  }
  for (const file of candidates) {
    if (existsSync(file) && spawnSync(file, ['--version'], { stdio: 'ignore' }).status === 0) return file;
  }
  throw new Error(
    `no working bun executable in node_modules ` +
      `(tried ${candidates.join(', ') || 'nothing: is the bun dev dependency installed? run npm ci'})`,
  );
}
