// The built CLI as users and scripts call it: input channels, exit codes,
// colour, --json, -C, and the apply_patch entry.

import { spawnSync } from 'node:child_process';
import { closeSync, linkSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliCommand, linkCli, ROOT, RUNTIME, runCli } from '../support/cli.js';
import { readTree, scratchTrees } from '../support/tree.js';

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');
const scratch = scratchTrees();

describe('chord-patch apply', () => {
  it('reads the patch from a file argument', () => {
    const dir = scratch({ 'f.txt': 'a\n', 'p.patch': P('*** Update File: f.txt', '-a', '+b') });
    const r = runCli(['apply', 'p.patch'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('b\n');
    expect(r.stdout).toContain('+b');
    expect(r.stdout).toContain('chord-patch: applied 1 change');
  });

  it('resolves paths against -C and reads stdin', () => {
    const dir = scratch({ 'sub/f.txt': 'a\n' });
    const r = runCli(['apply', '-C', join(dir, 'sub')], { input: P('*** Update File: f.txt', '-a', '+b') });
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'sub/f.txt'), 'utf8')).toBe('b\n');
  });

  it('exits 64 for an unknown option and for an unreadable patch file, writing nothing', () => {
    const dir = scratch({ 'f.txt': 'a\n' });
    expect(runCli(['apply', '--frobnicate'], { cwd: dir, input: P('*** Delete File: f.txt') }).code).toBe(64);
    const missing = runCli(['apply', 'nope.patch'], { cwd: dir });
    expect(missing.code).toBe(64);
    expect(missing.stderr).toContain('cannot read nope.patch');
    expect(readTree(dir)).toEqual({ 'f.txt': 'a\n' });
  });

  it('ignores a .env file in the working directory, as the Node CLI always has', () => {
    // Compiled Bun programs load .env by default (scripts/binary.mjs turns it
    // off): here it would force colour onto a pipe.
    const dir = scratch({ 'f.txt': 'a\n', '.env': 'FORCE_COLOR=1\nCHORD_PATCH_SESSION=from-dotenv\n' });
    const cli = cliCommand();
    const r = spawnSync(cli.file, [...cli.args, 'apply'], {
      cwd: dir,
      input: P('*** Update File: f.txt', '-a', '+b'),
      env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_STATE_HOME: join(dir, 'state') },
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('+b');
    expect(r.stdout).not.toContain('\x1b[');
    // No session state (CHORD_PATCH_SESSION from .env was ignored); the journal key and lock directory may be there.
    expect(Object.keys(readTree(dir)).filter((k) => k.includes('sessions'))).toEqual([]);
  });

  it('says the working directory is gone, instead of crashing, when it was deleted under the run', () => {
    const dir = scratch({ 'p.patch': P('*** Add File: new.txt', '+x') });
    const gone = join(dir, 'gone');
    mkdirSync(gone);
    // The shell enters the directory, removes it, then runs the CLI inside it.
    const cli = cliCommand();
    const r = spawnSync(
      'sh',
      ['-c', `cd "$1" && rmdir "$1" && p=$2 && shift 2 && exec "$@" apply < "$p"`, 'sh', gone, join(dir, 'p.patch'), cli.file, ...cli.args],
      {
        encoding: 'utf8',
      },
    );
    expect(r.stderr).not.toContain('internal error');
    expect(readTree(dir)).toEqual({ 'p.patch': P('*** Add File: new.txt', '+x') });
    if (RUNTIME === 'binary') {
      // Bun's runtime refuses to start in a deleted directory before any of
      // chord-patch's code runs: its own message and exit 1 (docs/design.md,
      // "The Node CLI and the binary"). Nothing is read or written either way.
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('current working directory was deleted');
    } else {
      expect(r.status).toBe(64);
      expect(r.stderr).toContain('the current directory no longer exists');
    }
  });

  it('prints the failure report on stderr and exits 1 when nothing applies', () => {
    const dir = scratch({ 'f.txt': 'a\n' });
    const r = runCli(['apply'], { cwd: dir, input: P('*** Update File: f.txt', '-zz', '+b') });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('hunk not found (1/1)');
    expect(r.stderr).not.toContain('+b');
  });

  it('colours the diff with --color and never with --no-color or NO_COLOR', () => {
    const patch = P('*** Update File: f.txt', '-a', '+b');
    const esc = '\u001b[';
    expect(runCli(['apply', '--color'], { cwd: scratch({ 'f.txt': 'a\n' }), input: patch }).stdout).toContain(esc);
    expect(
      runCli(['apply', '--no-color'], { cwd: scratch({ 'f.txt': 'a\n' }), input: patch, env: { FORCE_COLOR: '1' } }).stdout,
    ).not.toContain(esc);
    expect(runCli(['apply'], { cwd: scratch({ 'f.txt': 'a\n' }), input: patch, env: { NO_COLOR: '1' } }).stdout).not.toContain(esc);
  });

  it('prints one JSON document with --json', () => {
    const dir = scratch({ 'a.txt': 'a\n' });
    const r = runCli(['apply', '--json'], { cwd: dir, input: P('*** Update File: a.txt', '-a', '+b', '*** Delete File: nope') });
    expect(r.code).toBe(2);
    const doc = JSON.parse(r.stdout);
    expect(Object.keys(doc)).toEqual(['status', 'dryRun', 'tool', 'changes', 'failed', 'notes', 'message', 'diff']);
    expect(doc.status).toBe('partial');
    expect(doc.changes).toEqual([{ kind: 'update', path: 'a.txt' }]);
    expect(doc.failed[0].failures[0].code).toBe('file_missing');
    expect(doc.message).toMatch(/^apply_patch partially applied: 1 change committed, 1 file group not applied: nope/);
    expect(doc.diff).toContain('--- a/a.txt');
  });

  it('writes the same files and exit codes with stdout on /dev/null, where it builds no diff', () => {
    const patch = P('*** Update File: a.txt', '-a', '+b', '*** Delete File: nope');
    const run = (dir: string, out: number | 'pipe', args: string[] = []) => {
      const cli = cliCommand();
      return spawnSync(cli.file, [...cli.args, 'apply', ...args], {
        cwd: dir,
        input: patch,
        stdio: ['pipe', out, 'pipe'],
        env: { ...process.env, NO_COLOR: '1', CHORD_PATCH_SESSION: '' },
        encoding: 'utf8',
      });
    };
    const piped = scratch({ 'a.txt': 'a\n' });
    const nulled = scratch({ 'a.txt': 'a\n' });
    const devNull = openSync('/dev/null', 'w');
    try {
      const a = run(piped, 'pipe');
      const b = run(nulled, devNull);
      expect(b.status).toBe(2);
      expect([b.status, b.stderr]).toEqual([a.status, a.stderr]);
      expect(readTree(nulled)).toEqual(readTree(piped));
      expect(readTree(nulled)).toEqual({ 'a.txt': 'b\n' });
    } finally {
      closeSync(devNull);
    }
    // A regular file is no /dev/null: the JSON document written there keeps its diff.
    const outFile = join(scratch({}), 'out.json');
    const fd = openSync(outFile, 'w');
    try {
      expect(run(scratch({ 'a.txt': 'a\n' }), fd, ['--json']).status).toBe(2);
    } finally {
      closeSync(fd);
    }
    expect(JSON.parse(readFileSync(outFile, 'utf8')).diff).toContain('+b');
  });

  it('refuses two hard links to one file in one patch as overlapping operations', () => {
    const dir = scratch({ 'a.txt': 'a\n' });
    linkSync(join(dir, 'a.txt'), join(dir, 'b.txt'));
    const r = runCli(['apply', '--json'], {
      cwd: dir,
      input: P('*** Update File: a.txt', '-a', '+x', '*** Update File: b.txt', '-a', '+y'),
    });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).error.message).toContain('are the same file (hard links)');
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('a\n');
  });

  it('refuses one file named through a symlinked directory as overlapping operations, not as hard links', () => {
    const dir = scratch({ 'real/a.txt': 'a\n' });
    symlinkSync('real', join(dir, 'alias'));
    const r = runCli(['apply', '--json'], {
      cwd: dir,
      input: P('*** Update File: real/a.txt', '-a', '+x', '*** Update File: alias/a.txt', '-a', '+y'),
    });
    expect(r.code).toBe(1);
    const message = JSON.parse(r.stdout).error.message;
    expect(message).toContain('are the same file (through a symbolic link in the path)');
    expect(message).not.toContain('hard links');
    expect(readFileSync(join(dir, 'real/a.txt'), 'utf8')).toBe('a\n');
  });

  it('prints a diff that git apply accepts and that reproduces the change', () => {
    const files = {
      'src/a.ts': 'export const a = 1;\nexport const b = 2;\n',
      'win.txt': 'one\r\ntwo\r\nthree\r\n',
      'old/name.txt': 'moving\nfile\n',
      'gone.txt': 'bye\n',
      'tail.txt': 'no newline',
    };
    const applied = scratch(files);
    const pristine = scratch(files);
    for (const dir of [applied, pristine]) writeFileSync(join(dir, 'logo.bin'), Buffer.from([0x89, 0x50, 0x00, 0x01, 0xff]));
    const patch = P(
      '*** Update File: src/a.ts',
      '-export const b = 2;',
      '+export const b = 3;',
      '+export const c = 4;',
      '*** Update File: win.txt',
      ' one',
      '-two',
      '+TWO',
      '*** Update File: old/name.txt',
      '*** Move to: new/name.txt',
      ' moving',
      '-file',
      '+document',
      '*** Delete File: gone.txt',
      '*** Add File: added.md',
      '+# added',
      '*** Update File: tail.txt',
      '-no newline',
      '+now with newline',
      '*** Update File: logo.bin',
      '*** Move to: assets/logo.bin',
      '@@',
      ' x',
    );
    const r = runCli(['apply', '--quiet', '--json'], { cwd: applied, input: patch });
    expect(r.code).toBe(0);
    const diff = JSON.parse(r.stdout).diff as string;
    const git = spawnSync('git', ['apply', '--verbose', '-'], { cwd: pristine, input: diff, encoding: 'utf8' });
    expect(git.stderr).not.toContain('error');
    expect(git.status).toBe(0);
    rmSync(join(pristine, 'old'), { recursive: true, force: true });
    rmSync(join(applied, 'old'), { recursive: true, force: true });
    expect(readTree(pristine)).toEqual(readTree(applied));
  });
});

describe('a patch file saved by PowerShell', () => {
  // Windows PowerShell's `>` writes UTF-16 LE with a byte-order mark and CRLF line endings.
  const powershell = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.replaceAll('\n', '\r\n'), 'utf16le')]);

  it('is decoded from UTF-16 and applied, read from a file argument', () => {
    const dir = scratch({ 'f.txt': 'caf\u00e9\n' });
    writeFileSync(join(dir, 'p.patch'), powershell(P('*** Update File: f.txt', '-caf\u00e9', '+\u00e9t\u00e9 \u2014 \u6e2c\u8a66')));
    const r = runCli(['apply', '-q', 'p.patch'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('\u00e9t\u00e9 \u2014 \u6e2c\u8a66\n');
  });

  it("is decoded from UTF-16 on the apply_patch entry's stdin too", () => {
    const dir = scratch({ 'f.txt': 'a\n' });
    const r = runCli([], { cwd: dir, bin: 'apply_patch', input: powershell(P('*** Update File: f.txt', '-a', '+b')) });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('b\n');
  });
});

describe('apply_patch, the command name models call', () => {
  it('takes the patch as its single argument and prints the model-facing result', () => {
    const dir = scratch({ 'f.txt': 'a\n' });
    const r = runCli([P('*** Update File: f.txt', '-a', '+b')], { cwd: dir, bin: 'apply_patch' });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Success. Updated the following files:\nM f.txt\n');
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('b\n');
  });

  it('reads stdin for `-`, as a Unix filter does (no patch is the text "-")', () => {
    const dir = scratch({ 'f.txt': 'a\n' });
    const r = runCli(['-'], { cwd: dir, bin: 'apply_patch', input: P('*** Update File: f.txt', '-a', '+b') });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Success. Updated the following files:\nM f.txt\n');
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('b\n');
  });

  it('reads stdin when there is no argument and reports failures on stderr', () => {
    const dir = scratch({ 'f.txt': 'a\n' });
    const r = runCli([], { cwd: dir, bin: 'apply_patch', input: P('*** Update File: f.txt', '-zz', '+b') });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('apply_patch failed: 1 file group not applied: f.txt');
    expect(r.stderr).toContain('Nothing was written.');
  });

  /** Run apply_patch with an argument built by the shell's printf: bytes a JavaScript string cannot carry. */
  const withRawArgument = (dir: string, printfFormat: string) => {
    const cli = cliCommand('apply_patch');
    const script = `exec "$@" "$(printf '${printfFormat}')"`;
    const r = spawnSync('sh', ['-c', script, 'sh', cli.file, ...cli.args], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    return { code: r.status, stderr: r.stderr };
  };

  it('refuses an argument holding bytes that are not UTF-8, naming the line, instead of writing U+FFFD', () => {
    const dir = scratch({ 'f.txt': 'a\n' });
    const r = withRawArgument(dir, '*** Begin Patch\\n*** Update File: f.txt\\n@@\\n-a\\n+caf\\351\\n*** End Patch\\n');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('line 5: the input is not valid UTF-8 (byte 0xE9 at byte');
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('a\n');
  });

  it('still writes a U+FFFD the argument really holds (its UTF-8 bytes EF BF BD)', () => {
    const dir = scratch({ 'f.txt': 'a\n' });
    const r = withRawArgument(dir, '*** Begin Patch\\n*** Update File: f.txt\\n@@\\n-a\\n+\\357\\277\\275\\n*** End Patch\\n');
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('\uFFFD\n');
  });

  it('works through a symlink named apply_patch, as agents install it', () => {
    const dir = scratch({ 'f.txt': 'a\n' });
    const link = join(dir, '..', `apply_patch`);
    rmSync(link, { force: true });
    const cli = linkCli(link);
    try {
      const r = spawnSync(cli.file, cli.args, { cwd: dir, input: P('*** Update File: f.txt', '-a', '+b'), encoding: 'utf8' });
      expect(r.stdout).toBe('Success. Updated the following files:\nM f.txt\n');
    } finally {
      rmSync(link, { force: true });
    }
  });
});

describe("the CLI's small promises", () => {
  const PATCH = P('*** Update File: f.txt', '-a', '+b');

  it('prints a usage error as the JSON document of the command under --json, and the line on stderr, exit 64', () => {
    const dir = scratch({ 'f.txt': 'a\n' });
    const typo = runCli(['apply', '--json', '--jsn'], { cwd: dir, input: PATCH });
    expect(typo.code).toBe(64);
    expect(typo.stderr).toBe("chord-patch: unknown option '--jsn' (did you mean --json?)\n");
    const doc = JSON.parse(typo.stdout);
    expect(doc).toMatchObject({ status: 'rejected', tool: 'apply_patch', exitCode: 64, error: { code: 'usage_error' } });
    expect(doc.error.message).toBe("unknown option '--jsn' (did you mean --json?)");
    const missing = runCli(['check', '--format', 'json', 'nope.patch'], { cwd: dir });
    expect(missing.code).toBe(64);
    expect(JSON.parse(missing.stdout)).toMatchObject({ schemaVersion: 1, exitCode: 64, files: [{ file: 'nope.patch' }] });
    const noDir = runCli(['check', '--json', '-C', 'gone', 'p.patch'], { cwd: dir });
    expect(JSON.parse(noDir.stdout)).toEqual({
      schemaVersion: 1,
      exitCode: 64,
      files: [],
      error: { code: 'usage_error', message: '-C gone: no such directory; nothing was read or written' },
    });
    expect(runCli(['apply', '--jsn'], { cwd: dir, input: PATCH }).stdout).toBe('');
    expect(readTree(dir)).toEqual({ 'f.txt': 'a\n' });
  });

  it('apply_patch signs its usage errors with its own name', () => {
    const dir = scratch({ '.chord-patch.yaml': 'permission: [\n' });
    const r = runCli([], { cwd: dir, bin: 'apply_patch', input: PATCH });
    expect(r.code).toBe(64);
    expect(r.stderr).toMatch(/^apply_patch: .*\.chord-patch\.yaml: line 2: /);
    expect(r.stderr).not.toContain('chord-patch:');
  });

  it('reads FILE from where it runs, not from -C DIR, and says so when the file is under DIR', () => {
    const dir = scratch({ 'sub/f.txt': 'a\n', 'sub/q.patch': PATCH });
    const r = runCli(['apply', '-C', 'sub', 'q.patch'], { cwd: dir });
    expect(r.code).toBe(64);
    expect(r.stderr).toContain("-C sub sets where the patch's paths resolve, not where FILE is read (unlike git -C): pass sub/q.patch");
    expect(runCli(['apply', '-C', 'sub', 'sub/q.patch'], { cwd: dir }).code).toBe(0);
    expect(readFileSync(join(dir, 'sub/f.txt'), 'utf8')).toBe('b\n');
    const help = runCli(['apply', '--help'], { cwd: dir }).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('unlike git -C, FILE stays relative to where you run chord-patch');
  });

  it('check takes --check as its help says, and lists no --apply it would ignore', () => {
    const dir = scratch({ 'f.txt': 'a\n', 'p.patch': PATCH });
    const help = runCli(['check', '--help'], { cwd: dir }).stdout;
    expect(help).toMatch(/= apply --check/);
    expect(help).toMatch(/^ {2}--check\s/m);
    expect(help).not.toMatch(/^ {2}--apply\s/m);
    for (const args of [
      ['check', '--check', 'p.patch'],
      ['check', '--check', '--json', 'p.patch'],
    ]) {
      expect(runCli(args, { cwd: dir }).code).toBe(0);
    }
    const apply = runCli(['check', '--stat', '--apply', 'p.patch'], { cwd: dir });
    expect(apply.code).toBe(64);
    expect(apply.stderr).toContain('check never writes: run chord-patch apply');
    expect(readTree(dir)).toEqual({ 'f.txt': 'a\n', 'p.patch': PATCH });
  });

  it('hints what an option from GNU patch or in the wrong place means, instead of a spelling guess', () => {
    const dir = scratch({ 'f.txt': 'a\n', 'p.patch': PATCH });
    const forward = runCli(['apply', '--forward', 'p.patch'], { cwd: dir });
    expect(forward.code).toBe(64);
    expect(forward.stderr).toContain('chord-patch never applies a patch twice');
    expect(forward.stderr).not.toContain('--format');
    for (const args of [
      ['-R', 'p.patch'],
      ['edit', '-R', 'p.patch'],
    ]) {
      const r = runCli(args, { cwd: dir });
      expect(r.code).toBe(64);
      expect(r.stderr).toContain('belongs after apply or check: chord-patch apply -R FILE');
    }
    expect(runCli(['apply', '-N', 'p.patch'], { cwd: dir }).stderr).toContain("GNU patch's -N");
    expect(readTree(dir)).toEqual({ 'f.txt': 'a\n', 'p.patch': PATCH });
  });

  const hasScript = spawnSync('script', ['--version']).status === 0;
  it.skipIf(!hasScript)('apply - on a terminal reads a pasted patch up to Ctrl-D; with no argument it asks for one', () => {
    const dir = scratch({ 'f.txt': 'a\n' });
    const cli = cliCommand();
    const line = [cli.file, ...cli.args, 'apply', '-'].map((a) => `'${a}'`).join(' ');
    // script(1) gives the CLI a terminal; a shell feeds it the paste, then Ctrl-D, and keeps the terminal open meanwhile.
    const pasted = spawnSync('sh', ['-c', `(cat; printf '\\004'; sleep 3) | script -qec "$0" /dev/null`, line], {
      cwd: dir,
      input: PATCH,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      timeout: 30_000,
    });
    expect(pasted.stdout).toContain('reading the patch from the terminal');
    expect(pasted.stdout).toContain('chord-patch: applied 1 change');
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('b\n');
    const bare = spawnSync('script', ['-qec', line.replace(/ '-'$/, ''), '/dev/null'], { cwd: dir, encoding: 'utf8', timeout: 30_000 });
    expect(bare.stdout).toContain('no input: pass a FILE, pipe the patch on stdin, or pass - to paste it');
  });

  it.skipIf(RUNTIME !== 'node')("runs every npx line of the docs as written in a script, with no terminal to answer npx's prompt", () => {
    const dir = scratch({ 'f.txt': 'a\n', 'fix.patch': PATCH });
    const pack = spawnSync('npm', ['pack', '--ignore-scripts', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' });
    expect(pack.status, pack.stderr).toBe(0);
    const docs = [
      'README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    const lines = docs.flatMap((d) => readFileSync(join(ROOT, d), 'utf8').split('\n')).filter((l) => /^npx /.test(l.trim()));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      writeFileSync(join(dir, 'f.txt'), 'a\n');
      const r = spawnSync('sh', ['-c', `${line.trim()} < /dev/null`], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', npm_config_cache: join(dir, '.npm'), npm_config_offline: 'true', CI: '' },
        timeout: 120_000,
      });
      expect(r.status, `${line}\n${r.stderr}`).toBe(0);
      expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('b\n');
    }
  });
});
