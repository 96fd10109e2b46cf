// Bundles the CLI (dist/cli.cjs) and the library (dist/index.cjs) with esbuild,
// and emits type declarations for the library.
//
// Start-up is the floor of every chord-patch run (issue 7: within 1.2x of
// `node -e 0`), so the bundle keeps work off the start-up path:
//   - packages only reached through a dynamic `import()` (the encoding
//     detector and iconv tables, the yaml parser: about 1.8 MB) are embedded
//     as a comment and compiled on first use (see lazyPackages below);
//   - node:crypto and node:child_process are required on first use, not at 
//    load (see lazyBuiltins below).
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
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

/** Packages the source only loads with `await import(...)`. */
const LAZY = ['iconv-lite', 'jschardet', 'yaml'];
const MARK = (name) => `@@chord-patch-lazy:${name}@@`;

// Why a comment: V8 pre-parses every function body and builds every string
// literal when a script loads (about 60 ms for these packages), but skips a
// comment almost for free. Function.prototype.toString hands the comment back
// on first use, in `node dist/cli.cjs` and in the single executable alike
// (whose require() can load built-in modules only, so separate files would not
// do). The comment text escapes `%` and `*/` so it cannot end early.
const lazyPackages = {
  name: 'lazy-packages',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(${LAZY.join('|')})$`) }, (a) =>
      a.kind === 'dynamic-import' ? { path: a.path, namespace: 'lazy-package' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-package' }, (a) => ({
      loader: 'js',
      resolveDir: process.cwd(),
      contents: `
        var holder = function () { return ${JSON.stringify(MARK(a.path))}; };
        var text = holder.toString();
        var src = text.slice(text.indexOf('/*') + 2, text.lastIndexOf('*/'))
          .replace(/%2A\\/|%25/g, function (m) { return m === '%25' ? '%' : '*/'; });
        if (!src) throw new Error('chord-patch: lazily bundled ${a.path} is missing from this build');
        var m = { exports: {} };
        new Function('module', 'exports', 'require', src)(m, m.exports, require);
        module.exports = m.exports;`,
    }));
  },
};

/** Bundle one lazy package on its own, as CommonJS source. */
async function packageSource(name) {
  const r = await build({ ...common, entryPoints: [name], write: false, minify: true, outfile: `${name}.cjs`, define: {} });
  return r.outputFiles[0].text;
}

/**
 * Put each lazy package's source in the comment next to its marker, and keep
 * the file ASCII: esbuild leaves non-ASCII characters in regular-expression
 * literals as they are, and one such character makes V8 decode and scan the
 * whole 2 MB script as two-byte text (about 25 ms more at every start).
 * \uXXXX means the same inside regular expressions, strings and comments (the
 * bundle has no String.raw templates, where it would not).
 */
async function finish(outfile) {
  let text = readFileSync(outfile, 'utf8');
  for (const name of LAZY) {
    const mark = JSON.stringify(MARK(name));
    const at = text.indexOf(mark);
    if (at < 0) continue; // tree-shaken away: nothing imports it
    // The comment must sit inside the holder's body for toString to return it.
    if (!/^;?\s*\}/.test(text.slice(at + mark.length))) throw new Error(`build: unexpected code around the ${name} marker`);
    const src = (await packageSource(name)).replace(/%/g, '%25').replace(/\*\//g, '%2A/');
    text = `${text.slice(0, at + mark.length)}/*${src}*/${text.slice(at + mark.length)}`;
  }
  if (text.includes('String.raw')) throw new Error(`build: ${outfile} uses String.raw; escaping non-ASCII would change it`);
  text = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  writeFileSync(outfile, text);
}

const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (a) =>
      /node_modules[\\/]commander[\\/]/.test(a.importer) ? { path: 'child_process', namespace: 'lazy-child-process' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      loader: 'js',
      contents: `var cp; module.exports = new Proxy({}, { get: function (_, k) { return (cp || (cp = require('node:child_process')))[k]; } });`,
    }));
  },
};

const plugins = [lazyPackages, lazyChildProcess];
await Promise.all([
  build({ ...common, entryPoints: ['src/main.ts'], outfile: 'dist/cli.cjs', minify: true, plugins }),
  build({ ...common, entryPoints: ['src/index.ts'], outfile: 'dist/index.cjs', plugins }),
]);
await Promise.all([finish('dist/cli.cjs'), finish('dist/index.cjs')]);
if (!process.argv.includes('--no-types')) {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}
