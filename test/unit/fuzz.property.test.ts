// Seeded fuzzing of the library entry: hostile envelopes, edit requests,
// binary-ish bytes and huge lines (scripts/stress/fuzz-inputs.mjs) against a
// real scratch directory. apply() must never throw, nothing outside the root
// may change, and every change inside it must be one the outcome reports.
// The same generator runs 100,000 inputs in `npm run stress:fuzz`.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { fuzzOne, makeWorkspace } from '../../scripts/stress/fuzz-check.mjs';
import { hostileInput } from '../../scripts/stress/fuzz-inputs.mjs';
import { apply } from '../../src/index.js';

const base = mkdtempSync(join(tmpdir(), 'chord-fuzz-test-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const ws = makeWorkspace(base);

describe('hostile input never crashes, escapes or writes unreported changes', () => {
  it.each([false, true])('holds for 300 seeded inputs (check mode: %s)', async (check) => {
    const failures: unknown[] = [];
    await fc.assert(
      fc.asyncProperty(hostileInput, async (input) => {
        const r = await fuzzOne(apply, ws, input, { check });
        if (r.kind !== 'ok') failures.push(r);
        return r.kind === 'ok';
      }),
      { seed: check ? 11 : 10, numRuns: 300 },
    );
    expect(failures).toEqual([]);
  });
});

describe('the fuzz checker itself', () => {
  it('catches a throw, a write outside the root and an unreported write', async () => {
    const throwing = async () => {
      throw new Error('boom');
    };
    expect((await fuzzOne(throwing, ws, 'x')).kind).toBe('throw');
    const escaping = async () => {
      writeFileSync(join(ws.outside, 'secret.txt'), 'changed');
      return { status: 'applied', dryRun: false, changes: [] };
    };
    expect((await fuzzOne(escaping, ws, 'x')).kind).toBe('outside');
    const silent = async () => {
      writeFileSync(join(ws.root, 'a.txt.tmp-123'), 'left behind');
      return { status: 'rejected', dryRun: false, changes: [] };
    };
    expect((await fuzzOne(silent, ws, 'x')).kind).toBe('unreported');
    const honest = async () => {
      writeFileSync(join(ws.root, 'a.txt'), 'new');
      return { status: 'applied', dryRun: false, changes: [{ kind: 'update', path: 'a.txt' }] };
    };
    expect((await fuzzOne(honest, ws, 'x')).kind).toBe('ok');
  });
});
