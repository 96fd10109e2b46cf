// Whole-tree helpers for scenario tests: copy a tree, and read one back as a
// sorted map of relative path -> bytes (directories included, as "dir").

import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  lstatSync,
  existsSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { afterEach } from 'vitest';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

export function scratchCopy(from: string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), 'chord-patch-test-'));
  if (from && existsSync(from)) cpSync(from, dir, { recursive: true });
  return dir;
}

/**
 * A maker of empty scratch directories for one test file: every directory
 * made is removed after each test.
 */
export function scratchDirs(): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const dir = scratchCopy(undefined);
    dirs.push(dir);
    return dir;
  };
}

/**
 * A maker of scratch trees for one test file: each call writes `files` into a
 * new scratch directory (scratchDirs: removed after each test).
 */
export function scratchTrees(): (files: Record<string, string | Uint8Array>) => string {
  const temp = scratchDirs();
  return (files) => {
    const dir = temp();
    for (const [p, c] of Object.entries(files)) {
      mkdirSync(join(dir, p, '..'), { recursive: true });
      writeFileSync(join(dir, p), c);
    }
    return dir;
  };
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

/** A tree's files by content and its links as `-> target` (read, never followed); directories by their entries, `.git` left out. */
export function readLinkTree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === '.git') continue;
      const p = join(dir, name);
      const s = lstatSync(p);
      if (s.isSymbolicLink()) out[relative(root, p)] = `-> ${readlinkSync(p)}`;
      else if (s.isDirectory()) walk(p);
      else out[relative(root, p)] = readFileSync(p, 'utf8');
    }
  };
  walk(root);
  return out;
}
