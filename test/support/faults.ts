// Faults injected through the Fs interface: the real file system, with the
// k-th call failing (or every call from the k-th on: a disk that fills up, a
// device that starts returning EIO), and a check that the outcome tells the
// truth about what is on disk afterwards.

import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { nodeFs } from '../../src/platform/node-fs.js';
import { runPatchText } from '../../src/run/pipeline.js';
import type { DirPin, Fs, OpenTemp, Outcome } from '../../src/types.js';
import { bigCommit, scratch, treeOf } from './stress.js';

export type FaultMode = 'once' | 'from-then-on';

/** nodeFs whose `failAt`-th call (1-based: every method, pin's sync and where, open temp file's sync and close) throws. */
export function faultyFs(failAt: number, mode: FaultMode, code = 'EIO'): Fs & { calls: number } {
  const state = { calls: 0 };
  const hit = () => {
    state.calls++;
    if (state.calls === failAt || (mode === 'from-then-on' && state.calls > failAt)) {
      throw Object.assign(new Error(`${code}: injected fault at call ${state.calls}`), { code });
    }
  };
  const wrapped = {} as Record<string, unknown>;
  for (const [name, fn] of Object.entries(nodeFs) as [keyof Fs, (...a: unknown[]) => Promise<unknown>][]) {
    wrapped[name] = async (...args: unknown[]) => {
      hit();
      const out = await fn.apply(nodeFs, args);
      if (name === 'createTemp') {
        const file = out as OpenTemp;
        return { sync: async () => (hit(), file.sync()), close: async () => (hit(), file.close()) } satisfies OpenTemp;
      }
      if (name !== 'pinDir') return out;
      const pin = out as DirPin;
      const where = pin.where;
      return {
        ...pin,
        sync: async () => (hit(), pin.sync()),
        ...(where ? { where: async () => (hit(), where()) } : {}),
      } satisfies DirPin;
    };
  }
  Object.defineProperty(wrapped, 'calls', { get: () => state.calls });
  return wrapped as unknown as Fs & { calls: number };
}

export interface FaultResult {
  points: number;
  /** Failed runs whose tree is not exactly as before, with one fault (each named in the report). */
  notRestored: number;
  /** The same with every call failing from the fault on (nothing can be removed any more; each named in the report). */
  notRestoredStorm: number;
  /** Runs whose report does not match the disk (says applied / nothing written / lists wrongly). */
  untruthful: number;
  rollbackFailed: number;
  outcomes: Record<string, number>;
}

const hidden = (k: string) => k.startsWith('.chord-patch/') || k === '.chord-patch/';

/** What the outcome claims must be on disk, checked file by file. */
function truthful(
  o: Outcome,
  now: Map<string, string>,
  before: Map<string, string>,
  after: Map<string, string>,
): { restored: boolean; truthful: boolean } {
  const text = `${o.error?.message ?? ''}\n${o.notes.map((n) => n.message).join('\n')}`;
  const visible = new Map([...now].filter(([k]) => !hidden(k)));
  // What the report names as left behind (its own temp files, directories it made).
  const named = (k: string) =>
    new RegExp(`(^|[\\s,:])${k.replace(/\/$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([,.;\\s]|$)`).test(text);
  const expected = o.status === 'applied' ? after : before;
  const differs = [...new Set([...visible.keys(), ...expected.keys()])].filter((k) => visible.get(k) !== expected.get(k));
  if (!o.disk) {
    return { restored: differs.length === 0, truthful: differs.every(named) };
  }
  // rollback_failed: listed files hold the new state, the rest the old; leftovers named.
  const newer = new Set(o.disk.newContent);
  for (const k of new Set([...before.keys(), ...after.keys(), ...visible.keys()])) {
    const want = newer.has(k) ? after.get(k) : before.get(k);
    if (visible.get(k) !== want && !named(k) && !(k.endsWith('/') && [...newer].some((n) => n.startsWith(k))))
      return { restored: false, truthful: false };
  }
  return { restored: false, truthful: true };
}

/** Every Fs call of applying a `files`-path patch, failed in turn, in both modes. */
export async function injectedFaults(files: number, maxPoints = Infinity): Promise<FaultResult> {
  const base = scratch('faults');
  const template = join(base, 'template');
  mkdirSync(template);
  const patch = bigCommit(template, files);
  const before = treeOf(template);
  const work = join(base, 'work');
  const r: FaultResult = { points: 0, notRestored: 0, notRestoredStorm: 0, untruthful: 0, rollbackFailed: 0, outcomes: {} };
  try {
    cpSync(template, work, { recursive: true });
    const counting = faultyFs(Number.MAX_SAFE_INTEGER, 'once');
    const clean = await runPatchText(patch, { cwd: work, fs: counting });
    if (clean.status !== 'applied') throw new Error(`the unfaulted run failed: ${clean.error?.message}`);
    const after = treeOf(work);
    const total = counting.calls;
    for (const mode of ['once', 'from-then-on'] as const) {
      for (let k = 1; k <= total && r.points < maxPoints; k++) {
        rmSync(work, { recursive: true, force: true });
        cpSync(template, work, { recursive: true });
        const o = await runPatchText(patch, { cwd: work, fs: faultyFs(k, mode, mode === 'once' ? 'EIO' : 'ENOSPC'), lockTimeoutMs: 50 });
        r.points++;
        const key = o.error ? `${o.status}:${o.error.code}` : o.status;
        r.outcomes[key] = (r.outcomes[key] ?? 0) + 1;
        if (o.error?.code === 'rollback_failed') r.rollbackFailed++;
        const t = truthful(o, treeOf(work), before, after);
        if (!t.truthful) {
          r.untruthful++;
          if (process.env.FAULTS_DEBUG) {
            const now = treeOf(work);
            const diff = [...new Set([...now.keys(), ...before.keys()])].filter((x) => now.get(x) !== before.get(x));
            console.log(
              mode,
              k,
              key,
              o.error?.message,
              o.notes.map((n) => n.message),
              diff,
            );
          }
        }
        if (o.status !== 'applied' && !t.restored) {
          if (mode === 'once') r.notRestored++;
          else r.notRestoredStorm++;
        }
      }
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
  return r;
}
