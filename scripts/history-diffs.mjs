#!/usr/bin/env node
// `npm run history`: real unified diffs, scored. Each of this repository's
// newest commits is written by `git diff -M` (with 3, 2, 1 and 0 lines of
// context: models and hand-trimmed diffs often carry fewer; -U0 is applied
// with --unidiff-zero, as git apply needs it) and by `diff -ruN` between the
// two trees (traditional names, timestamps, the epoch for added and deleted
// files), and applied to its parent's tree, then reversed with -R on its own
// tree, by chord-patch, by `git apply` and by GNU `patch`. Each run is scored against the tree git
// recorded:
//   correct  exit 0 and exactly the expected tree
//   refused  a non-zero exit and the tree left exactly as it was
//   wrong    anything else (exit 0 with other bytes, or a partial write)
// chord-patch runs with --all-or-nothing, so a refusal writes nothing.
// A wrong run is listed with the command that reproduces it.
//
//   node scripts/history-diffs.mjs [--commits N] [--bin PATH]   (default 30, bin/chord-patch)

import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, lstatSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const COMMITS = Number(opt('--commits', '30'));
const BIN = resolve(opt('--bin', join(ROOT, 'bin', 'chord-patch')));
/** The folders whose history is the material: code, tests and scripts (fixture folders hold odd bytes on purpose). */
const SCOPE = ['src', 'test/unit', 'test/e2e', 'scripts'];
/** How each diff is written, and what each tool is told about it. */
const VARIANTS = [
  ...[3, 2, 1].map((n) => ({ name: `-U${n}`, write: (c) => gitDiff(c, n), args: [] })),
  { name: '-U0 --unidiff-zero', write: (c) => gitDiff(c, 0), args: ['--unidiff-zero'] },
  { name: 'diff -ruN', write: (c) => traditionalDiff(c), args: [], contentOnly: true },
];

const git = (...a) => execFileSync('git', a, { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 << 20 });
const scratch = mkdtempSync(join(tmpdir(), 'chord-patch-history-'));
let serial = 0;

const extracted = new Map();

/** A fresh copy of `commit`'s SCOPE folders (each commit is extracted once, then copied). */
function checkout(commit) {
  if (!extracted.has(commit)) {
    const dir = join(scratch, `c-${commit.replace(/\W/g, '_')}`);
    execFileSync('bash', [
      '-c',
      'r=$1 d=$2 c=$3; shift 3; mkdir -p "$d" && git -C "$r" archive "$c" -- "$@" | tar -x -C "$d"',
      'bash',
      ROOT,
      dir,
      commit,
      ...SCOPE,
    ]);
    extracted.set(commit, dir);
  }
  const copy = join(scratch, `t${serial++}`);
  execFileSync('cp', ['-a', extracted.get(commit), copy]);
  return copy;
}

/** Every file below `dir` with the hash of its bytes and its mode, as one comparable string. */
function signature(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const s = lstatSync(p);
      if (s.isDirectory()) walk(p);
      else out.push(`${relative(dir, p)} ${s.mode & 0o111 ? 'x' : '-'} ${createHash('sha1').update(readFileSync(p)).digest('hex')}`);
    }
  };
  walk(dir);
  return out.join('\n');
}

const gitDiff = (c, n) => git('diff', '-M', `-U${n}`, `${c}^`, c, '--', ...SCOPE);

/** `diff -ruN a b` between the parent's tree and the commit's, as a user without git writes it. */
function traditionalDiff(c) {
  const pair = join(scratch, `pair-${serial++}`);
  execFileSync('mkdir', ['-p', pair]);
  signatureOf(c);
  signatureOf(`${c}^`);
  execFileSync('ln', ['-s', extracted.get(`${c}^`), join(pair, 'a')]);
  execFileSync('ln', ['-s', extracted.get(c), join(pair, 'b')]);
  const r = spawnSync('diff', ['-ruN', 'a', 'b'], { cwd: pair, encoding: 'utf8', maxBuffer: 256 << 20 });
  rmSync(pair, { recursive: true, force: true });
  return r.stdout;
}

const TOOLS = {
  'chord-patch': (dir, patch, reverse, args) => [
    BIN,
    ['apply', '-q', '--all-or-nothing', ...args, ...(reverse ? ['-R'] : []), '-C', dir, patch],
  ],
  'git apply': (dir, patch, reverse, args) => ['git', ['apply', ...args, ...(reverse ? ['-R'] : []), patch], dir],
  'GNU patch': (dir, patch, reverse) => [
    'patch',
    ['-s', '-p1', '-f', '--no-backup-if-mismatch', ...(reverse ? ['-R'] : []), '-i', patch],
    dir,
  ],
};

function run(tool, commit, patch, reverse, variant) {
  const start = reverse ? commit : `${commit}^`;
  const dir = checkout(start);
  // Without modes in the diff (diff -ruN), only the content is compared.
  const seen = (sig) => (variant.contentOnly ? sig.replace(/ [x-] /g, ' ') : sig);
  // The copy holds exactly the start commit's tree (cp -a keeps modes): its signature is already known.
  const before = seen(signatures.get(start));
  const expected = seen(signatures.get(reverse ? `${commit}^` : commit));
  const [cmd, argv, cwd] = TOOLS[tool](dir, patch, reverse, variant.args);
  const r = spawnSync(cmd, argv, { cwd: cwd ?? ROOT, encoding: 'utf8' });
  const after = seen(signature(dir));
  rmSync(dir, { recursive: true, force: true });
  if (r.status === 0 && after === expected) return 'correct';
  if (r.status !== 0 && after === before) return 'refused';
  return 'wrong';
}

const signatures = new Map();
const signatureOf = (commit) => {
  if (!signatures.has(commit)) {
    const dir = checkout(commit);
    signatures.set(commit, signature(dir));
    rmSync(dir, { recursive: true, force: true });
  }
};

const commits = git('log', '--no-merges', '--format=%h', '-n', String(COMMITS), '--', ...SCOPE)
  .trim()
  .split('\n')
  .filter((c) => c && spawnSync('git', ['rev-parse', '--verify', '--quiet', `${c}^{commit}`], { cwd: ROOT }).status === 0);
if (commits.length === 0) {
  console.log('history-diffs: no commits with a parent (a shallow clone?); nothing to score');
  process.exit(0);
}

const tally = {};
const wrong = [];
const started = Date.now();
for (const c of commits) {
  signatureOf(c);
  signatureOf(`${c}^`);
  for (const variant of VARIANTS) {
    const patch = join(scratch, `${c}-${serial++}.diff`);
    writeFileSync(patch, variant.write(c));
    for (const tool of Object.keys(TOOLS)) {
      for (const reverse of [false, true]) {
        const verdict = run(tool, c, patch, reverse, variant);
        const key = `${tool}|${variant.name}|${reverse ? 'reverse' : 'forward'}`;
        tally[key] ??= { correct: 0, refused: 0, wrong: 0 };
        tally[key][verdict]++;
        if (verdict === 'wrong' && tool === 'chord-patch') wrong.push(`${variant.name} of ${c}^..${c}${reverse ? ' (with -R)' : ''}`);
      }
    }
  }
}

const rows = Object.entries(tally).map(([key, t]) => [...key.split('|'), t.correct, t.refused, t.wrong]);
const header = ['tool', 'context', 'direction', 'correct', 'refused', 'wrong'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
const line = (cells) =>
  cells.map((c, i) => (typeof c === 'number' ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join('  ');
console.log(`history-diffs: ${commits.length} commits (${commits.at(-1)}..${commits[0]}), ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(line(header));
for (const r of rows) console.log(line(r));
for (const w of wrong) console.log(`WRONG chord-patch: ${w}`);
rmSync(scratch, { recursive: true, force: true });
process.exit(wrong.length > 0 ? 1 : 0);
