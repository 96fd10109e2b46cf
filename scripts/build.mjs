// `npm run build`: the Node CLI and the library, bundled with esbuild, plus
// the library's type declarations.
//   dist/cli-node.cjs   the CLI (src/main.ts): what bin/chord-patch runs where
//                       no platform package (npm/<platform>/) is installed
//   dist/index.cjs      the library (src/index.ts)
//   dist/lazy/          packages both load on first use (build/lazy-packages.mjs)
//   dist/types/         the library's declarations (tsc)
// Every output goes through build/ascii.mjs and build/write-atomic.mjs;
// build/process-global.mjs keeps the standard streams uncreated.
// (The single binary, build/chord-patch, is compiled from the sources by Bun:
// scripts/binary.mjs. Nothing here is for it.)

import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ascii } from './build/ascii.mjs';
import { lazyPackages, writeLazyPackages } from './build/lazy-packages.mjs';
import { processGlobal } from './build/process-global.mjs';
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

/** Build into `dist` (relative to the repository); `types: false` skips the declarations. */
export async function buildNode({ dist: distDir = 'dist', types = true } = {}) {
  const dist = resolve(ROOT, distDir);
  const bundle = async (entry, outfile, minify) => {
    const r = await build({
      ...common,
      absWorkingDir: ROOT,
      entryPoints: [entry],
      minify,
      outfile,
      plugins: [lazyPackages, processGlobal],
      write: false,
    });
    const text = r.outputFiles[0].text;
    await writeLazyPackages(text, join(dist, 'lazy'), common);
    await writeAtomic(outfile, ascii(text, outfile));
  };
  // What earlier builds left that this one no longer makes must not ship.
  if (existsSync(dist)) for (const f of readdirSync(dist)) if (/\.cache$|\.bundle\.cjs$/.test(f)) rmSync(join(dist, f));
  await Promise.all([bundle('src/main.ts', join(dist, 'cli-node.cjs'), true), bundle('src/index.ts', join(dist, 'index.cjs'), false)]);
  if (types) {
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
