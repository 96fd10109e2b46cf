// One fuzz case against a real directory: run apply() on a hostile input and
// check the promises that must hold whatever the input is:
//   - apply() resolves (a throw is what the CLI reports as exit 70);
//   - nothing outside the root changes (a sibling directory, reachable
//     through `../` and through a symlink inside the root);
//   - every change inside the root is one the outcome reports (no leftover
//     temp file, no half-applied group, nothing written by a rejected run).

import { lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { OUTSIDE, TREE } from './fuzz-inputs.mjs';

function write(dir, files) {
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
}

/** path -> content (files), 'dir', or '-> target' (links), relative to `dir`. */
export function readTree(dir, out = new Map(), base = dir) {
  for (const name of readdirSync(dir)) {
    const abs = join(dir, name);
    const rel = relative(base, abs);
    const st = lstatSync(abs);
    if (st.isSymbolicLink()) out.set(rel, `-> ${readlinkSync(abs)}`);
    else if (st.isDirectory()) {
      out.set(rel, 'dir');
      readTree(abs, out, base);
    } else out.set(rel, `${st.mode & 0o777}:${readFileSync(abs).toString('base64')}`);
  }
  return out;
}

/** A scratch workspace: `root` (the tree and a link to `outside`) beside `outside`. */
export function makeWorkspace(base) {
  const root = join(base, 'root');
  const outside = join(base, 'outside');
  const reset = () => {
    rmSync(root, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
    write(root, TREE);
    write(outside, OUTSIDE);
    symlinkSync(outside, join(root, 'link'));
  };
  reset();
  return { root, outside, reset, rootBefore: readTree(root), outsideBefore: readTree(outside) };
}

const sameMap = (a, b) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

/** The root-relative paths an outcome says it changed (and their parent directories). */
function reported(outcome, root) {
  const ok = new Set();
  const add = (p) => {
    for (let rel = relative(root, resolve(root, p)); rel && rel !== '.' && !rel.startsWith('..'); rel = dirname(rel)) {
      ok.add(rel);
      if (dirname(rel) === rel || dirname(rel) === '.') break;
    }
  };
  if (outcome.dryRun) return ok;
  for (const c of outcome.changes) {
    add(c.path);
    if (c.to !== undefined) add(c.to);
  }
  return ok;
}

/**
 * Run one input; returns { kind: 'ok' | 'throw' | 'outside' | 'unreported', detail? }.
 * Resets the workspace when anything changed.
 */
export async function fuzzOne(apply, ws, input, options = {}) {
  let outcome;
  let threw;
  try {
    outcome = await apply(input, { cwd: ws.root, ...options });
  } catch (e) {
    threw = e;
  }
  const outsideNow = readTree(ws.outside);
  const rootNow = readTree(ws.root);
  let result = { kind: 'ok' };
  if (threw)
    result = {
      kind: 'throw',
      detail: String(threw?.stack ?? threw)
        .split('\n')
        .slice(0, 4)
        .join('\n'),
    };
  else if (!sameMap(outsideNow, ws.outsideBefore)) result = { kind: 'outside', detail: [...outsideNow.keys()].join(', ') };
  else {
    const ok = reported(outcome, ws.root);
    const keys = new Set([...rootNow.keys(), ...ws.rootBefore.keys()]);
    const bad = [...keys].filter((k) => rootNow.get(k) !== ws.rootBefore.get(k) && !ok.has(k));
    if (bad.length > 0) result = { kind: 'unreported', detail: `${outcome.status}: ${bad.join(', ')}` };
  }
  if (!sameMap(rootNow, ws.rootBefore) || !sameMap(outsideNow, ws.outsideBefore)) ws.reset();
  return result;
}
