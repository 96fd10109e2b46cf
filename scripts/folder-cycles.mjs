// The folders of src/ as a graph: which folder imports which (type-only
// imports included: they tie the folders together just the same). A cycle
// between folders means neither can be read or changed on its own.
//
//   node scripts/folder-cycles.mjs     prints every pair of folders that
//                                      import each other, with one import
//                                      each way; exit 1 if there is any
// Files directly in src/ (errors.ts, types.ts, the CLI and library entries)
// are the root, not a folder, and are left out.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** For each "a -> b" between two folders of `root`, the imports that make it ("file -> file"). */
export function folderEdges(root) {
  const files = [];
  const walk = (d) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts')) files.push(p);
    }
  };
  walk(root);
  const folder = (p) => {
    const r = relative(root, p);
    return r.includes('/') ? r.split('/')[0] : undefined;
  };
  const edges = new Map();
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?\sfrom\s+'(\.[^']+)'/gms)) {
      const target = resolve(dirname(file), m[1].replace(/\.js$/, '.ts'));
      const a = folder(file);
      const b = folder(target);
      if (a === undefined || b === undefined || a === b) continue;
      const key = `${a} -> ${b}`;
      if (!edges.has(key)) edges.set(key, []);
      edges.get(key).push(`${relative(root, file)} -> ${relative(root, target)}`);
    }
  }
  return edges;
}

/** Pairs of folders importing each other, as "a <-> b" (a before b), with one import each way. */
export function folderCycles(root) {
  const edges = folderEdges(root);
  const cycles = [];
  for (const [key, imports] of edges) {
    const [a, b] = key.split(' -> ');
    const back = edges.get(`${b} -> ${a}`);
    if (back && a < b) cycles.push({ pair: `${a} <-> ${b}`, there: imports[0], back: back[0] });
  }
  return cycles;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const cycles = folderCycles(join(import.meta.dirname, '..', 'src'));
  for (const c of cycles) console.log(`${c.pair}\n  ${c.there}\n  ${c.back}`);
  if (cycles.length === 0) console.log('no cycles between the folders of src/');
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
