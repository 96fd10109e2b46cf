// Builds build/chord-patch: the CLI compiled with Bun's compiler into one
// native executable (Bun's runtime, the bundle of src/main.ts and every
// package it imports, precompiled to bytecode), fully offline: Bun comes from
// the npm registry as a dev dependency. build/apply_patch links to it, and the
// binary answers as apply_patch when invoked under that name (src/cli/index.ts).
//
// Nothing here reads dist/: the binary is built from the TypeScript sources.
// The Node CLI (bin/chord-patch, dist/) is built by scripts/build.mjs.
//
// Two steps. esbuild first bundles src/main.ts into one CommonJS file, and
// each package only loaded on first use into one of its own
// (build/lazy-packages.mjs), then Bun compiles those files into the
// executable, the lazy ones as modules required by path. Bun's own bundler
// would emit an ES module whose imports of built-in modules all load before
// the first line runs, node:zlib (jschardet's, for legacy encodings only)
// included; a CommonJS bundle requires a package's built-ins when the package
// is first used (bench/house.md has what zlib costs).
import { build as esbuild } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { embeddedLazyPackages, lazyPackagesOf } from './build/lazy-packages.mjs';
import { processGlobal } from './build/process-global.mjs';
import { bunExecutable } from './bun.mjs';

const ROOT = join(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/**
 * Compile to a temp file and rename it into place: tests and the bench run
 * build/chord-patch while it may be rebuilt, and must never start a
 * half-written executable.
 */
async function build({ out = join(ROOT, 'build', 'chord-patch'), probe } = {}) {
  const tmp = `${out}.${process.pid}.tmp`;
  const sources = join(ROOT, 'build', `.sources.${process.pid}`);
  const entry = join(sources, 'main.cjs');
  const common = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    define: { __CHORD_PATCH_VERSION__: JSON.stringify(pkg.version) },
    legalComments: 'none',
    logLevel: 'warning',
  };
  mkdirSync(dirname(out), { recursive: true });
  const main = await esbuild({
    ...common,
    absWorkingDir: ROOT,
    entryPoints: ['src/main.ts'],
    outfile: entry,
    write: false,
    plugins: [embeddedLazyPackages, processGlobal, ...(PROBE_RUNNERS[probe] ? [probeRunner(PROBE_RUNNERS[probe])] : [])],
  });
  // The load probe (the bench's load floor) is the same executable, ended by its first statement.
  const text = `${probe === 'load' ? 'process.exit(0);\n' : ''}${main.outputFiles[0].text}`;
  const lazy = await lazyPackagesOf(text, common);
  mkdirSync(join(sources, 'lazy'), { recursive: true });
  writeFileSync(entry, text);
  for (const { name, source } of lazy) writeFileSync(join(sources, 'lazy', `${name}.cjs`), source);
  const r = spawnSync(
    bunExecutable(),
    [
      'build',
      '--compile',
      '--bytecode',
      '--minify',
      // A compiled Bun program loads .env and bunfig.toml from the working
      // directory by default: a project's .env (FORCE_COLOR, XDG_STATE_HOME,
      // CHORD_PATCH_SESSION...) would change what chord-patch does there,
      // where the Node CLI ignores it. The directory walk costs start-up too.
      '--no-compile-autoload-dotenv',
      '--no-compile-autoload-bunfig',
      '--root',
      sources,
      entry,
      ...lazy.map(({ name }) => join(sources, 'lazy', `${name}.cjs`)),
      '--outfile',
      tmp,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  rmSync(sources, { recursive: true, force: true });
  if (r.status !== 0) {
    rmSync(tmp, { force: true });
    process.stderr.write(`${r.stdout}${r.stderr}`);
    throw new Error(`bun build --compile failed (exit ${r.status})`);
  }
  renameSync(tmp, out);
  if (probe) return out;
  const link = join(ROOT, 'build', 'apply_patch');
  rmSync(link, { force: true });
  symlinkSync('chord-patch', link);
  return out;
}

/** The apply command's runner in each probe that replaces it (scripts/bench/). */
const PROBE_RUNNERS = { 'front-end': 'front-end-apply.cjs', locked: 'locked-apply.ts', decoded: 'decoded-apply.ts' };

/** A probe's plugin: the apply command's runner (src/cli/apply.ts) becomes the probe's file. */
const probeRunner = (file) => ({
  name: 'probe-runner',
  setup(b) {
    b.onResolve({ filter: /^\.\/apply\.js$/ }, (a) =>
      /[\\/]src[\\/]cli[\\/]program\.ts$/.test(a.importer) ? { path: join(ROOT, 'scripts', 'bench', file) } : undefined,
    );
  },
});

// The bench's probes, each the same executable changed in one place:
// `--load-probe FILE` exits before any of chord-patch's code runs (the load floor);
// `--front-end-probe FILE` runs the real front end, but its `apply` only writes the files back (the front-end floor);
// `--locked-probe FILE` does the same under the root's commit lock and the files' own locks (the locked floor);
// `--decoded-probe FILE` also parses the patch and decodes the files into lines (the decoded floor).
const PROBES = { '--load-probe': 'load', '--front-end-probe': 'front-end', '--locked-probe': 'locked', '--decoded-probe': 'decoded' };
const flag = process.argv.slice(2).find((a) => a in PROBES);
if (flag) {
  const out = await build({ out: process.argv[process.argv.indexOf(flag) + 1], probe: PROBES[flag] });
  console.log(`built ${out} (the ${PROBES[flag]} probe)`);
} else {
  const out = await build();
  console.log(`built ${out.slice(ROOT.length + 1)} (and build/apply_patch -> chord-patch)`);
}
