// The options users of git apply and GNU patch type first: -R, --dry-run,
// -p, --stat, -v, --color=WHEN with NO_COLOR / FORCE_COLOR / TERM=dumb, and a
// one-line "did you mean" for a mistyped option.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { readTree, scratchTrees } from '../support/tree.js';

const scratch = scratchTrees();

const ENVELOPE = [
  '*** Begin Patch',
  '*** Update File: f.txt',
  '@@',
  ' a',
  '-b',
  '+B',
  ' c',
  '*** Add File: n.txt',
  '+new',
  '*** End Patch',
  '',
].join('\n');
const DIFF = ['--- a/f.txt', '+++ b/f.txt', '@@ -1,3 +1,3 @@', ' a', '-b', '+B', ' c', ''].join('\n');
const BASE = { 'f.txt': 'a\nb\nc\n' };

describe('-R / --reverse', () => {
  it('undoes an applied envelope, deleting the file it added, in one transaction', () => {
    const dir = scratch({ ...BASE, 'p.patch': ENVELOPE });
    expect(runCli(['apply', '-q', 'p.patch'], { cwd: dir }).code).toBe(0);
    const r = runCli(['apply', '--reverse', 'p.patch'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(readTree(dir)).toEqual({ ...BASE, 'p.patch': ENVELOPE });
  });

  it('refuses to delete an added file that changed since, and writes nothing', () => {
    const dir = scratch({ ...BASE, 'p.patch': ENVELOPE });
    runCli(['apply', '-q', 'p.patch'], { cwd: dir });
    writeFileSync(join(dir, 'n.txt'), 'new\nmy work\n');
    const r = runCli(['apply', '-R', '--json', 'p.patch'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout).failed[0].failures[0].code).toBe('content_differs');
    expect(readFileSync(join(dir, 'n.txt'), 'utf8')).toBe('new\nmy work\n');
  });

  it('undoes a unified diff', () => {
    const dir = scratch({ 'f.txt': 'a\nB\nc\n' });
    const r = runCli(['apply', '-R', '-q'], { cwd: dir, input: DIFF });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('a\nb\nc\n');
  });
});

describe('--dry-run, --stat and -v', () => {
  it('--dry-run plans everything and writes nothing, like --check', () => {
    const dir = scratch(BASE);
    const r = runCli(['apply', '--dry-run'], { cwd: dir, input: ENVELOPE });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('chord-patch: would apply 2 changes');
    expect(readTree(dir)).toEqual(BASE);
  });

  it('--stat prints files with +/- counts like git apply and writes nothing', () => {
    const dir = scratch(BASE);
    const r = runCli(['apply', '--stat'], { cwd: dir, input: ENVELOPE });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(' f.txt |    2 +-\n n.txt |    1 +\n 2 files changed, 2 insertions(+), 1 deletion(-)\n');
    expect(readTree(dir)).toEqual(BASE);
  });

  it('--stat --apply prints the counts and applies the patch', () => {
    const dir = scratch(BASE);
    const r = runCli(['apply', '--stat', '--apply'], { cwd: dir, input: ENVELOPE });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      ' f.txt |    2 +-\n n.txt |    1 +\n 2 files changed, 2 insertions(+), 1 deletion(-)\nchord-patch: applied 2 changes\n',
    );
    expect(readTree(dir)).not.toEqual(BASE);
  });

  it('-v says on stderr where each hunk matched and by which pass', () => {
    const dir = scratch({ 'f.txt': 'x\na  \nb\nc\n' });
    const r = runCli(['check', '-v'], { cwd: dir, input: ENVELOPE });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('f.txt: hunk 1/1 matched at line 2 ignoring trailing whitespace\n');
    expect(r.stdout).toContain('diff --git a/f.txt b/f.txt');
  });
});

describe('--color', () => {
  const colored = (r: { stdout: string }) => r.stdout.includes('\x1b[');

  it('--color=always colours a pipe, --color=never does not, even against the environment', () => {
    const dir = scratch(BASE);
    expect(colored(runCli(['check', '--color=always'], { cwd: dir, input: ENVELOPE }))).toBe(true);
    expect(colored(runCli(['check', '--color=never'], { cwd: dir, input: ENVELOPE, env: { NO_COLOR: '', FORCE_COLOR: '1' } }))).toBe(false);
  });

  it('honours FORCE_COLOR, FORCE_COLOR=0, NO_COLOR and TERM=dumb when left to auto', () => {
    const dir = scratch(BASE);
    const run = (env: Record<string, string>) =>
      colored(runCli(['check', '--color=auto'], { cwd: dir, input: ENVELOPE, env: { NO_COLOR: '', FORCE_COLOR: '', ...env } }));
    expect(run({ FORCE_COLOR: '1' })).toBe(true);
    expect(run({ FORCE_COLOR: '0' })).toBe(false);
    expect(run({ NO_COLOR: '1', FORCE_COLOR: '1' })).toBe(false);
    expect(run({ TERM: 'dumb' })).toBe(false);
  });

  it('refuses an unknown colour mode as a usage error', () => {
    const r = runCli(['check', '--color=sometimes'], { input: ENVELOPE });
    expect(r.code).toBe(64);
    expect(r.stderr).toBe('chord-patch: --color expects auto, always or never, got "sometimes"\n');
  });
});

describe('a mistyped option', () => {
  it('gets one line naming the closest option, not the help', () => {
    const r = runCli(['apply', '--dryrun'], { input: ENVELOPE });
    expect(r.code).toBe(64);
    expect(r.stderr).toBe("chord-patch: unknown option '--dryrun' (did you mean --dry-run?)\n");
  });

  it('gets one line pointing at --help when nothing is close', () => {
    const r = runCli(['check', '--frobnicate'], { input: ENVELOPE });
    expect(r.code).toBe(64);
    expect(r.stderr).toBe("chord-patch: unknown option '--frobnicate'; see chord-patch --help\n");
  });

  it("is taken for the other tool's option it misspells when nothing of chord-patch's is as close", () => {
    // commander alone guessed --format for --forwrd.
    const forwrd = runCli(['apply', '--forwrd'], { input: ENVELOPE });
    expect(forwrd.code).toBe(64);
    expect(forwrd.stderr).toMatch(
      /^chord-patch: unknown option '--forwrd' \(did you mean --forward\?\): chord-patch never applies a patch twice/,
    );
    expect(forwrd.stderr).not.toContain('--format');
    // apply's own --reverse is as close as the hinted one: apply's wins, outside apply the hint.
    expect(runCli(['apply', '--revrse'], { input: ENVELOPE }).stderr).toBe(
      "chord-patch: unknown option '--revrse' (did you mean --reverse?)\n",
    );
    expect(runCli(['tools', '--revrse']).stderr).toContain('belongs after apply or check');
  });
});

describe("a command's option before the command's name", () => {
  it('is refused, writing nothing, with the command line that puts it after the name', () => {
    const dir = scratch({ 'a.txt': 'one\n' });
    const r = runCli(['-C', dir, 'apply', '-q'], { input: ENVELOPE });
    expect(r.code).toBe(64);
    expect(r.stderr).toBe(
      "chord-patch: unknown option '-C': it is an option of apply, check, edit, mcp and recover, " +
        `and goes after the command's name: chord-patch apply -C ${dir} -q\n`,
    );
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('one\n');
  });

  it('is quoted as typed, and an option value that spells a command is not taken for the command', () => {
    expect(runCli(['--color=never', 'apply'], { input: ENVELOPE }).stderr).toBe(
      "chord-patch: unknown option '--color=never': it is an option of apply, check and edit, " +
        "and goes after the command's name: chord-patch apply --color=never\n",
    );
    // `-C apply check`: the directory is named apply, the command is check.
    expect(runCli(['-C', 'apply', 'check'], { input: ENVELOPE }).stderr).toContain('chord-patch check -C apply\n');
    expect(runCli(['--stat', 'validate']).stderr).toContain("goes after the command's name, as in chord-patch apply --stat\n");
  });

  it('prints the same line in the JSON document under --json', () => {
    const r = runCli(['--json', 'check'], { input: ENVELOPE });
    expect(r.code).toBe(64);
    const line =
      "unknown option '--json': it is an option of apply, check, edit and validate, " +
      "and goes after the command's name: chord-patch check --json";
    expect(r.stderr).toBe(`chord-patch: ${line}\n`);
    expect(JSON.parse(r.stdout).error).toEqual({ code: 'usage_error', message: line });
  });

  it('a patch file typed where the command goes (GNU patch and git apply habit) is named with the command that takes it', () => {
    const dir = scratch({ ...BASE, 'fix it.diff': DIFF });
    const r = runCli(['fix it.diff'], { cwd: dir });
    expect(r.code).toBe(64);
    expect(r.stderr).toBe(
      "chord-patch: unknown command 'fix it.diff': to apply that file, run chord-patch apply 'fix it.diff' " +
        "(or chord-patch check 'fix it.diff' to try it first)\n",
    );
    expect(readTree(dir)).toEqual({ ...BASE, 'fix it.diff': DIFF });
    // A name that is no file keeps commander's line.
    expect(runCli(['aply'], { cwd: dir }).stderr).toBe("chord-patch: unknown command 'aply' (did you mean apply?)\n");
  });

  it("GNU patch's `patch FILE PATCHFILE` order is refused with the command that applies the patch, writing nothing", () => {
    const dir = scratch({ ...BASE, 'fix.diff': DIFF });
    const r = runCli(['apply', 'f.txt', 'fix.diff'], { cwd: dir });
    expect(r.code).toBe(64);
    expect(r.stderr).toBe(
      'chord-patch: f.txt is not a unified diff: several patch files must all be unified diffs (git diff, diff -u); ' +
        'to apply fix.diff (the diff names its files): chord-patch apply fix.diff\n',
    );
    expect(readTree(dir)).toEqual({ ...BASE, 'fix.diff': DIFF });
  });

  it('no command, with a patch on stdin (`chord-patch < fix.patch`), prints the help ending in how to apply it and writes nothing', () => {
    const dir = scratch(BASE);
    const r = runCli([], { cwd: dir, input: DIFF });
    expect(r.code).toBe(64);
    expect(r.stderr).toMatch(/To apply a patch: chord-patch apply FILE \(or chord-patch apply < FILE\)/);
    expect(r.stderr).toMatch(/unified\s+diffs,\s+SEARCH\/REPLACE\s+blocks/);
    expect(readTree(dir)).toEqual(BASE);
  });

  it('that no command takes still points at --help', () => {
    expect(runCli(['--bogus', 'apply'], { input: ENVELOPE }).stderr).toBe(
      "chord-patch: unknown option '--bogus'; see chord-patch --help\n",
    );
  });
});

describe('-C DIR', () => {
  it('is a usage error when DIR does not exist, and nothing is created', () => {
    const dir = scratch({});
    const missing = join(dir, 'no', 'such');
    const r = runCli(['apply', '-C', missing], { input: ['*** Begin Patch', '*** Add File: x.txt', '+x', '*** End Patch', ''].join('\n') });
    expect(r.code).toBe(64);
    expect(r.stderr).toBe(`chord-patch: -C ${missing}: no such directory; nothing was read or written\n`);
    expect(readTree(dir)).toEqual({});
  });

  it('is a usage error when DIR is a file', () => {
    const dir = scratch({ 'f.txt': 'a\n' });
    const r = runCli(['check', '-C', join(dir, 'f.txt')], { input: ENVELOPE });
    expect(r.code).toBe(64);
    expect(r.stderr).toContain('not a directory');
  });
});

describe('--all-or-nothing', () => {
  const MIXED = [
    '*** Begin Patch',
    '*** Update File: f.txt',
    '-b',
    '+B',
    '*** Update File: g.txt',
    '-missing',
    '+x',
    '*** End Patch',
    '',
  ].join('\n');

  it('writes nothing when any file group would fail, and names what would have applied', () => {
    const dir = scratch({ ...BASE, 'g.txt': 'g\n' });
    const r = runCli(['apply', '--all-or-nothing'], { cwd: dir, input: MIXED });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: g.txt: hunk not found (1/1)');
    expect(r.stderr).toContain('--all-or-nothing: nothing was written; 1 change that would have applied (f.txt)');
    expect(readTree(dir)).toEqual({ ...BASE, 'g.txt': 'g\n' });
  });

  it('changes nothing when every group applies, and without it the good group still commits', () => {
    const dir = scratch({ ...BASE, 'g.txt': 'missing\n' });
    expect(runCli(['apply', '-q', '--all-or-nothing'], { cwd: dir, input: MIXED }).code).toBe(0);
    expect(readTree(dir)).toEqual({ 'f.txt': 'a\nB\nc\n', 'g.txt': 'x\n' });
    const other = scratch({ ...BASE, 'g.txt': 'g\n' });
    expect(runCli(['apply', '-q'], { cwd: other, input: MIXED }).code).toBe(2);
    expect(readFileSync(join(other, 'f.txt'), 'utf8')).toBe('a\nB\nc\n');
  });
});

describe('--extract', () => {
  const REPLY = [
    'Sure! First the fix:',
    '',
    '```diff',
    '--- a/f.txt',
    '+++ b/f.txt',
    '@@ -1,3 +1,3 @@',
    ' a',
    '-b',
    '+B',
    ' c',
    '```',
    '',
    'Then a note file:',
    '',
    '```patch',
    '*** Begin Patch',
    '*** Add File: NOTES.md',
    '+done',
    '*** End Patch',
    '```',
    '',
    'Let me know!',
    '',
  ].join('\n');

  it('applies the patches in a model reply in order and says what it extracted', () => {
    const dir = scratch(BASE);
    const r = runCli(['apply', '--extract', '-q'], { cwd: dir, input: REPLY });
    expect(r.code, r.stderr).toBe(0);
    expect(readTree(dir)).toEqual({ 'f.txt': 'a\nB\nc\n', 'NOTES.md': 'done\n' });
    expect(r.stdout).toContain('note: extracted 2 patches from the reply: ```diff block at line 4, ```patch block at line 16');
  });

  it('without --extract, the prose is an error and nothing is written', () => {
    const dir = scratch(BASE);
    const r = runCli(['apply'], { cwd: dir, input: REPLY });
    expect(r.code).toBe(1);
    expect(readTree(dir)).toEqual(BASE);
  });

  it('says when a later patch fits the file alone but not after an earlier one, and points at reply lines', () => {
    const dir = scratch(BASE);
    const block = (added: string) => ['```diff', '--- a/f.txt', '+++ b/f.txt', '@@ -1,3 +1,3 @@', ' a', '-b', `+${added}`, ' c', '```'];
    const reply = ['The fix:', '', ...block('B'), '', 'Or, if you prefer:', '', ...block('Bee'), ''].join('\n');
    const r = runCli(['apply', '--extract'], { cwd: dir, input: reply });
    expect(r.code).toBe(1);
    expect(readTree(dir)).toEqual(BASE);
    // The second block's hunk header is line 18 of the reply, not line 3 of its block.
    expect(r.stderr).toContain('from hunk 1, patch line 18');
    expect(r.stdout + r.stderr).toContain(
      "the ```diff block at line 16 fits the files as they are on its own, but not after the ```diff block at line 4: the reply's " +
        'patches may be alternatives, or each written against the original files; apply the one meant',
    );
    // Chained patches that do fit together get no such note.
    const chained = ['```diff', '--- a/f.txt', '+++ b/f.txt', '@@ -1,3 +1,3 @@', ' a', '-B', '+Bee', ' c', '```'];
    const ok = runCli(['apply', '--extract', '-q'], { cwd: dir, input: [...block('B'), '', ...chained, ''].join('\n') });
    expect(ok.code, ok.stderr).toBe(0);
    expect(readTree(dir)).toEqual({ 'f.txt': 'a\nBee\nc\n' });
  });

  it('applies a patch the reply repeats once, and says so', () => {
    const dir = scratch(BASE);
    const block = ['```diff', '--- a/f.txt', '+++ b/f.txt', '@@ -1,3 +1,3 @@', ' a', '-b', '+B', ' c', '```'];
    const r = runCli(['apply', '--extract', '-q'], {
      cwd: dir,
      input: ['Here:', '', ...block, '', 'The full diff again:', '', ...block, ''].join('\n'),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(readTree(dir)).toEqual({ 'f.txt': 'a\nB\nc\n' });
    expect(r.stdout).toContain('note: extracted 1 patch from the reply: ```diff block at line 4');
    expect(r.stdout).toContain('note: the ```diff block at line 16 repeats the one at line 4: applied once');
  });

  it('says so when the reply holds no patch', () => {
    const r = runCli(['apply', '--extract'], { input: 'I am not sure what to change.\n' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no patch found in the reply');
  });
});
