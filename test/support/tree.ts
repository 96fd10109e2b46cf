// Whole-tree helpers for scenario tests: copy a tree, and read one back as a
// sorted map of relative path -> bytes (directories included, as "dir").

import { cpSync, mkdtempSync, readdirSync, readFileSync, lstatSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

export function scratchCopy(from: string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), 'chord-patch-test-'));
  if (from && existsSync(from)) cpSync(from, dir, { recursive: true });
  return dir;
}

export function readTree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(root)) return out;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === '.gitkeep') continue;
      const p = join(dir, name);
      const s = lstatSync(p);
      const rel = relative(root, p);
      if (s.isDirectory()) {
        out[`${rel}/`] = 'dir';
        walk(p);
      } else {
        out[rel] = readFileSync(p).toString('latin1');
      }
    }
  };
  walk(root);
  return out;
}
