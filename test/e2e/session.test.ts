// Repeated failures across CLI calls of one agent session (--session ID or
// CHORD_PATCH_SESSION), with the state kept in a scratch XDG_STATE_HOME.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'chord-e2e-session-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const patch = (old: string, neu: string) =>
  `*** Begin Patch\n*** Update File: app.py\n@@\n def main():\n-    ${old}\n+    ${neu}\n*** End Patch\n`;

function setup() {
  const cwd = temp();
  const state = temp();
  writeFileSync(join(cwd, 'app.py'), 'def main():\n    run(1)\n');
  return { cwd, env: { XDG_STATE_HOME: state, CHORD_PATCH_SESSION: '' }, state };
}

describe('--session across CLI calls', () => {
  it('adds the repeated-failure note to --json from the second failure on the same file', () => {
    const { cwd, env } = setup();
    const first = JSON.parse(runCli(['apply', '--json', '--session', 'agent-1'], { cwd, env, input: patch('run(2)', 'run(3)') }).stdout);
    expect(first.notes.map((n: { code: string }) => n.code)).not.toContain('repeated_failure');
    const second = JSON.parse(runCli(['apply', '--json', '--session', 'agent-1'], { cwd, env, input: patch('run(0)', 'run(3)') }).stdout);
    const note = second.notes.find((n: { code: string }) => n.code === 'repeated_failure');
    expect(note.message).toContain('app.py (2nd failure this session)');
    expect(second.message).toContain('instead of retyping the old text from memory');
  });

  it('shows the note in --model text but not in the human terminal view', () => {
    const { cwd, env } = setup();
    runCli(['apply', '--session', 's'], { cwd, env, input: patch('run(2)', 'run(3)') });
    const human = runCli(['apply', '--session', 's'], { cwd, env, input: patch('run(0)', 'run(3)') });
    expect(human.stderr).toContain('hunk not found (1/1)');
    expect(human.stderr).not.toContain('retyping');
    const model = runCli(['apply', '--model', '--session', 's'], { cwd, env, input: patch('run(9)', 'run(3)') });
    expect(model.stderr).toContain('3rd failure this session');
  });

  it('refuses an identical failed patch while the file is unchanged, reading the id from CHORD_PATCH_SESSION', () => {
    const { cwd, env } = setup();
    const withId = { ...env, CHORD_PATCH_SESSION: 'from-env' };
    runCli(['apply', '--json'], { cwd, env: withId, input: patch('run(2)', 'run(3)') });
    const again = runCli(['apply', '--json'], { cwd, env: withId, input: patch('run(2)', 'run(3)') });
    expect(again.code).toBe(1);
    const doc = JSON.parse(again.stdout);
    expect(doc.error.code).toBe('repeated_failure');
    expect(doc.message).toContain('this exact patch already failed to match in this session');
    expect(readFileSync(join(cwd, 'app.py'), 'utf8')).toBe('def main():\n    run(1)\n');
  });

  it('keeps the state outside the project tree, one file per session', () => {
    const { cwd, env, state } = setup();
    runCli(['check', '--session', 'x/../y'], { cwd, env, input: patch('run(2)', 'run(3)') });
    expect(readdirSync(cwd)).toEqual(['app.py']);
    const files = readdirSync(join(state, 'chord-patch', 'sessions'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^x_\.\._y-[0-9a-f]{12}\.json$/);
  });

  it('keeps no state without a session id', () => {
    const { cwd, env, state } = setup();
    runCli(['apply'], { cwd, env, input: patch('run(2)', 'run(3)') });
    // The user's state directory holds the journal key and lock links of every writing run; sessions stay absent.
    expect(existsSync(join(state, 'chord-patch', 'sessions'))).toBe(false);
  });

  describe.each([
    ['a FIFO', (p: string) => execFileSync('mkfifo', [p]), /is a FIFO, not a regular file/],
    ['a symbolic link to /dev/zero', (p: string) => symlinkSync('/dev/zero', p), /is a symbolic link, not a regular file/],
    ['a directory', (p: string) => mkdirSync(p), /is a directory, not a regular file/],
  ])('when the state file is %s', (_kind, make, why) => {
    const prepared = () => {
      const s = setup();
      const dir = join(s.state, 'chord-patch', 'sessions');
      mkdirSync(dir, { recursive: true });
      make(join(dir, 'odd.json'));
      return s;
    };

    it('refuses a patch at once with a clear error and writes nothing', () => {
      const { cwd, env } = prepared();
      const r = runCli(['apply', '--json', '--session', 'odd'], { cwd, env, input: patch('run(1)', 'run(2)'), timeoutMs: 20_000 });
      expect(r.code).toBe(1);
      const doc = JSON.parse(r.stdout);
      expect(doc.error.code).toBe('session_state');
      expect(doc.error.message).toMatch(why);
      expect(readFileSync(join(cwd, 'app.py'), 'utf8')).toBe('def main():\n    run(1)\n');
    });

    it('refuses an edit at once with a clear error and writes nothing', () => {
      const { cwd, env } = prepared();
      const input = JSON.stringify({ path: 'app.py', old_string: 'run(1)', new_string: 'run(2)' });
      const r = runCli(['edit', '--json', '--session', 'odd'], { cwd, env, input, timeoutMs: 20_000 });
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout).error.message).toMatch(why);
      expect(readFileSync(join(cwd, 'app.py'), 'utf8')).toBe('def main():\n    run(1)\n');
    });
  });

  it('refuses a state file larger than any state chord-patch writes', () => {
    const { cwd, env, state } = setup();
    const dir = join(state, 'chord-patch', 'sessions');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'big.json'), Buffer.alloc(16 * 1024 * 1024 + 1, 0x20));
    const r = runCli(['apply', '--json', '--session', 'big'], { cwd, env, input: patch('run(1)', 'run(2)') });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.message).toContain('more than the 16777216 bytes a session state may');
    expect(readFileSync(join(cwd, 'app.py'), 'utf8')).toBe('def main():\n    run(1)\n');
  });
});
