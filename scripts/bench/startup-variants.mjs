// The Node CLI built without one start-up trick at a time, so the bench shows
// what each trick saves (the "Node start-up tricks" table of
// bench/results.md). Each variant is the ordinary build (scripts/build.mjs,
// buildNode) with one option off or one source module replaced by its plain
// stand-in from scripts/bench/stand-ins/; the module headers quote the figures.

import { join } from 'node:path';
import { buildNode } from '../build.mjs';

export const TRICKS = [
  { id: 'code cache', what: 'V8 code cache of the bundle', where: 'scripts/build/code-cache.mjs', build: { codeCache: false } },
  {
    id: 'lazy packages',
    what: 'commander, iconv, jschardet, yaml read on first use',
    where: 'scripts/build/lazy-packages.mjs',
    build: { lazyPackages: false },
  },
  {
    id: 'lazy built-ins',
    what: 'node:crypto, node:os and node:buffer loaded on first call (hashing, home directory, host name, UTF-8 check)',
    where: 'src/startup/lazy-builtins.ts',
    standIn: 'lazy-builtins.ts',
  },
  {
    id: 'fast argument path',
    what: 'usual command lines parsed without commander',
    where: 'src/startup/fast-args.ts',
    standIn: 'fast-args.ts',
  },
  {
    id: 'direct fd output',
    what: 'reports written with write(2), no stdio streams; tty asked by fstat',
    where: 'src/startup/no-stdio-streams.ts',
    standIn: 'no-stdio-streams.ts',
  },
  {
    id: 'sync fs calls',
    what: 'first 64 file-system calls synchronous',
    where: 'src/startup/sync-fs-calls.ts',
    standIn: 'sync-fs-calls.ts',
  },
];

/** The tool id of the Node CLI without `trick`. */
export const variantId = (trick) => `without ${trick.id}`;

/** Build every variant under `workDir`; returns the tools, in TRICKS order, run like the Node CLI. */
export async function startupVariants(root, workDir) {
  const tools = [];
  for (const trick of TRICKS) {
    const dist = join(workDir, trick.id.replace(/[^a-z]+/g, '-'));
    const standIns = trick.standIn ? { [join(root, trick.where)]: join(root, 'scripts', 'bench', 'stand-ins', trick.standIn) } : undefined;
    await buildNode({ dist, library: false, types: false, ...trick.build, ...(standIns ? { standIns } : {}) });
    tools.push({
      id: variantId(trick),
      label: `Node CLI, ${trick.id} off`,
      chord: true,
      variant: true,
      entry: join(dist, 'cli-node.cjs'),
    });
  }
  return tools;
}
