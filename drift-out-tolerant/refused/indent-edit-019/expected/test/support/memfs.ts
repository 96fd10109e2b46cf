// An in-memory Fs for tests: deterministic, inspectable, and able to fail the
// Nth write or change a file between planning and commit.

import { dirname } from 'node:path';
import type { Fs, Stat } from '../../src/types.js';

type Node = { kind: 'file'; bytes: Uint8Array; mode: number; ino: number } | { kind: 'dir'; mode: number; ino: number } | { kind: 'symlink'; target: string; mode: number; ino: number };

export interface MemFsHooks {
  /** Called before each writeAtomic/unlink; throw to simulate a failure. */
  beforeWrite?: (path: string, nth: number) => void;
  /** Called once, when a file already read is looked at again (the commit's revalidation). */
  onRevalidate?: (fs: MemFs) => void;
}

export class MemFs implements Fs {
  readonly nodes = new Map<string, Node>();
  private ino = 1;
  writes = 0;
  private reads = new Map<string, number>();
  hooks: MemFsHooks = {};

  constructor(files: Record<string, string | Uint8Array> = {}, root = '/work') {
    this.mkdirSync(root);
    for (const [p, content] of Object.entries(files)) this.put(`${root}/${p}`, content);
  }

  mkdirSync(dir: string): void {
    for (let d = dir; ; d = dirname(d)) {
      if (!this.nodes.has(d)) this.nodes.set(d, { kind: 'dir', mode: 0o755, ino: this.ino++ });
      if (d === dirname(d)) break;
    }
  }

  put(path: string, content: string | Uint8Array, mode = 0o644): void {
    this.mkdirSync(dirname(path));
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    this.nodes.set(path, { kind: 'file', bytes, mode, ino: this.ino++ });
  }

  text(path: string): string | undefined {
    const n = this.nodes.get(path);
    return n?.kind === 'file' ? new TextDecoder().decode(n.bytes) : undefined;
  }

  /** A copy of every file: path -> [bytes as latin1 string, mode]. */
  dump(): Record<string, [string, number]> {
    const out: Record<string, [string, number]> = {};
    for (const [p, n] of [...this.nodes].sort(([a], [b]) => a.localeCompare(b))) {
      if (n.kind === 'file') out[p] = [Buffer.from(n.bytes).toString('latin1'), n.mode];
    }
    return out;
  }

  async lstat(path: string): Promise<Stat | null> {
    // A second look at a file already read is the commit's revalidation.
    if (this.hooks.onRevalidate && (this.reads.get(path) ?? 0) >= 1) {
      const hook = this.hooks.onRevalidate;
      this.hooks.onRevalidate = undefined;
      hook(this);
    }
    const n = this.nodes.get(path);
    if (!n) return null;
    return { kind: n.kind, mode: n.mode, identity: `1:${n.ino}` };
  }

  async readFile(path: string): Promise<Uint8Array> {
    this.reads.set(path, (this.reads.get(path) ?? 0) + 1);
    if (this.unreadable.has(path)) throw Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: 'EACCES' });
    const n = this.nodes.get(path);
    if (!n || n.kind !== 'file') throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return n.bytes;
  }

  async realpath(path: string): Promise<string> {
    if (!this.nodes.has(path)) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return path;
  }

  async writeAtomic(path: string, bytes: Uint8Array, mode: number | undefined, exclusive: boolean): Promise<void> {
    this.writes++;
    this.hooks.beforeWrite?.(path, this.writes);
    if (!this.nodes.get(dirname(path))) throw Object.assign(new Error(`ENOENT: ${dirname(path)}`), { code: 'ENOENT' });
    if (exclusive && this.nodes.has(path)) throw Object.assign(new Error(`EEXIST: ${path}`), { code: 'EEXIST' });
    this.nodes.set(path, { kind: 'file', bytes: new Uint8Array(bytes), mode: mode ?? 0o644, ino: this.ino++ });
  }

  async unlink(path: string): Promise<void> {
    this.writes++;
    this.hooks.beforeWrite?.(path, this.writes);
    if (!this.nodes.has(path)) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    this.nodes.delete(path);
  }

  async mkdirp(dir: string): Promise<string[]> {
    const created: string[] = [];
    for (let d = dir; !this.nodes.has(d); d = dirname(d)) created.unshift(d);
    for (const d of created) this.nodes.set(d, { kind: 'dir', mode: 0o755, ino: this.ino++ });
    return created;
  }

  async rmdir(dir: string): Promise<void> {
    for (const p of this.nodes.keys()) if (p.startsWith(`${dir}/`)) throw Object.assign(new Error('ENOTEMPTY'), { code: 'ENOTEMPTY' });
    this.nodes.delete(dir);
  }
}
