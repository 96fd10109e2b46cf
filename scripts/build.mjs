// `npm run build`: the Node CLI and the library, bundled with esbuild, plus
// the library's type declarations.
//   dist/cli-node.bundle.cjs  the CLI (src/main.ts); lazily loaded packages in dist/lazy/
//   dist/cli-node.cjs         the CLI's entry for `node` (bin/chord-patch,
//                             bin/apply_patch): the code-cache loader
//   dist/index.cjs            the library (src/index.ts), also with dist/lazy/
//   dist/types/               the library's declarations (tsc)
// The parts, each in scripts/build/: bundling options and the stand-in plugin
// here; lazy-packages.mjs and code-cache.mjs are the start-up tricks of the
// Node CLI's build, each with what it saves;
// ascii.mjs and write-atomic.mjs are what every output goes through.
// (The single binary, build/chord-patch, is compiled from the sources by Bun:
// scripts/binary.mjs. Nothing here is for it.)
//
// buildNode() is also what the bench calls to build the CLI without one
// trick at a time (scripts/bench/startup-variants.mjs).

import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ascii } from './build/ascii.mjs';
import { codeCacheLoader, removeCodeCaches, trainCodeCaches } from './build/code-cache.mjs';
import { lazyPackages, writeLazyPackages } from './build/lazy-packages.mjs';
import { writeAtomic } from './build/write-atomic.mjs';

const ROOT = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  logLevel: 'warning',
  define: { __CHORD_PATCH_VERSION__: JSON.stringify(pkg.version) },
  legalComments: 'none',
};

/** An esbuild plugin loading `standIns[source]` (absolute paths) in place of each source module named. */
function standInPlugin(standIns) {
  return {
    name: 'stand-ins',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (a) =>
        standIns[a.path] ? { contents: readFileSync(standIns[a.path], 'utf8'), loader: 'ts', resolveDir: join(a.path, '..') } : undefined,
      );
    },
  };
}

/**
 * Build into `dist` (relative to the repository). Options, all on by default
 * except `standIns`: `cli`, `library`, `types`; the tricks `lazyPackages`,
 * and `codeCache`; `standIns` maps source files to files
 * bundled in their place.
 */
export async function buildNode(options = {}) {
  const o = { dist: 'dist', cli: true, library: true, types: true, lazyPackages: true, codeCache: true, ...options };
  const dist = resolve(ROOT, o.dist);
  const plugins = [...(o.lazyPackages ? [lazyPackages] : []), ...(o.standIns ? [standInPlugin(o.standIns)] : [])];
  const bundle = async (entry, outfile, minify) => {
    const r = await build({ ...common, absWorkingDir: ROOT, entryPoints: [entry], minify, outfile, plugins, write: false });
    const text = r.outputFiles[0].text;
    await writeLazyPackages(text, join(dist, 'lazy'), common);
    await writeAtomic(outfile, ascii(text, outfile));
  };
  // Caches go first, before any output changes: V8 only compares a cache's
  // source length, so a stale cache must never sit next to a new file.
  removeCodeCaches(dist);
  await Promise.all([
    o.cli && bundle('src/main.ts', join(dist, 'cli-node.bundle.cjs'), true),
    o.library && bundle('src/index.ts', join(dist, 'index.cjs'), false),
  ]);
  if (o.cli) {
    // Without the code cache the entry is the bundle itself.
    await writeAtomic(join(dist, 'cli-node.cjs'), o.codeCache ? codeCacheLoader : "'use strict';\nrequire('./cli-node.bundle.cjs');\n");
    if (o.codeCache) trainCodeCaches(dist);
  }
  if (o.types) {
    // Emitted afresh: declarations of modules that no longer exist must not ship.
    rmSync(join(dist, 'types'), { recursive: true, force: true });
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json')], {
      stdio: 'inherit',
    });
  }
}

if (resolve(process.argv[1] ?? '') === import.meta.filename) {
  await buildNode({ types: !process.argv.includes('--no-types') });
}
