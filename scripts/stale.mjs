// `npm run stale`: the stale-context corpus, from real history. For three
// successive versions of a file (A = commit N-1, B = commit N, C = commit
// N+1), the agent's session applies N's change (A -> B, so A is the session's
// pre-image), then sends N+1's change written against A: the patch A -> X,
// X being C with N's change taken out again (a diff3 of A, B, C). Where N+1
// rewrote lines N had changed, X has C's lines there (`overlap`): the right
// answer then is a refusal, never a write other than C. Otherwise the file
// is B and the right answer is C. Sources:
//   repo   this repository's first-parent history (commit N-1, N, N+1)
//   drift  the drift corpus's history pairs (scripts/drift/sources.mjs),
//          chained per file: a pair whose after is the next pair's before
// Scored per tool:
//   correct  exit 0 (applied) and the file is exactly C
//   named    refused, the file left as B, and the report names the pre-image
//            (chord-patch: stale_context / merge_conflict with `stale`)
//   refused  refused otherwise, the file left as B (git apply -3: may leave
//            conflict markers; those are counted apart)
//   wrong    exit 0 with other bytes, or a refusal that changed the file
//   crash    an exception, a signal, a time-out
//   node scripts/stale.mjs [--max N] [--write] [--no-codex] [--no-git]

import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { diff3Merge } from 'node-diff3';
import { structuredPatch } from 'diff';
import { ensureCodex } from './bench/tools.mjs';
import { historyPairs, PINNED_COMMIT, readBlobs, usableText } from './drift/sources.mjs';

const ROOT = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const MAX = Number(opt('--max', '400'));
const api = createRequire(import.meta.url)(join(ROOT, 'dist', 'index.cjs'));
const scratch = mkdtempSync(join(tmpdir(), 'chord-patch-stale-'));
const git = (a, input) => execFileSync('git', ['-C', ROOT, ...a], { input, maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'ignore'] });
let serial = 0;

/** Successive versions of files along the first-parent history of HEAD. */
function repoTriples() {
  const log = git(['log', '--first-parent', '-m', '--raw', '--no-renames', '--abbrev=40', '--format=C %H', 'HEAD']).toString('utf8');
  const commits = [];
  for (const line of log.split('\n')) {
    if (line.startsWith('C ')) commits.push({ id: line.slice(2, 14), files: new Map() });
    const m = /^:100644 100644 ([0-9a-f]{40}) ([0-9a-f]{40}) M\t(.+)$/.exec(line);
    if (m && commits.length > 0) commits.at(-1).files.set(m[3], { old: m[1], new: m[2] });
  }
  commits.reverse();
  const wanted = [];
  for (let k = 1; k < commits.length; k++) {
    for (const [path, n] of commits[k - 1].files) {
      const next = commits[k].files.get(path);
      if (next && next.old === n.new)
        wanted.push({ id: `repo:${commits[k - 1].id}+${commits[k].id}:${path}`, path, a: n.old, b: n.new, c: next.new });
    }
  }
  const blobs = readBlobs(
    git,
    wanted.flatMap((w) => [w.a, w.b, w.c]),
  );
  const text = (sha) => blobs.get(sha).toString('utf8');
  return wanted.map((w) => ({ id: w.id, source: 'repo', path: w.path, A: text(w.a), B: text(w.b), C: text(w.c) }));
}

/** The drift corpus's history pairs, chained per file. */
function driftTriples() {
  const pairs = historyPairs(ROOT);
  const byStart = new Map(pairs.map((p) => [`${p.path}\0${p.before}`, p]));
  const out = [];
  for (const p of pairs) {
    const q = byStart.get(`${p.path}\0${p.after}`);
    if (q && q !== p)
      out.push({
        id: `drift:${p.id.split(':')[1]}+${q.id.split(':')[1]}:${p.path}`,
        source: 'drift',
        path: p.path,
        A: p.before,
        B: p.after,
        C: q.after,
      });
  }
  return out;
}

const lines = (t) => t.slice(0, -1).split('\n');
const gitBlob = (t) =>
  createHash('sha1')
    .update(`blob ${Buffer.byteLength(t)}\0`)
    .update(t)
    .digest('hex');

/**
 * X: C without B's change from A (diff3 of A, B, C). Where N+1 rewrote lines
 * N had changed (a diff3 conflict), X takes C's lines: the agent rewrites,
 * from A, lines its own earlier change already rewrote (`overlap`).
 */
function writtenAgainstA({ A, B, C }) {
  const regions = diff3Merge(lines(A), lines(B), lines(C), { excludeFalseConflicts: true });
  const overlap = regions.some((r) => r.conflict);
  return { X: `${regions.flatMap((r) => r.ok ?? r.conflict.b).join('\n')}\n`, overlap };
}

/** The patch from `from` to `to`: a Codex envelope and a git diff with the blob of `from` on its index line. */
function patches(path, from, to) {
  const p = structuredPatch(path, path, from, to, '', '', { context: 3 });
  const env = ['*** Begin Patch', `*** Update File: ${path}`];
  const uni = [`diff --git a/${path} b/${path}`, `index ${gitBlob(from)}..${gitBlob(to)} 100644`, `--- a/${path}`, `+++ b/${path}`];
  for (const h of p.hunks) {
    env.push('@@');
    uni.push(`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`);
    for (const l of h.lines) {
      env.push(l);
      uni.push(l);
    }
  }
  env.push('*** End Patch');
  return { envelope: `${env.join('\n')}\n`, diff: `${uni.join('\n')}\n` };
}

function fresh(path, text) {
  const dir = join(scratch, `c${serial++}`);
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
  return dir;
}

const readText = (dir, path) => {
  try {
    return readFileSync(join(dir, path), 'utf8');
  } catch {
    return undefined;
  }
};

/** chord-patch through the library: the session applies A -> B, then the stale patch; `threeWay`, `input`: envelope or diff. */
async function chord(c, input, threeWay) {
  const dir = fresh(c.path, c.A);
  const stateDir = join(scratch, `s${serial++}`);
  const o = { cwd: dir, session: 'agent', stateDir };
  try {
    const seed = await api.apply(c.seed, o);
    if (seed.status !== 'applied' || readText(dir, c.path) !== c.B) return { verdict: 'skip' };
    const out = await api.apply(input, { ...o, ...(threeWay ? { threeWay: 'merge' } : {}) });
    const now = readText(dir, c.path);
    const f = out.failed[0]?.failures[0];
    if (out.status === 'applied')
      return { verdict: now === c.C ? 'correct' : 'wrong', direct: !out.notes.some((n) => n.code === 'merged') };
    if (now !== c.B) return { verdict: 'wrong' };
    if ((f?.code === 'stale_context' || f?.code === 'merge_conflict') && f.stale?.base.source === 'session')
      return { verdict: 'named', code: f.code };
    return { verdict: 'refused', code: f?.code ?? out.error?.code };
  } catch (e) {
    return { verdict: 'crash', error: String(e) };
  }
}

function codex(c, bin) {
  const dir = fresh(c.path, c.B);
  const r = spawnSync(bin, [c.envelope], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
  if (r.error || r.signal) return { verdict: 'crash' };
  const now = readText(dir, c.path);
  if (r.status === 0) return { verdict: now === c.C ? 'correct' : 'wrong' };
  return { verdict: now === c.B ? 'refused' : 'wrong' };
}

function gitApply3(c) {
  const dir = fresh(c.path, c.A);
  const g = (...a) =>
    execFileSync('git', ['-c', 'user.name=s', '-c', 'user.email=s@s', '-c', 'core.hooksPath=/dev/null', ...a], { cwd: dir, stdio: 'pipe' });
  g('init', '-q');
  g('add', '-A');
  g('commit', '-qm', 'A');
  writeFileSync(join(dir, c.path), c.B);
  g('commit', '-qam', 'B');
  const patch = join(scratch, `p${serial++}.diff`);
  writeFileSync(patch, c.diff);
  const r = spawnSync('git', ['apply', '-3', patch], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
  if (r.error || r.signal) return { verdict: 'crash' };
  const now = readText(dir, c.path);
  if (r.status === 0) return { verdict: now === c.C ? 'correct' : 'wrong' };
  if (now === c.B) return { verdict: 'refused' };
  return { verdict: /^<<<<<<< /m.test(now ?? '') ? 'markers' : 'wrong' };
}

function buildCases() {
  const seen = new Set();
  const cases = [];
  const skipped = { unusable: 0, same: 0 };
  for (const t of [...repoTriples(), ...driftTriples()]) {
    if (![t.A, t.B, t.C].every((x) => x !== undefined && usableText(x) && x.endsWith('\n') && !x.includes('\r'))) {
      skipped.unusable++;
      continue;
    }
    const key = createHash('sha1').update(`${t.path}\0${t.A}\0${t.B}\0${t.C}`).digest('hex');
    if (seen.has(key)) continue;
    seen.add(key);
    const { X, overlap } = writtenAgainstA(t);
    if (X === t.A) {
      skipped.same++;
      continue;
    }
    const stale = patches(t.path, t.A, X);
    cases.push({ ...t, overlap, seed: patches(t.path, t.A, t.B).envelope, envelope: stale.envelope, diff: stale.diff });
  }
  return { cases: cases.slice(0, MAX), skipped, all: cases.length };
}

const TOOLS = ['chord', 'chord3', 'chord3diff', 'codex', 'git3'];
const LABELS = {
  chord: 'chord-patch, envelope (diagnosis only)',
  chord3: 'chord-patch --3way, envelope',
  chord3diff: 'chord-patch --3way, unified diff',
  codex: "Codex's apply_patch, envelope",
  git3: 'git apply -3, unified diff',
};

async function main() {
  const { cases, skipped, all } = buildCases();
  const codexTool = args.includes('--no-codex') ? { skip: '--no-codex' } : ensureCodex(ROOT, (m) => process.stderr.write(`${m}\n`));
  const results = [];
  for (const c of cases) {
    const r = { c, chord: await chord(c, c.envelope, false) };
    if (r.chord.verdict === 'skip') continue;
    r.chord3 = await chord(c, c.envelope, true);
    r.chord3diff = await chord(c, c.diff, true);
    if (codexTool.file) r.codex = codex(c, codexTool.file);
    if (!args.includes('--no-git')) r.git3 = gitApply3(c);
    results.push(r);
  }
  rmSync(scratch, { recursive: true, force: true });
  const report = render(results, { skipped, all, codex: codexTool });
  process.stdout.write(report);
  if (args.includes('--write')) writeFileSync(join(ROOT, 'bench', 'stale.md'), report);
  const bad = results.filter((r) => ['chord', 'chord3', 'chord3diff'].some((t) => ['wrong', 'crash'].includes(r[t]?.verdict)));
  for (const r of bad) process.stderr.write(`WRONG/CRASH: ${r.c.id}\n`);
  process.exitCode = bad.length > 0 && args.includes('--strict') ? 1 : 0;
}

function tallyOf(rows, tool) {
  const t = { cases: 0, correct: 0, named: 0, refused: 0, markers: 0, wrong: 0, crash: 0 };
  for (const r of rows) {
    const v = r[tool]?.verdict;
    if (!v) continue;
    t.cases++;
    t[v]++;
  }
  return t;
}

function table(rows, title) {
  const out = [
    `### ${title} (${rows.length} cases)`,
    '',
    '| tool | cases | correct | refused, pre-image named | refused | conflict markers left | wrong | crash |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const tool of TOOLS) {
    const t = tallyOf(rows, tool);
    if (t.cases === 0) continue;
    out.push(`| ${LABELS[tool]} | ${t.cases} | ${t.correct} | ${t.named} | ${t.refused} | ${t.markers} | ${t.wrong} | ${t.crash} |`);
  }
  return out.join('\n');
}

function render(results, info) {
  const head = git(['rev-parse', '--short=12', 'HEAD']).toString().trim();
  const stale = results.filter((r) => !(r.chord.verdict === 'correct' && r.chord.direct));
  const bySource = (s) => results.filter((r) => r.c.source === s);
  const out = [
    '# Stale-context corpus',
    '',
    '`npm run stale` (scripts/stale.mjs; method in its header comment). Three successive versions of a file from real history:',
    "A (commit N-1), B (commit N), C (commit N+1). The session applies N's change (A -> B); then N+1's change arrives written",
    "against A (the patch A -> X, X = C with N's change taken out again by a diff3 of A, B, C). The file is B; the right",
    'answer is C, or a refusal where the two changes overlap (below).',
    '',
    `Material: this repository's first-parent history at ${head} (source \`repo\`) and the drift corpus's history pairs up to`,
    `${PINNED_COMMIT.slice(0, 12)}, chained per file (source \`drift\`): ${info.all} distinct triples`,
    `(skipped: ${info.skipped.same} where X = A, ${info.skipped.unusable} not plain LF text with a final newline); ` +
      `${results.length} run${info.all > results.length ? ` (--max ${MAX})` : ''}.`,
    "Where N+1 rewrote lines N had changed (a diff3 conflict of A, B, C), X takes C's lines there: the agent rewrites from A",
    'lines its own earlier change already rewrote. For those **overlapping** cases C is still counted correct, but the',
    'expected answer is a refusal: the change and the file disagree on the same lines.',
    `Codex: ${info.codex.version ?? `not run (${info.codex.skip})`}. ` +
      `git: ${spawnSync('git', ['--version'], { encoding: 'utf8' }).stdout.trim()}.`,
    '',
    'Verdicts: **correct** exit 0 and exactly C; **refused, pre-image named** the file left as B and the failure names the',
    "session's pre-image (`stale_context` / `merge_conflict`, docs/stale-context.md); **refused** the file left as B otherwise;",
    '**conflict markers left** (git apply -3 only) a non-zero exit with markers written into the file; **wrong** exit 0 with',
    'other bytes, or a refusal that changed the file; **crash** an exception, signal or time-out.',
    '',
    table(results, 'All cases'),
    '',
    table(stale, 'Stale cases: the patch does not apply to B as it stands'),
    '',
    table(
      results.filter((r) => !r.c.overlap),
      "Non-overlapping: N+1's change away from the lines N changed",
    ),
    '',
    table(
      results.filter((r) => r.c.overlap),
      'Overlapping: N+1 rewrites lines N changed',
    ),
    '',
    table(bySource('repo'), 'Source repo'),
    '',
    table(bySource('drift'), 'Source drift'),
    '',
  ];
  const codes = new Map();
  for (const r of results) if (r.chord3.code) codes.set(r.chord3.code, (codes.get(r.chord3.code) ?? 0) + 1);
  out.push(`chord-patch --3way refusals by code: ${[...codes].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}.`, '');
  const wrong = results.filter((r) => TOOLS.some((t) => r[t]?.verdict === 'wrong'));
  if (wrong.length > 0) {
    out.push('Cases some tool got wrong:', '');
    for (const r of wrong.slice(0, 40))
      out.push(
        `- ${r.c.id}: ${TOOLS.filter((t) => r[t]?.verdict === 'wrong')
          .map((t) => LABELS[t])
          .join(', ')}`,
      );
    out.push('');
  }
  return `${out.join('\n')}\n`;
}

await main();
