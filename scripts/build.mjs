// Bundles the CLI and the library with esbuild, and emits type declarations
// for the library:
//   dist/cli-node.bundle.cjs  the CLI; the lazily loaded packages are in
//                      dist/lazy/
//   dist/cli-node.cjs  the CLI for `node` (bin/chord-patch, bin/apply_patch): a
//                      loader for dist/cli-node.bundle.cjs that uses V8's code
//                      cache
//   dist/index.cjs     the library, also with dist/lazy/
// What keeps work off Node's start-up path (lazy packages and built-ins, the
// code cache) is scripts/build-startup.mjs, with the figures that justify it.
// (The single binary, build/chord-patch, is compiled from the sources by Bun:
// scripts/binary.mjs. Nothing here is for it.)
import { build } from 'esbuild';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { execFileSync } from 'node:child_process';
import { codeCacheLoader, finishLazy, lazyBuiltins, lazyPackages, removeCodeCaches, trainCodeCaches } from './build-startup.mjs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  logLevel: 'warning',
  define: { __CHORD_PATCH_VERSION__: JSON.stringify(pkg.version) },
  legalComments: 'none',
};

/**
 * Bundle, finish and write each output through a temp file and a rename:
 * tests and other builds run the CLI while it is rebuilt, and must never load
 * a half-written file or one whose lazy packages are not filled in yet.
 */
async function bundle(options, outputs) {
  const r = await build({ ...common, ...options, outfile: outputs[0], plugins: [lazyPackages, lazyBuiltins], write: false });
  for (const file of outputs) await writeAtomic(file, await finishLazy(r.outputFiles[0].text, file, common, writeAtomic));
}

async function writeAtomic(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

// Caches go first, before any output changes: V8 only compares a cache's
// source length, so a stale cache must never sit next to a new file.
removeCodeCaches();
await Promise.all([
  bundle({ entryPoints: ['src/main.ts'], minify: true }, ['dist/cli-node.bundle.cjs']),
  bundle({ entryPoints: ['src/index.ts'] }, ['dist/index.cjs']),
]);
await writeAtomic('dist/cli-node.cjs', codeCacheLoader);
trainCodeCaches();
if (!process.argv.includes('--no-types')) {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}
