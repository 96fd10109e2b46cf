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
//
// The binary (scripts/binary.mjs) splits them off the same way, as modules
// of their own compiled into the executable: in one bundle with the CLI,
// wrapped but never run, they still cost 1.6 ms of CPU on --version and
// 2.6 ms on a small patch (binary, median of 80 and 40 paired rounds,
// busy 2-core VM, 2026-11-30: --version 14.8 -> 13.2 ms, small patch
// 27.7 -> 25.1 ms; the small patch's wall time 65 -> 59 ms).

import { build } from 'esbuild';
import { join } from 'node:path';
import { ascii } from './ascii.mjs';
import { writeAtomic } from './write-atomic.mjs';

const LAZY = ['iconv-lite', 'jschardet', 'yaml', 'commander', 'node-diff3'];
/** Local modules loaded the same way, by the name of their lazy file: the MCP SDK (only `chord-patch mcp` needs it). */
const LAZY_LOCAL = {
  'mcp-sdk': { from: /[\\/]src[\\/]mcp[\\/]server\.ts$/, path: './sdk.js', entry: join(import.meta.dirname, '../../src/mcp/sdk.ts') },
};

/**
 * An esbuild plugin: a dynamic import of a lazy package becomes a module
 * whose source is `loader(name)`, which sets module.exports.
 */
function lazyPlugin(loader) {
  return {
    name: 'lazy-packages',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^(${LAZY.join('|')})$`) }, (a) =>
        a.kind === 'dynamic-import' ? { path: a.path, namespace: 'lazy-package' } : undefined,
      );
      for (const [name, local] of Object.entries(LAZY_LOCAL)) {
        b.onResolve({ filter: /^\.\/sdk\.js$/ }, (a) =>
          a.kind === 'dynamic-import' && a.path === local.path && local.from.test(a.importer)
            ? { path: name, namespace: 'lazy-package' }
            : undefined,
        );
      }
      b.onLoad({ filter: /.*/, namespace: 'lazy-package' }, (a) => ({ loader: 'js', resolveDir: process.cwd(), contents: loader(a.path) }));
    },
  };
}

/** For the Node build: a dynamic import of a lazy package becomes a require of <dist>/lazy/<name>.cjs. */
export const lazyPackages = lazyPlugin(
  // Through the loader of cli-node.cjs when it runs us (with the package's
  // code cache, see code-cache.mjs), else a plain require.
  (name) => `
        var file = require('node:path').join(__dirname, 'lazy', ${JSON.stringify(`${name}.cjs`)});
        module.exports = typeof require.chordPatchLoad === 'function' ? require.chordPatchLoad(file) : require(file);`,
);

/**
 * For the binary (scripts/binary.mjs): a dynamic import of a lazy package
 * becomes a require of lazy/<name>.cjs inside the executable, a module Bun
 * compiles in beside the entry (under /$bunfs/root/ on Linux). The path is
 * made at run time from the entry's own file name: Bun's bundler replaces a
 * literal path, and __dirname, with the build machine's directory.
 */
export const embeddedLazyPackages = lazyPlugin(
  (name) => `
        var path = require('node:path');
        module.exports = require(path.join(path.dirname(require.main.filename), 'lazy', ${JSON.stringify(`${name}.cjs`)}));`,
);

/** Bundle one lazy package on its own, as CommonJS source (once per build). */
const sources = new Map();
function packageSource(name, common) {
  if (!sources.has(name)) {
    sources.set(
      name,
      build({
        ...common,
        entryPoints: [LAZY_LOCAL[name]?.entry ?? name],
        write: false,
        minify: true,
        outfile: `${name}.cjs`,
        define: {},
      }).then((r) => r.outputFiles[0].text),
    );
  }
  return sources.get(name);
}

/** The lazy packages a bundle refers to, each with its own bundle's source (ASCII, ascii.mjs). */
export async function lazyPackagesOf(bundleText, common) {
  const found = [];
  for (const name of [...LAZY, ...Object.keys(LAZY_LOCAL)]) {
    if (!bundleText.includes(JSON.stringify(`${name}.cjs`))) continue; // tree-shaken away: nothing imports it
    found.push({ name, source: ascii(await packageSource(name, common), name) });
  }
  return found;
}

/** Write the lazy packages a bundle refers to into `lazyDir`. */
export async function writeLazyPackages(bundleText, lazyDir, common) {
  for (const { name, source } of await lazyPackagesOf(bundleText, common)) await writeAtomic(join(lazyDir, `${name}.cjs`), source);
}
