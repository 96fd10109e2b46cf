// The tools the bench compares, and how each is found or installed.
//
// Codex's apply_patch is a peer, never a dependency: it is installed at bench
// time into bench/.peers (gitignored) from the @openai/codex npm package, whose
// platform package ships the Rust `codex` binary. That binary runs apply_patch
// when invoked under that name, so bench/.peers/bin/apply_patch is a symlink.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bunExecutable } from '../bun.mjs';

function which(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

function firstLine(file, args) {
  const r = spawnSync(file, args, { encoding: 'utf8' });
  return r.status === 0 ? `${r.stdout}${r.stderr}`.split('\n')[0].trim() : undefined;
}

/** The codex binary inside an installed @openai/codex (main or platform package). */
function findCodexBinary(peers) {
  const scope = join(peers, 'node_modules', '@openai');
  if (!existsSync(scope)) return undefined;
  for (const pkg of readdirSync(scope).filter((n) => n.startsWith('codex'))) {
    const vendor = join(scope, pkg, 'vendor');
    if (!existsSync(vendor)) continue;
    for (const triple of readdirSync(vendor)) {
      if (!triple.includes('linux') || !triple.includes(process.arch === 'arm64' ? 'aarch64' : 'x86_64')) continue;
      for (const candidate of [
        join(vendor, triple, 'bin', 'codex'),
        join(vendor, triple, 'codex', 'codex'),
        join(vendor, triple, 'codex'),
      ]) {
        if (existsSync(candidate) && statSync(candidate).isFile()) return { bin: candidate, pkg: join(scope, pkg) };
      }
    }
  }
  return undefined;
}

/** Find Codex's apply_patch in bench/.peers, installing it if missing. Returns a tool or a skip reason. */
export function ensureCodex(root, log) {
  const peers = join(root, 'bench', '.peers');
  let found = findCodexBinary(peers);
  if (!found) {
    log('installing @openai/codex into bench/.peers (bench-only peer, not a dependency) ...');
    mkdirSync(peers, { recursive: true });
    const r = spawnSync(
      'npm',
      ['install', '--prefix', peers, '@openai/codex', '--no-save', '--no-audit', '--no-fund', '--loglevel=error'],
      {
        encoding: 'utf8',
        timeout: 240_000,
      },
    );
    if (r.status !== 0)
      return { skip: `npm install @openai/codex failed: ${(r.stderr || r.error?.message || '').trim().split('\n').pop()}` };
    found = findCodexBinary(peers);
    if (!found)
      return { skip: `@openai/codex installed but no linux ${process.arch} codex binary found under bench/.peers/node_modules/@openai` };
  }
  const link = join(peers, 'bin', 'apply_patch');
  mkdirSync(join(peers, 'bin'), { recursive: true });
  rmSync(link, { force: true });
  symlinkSync(relative(join(peers, 'bin'), found.bin), link);
  let version = '?';
  try {
    version = JSON.parse(readFileSync(join(peers, 'node_modules', '@openai', 'codex', 'package.json'), 'utf8')).version;
  } catch {}
  // Probe: with no input it must print its usage as apply_patch, not start the TUI.
  const probe = spawnSync(link, [], { input: '', encoding: 'utf8', timeout: 20_000 });
  if (!/apply_patch/.test(`${probe.stdout}${probe.stderr}`)) return { skip: `codex binary did not answer as apply_patch (${found.bin})` };
  return { file: link, version: `@openai/codex ${version}` };
}

/**
 * The command as `npm install -g` gives it: the root package and this
 * platform's package (npm/<platform>/, with the binary `npm run binary`
 * built) packed, then installed offline into bench/work/npm-prefix. Returns
 * the installed bin/chord-patch, or a skip reason.
 */
export function ensureNpmInstall(root, log) {
  const platform = `${process.platform}-${process.arch}`;
  if (!existsSync(join(root, 'npm', platform, 'package.json'))) return { skip: `no npm/${platform} platform package` };
  const work = join(root, 'bench', 'work', 'npm-install');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  log(`packing and installing the npm package offline (root and npm/${platform}) ...`);
  const npm = (cwd, args) =>
    spawnSync('npm', args, {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, npm_config_cache: join(work, 'cache'), npm_config_update_notifier: 'false' },
    });
  const tarballs = [];
  for (const dir of [root, join(root, 'npm', platform)]) {
    const r = npm(dir, ['pack', '--pack-destination', work, '--loglevel=error']);
    if (r.status !== 0) return { skip: `npm pack in ${relative(root, dir) || '.'} failed: ${(r.stderr || '').trim().split('\n').pop()}` };
    tarballs.push(join(work, r.stdout.trim().split('\n').pop()));
  }
  const prefix = join(work, 'prefix');
  const r = npm(work, ['install', '-g', '--offline', '--no-audit', '--no-fund', '--loglevel=error', '--prefix', prefix, ...tarballs]);
  if (r.status !== 0) return { skip: `npm install -g --offline failed: ${(r.stderr || '').trim().split('\n').pop()}` };
  return { file: join(prefix, 'bin', 'chord-patch') };
}

const DURABLE_FLOOR = join(import.meta.dirname, 'durable-floor.cjs');
/** The pool width the CLI asks for (CLI_POOL_THREADS, src/platform/thread-pool.ts; a test keeps the two equal). */
export const FLOOR_POOL_THREADS = 32;

const IO_FLOOR = [
  "const fs = require('fs');",
  'for (const f of process.argv.slice(1)) {',
  '  const b = fs.readFileSync(f);',
  '  const t = `${f}.io-floor.tmp`;',
  "  const fd = fs.openSync(t, 'wx', 0o600);",
  '  fs.writeSync(fd, b);',
  '  fs.fsyncSync(fd);',
  '  fs.closeSync(fd);',
  '  fs.renameSync(t, f);',
  '}',
].join('\n');

/**
 * Every tool, in table order. `run(w, mode)` gives the command for a workload:
 * mode 'apply' applies w's change, 'version' prints the version, 'edit' uses
 * w.edit. A tool without a command for a workload returns null.
 */
export function tools(root, log) {
  const node = process.execPath;
  // What `npm i chord-patch` users run: the bin shim and the bundle it loads.
  const cli = join(root, 'bin', 'chord-patch');
  const binary = join(root, 'build', 'chord-patch');
  const help = spawnSync(cli, ['--help'], { encoding: 'utf8' }).stdout ?? '';
  const editReady = /^\s+edit\b/m.test(help);
  const chordRun = (file, pre) => (_w, mode) => {
    if (mode === 'version') return { file, args: [...pre, '--version'] };
    if (mode === 'edit') return editReady ? { file, args: [...pre, 'edit'], stdin: 'edit' } : null;
    return { file, args: [...pre, 'apply'], stdin: 'patch' };
  };

  const list = [];
  list.push({
    id: 'cli',
    label: 'chord-patch (Node CLI: bin/chord-patch in a checkout)',
    chord: true,
    version: `node ${process.version}`,
    run: chordRun(cli, []),
  });

  let bun;
  try {
    bun = bunExecutable();
  } catch {}
  const bunVersion = bun && firstLine(bun, ['--version']);
  const bin = existsSync(binary) ? { ok: true } : { skip: 'build/chord-patch missing (npm run binary failed)' };
  list.push({
    id: 'bin',
    label: 'chord-patch (build/chord-patch binary)',
    chord: true,
    version: `Bun-compiled, bun ${bunVersion ?? '?'}`,
    ...bin,
    run: chordRun(binary, []),
  });

  // The binary with its output read through a pipe, as a script that captures
  // it: the diff is built and printed. On /dev/null (every other row) the CLI
  // skips building the diff nobody sees; this row keeps that cost in view.
  list.push({
    id: 'binpipe',
    label: 'chord-patch (build/chord-patch binary, stdout read through a pipe)',
    chord: true,
    version: `Bun-compiled, bun ${bunVersion ?? '?'}`,
    ...bin,
    run: (w, mode) => (mode === 'apply' ? { ...chordRun(binary, [])(w, mode), stdout: 'pipe' } : null),
  });

  // What `npm install -g chord-patch` gives a user: the shim and the platform package's binary.
  const installed = ensureNpmInstall(root, log);
  list.push({
    id: 'npm',
    label: 'chord-patch (npm install -g: the shim and the platform binary)',
    chord: true,
    version: `Bun-compiled, bun ${bunVersion ?? '?'}`,
    skip: installed.skip,
    run: chordRun(installed.file, []),
  });

  const codex = ensureCodex(root, log);
  list.push({
    id: 'codex',
    label: 'Codex apply_patch',
    version: codex.version,
    skip: codex.skip,
    run: (_w, mode) => (mode === 'apply' ? { file: codex.file, args: [], stdin: 'patch' } : null),
  });

  const git = which('git');
  list.push({
    id: 'git',
    label: 'git apply',
    version: git && firstLine(git, ['--version']),
    skip: git ? undefined : 'git not on PATH',
    run: (w, mode) =>
      mode === 'apply' && w.diff
        ? {
            file: git,
            args: ['apply', '-p1', '--whitespace=nowarn', ...(w.diffNeedsWhitespaceTolerance ? ['--ignore-whitespace'] : [])],
            stdin: 'diff',
          }
        : null,
  });

  const patch = which('patch');
  const patchVersion = patch && firstLine(patch, ['--version']);
  list.push({
    id: 'patch',
    label: 'GNU patch',
    version: patchVersion,
    skip: !patch ? 'patch not on PATH' : /GNU/.test(patchVersion ?? '') ? undefined : `${patch} is not GNU patch`,
    // -f: never prompt; --binary: keep CRLF bytes as they are; -r -: no .rej files;
    // -l: the whitespace-drift workload's equivalent of a whitespace pass.
    run: (w, mode) =>
      mode === 'apply' && w.diff
        ? {
            file: patch,
            args: ['-p1', '-f', '-s', '--binary', '--no-backup-if-mismatch', '-r', '-', ...(w.diffNeedsWhitespaceTolerance ? ['-l'] : [])],
            stdin: 'diff',
          }
        : null,
  });

  // The start-up floor every Node program pays: the reference for start-up ratios.
  list.push({
    id: 'node',
    label: 'node -e 0 (start-up floor)',
    baseline: true,
    version: `node ${process.version}`,
    run: () => ({ file: node, args: ['-e', '0'] }),
  });
  // The start-up floor of the binary's runtime: the same Bun that compiled it.
  list.push({
    id: 'bun',
    label: 'bun -e 0 (binary start-up floor)',
    baseline: true,
    version: bunVersion && `bun ${bunVersion}`,
    skip: bun ? undefined : 'no bun executable in node_modules (npm ci)',
    run: () => ({ file: bun, args: ['-e', '0'] }),
  });
  // What any bin shim that execs the binary adds (the npm command's is one):
  // `bun -e 0` reached through a one-line sh script that execs it. On top of
  // the runtime's start it pays one more process image, so the npm command's
  // `--version` cannot go below the binary's plus this row's excess.
  const execShim = join(root, 'bench', 'work', 'exec-bun.sh');
  if (bun) {
    mkdirSync(join(root, 'bench', 'work'), { recursive: true });
    writeFileSync(execShim, `#!/bin/sh\nexec '${bun.replaceAll("'", "'\\''")}' -e 0\n`, { mode: 0o755 });
  }
  list.push({
    id: 'bunexec',
    label: 'bun -e 0 exec-ed by a one-line sh script (the floor of any bin shim)',
    baseline: true,
    version: bunVersion && `bun ${bunVersion}, /bin/sh`,
    skip: bun ? undefined : 'no bun executable in node_modules (npm ci)',
    run: () => ({ file: execShim, args: [] }),
  });
  /** How a probe whose `apply` only writes the files back is run: the files named in CHORD_PATCH_FRONT_END_FILES. */
  const rewriteProbeRun = (file, w, mode) =>
    mode === 'apply'
      ? {
          file,
          args: ['apply'],
          stdin: 'patch',
          env: { CHORD_PATCH_FRONT_END_FILES: w.files.map((f) => f.path).join('\n'), UV_THREADPOOL_SIZE: String(FLOOR_POOL_THREADS) },
        }
      : null;
  /** One of the binary's probes (scripts/binary.mjs --load-probe / --front-end-probe / --locked-probe FILE) as a baseline row. */
  const probeTool = (id, kind, label, run) => {
    const file = join(root, 'build', `${kind}-probe`);
    const built = spawnSync(node, [join(root, 'scripts', 'binary.mjs'), `--${kind}-probe`, file], { encoding: 'utf8' });
    const why = (built.stderr ?? '').trim().split('\n').pop();
    return {
      id,
      label,
      baseline: true,
      version: `Bun-compiled, bun ${bunVersion ?? '?'}`,
      skip: built.status === 0 ? undefined : `the ${kind} probe did not build: ${why}`,
      run: (w, mode) => run(file, w, mode),
    };
  };
  // The binary's load floor: the same executable built to exit at its first
  // statement, so it pays Bun's start and the loading of chord-patch's code,
  // and runs none of it. The binary's small patch cannot go below it plus the
  // durable floor's own work.
  list.push(
    probeTool('binload', 'load', "the binary's load floor (build/chord-patch built to exit at its first statement)", (file, _w, mode) =>
      mode === 'version' || mode === 'apply' ? { file, args: [] } : null,
    ),
  );
  // The binary's front-end floor: the same executable, whose `apply` reads the
  // patch and then only writes the files back as the durable floor does
  // (front-end-apply.cjs). It pays everything chord-patch pays before its
  // engine runs (Bun, loading the code, commander's program and the command
  // line) plus the durable I/O: no chord-patch on this front end goes below it.
  list.push(
    probeTool(
      'binfront',
      'front-end',
      "the binary's front-end floor (build/chord-patch whose apply only writes the files back durably)",
      rewriteProbeRun,
    ),
  );
  // The binary's locked floor: the front-end floor plus the locks every writing
  // run takes before it plans anything (the root's commit lock with its
  // recovery scan, the files' own locks), from chord-patch's own code
  // (locked-apply.ts). What a commit's promises cost before any parsing.
  list.push(
    probeTool(
      'binlocked',
      'locked',
      "the binary's locked floor (the front-end floor under the root's commit lock and the files' locks)",
      rewriteProbeRun,
    ),
  );
  // The binary's decoded floor: the locked floor plus parsing the patch and
  // decoding the files into lines (decoded-apply.ts), which every byte-exact,
  // line-based tool does before it matches anything.
  list.push(
    probeTool(
      'bindecoded',
      'decoded',
      "the binary's decoded floor (the locked floor, the patch parsed and the files decoded into lines)",
      rewriteProbeRun,
    ),
  );
  // The I/O floor: what any Node program pays to read the workload's files and
  // write them back the way chord-patch does (temp file, fsync, rename), with
  // no parsing or matching. Same bytes back, so the tree is left as it was.
  list.push({
    id: 'nodeio',
    label: 'node: read + write back the files (I/O floor)',
    baseline: true,
    version: `node ${process.version}`,
    run: (w, mode) => (mode === 'apply' ? { file: node, args: ['-e', IO_FLOOR, ...w.files.map((f) => f.path)] } : null),
  });
  // The binary's durable I/O floor: what atomic, durable replacement of the
  // workload's files costs on this machine, under the binary's runtime and
  // with its thread-pool width (durable-floor.cjs). A target below it cannot
  // be met by any tool that writes the way chord-patch must.
  list.push({
    id: 'bunio',
    label: "bun: durable write-back of the files (temp, fsync, rename; the binary's I/O floor)",
    baseline: true,
    version: bunVersion && `bun ${bunVersion}`,
    skip: bun ? undefined : 'no bun executable in node_modules (npm ci)',
    run: (w, mode) =>
      mode === 'apply'
        ? { file: bun, args: [DURABLE_FLOOR, ...w.files.map((f) => f.path)], env: { UV_THREADPOOL_SIZE: String(FLOOR_POOL_THREADS) } }
        : null,
  });
  return { list, editReady };
}
