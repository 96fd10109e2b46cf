// The whole corpus for a seed: base changes (history pairs and mutated package
// files, interleaved), then for every kind and tool up to `perCell` cases
// drawn in a seeded order. Same seed, same repository history up to the pinned
// commit and same package-lock: same cases, byte for byte.

import { buildCase, KINDS as CASE_KINDS } from './cases.mjs';
import { buildFormatCase, FORMAT_KINDS } from './formats.mjs';
import { buildRound2Case, ROUND2_KINDS } from './round2.mjs';
import { buildUnifiedCase, UNIFIED_KINDS } from './unified.mjs';
import { mutate } from './mutate.mjs';
import { rng } from './prng.mjs';
import { historyPairs, packageFiles, readPackageFile } from './sources.mjs';

const KINDS = { ...CASE_KINDS, ...FORMAT_KINDS, ...ROUND2_KINDS, ...UNIFIED_KINDS };

/** Base changes: real history pairs and model-style edits of real package files, alternating. */
export function baseChanges(root, seed) {
  const history = rng(`${seed}:history`).shuffle(historyPairs(root));
  const packages = [];
  for (const rel of rng(`${seed}:packages`).shuffle(packageFiles(root))) {
    packages.push({ id: `npm:${rel}`, origin: 'package', path: rel, lazy: true });
  }
  const out = [];
  for (let i = 0; i < Math.max(history.length, packages.length); i++) {
    if (i < history.length) out.push(history[i]);
    if (i < packages.length) out.push(packages[i]);
  }
  return out;
}

/** A package base gets its text and its model-style edit on first use; false when the file is unusable. */
function materialize(root, seed, base) {
  if (!base.lazy) return true;
  if (base.before === undefined) {
    base.before = readPackageFile(root, base.path) ?? null;
    base.after = base.before && (mutate(rng(`${seed}:${base.id}`), base.path, base.before) ?? null);
  }
  return !!(base.before && base.after);
}

/** The case builder of a kind: each file of kinds has its own. */
const builderOf = (kind) =>
  FORMAT_KINDS[kind] ? buildFormatCase : ROUND2_KINDS[kind] ? buildRound2Case : UNIFIED_KINDS[kind] ? buildUnifiedCase : buildCase;

/**
 * Up to `perCell` cases for each kind x tool (optionally only some kinds and
 * tools). Each cell walks the bases in its own seeded order.
 */
export function buildCorpus(root, { seed = 1, perCell = 60, kinds = Object.keys(KINDS), tools, bases } = {}) {
  const all = bases ?? baseChanges(root, seed);
  const cases = [];
  for (const kind of kinds) {
    for (const tool of KINDS[kind].tools) {
      if (tools && !tools.includes(tool)) continue;
      const order = rng(`${seed}:${kind}:${tool}`).shuffle(all.map((_, i) => i));
      let n = 0;
      for (const i of order) {
        if (n >= perCell) break;
        const base = all[i];
        if (!materialize(root, seed, base)) continue;
        const build = builderOf(kind);
        const c = build(rng(`${seed}:${kind}:${tool}:${base.id}`), kind, tool, base);
        if (!c) continue;
        cases.push({ ...c, name: `${kind}-${tool}-${String(n).padStart(3, '0')}` });
        n++;
      }
    }
  }
  return cases;
}
