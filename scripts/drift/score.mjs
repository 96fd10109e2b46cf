// Run one case through the library against a scratch directory and score it:
// correct (the intended bytes), refused (nothing written), wrong (anything
// else written, or "applied" without the intended bytes), crash (a throw).

import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export function readTree(root) {
  const out = {};
  const walk = (dir) => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, d.name);
      if (d.isDirectory()) walk(p);
      else out[relative(root, p)] = readFileSync(p).toString('latin1');
    }
  };
  walk(root);
  return out;
}

const sameTree = (a, b) => {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
};

const latin1 = (text) => Buffer.from(text, 'utf8').toString('latin1');

/** Outcome summary a repro needs: status and the failure or error codes. */
function summarize(o) {
  const codes = [...(o.error ? [o.error.code] : []), ...o.failed.flatMap((g) => g.failures.map((f) => f.code))];
  const messages = [...(o.error ? [o.error.message] : []), ...o.failed.flatMap((g) => g.failures.map((f) => f.message))];
  return { status: o.status, codes, messages, notes: o.notes.map((n) => n.message) };
}

/**
 * Score `c` with `api.apply` in `dir` (created and removed here). Returns the
 * verdict, the outcomes and, unless correct, the tree left behind.
 */
export async function scoreCase(api, c, dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dirname(join(dir, c.path)), { recursive: true });
  writeFileSync(join(dir, c.path), c.before);
  const before = readTree(dir);
  const expected = { [c.path]: latin1(c.expected) };
  const outcomes = [];
  let verdict;
  try {
    for (const input of c.inputs) outcomes.push(summarize(await api.apply(input, { cwd: dir, ...(c.options ?? {}) })));
    const after = readTree(dir);
    const first = outcomes[0];
    if (sameTree(after, expected) && first.status === 'applied') verdict = 'correct';
    else if (sameTree(after, before) && outcomes.every((o) => o.status !== 'applied' && o.status !== 'partial')) verdict = 'refused';
    else verdict = 'wrong';
    if (verdict !== 'correct') return { verdict, outcomes, got: after };
  } catch (e) {
    return { verdict: 'crash', outcomes, error: String(e?.stack ?? e) };
  } finally {
    if (verdict === 'correct') rmSync(dir, { recursive: true, force: true });
  }
  return { verdict, outcomes };
}

/** A folder a person can rerun by hand: before/, input(s), expected/, got/, case.json, repro.sh. */
export function writeRepro(outDir, name, c, result) {
  const d = join(outDir, name);
  rmSync(d, { recursive: true, force: true });
  const put = (rel, content) => {
    mkdirSync(dirname(join(d, rel)), { recursive: true });
    writeFileSync(join(d, rel), content);
  };
  put(join('before', c.path), c.before);
  put(join('expected', c.path), c.expected);
  for (const [rel, bytes] of Object.entries(result.got ?? {})) put(join('got', rel), Buffer.from(bytes, 'latin1'));
  c.inputs.forEach((input, i) => put(c.inputs.length === 1 ? 'input' : `input-${i + 1}`, input));
  const { before, expected, inputs, ...meta } = c;
  put('case.json', `${JSON.stringify({ ...meta, verdict: result.verdict, outcomes: result.outcomes, error: result.error }, null, 2)}\n`);
  const runs = c.inputs
    .map((_, i) => `"$root/bin/chord-patch" apply "$here/${c.inputs.length === 1 ? 'input' : `input-${i + 1}`}" -C "$d"`)
    .join('\n');
  put(
    'repro.sh',
    `#!/bin/sh\n# ${c.kind} / ${c.tool} (${c.expect === 'must' ? 'must apply' : 'may refuse'}) from ${c.origin}: ${result.verdict}\n` +
      `here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../.." && pwd); d=$(mktemp -d)\n` +
      `cp -R "$here/before/." "$d"\n${runs}\necho "exit $?"; diff -r "$here/expected" "$d" && echo "tree is the intended one"\n`,
  );
  return join(d, 'repro.sh');
}
