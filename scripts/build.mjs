// Bundles the CLI (dist/cli.cjs) and the library (dist/index.cjs) with esbuild,
// and emits type declarations for the library.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

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
await Promise.all([
  build({ ...common, entryPoints: ['src/main.ts'], outfile: 'dist/cli.cjs', minify: true }),
  build({ ...common, entryPoints: ['src/index.ts'], outfile: 'dist/index.cjs' }),
]);
if (!process.argv.includes('--no-types')) {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}
