// Builds build/chord-patch: a Node single-executable application of the CLI,
// fully offline (no base-binary download): the esbuild bundle becomes a SEA
// blob (with V8 code cache for start-up), injected into a copy of this node
// binary with postject's JS API. build/apply_patch links to it, so the
// binary answers to the name models call.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { inject } = require('postject');

mkdirSync('build', { recursive: true });
const config = {
  main: 'dist/cli.cjs',
  output: 'build/sea-prep.blob',
  disableExperimentalSEAWarning: true,
  useCodeCache: true,
};
writeFileSync('build/sea-config.json', JSON.stringify(config, null, 2));
execFileSync(process.execPath, ['--experimental-sea-config', 'build/sea-config.json'], { stdio: 'inherit' });

const out = 'build/chord-patch';
rmSync(out, { force: true });
copyFileSync(process.execPath, out);
chmodSync(out, 0o755);
await inject(out, 'NODE_SEA_BLOB', readFileSync(config.output), {
  sentinelFuse: 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
});
rmSync('build/apply_patch', { force: true });
symlinkSync('chord-patch', 'build/apply_patch');
console.log(`built ${out} (and build/apply_patch -> chord-patch)`);
