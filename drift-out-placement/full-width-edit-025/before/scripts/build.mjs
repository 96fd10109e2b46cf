// Bundles the CLI and the library with esbuild, and emits type declarations
// for the library:
//   dist/cli.cjs       the CLI in one self-contained file (the single
//                      executable's input: scripts/binary.mjs)
//   dist/cli-node.cjs  the CLI for `node` (bin/chord-patch, bin/apply_patch): a
//                      loader for dist/cli-node.bundle.cjs that uses V8's code
//                      cache (see codeCacheLoader below); the lazily loaded
//                      packages are in dist/lazy/
//   dist/index.cjs     the library, also with dist/lazy/
//
// Start-up is the floor of every chord-patch run (issue 7: within 1.2x of
// `node -e 0`), so the bundles keep work off the start-up path:
//   - packages only reached through a dynamic `import()` (the encoding
//     detector and iconv tables, the yaml parser: about 1.8 MB) are loaded on
//     first use (see lazyPackages below);
//   - node:crypto, node:child_process and node:os are required on first use,
//     not at load (see lazyBuiltins below).
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve as resolvePath } from 'node:path';
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

// Where a lazy package's code lives:
//   - dist/cli-node.bundle.cjs and dist/index.cjs require dist/lazy/<name>.cjs
//     on first use: nothing of it is read at start.
//   - dist/cli.cjs must stand alone (a single executable's require() loads
//     built-in modules only), so the code sits in a comment inside a function
//     and Function.prototype.toString hands it back on first use. V8
//     pre-parses function bodies and builds string literals at load (about
//     60 ms for these packages) but skips a comment almost for free; reading
//     the bigger file still costs about 15 ms per start under plain `node`,
//     hence the separate files there. The comment escapes `%` and `*/`.
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
        var open = text.indexOf('/*');
        if (open < 0) {
          module.exports = require(require('node:path').join(__dirname, 'lazy', ${JSON.stringify(`${a.path}.cjs`)}));
        } else {
          var src = text.slice(open + 2, text.lastIndexOf('*/'))
            .replace(/%2A\\/|%25/g, function (m) { return m === '%25' ? '%' : '*/'; });
          var m = { exports: {} };
          new Function('module', 'exports', 'require', src)(m, m.exports, require);
          module.exports = m.exports;
        }`,
    }));
  },
};

/** Bundle one lazy package on its own, as CommonJS source (once per build). */
const sources = new Map();
function packageSource(name) {
  if (!sources.has(name)) {
    sources.set(
      name,
      build({ ...common, entryPoints: [name], write: false, minify: true, outfile: `${name}.cjs`, define: {} }).then((r) => r.outputFiles[0].text),
    );
  }
  return sources.get(name);
}

/**
 * With `embed`, put each lazy package's source in the comment next to its
 * marker; without, write it to dist/lazy/. Either way keep the file ASCII: esbuild leaves non-ASCII characters in regular-expression
 * literals as they are, and one such character makes V8 decode and scan the
 * whole 2 MB script as two-byte text (about 25 ms more at every start).
 * \uXXXX means the same inside regular expressions, strings and comments (the
 * bundle has no String.raw templates, where it would not).
 */
async function finish(text, outfile, embed) {
  for (const name of LAZY) {
    const mark = JSON.stringify(MARK(name));
    const at = text.indexOf(mark);
    if (at < 0) continue; // tree-shaken away: nothing imports it
    if (!embed) {
      await writeAtomic(`dist/lazy/${name}.cjs`, ascii(await packageSource(name), name));
      continue;
    }
    // The comment must sit inside the holder's body for toString to return it.
    if (!/^;?\s*\}/.test(text.slice(at + mark.length))) throw new Error(`build: unexpected code around the ${name} marker`);
    const src = (await packageSource(name)).replace(/%/g, '%25').replace(/\*\//g, '%2A/');
    text = `${text.slice(0, at + mark.length)}/*${src}*/${text.slice(at + mark.length)}`;
  }
  return ascii(text, outfile);
}

function ascii(text, what) {
  // `\…` (an identity escape) would become `\\u2026`, a different text.
  if (text.includes('String.raw') || /\\[^\x00-\x7f]/.test(text)) throw new Error(`build: ${what}: escaping its non-ASCII characters would change it`);
  return text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Built-in modules loaded on first use rather than at start. */
const LAZY_BUILTINS = ['child_process', 'crypto', 'os'];

// node:crypto (with the stream modules it pulls in) costs about 7 ms to load,
// node:child_process about as much, and most runs call neither: crypto only
// hashes session state, commander only spawns executable subcommands, which
// chord-patch has none of, and node:os is only asked for the home directory. Each becomes a module of wrappers that
// require the real one on the first call. Only functions are wrapped: an
// import of anything else fails the build instead of misbehaving.
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(node:)?(${LAZY_BUILTINS.join('|')})$`) }, (a) =>
      // The wrapper's own require() is the real module.
      a.namespace === 'lazy-builtin' ? { path: a.path, external: true } : { path: a.path.replace(/^node:/, ''), namespace: 'lazy-builtin' },
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, async (a) => {
      const real = (await import(`node:${a.path}`)).default;
      const names = Object.keys(real).filter((k) => typeof real[k] === 'function' && /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default');
      const lines = [`var m; function load() { return m || (m = require('node:${a.path}')); }`];
      for (const k of names) {
        lines.push(`export function ${k}() { return new.target ? Reflect.construct(load().${k}, arguments) : load().${k}.apply(this, arguments); }`);
      }
      lines.push('export default new Proxy({}, { get: function (_, k) { return load()[k]; } });');
      return { loader: 'js', contents: lines.join('\n') };
    });
  },
};

/**
 * Bundle, finish and write each output through a temp file and a rename:
 * tests and other builds run the CLI while it is rebuilt, and must never load
 * a half-written file or one whose lazy packages are not filled in yet.
 */
async function bundle(options, outputs) {
  const r = await build({ ...common, ...options, outfile: outputs[0].file, plugins: [lazyPackages, lazyBuiltins], write: false });
  for (const { file, embed } of outputs) await writeAtomic(file, await finish(r.outputFiles[0].text, file, embed));
}

async function writeAtomic(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

// Compiling the 160 KB bundle is most of what `node` spends starting
// chord-patch (about 8 ms of a 20 ms budget). The single executable has V8's
// code cache built in; for `node`, this loader compiles the bundle with a code
// cache made at build time by a short training run, when the running Node is
// the one that built it. V8 checks the cache against the source, its version
// and its flags, and any mismatch is a plain compile, so it can only be faster.
const codeCacheLoader = `'use strict';
// Generated by scripts/build.mjs: runs cli-node.bundle.cjs, compiled with the
// V8 code cache made at build time when this Node built it (see build.mjs).
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');
const file = path.join(__dirname, 'cli-node.bundle.cjs');
const cacheFile = path.join(__dirname, 'cli-node.' + process.version + '.cache');
let cachedData;
try {
  cachedData = fs.readFileSync(cacheFile);
} catch {}
const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });
const mod = new Module(file, module);
mod.filename = file;
mod.paths = Module._nodeModulePaths(__dirname);
if (process.env.CHORD_PATCH_WRITE_CODE_CACHE === cacheFile) {
  process.on('exit', () => fs.writeFileSync(cacheFile, script.createCachedData()));
}
script.runInThisContext().call(mod.exports, mod.exports, Module.createRequire(file), mod, file, __dirname);
`;

/** Make dist/cli-node.<version>.cache: run a small patch through the CLI and keep what V8 compiled. */
function trainCodeCache() {
  for (const f of readdirSync('dist')) if (/^cli-node\..*\.cache$/.test(f)) rmSync(`dist/${f}`);
  const dir = mkdtempSync(join(tmpdir(), 'chord-patch-build-'));
  try {
    writeFileSync(join(dir, 'app.js'), 'const port = 8080;\nconsole.log(port);\n');
    const patch = '*** Begin Patch\n*** Update File: app.js\n@@\n-const port = 8080;\n+const port = 3000;\n console.log(port);\n*** End Patch\n';
    const cacheFile = resolvePath(`dist/cli-node.${process.version}.cache`);
    execFileSync(process.execPath, [resolvePath('dist/cli-node.cjs'), 'apply'], {
      cwd: dir,
      input: patch,
      stdio: ['pipe', 'ignore', 'inherit'],
      env: { ...process.env, NO_COLOR: '1', CHORD_PATCH_SESSION: '', CHORD_PATCH_WRITE_CODE_CACHE: cacheFile },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await Promise.all([
  bundle({ entryPoints: ['src/main.ts'], minify: true }, [
    { file: 'dist/cli.cjs', embed: true },
    { file: 'dist/cli-node.bundle.cjs', embed: false },
  ]),
  bundle({ entryPoints: ['src/index.ts'] }, [{ file: 'dist/index.cjs', embed: false }]),
]);
await writeAtomic('dist/cli-node.cjs', codeCacheLoader);
trainCodeCache();
if (!process.argv.includes('--no-types')) {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}
