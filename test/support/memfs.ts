// An in-memory Fs for tests: deterministic, inspectable, and able to fail the
// Nth write or change a file between planning and commit.

import { dirname } from 'node:path';
import type { DirPin, Fs, Stat } from '../../src/types.js';

type Node =
  | { kind: 'file'; bytes: Uint8Array; mode: number; ino: number }
  | { kind: 'dir'; mode: number; ino: number }
  | { kind: 'symlink'; target: string; mode: number; ino: number };

export type MemOp = 'writeTemp' | 'rename' | 'exchange' | 'link' | 'symlink' | 'unlink' | 'mkdir' | 'rmdir';

export interface MemFsHooks {
  /**
   * Called before each change (writeTemp, rename, link, unlink, mkdir, rmdir)
   * with the path it creates or removes; throw to simulate a failure.
   */
  beforeWrite?: (path: string, nth: number, op: MemOp) => void;
  /** Called when the commit opens a directory to write in (before it looks at it). */
  beforePin?: (dir: string) => void;
  /** Called once, when a file already read is looked at again (the commit's revalidation). */
  onRevalidate?: (fs: MemFs) => void;
}

export class MemFs implements Fs {
  readonly nodes = new Map<string, Node>();
  private ino = 1;
  /** Contents written (temp files outside the state directory `.chord-patch/`). */
  writes = 0;
  /** Every change made (the `nth` the hook receives). */
  ops = 0;
  private reads = new Map<string, number>();
  hooks: MemFsHooks = {};
  /** Paths whose reads fail with EACCES. */
  unreadable = new Set<string>();

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

  putLink(path: string, target: string): void {
    this.mkdirSync(dirname(path));
    this.nodes.set(path, { kind: 'symlink', target, mode: 0o120777, ino: this.ino++ });
  }

  /** Every symbolic link: path -> target. */
  links(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [p, n] of [...this.nodes].sort(([a], [b]) => a.localeCompare(b))) if (n.kind === 'symlink') out[p] = n.target;
    return out;
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
      delete this.hooks.onRevalidate;
      hook(this);
    }
    const n = this.nodes.get(path);
    if (!n) return null;
    const links = n.kind === 'file' ? [...this.nodes.values()].filter((x) => x === n).length : 1;
    return { kind: n.kind, mode: n.mode, identity: `1:${n.ino}`, links };
  }

  async readFile(path: string): Promise<Uint8Array> {
    this.reads.set(path, (this.reads.get(path) ?? 0) + 1);
    if (this.unreadable.has(path)) throw Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: 'EACCES' });
    const n = this.nodes.get(path);
    if (n?.kind !== 'file') throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return n.bytes;
  }

  async realpath(path: string): Promise<string> {
    if (!this.nodes.has(path)) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return path;
  }

  private change(op: MemOp, path: string): void {
    this.ops++;
    if (op === 'writeTemp' && !path.includes('/.chord-patch/')) this.writes++;
    this.hooks.beforeWrite?.(path, this.ops, op);
  }

  private need(path: string, kind?: Node['kind']): Node {
    const n = this.nodes.get(path);
    if (!n) throw errno('ENOENT', path);
    if (kind && n.kind !== kind) throw errno(kind === 'dir' ? 'ENOTDIR' : 'EISDIR', path);
    return n;
  }

  async readDir(dir: string): Promise<string[]> {
    this.need(dir, 'dir');
    return [...this.nodes.keys()].filter((p) => p !== dir && dirname(p) === dir).map((p) => p.slice(dir.length + 1));
  }

  async pinDir(dir: string, noFollow: boolean): Promise<DirPin> {
    this.hooks.beforePin?.(dir);
    const n = this.need(dir);
    if (n.kind === 'symlink' && noFollow) throw errno('ELOOP', dir);
    if (n.kind !== 'dir') throw errno('ENOTDIR', dir);
    return { path: dir, identity: `1:${n.ino}`, real: await this.realpath(dir), sync: async () => {}, close: async () => {} };
  }

  async writeTemp(path: string, data: Uint8Array | readonly Uint8Array[], mode: number | undefined): Promise<void> {
    const bytes = data instanceof Uint8Array ? data : Buffer.concat(data as Uint8Array[]);
    this.change('writeTemp', path);
    this.need(dirname(path), 'dir');
    if (this.nodes.has(path)) throw errno('EEXIST', path);
    this.nodes.set(path, { kind: 'file', bytes: new Uint8Array(bytes), mode: mode ?? 0o644, ino: this.ino++ });
  }

  /** Give the inode `n` new bytes and mode under every name it has (a new node: a kill's snapshot keeps the old one). */
  setInode(n: Node, bytes: Uint8Array, mode = n.mode): void {
    const next: Node = { kind: 'file', bytes: new Uint8Array(bytes), mode, ino: n.ino };
    for (const [p, x] of this.nodes) if (x === n) this.nodes.set(p, next);
  }

  /** Inode number of the file at `path`. */
  inode(path: string): number | undefined {
    return this.nodes.get(path)?.ino;
  }

  async rename(from: string, to: string): Promise<void> {
    this.change('rename', to);
    const n = this.need(from);
    this.need(dirname(to), 'dir');
    if (this.nodes.get(to) === n) return; // two names of one file: rename(2) does nothing
    if (this.nodes.get(to)?.kind === 'dir') throw errno('EISDIR', to);
    this.nodes.delete(from);
    this.nodes.set(to, n);
  }

  /** renameat2's RENAME_EXCHANGE, as the binary has it on Linux: off unless a test sets `fs.exchange = fs.swap`. */
  exchange?: (a: string, b: string) => Promise<boolean>;

  readonly swap = async (a: string, b: string): Promise<boolean> => {
    this.change('exchange', b);
    const x = this.need(a);
    const y = this.need(b);
    this.nodes.set(a, y);
    this.nodes.set(b, x);
    return true;
  };

  async readlink(path: string): Promise<string> {
    const n = this.need(path, 'symlink');
    return (n as { target: string }).target;
  }

  async symlink(target: string, path: string): Promise<void> {
    this.change('symlink', path);
    this.need(dirname(path), 'dir');
    if (this.nodes.has(path)) throw errno('EEXIST', path);
    this.nodes.set(path, { kind: 'symlink', target, mode: 0o120777, ino: this.ino++ });
  }

  async link(from: string, to: string): Promise<void> {
    this.change('link', to);
    // link(2) on Linux names the link itself, never what it points at.
    const n = this.need(from);
    if (n.kind === 'dir') throw errno('EPERM', from);
    this.need(dirname(to), 'dir');
    if (this.nodes.has(to)) throw errno('EEXIST', to);
    this.nodes.set(to, n);
  }

  async unlink(path: string): Promise<void> {
    this.change('unlink', path);
    const n = this.need(path);
    if (n.kind === 'dir') throw errno('EISDIR', path);
    this.nodes.delete(path);
  }

  async mkdir(dir: string): Promise<void> {
    this.change('mkdir', dir);
    this.need(dirname(dir), 'dir');
    if (this.nodes.has(dir)) throw errno('EEXIST', dir);
    this.nodes.set(dir, { kind: 'dir', mode: 0o755, ino: this.ino++ });
  }

  async rmdir(dir: string): Promise<void> {
    this.change('rmdir', dir);
    this.need(dir, 'dir');
    for (const p of this.nodes.keys()) if (p.startsWith(`${dir}/`)) throw errno('ENOTEMPTY', dir);
    this.nodes.delete(dir);
  }
}

function errno(code: string, path: string): Error {
  return Object.assign(new Error(`${code}: ${path}`), { code });
}

/**
 * A process "killed" during `run`: at the first change for which `kill` says
 * so, the disk is kept as it is at that call and the run is stopped there; the
 * undo a live process would do after the failure is thrown away. Returns
 * whether the kill happened (otherwise the run completed and the disk is as it
 * left it).
 */
export async function killedDuring(
  fs: MemFs,
  run: () => Promise<unknown>,
  kill: (path: string, nth: number, op: MemOp) => boolean,
): Promise<boolean> {
  // The disk as it was at the kill, once it happened.
  let atKill: Map<string, Node> | undefined;
  fs.hooks.beforeWrite = (path, nth, op) => {
    if (atKill || !kill(path, nth, op)) return;
    atKill = new Map(fs.nodes);
    throw Object.assign(new Error('killed'), { code: 'KILLED' });
  };
  try {
    await run();
  } finally {
    delete fs.hooks.beforeWrite;
  }
  if (!atKill) return false;
  fs.nodes.clear();
  for (const [k, v] of atKill) fs.nodes.set(k, v);
  return true;
}
