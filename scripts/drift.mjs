// `npm run drift`: the realistic drift corpus. Real changes (this repository's
// history up to a pinned commit, model-style edits of real files from
// node_modules) written as Codex patches, single edits, batch edits and
// unified diffs (the diff-* kinds, tool `diff`), each with one kind of typical
// model drift, run through the built library against scratch directories and
// scored correct / refused / wrong / crash.
//
// Every WRONG and CRASH case (and every must-apply case that was refused) is
// written to drift-out/ as a folder with before/, input, expected/, got/ and a
// repro.sh that replays it through bin/chord-patch. Options:
//   --seed N        corpus seed (default 1)
//   --per N         cases per kind x tool (default 60)
//   --kinds a,b     only these drift kinds;  --tools a,b  only these tools
//   --out DIR       where repro folders go (default drift-out)
//   --engine FILE   score another build of the library (a CommonJS bundle of
//                   src/index.ts, e.g. from a branch) instead of dist/index.cjs
//   --strict        exit 1 when any case is wrong or crashed

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { buildCorpus } from './drift/corpus.mjs';
import { scoreCase, writeRepro } from './drift/score.mjs';
import { formatTable, tally } from './drift/table.mjs';

const ROOT = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const seed = Number(opt('--seed', '1'));
const perCell = Number(opt('--per', '60'));
const kinds = opt('--kinds')?.split(',');
const tools = opt('--tools')?.split(',');
const outDir = resolve(ROOT, opt('--out', 'drift-out'));
const started = Date.now();

const engine = opt('--engine') ? resolve(opt('--engine')) : join(ROOT, 'dist', 'index.cjs');
const api = createRequire(import.meta.url)(engine);
const commit = (() => {
  try {
    return execFileSync('git', ['-C', ROOT, 'log', '-1', '--format=%h %cd', '--date=iso'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown commit';
  }
})();

const cases = buildCorpus(ROOT, { seed, perCell, kinds, tools });
const built = Date.now();
const scratchRoot = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'chord-drift-'));
rmSync(outDir, { recursive: true, force: true });
const results = [];
const listed = [];
for (const [i, c] of cases.entries()) {
  const result = await scoreCase(api, c, join(scratchRoot, String(i)));
  results.push({ c, verdict: result.verdict });
  const interesting = result.verdict === 'wrong' || result.verdict === 'crash' || (result.verdict === 'refused' && c.expect === 'must');
  if (interesting) {
    const sub = result.verdict === 'refused' ? join(outDir, 'refused') : outDir;
    const repro = writeRepro(sub, c.name, c, result);
    if (result.verdict !== 'refused')
      listed.push(
        `${result.verdict.toUpperCase().padEnd(5)} ${c.name.padEnd(26)} sh ${relative(ROOT, repro)}   ` +
          `(${c.expect === 'must' ? 'must apply' : 'may refuse'}; ${c.origin}; ${result.outcomes.map((o) => o.status).join(', ')})`,
      );
  }
}
rmSync(scratchRoot, { recursive: true, force: true });

const t = tally(results);
const refusedMust = results.filter((r) => r.verdict === 'refused' && r.c.expect === 'must').length;
console.log(
  `chord-patch drift corpus: seed ${seed}, ${perCell} per kind x tool, ${cases.length} cases ` +
    `(built in ${((built - started) / 1000).toFixed(1)} s, run in ${((Date.now() - built) / 1000).toFixed(1)} s)`,
);
/** How many distinct sources (history pairs, package files) the cases of one origin kind came from. */
const originsFrom = (kind) => new Set(cases.filter((c) => c.origin.startsWith(kind)).map((c) => c.origin)).size;
console.log(`engine: ${opt('--engine') ? relative(ROOT, engine) : `dist/index.cjs at ${commit}`}`);
console.log(`sources: ${originsFrom('git:')} history pairs, ${originsFrom('npm:')} package files\n`);
console.log(formatTable(t));
console.log(`\nwrong ${t.total.wrong}, crash ${t.total.crash}; must-apply applied correctly: ${t.total.mustCorrect}/${t.total.must}`);
if (listed.length) console.log(`\nWRONG and CRASH cases (replay with the command shown):\n${listed.join('\n')}`);
if (refusedMust) console.log(`\n${refusedMust} must-apply cases were refused: ${relative(ROOT, join(outDir, 'refused'))}/*/repro.sh`);
if (args.includes('--strict') && t.total.wrong + t.total.crash > 0) process.exitCode = 1;
