import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runPatchText } from '../../src/run/pipeline.js';
import {
  emptySession,
  fileFingerprint,
  parseSessionState,
  serializeSessionState,
  patchKey,
  patchMatchEvents,
  recordMatchEvents,
  recordPatchResult,
  refuseIdenticalPatch,
  repeatedFailureNote,
  sanitizeSessionId,
  sessionStatePath,
} from '../../src/session/state.js';
import { loadSessionState, saveSessionState, statePathFor, trackMatchFailures } from '../../src/session/store.js';
import { humanReport } from '../../src/report/human.js';
import { modelMessage } from '../../src/report/message.js';
import type { FileOp, Outcome } from '../../src/types.js';

const update = (path: string, text = 'x'): FileOp => ({
  kind: 'update',
  path,
  patchLine: 1,
  hunks: [{ lines: [{ op: '-', text }], endOfFile: false, patchLine: 2 }],
});

describe('session ids and paths', () => {
  it.each([
    ['abc-123', 'abc-123'],
    ['run.7_x', 'run.7_x'],
  ])('keeps the safe id %j as it is', (id, expected) => {
    expect(sanitizeSessionId(id)).toBe(expected);
  });

  it.each([['../../etc/passwd'], ['a/b'], ['..'], [''], ['sess id']])('makes %j file-name safe and distinct', (id) => {
    const safe = sanitizeSessionId(id);
    expect(safe).toMatch(/^[A-Za-z0-9_][A-Za-z0-9._-]*$/);
    expect(safe).not.toContain('/');
    expect(safe).not.toBe(sanitizeSessionId(`${id}!`));
  });

  it('puts state under XDG_STATE_HOME, or ~/.local/state when it is unset or relative', () => {
    expect(sessionStatePath('s', { XDG_STATE_HOME: '/st' }, '/home/u', posix.join)).toBe('/st/chord-patch/sessions/s.json');
    expect(sessionStatePath('s', {}, '/home/u', posix.join)).toBe('/home/u/.local/state/chord-patch/sessions/s.json');
    expect(sessionStatePath('s', { XDG_STATE_HOME: 'rel' }, '/home/u', posix.join)).toBe(
      '/home/u/.local/state/chord-patch/sessions/s.json',
    );
  });

  it('starts afresh from corrupt or foreign state', () => {
    expect(parseSessionState('{nope')).toEqual(emptySession());
    expect(parseSessionState('{"version":99,"misses":{},"failedPatches":[]}')).toEqual(emptySession());
  });
});

describe('counting repeated approximate-match failures', () => {
  it('adds no note on the first failure and a note from the second on', () => {
    const first = recordMatchEvents(emptySession(), [{ path: '/p/a', matched: false }]);
    expect(first.repeated).toEqual([]);
    const second = recordMatchEvents(first.state, [{ path: '/p/a', matched: false }]);
    expect(second.repeated).toEqual([{ path: '/p/a', count: 2 }]);
  });

  it('counts a file named like an Object member as any other', () => {
    for (const path of ['constructor', '__proto__', 'toString']) {
      const first = recordMatchEvents(emptySession(), [{ path, matched: false }]);
      const again = parseSessionState(serializeSessionState(first.state));
      expect(recordMatchEvents(again, [{ path, matched: false }]).repeated).toEqual([{ path, count: 2 }]);
    }
  });

  it('resets the count after a success on that file', () => {
    let s = recordMatchEvents(emptySession(), [{ path: '/p/a', matched: false }]).state;
    s = recordMatchEvents(s, [{ path: '/p/a', matched: true }]).state;
    expect(recordMatchEvents(s, [{ path: '/p/a', matched: false }]).repeated).toEqual([]);
  });

  it('counts files separately', () => {
    const s = recordMatchEvents(emptySession(), [{ path: '/p/a', matched: false }]).state;
    expect(recordMatchEvents(s, [{ path: '/p/b', matched: false }]).repeated).toEqual([]);
  });

  it('counts several failures on one file in one call once', () => {
    const r = recordMatchEvents(emptySession(), [
      { path: '/p/a', matched: false },
      { path: '/p/a', matched: false },
    ]);
    expect(r.state.misses['/p/a']).toBe(1);
  });

  it('words the note for the model, naming the file and what to do instead', () => {
    const note = repeatedFailureNote([{ path: 'src/a.ts', count: 3 }], 'edit');
    expect(note?.code).toBe('repeated_failure');
    expect(note?.message).toContain('src/a.ts (3rd failure this session)');
    expect(note?.message).toContain('read the target range fresh');
    expect(note?.message).toContain('instead of retyping the old text from memory');
    expect(repeatedFailureNote([], 'apply_patch')).toBeUndefined();
  });

  it('derives events from a patch run: approximate failures count, applied updates reset, other failures do neither', () => {
    const ops = [update('a'), update('b'), update('c'), { kind: 'delete' as const, path: 'd', patchLine: 9 }];
    const events = patchMatchEvents(
      ops,
      [
        { op: 0, code: 'hunk_not_found' },
        { op: 2, code: 'permission_denied' },
      ],
      new Set([0, 2]),
      (p) => `/r/${p}`,
    );
    expect(events).toEqual([
      { path: '/r/a', matched: false },
      { path: '/r/b', matched: true },
    ]);
  });
});

describe('refusing an identical failed patch', () => {
  const ops = [update('a.txt', 'old')];
  const files = { '/r/a.txt': 'file:420:abc' };

  it('refuses the same operations against unchanged files', () => {
    const s = recordPatchResult(emptySession(), patchKey(ops), files, true);
    expect(refuseIdenticalPatch(s, patchKey(ops), files)).toContain('already failed to match in this session');
  });

  it('runs the same operations again once a file changed', () => {
    const s = recordPatchResult(emptySession(), patchKey(ops), files, true);
    expect(refuseIdenticalPatch(s, patchKey(ops), { '/r/a.txt': 'file:420:def' })).toBeUndefined();
  });

  it('runs a different patch against the same files', () => {
    const s = recordPatchResult(emptySession(), patchKey(ops), files, true);
    expect(refuseIdenticalPatch(s, patchKey([update('a.txt', 'other')]), files)).toBeUndefined();
  });

  it('runs a patch again whose only change is a corrected stated line number', () => {
    const at = (hintLine: number): FileOp[] => [
      {
        kind: 'update',
        path: 'a.txt',
        patchLine: 1,
        hunks: [{ lines: [{ op: '-', text: 'old' }], endOfFile: false, patchLine: 2, hintLine }],
      },
    ];
    const s = recordPatchResult(emptySession(), patchKey(at(10)), files, true);
    expect(refuseIdenticalPatch(s, patchKey(at(12)), files)).toBeUndefined();
    expect(refuseIdenticalPatch(s, patchKey(at(10)), files)).toContain('already failed to match in this session');
  });

  it('keys the same operations standing at other lines of the patch text alike', () => {
    const moved: FileOp = {
      kind: 'update',
      path: 'a.txt',
      patchLine: 40,
      hunks: [{ lines: [{ op: '-', text: 'old' }], endOfFile: false, patchLine: 41 }],
    };
    expect(patchKey([moved])).toBe(patchKey([update('a.txt', 'old')]));
  });

  it('forgets a patch once it succeeds', () => {
    let s = recordPatchResult(emptySession(), patchKey(ops), files, true);
    s = recordPatchResult(s, patchKey(ops), files, false);
    expect(refuseIdenticalPatch(s, patchKey(ops), files)).toBeUndefined();
  });

  it('fingerprints file content and mode, and missing paths', () => {
    const a = fileFingerprint({ kind: 'file', bytes: new Uint8Array([1]), mode: 0o644, identity: '1:1' });
    const b = fileFingerprint({ kind: 'file', bytes: new Uint8Array([2]), mode: 0o644, identity: '1:1' });
    expect(a).not.toBe(b);
    expect(fileFingerprint(undefined)).toBe('missing');
  });
});

describe('session state on disk and in the pipeline', () => {
  const dirs: string[] = [];
  const temp = () => {
    const d = mkdtempSync(join(tmpdir(), 'chord-session-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('writes the state file atomically and reads it back', () => {
    const stateDir = temp();
    const path = statePathFor({ session: 'abc', stateDir });
    const s = recordMatchEvents(emptySession(), [{ path: '/p/a', matched: false }]).state;
    saveSessionState(path, s);
    expect(loadSessionState(path)).toEqual(s);
    expect(readdirSync(join(stateDir, 'chord-patch', 'sessions'))).toEqual(['abc.json']);
  });

  it('lets the edit tool count old_string failures with trackMatchFailures', () => {
    const stateDir = temp();
    const outcome: Outcome = { status: 'rejected', dryRun: false, tool: 'edit', changes: [], diffs: [], failed: [], notes: [] };
    const opts = { session: 'e1', stateDir };
    const once = trackMatchFailures(outcome, [{ path: '/w/f.go', matched: false }], opts, () => 'f.go');
    expect(once.notes).toEqual([]);
    const twice = trackMatchFailures(outcome, [{ path: '/w/f.go', matched: false }], opts, () => 'f.go');
    expect(twice.notes.map((n) => n.code)).toEqual(['repeated_failure']);
    expect(twice.notes[0]!.message).toContain('f.go (2nd failure this session)');
  });

  it('keeps no state without a session id', () => {
    const outcome: Outcome = { status: 'rejected', dryRun: false, tool: 'edit', changes: [], diffs: [], failed: [], notes: [] };
    expect(trackMatchFailures(outcome, [{ path: '/w/f', matched: false }], {})).toBe(outcome);
  });

  it('notes the second failure on a file, refuses an identical resubmit, and resets after a success', async () => {
    const cwd = temp();
    const stateDir = temp();
    writeFileSync(join(cwd, 'a.txt'), 'one\ntwo\nthree\n');
    const opts = { cwd, session: 's1', stateDir };
    const patch = (old: string, neu: string) => `*** Begin Patch\n*** Update File: a.txt\n@@\n one\n-${old}\n+${neu}\n*** End Patch`;

    const first = await runPatchText(patch('TWO', '2'), opts);
    expect(first.failed[0]!.failures[0]!.code).toBe('hunk_not_found');
    expect(first.notes.filter((n) => n.code === 'repeated_failure')).toEqual([]);

    const second = await runPatchText(patch('Two', '2'), opts);
    const note = second.notes.find((n) => n.code === 'repeated_failure');
    expect(note?.message).toContain('a.txt (2nd failure this session)');
    expect(modelMessage(second)).toContain('read the target range fresh');
    expect(humanReport(second, { quiet: false }).err).not.toContain('read the target range fresh and copy');

    const again = await runPatchText(patch('Two', '2'), opts);
    expect(again.error?.code).toBe('repeated_failure');
    expect(again.error?.message).toContain('this exact patch already failed to match in this session');

    const ok = await runPatchText(patch('two', '2'), opts);
    expect(ok.status).toBe('applied');
    expect(readFileSync(join(cwd, 'a.txt'), 'utf8')).toBe('one\n2\nthree\n');

    const afterReset = await runPatchText(patch('TWO', 'x'), opts);
    expect(afterReset.notes.filter((n) => n.code === 'repeated_failure')).toEqual([]);
  });

  it('runs a once-failed patch again after the file changed', async () => {
    const cwd = temp();
    const stateDir = temp();
    writeFileSync(join(cwd, 'a.txt'), 'one\n');
    const opts = { cwd, session: 's2', stateDir };
    const p = '*** Begin Patch\n*** Update File: a.txt\n@@\n-two\n+2\n*** End Patch';
    expect((await runPatchText(p, opts)).failed).toHaveLength(1);
    writeFileSync(join(cwd, 'a.txt'), 'one\ntwo\n');
    const second = await runPatchText(p, opts);
    expect(second.status).toBe('applied');
  });
});
