// The bench measures each start-up trick by building the CLI with a plain
// stand-in in its place (scripts/bench/stand-ins/): a stand-in must export
// everything its module does, or `npm run bench` fails to build (it did when a
// function was added to a trick's module and not to its stand-in).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const STAND_INS = join(ROOT, 'scripts', 'bench', 'stand-ins');

const exportsOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^export (?:async )?(?:function|const|let|class|type|interface) (\w+)/gm)]
    .map((m) => m[1]!)
    .sort();

describe('bench stand-ins', () => {
  it.each(readdirSync(STAND_INS))('%s exports every name its start-up module exports', (name) => {
    expect(exportsOf(join(STAND_INS, name))).toEqual(exportsOf(join(ROOT, 'src', 'startup', name)));
  });
});
