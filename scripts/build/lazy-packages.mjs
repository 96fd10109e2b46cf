// Packages the source only loads with `await import(...)` are bundled on
// their own into <dist>/lazy/<name>.cjs and required from there on first
// use, so nothing of them is read or compiled at start: the encoding
// detector and iconv tables (only legacy-encoded files need them), the yaml
// parser (only a config file does), the three-way merge and the MCP SDK. The
// binary (scripts/binary.mjs) splits them off the same way, as modules of
// their own compiled into the executable. A small package loads faster
// inside the bundle (its dynamic import is still evaluated only when
// reached): commander stays there. bench/house.md has what both save.

import { build } from 'esbuild';
import { join } from 'node:path';
import { ascii } from './ascii.mjs';
import { writeAtomic } from './write-atomic.mjs';

const LAZY = ['iconv-lite', 'jschardet', 'yaml', 'node-diff3'];
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
  (name) => `
        module.exports = require(require('node:path').join(__dirname, 'lazy', ${JSON.stringify(`${name}.cjs`)}));`,
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
