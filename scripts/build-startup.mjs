// The build side of the Node CLI's start-up shortcuts (the run-time side is
// src/cli-startup.ts). chord-patch starts once per model edit, so what `node`
// spends loading it is paid on every call. Each shortcut here is kept because
// it measurably pays. Measured on the 2-core VM (2026-11-30, Node 20.20,
// shared with other jobs, so in CPU time, user + sys, median of 30 paired
// rounds; `node -e 0` took 45 ms of CPU, the CLI's small patch 62 ms,
// `--version` 50 ms), what a run costs more without each:
//   - the code cache (codeCacheLoader): +14 ms on a small patch (+17 ms with
//     stdout a pipe), +6 ms on --version;
//   - lazy packages (commander, the encoding detector and iconv tables, the
//     yaml parser, about 1.8 MB, loaded on first use): +11 ms on a small
//     patch, +12 ms on --version;
//   - lazy built-ins (node:crypto, node:child_process, node:os required on
//     first call): +11 ms on a small patch, +8 ms on --version.
// The Bun-compiled binary (scripts/binary.mjs) needs none of this: Bun
// bundles every package into its executable as precompiled bytecode.
import { build } from 'esbuild';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { execFileSync } from 'node:child_process';

/**
 * Packages the source only loads with `await import(...)`. commander is one:
 * the usual command lines (apply/check/edit with plain options, --version)
 * are parsed without it (src/cli-startup.ts, fastCommand), and its 40 KB were a
 * quarter of what every start reads.
 */
const LAZY = ['iconv-lite', 'jschardet', 'yaml', 'commander'];

// Where a lazy package's code lives: dist/lazy/<name>.cjs, required from
// there on first use (through the code-cache loader when dist/cli-node.cjs
// runs the CLI), so nothing of it is read at start.
export const lazyPackages = {
  name: 'lazy-packages',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(${LAZY.join('|')})$`) }, (a) =>
      a.kind === 'dynamic-import' ? { path: a.path, namespace: 'lazy-package' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-package' }, (a) => ({
      loader: 'js',
      resolveDir: process.cwd(),
      // Through the loader of dist/cli-node.cjs when it runs us (with the
      // package's code cache, see codeCacheLoader), else a plain require.
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
      // lazyBuiltins: commander requires node:child_process (about 7 ms) for
      // executable subcommands, which chord-patch has none of.
      build({
        ...common,
        entryPoints: [name],
        write: false,
        minify: true,
        outfile: `${name}.cjs`,
        define: {},
        plugins: [lazyBuiltins],
      }).then((r) => r.outputFiles[0].text),
    );
  }
  return sources.get(name);
}

/**
 * Write the lazy packages the bundle refers to into dist/lazy/, and keep every
 * file ASCII: esbuild leaves non-ASCII characters in regular-expression
 * literals as they are, and one such character makes V8 decode and scan a
 * whole script as two-byte text. \uXXXX means the same inside regular
 * expressions, strings and comments (the bundle has no String.raw templates,
 * where it would not).
 */
export async function finishLazy(text, outfile, common, writeAtomic) {
  for (const name of LAZY) {
    if (!text.includes(JSON.stringify(`${name}.cjs`))) continue; // tree-shaken away: nothing imports it
    await writeAtomic(`dist/lazy/${name}.cjs`, ascii(await packageSource(name, common), name));
  }
  return ascii(text, outfile);
}

function ascii(text, what) {
  // `\…` (an identity escape) would become `\\u2026`, a different text.
  if (text.includes('String.raw') || /\\[^\x00-\x7f]/.test(text))
    throw new Error(`build: ${what}: escaping its non-ASCII characters would change it`);
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
export const lazyBuiltins = {
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
        lines.push(
          `export function ${k}() { return new.target ? Reflect.construct(load().${k}, arguments) : load().${k}.apply(this, arguments); }`,
        );
      }
      lines.push('export default new Proxy({}, { get: function (_, k) { return load()[k]; } });');
      return { loader: 'js', contents: lines.join('\n') };
    });
  },
};

// Compiling the 130 KB bundle is most of what `node` spends starting
// chord-patch (about 8 ms of a 20 ms budget). This loader compiles it with a code
// cache made at build time by a short training run, when the running Node is
// the one that built it. V8 checks the cache against the source's length, its
// version and its flags, and any mismatch is a plain compile, so it can only
// be faster. The lazy packages the bundle requires through it
// (require.chordPatchLoad) get the same treatment when they have a cache
// (commander: about 2 ms of each command line that needs it).
export const codeCacheLoader = `'use strict';
// Generated by scripts/build.mjs: runs cli-node.bundle.cjs, compiled with the
// V8 code cache made at build time when this Node built it (see build.mjs).
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
// require('node:module') compiles Node's public module wrapper (about 0.5 ms);
// this module's own constructor is the same Module class, already loaded.
const Module = module.constructor;

/** Run a CommonJS file as require() would, compiled with the code cache <name>.<node version>.cache next to it, if any. */
function load(file, parent) {
  const cacheFile = file.replace(/(\\.bundle)?\\.cjs$/, '.' + process.version + '.cache');
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {}
  const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });
  const mod = new Module(file, parent);
  mod.filename = file;
  mod.paths = Module._nodeModulePaths(path.dirname(file));
  if (process.env.CHORD_PATCH_WRITE_CODE_CACHE === cacheFile) {
    process.on('exit', () => fs.writeFileSync(cacheFile, script.createCachedData()));
  }
  const req = Module.createRequire(file);
  req.chordPatchLoad = (lazy) => load(lazy, mod);
  script.runInThisContext().call(mod.exports, mod.exports, req, mod, file, path.dirname(file));
  return mod.exports;
}

load(path.join(__dirname, 'cli-node.bundle.cjs'), module);
`;

/** Code caches, and the training run that makes each: the CLI's arguments and stdin. */
const PATCH =
  '*** Begin Patch\n*** Update File: app.js\n@@\n-const port = 8080;\n+const port = 3000;\n console.log(port);\n*** End Patch\n';
const TRAINING = [
  // A small patch: what most runs do.
  { cache: `dist/cli-node.${process.version}.cache`, args: ['apply'], input: PATCH },
  // The whole command line through commander, down to the help text.
  { cache: `dist/lazy/commander.${process.version}.cache`, args: ['apply', '--help'], input: '' },
];

/** Delete every code cache: a cache is only ever used with the exact text it was made from. */
export function removeCodeCaches() {
  for (const d of ['dist', 'dist/lazy']) {
    let names = [];
    try {
      names = readdirSync(d);
    } catch {}
    for (const f of names) if (/\.cache$/.test(f)) rmSync(`${d}/${f}`, { force: true });
  }
}

/** Make the code caches: run the CLI on the training inputs and keep what V8 compiled. */
export function trainCodeCaches() {
  const dir = mkdtempSync(join(tmpdir(), 'chord-patch-build-'));
  try {
    for (const { cache, args, input } of TRAINING) {
      writeFileSync(join(dir, 'app.js'), 'const port = 8080;\nconsole.log(port);\n');
      execFileSync(process.execPath, [resolvePath('dist/cli-node.cjs'), ...args], {
        cwd: dir,
        input,
        stdio: ['pipe', 'ignore', 'inherit'],
        env: { ...process.env, NO_COLOR: '1', CHORD_PATCH_SESSION: '', CHORD_PATCH_WRITE_CODE_CACHE: resolvePath(cache) },
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
