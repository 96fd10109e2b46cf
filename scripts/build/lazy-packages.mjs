// Start-up trick (build side): packages the source only loads with
// `await import(...)` are bundled on their own into <dist>/lazy/<name>.cjs
// and required from there on first use, so nothing of them is read or
// compiled at start. They are about 1.8 MB: commander (the usual command
// lines are parsed without it, src/startup/fast-args.ts), the encoding
// detector and iconv tables (only legacy-encoded files need them) and the
// yaml parser (only a config file does).
// What it saves: 11 ms on a small patch, 12 ms on --version
// (CPU time, user + sys, median of 30 paired rounds on the 2-core VM,
// 2026-11-30, Node 20.20; `node -e 0` took 45 ms of CPU, the CLI's small
// patch 62 ms, `--version` 50 ms);
// each `npm run bench` shows its wall-time figure in the "Node start-up
// tricks" table (bench/results.md), row "lazy packages".

import { build } from 'esbuild';
import { join } from 'node:path';
import { ascii } from './ascii.mjs';
import { writeAtomic } from './write-atomic.mjs';

const LAZY = ['iconv-lite', 'jschardet', 'yaml', 'commander'];

/** The esbuild plugin: a dynamic import of a lazy package becomes a require of <dist>/lazy/<name>.cjs. */
export const lazyPackages = {
  name: 'lazy-packages',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(${LAZY.join('|')})$`) }, (a) =>
      a.kind === 'dynamic-import' ? { path: a.path, namespace: 'lazy-package' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-package' }, (a) => ({
      loader: 'js',
      resolveDir: process.cwd(),
      // Through the loader of cli-node.cjs when it runs us (with the
      // package's code cache, see code-cache.mjs), else a plain require.
      contents: `
        var file = require('node:path').join(__dirname, 'lazy', ${JSON.stringify(`${a.path}.cjs`)});
        module.exports = typeof require.chordPatchLoad === 'function' ? require.chordPatchLoad(file) : require(file);`,
    }));
  },
};

/** Bundle one lazy package on its own, as CommonJS source (once per build). */
const sources = new Map();
function packageSource(name, common) {
  if (!sources.has(name)) {
    sources.set(
      name,
      build({
        ...common,
        entryPoints: [name],
        write: false,
        minify: true,
        outfile: `${name}.cjs`,
        define: {},
      }).then((r) => r.outputFiles[0].text),
    );
  }
  return sources.get(name);
}

/** Write the lazy packages a bundle refers to into `lazyDir`, each ASCII (ascii.mjs). */
export async function writeLazyPackages(bundleText, lazyDir, common) {
  for (const name of LAZY) {
    if (!bundleText.includes(JSON.stringify(`${name}.cjs`))) continue; // tree-shaken away: nothing imports it
    await writeAtomic(join(lazyDir, `${name}.cjs`), ascii(await packageSource(name, common), name));
  }
}
