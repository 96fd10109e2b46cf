// The README's example gallery, run as written: every command of the sh block
// under "## Examples" runs through `sh` in a scratch copy of examples/, with
// `chord-patch` on PATH (the Node CLI or the binary), and what it did to the
// example's files is checked. And `npm run demo`'s script still works.

import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cliCommand, ROOT, RUNTIME } from '../support/cli.js';
import { readTree } from '../support/tree.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const EXAMPLES = join(ROOT, 'examples');

/** The commands of the first sh block after "## Examples", without their trailing comments. */
function readmeCommands(): string[] {
  const section = README.slice(README.indexOf('\n## Examples\n'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  return block
    .split('\n')
    .map((l) => l.replace(/\s+# .*$/, '').trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

const commands = readmeCommands();
const commandFor = (example: string) => {
  const found = commands.filter((c) => c.includes(`examples/${example}/`));
  expect(found, `one README command for examples/${example}`).toHaveLength(1);
  return found[0]!;
};

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Run a README command in a scratch copy of examples/, with chord-patch on PATH; returns the result and the copy. */
function runExample(command: string) {
  const scratch = mkdtempSync(join(tmpdir(), 'chord-patch-examples-'));
  dirs.push(scratch);
  cpSync(EXAMPLES, join(scratch, 'examples'), { recursive: true });
  const bin = join(scratch, '.bin');
  mkdirSync(bin);
  const cli = cliCommand();
  if (RUNTIME === 'binary') symlinkSync(cli.file, join(bin, 'chord-patch'));
  else {
    writeFileSync(join(bin, 'chord-patch'), `#!/bin/sh\nexec "${cli.file}" ${cli.args.map((a) => `"${a}"`).join(' ')} "$@"\n`);
    chmodSync(join(bin, 'chord-patch'), 0o755);
  }
  const r = spawnSync('sh', ['-c', command], {
    cwd: scratch,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: '1', FORCE_COLOR: '', CHORD_PATCH_SESSION: '' },
  });
  const file = (p: string) => readFileSync(join(scratch, 'examples', p));
  return {
    code: r.status ?? -1,
    stdout: r.stdout,
    stderr: r.stderr,
    scratch,
    file,
    tree: (p: string) => readTree(join(scratch, 'examples', p)),
  };
}

describe('the README example gallery', () => {
  it('has a command for every example folder, and nothing else', () => {
    const folders = readdirSync(EXAMPLES, { withFileTypes: true })
      // mcp/ holds client configurations, not a run: test/unit/mcp-docs.test.ts parses them.
      .filter((d) => d.isDirectory() && d.name !== 'src' && d.name !== 'mcp')
      .map((d) => d.name)
      .sort();
    expect(folders).toEqual(['ci', 'crlf', 'failing', 'gb18030', 'git-diff', 'model-reply']);
    for (const f of folders) commandFor(f);
    expect(commands).toHaveLength(folders.length);
  });

  it('model-reply: --extract applies the fenced diff of a markdown reply and says what it extracted', () => {
    const r = runExample(commandFor('model-reply'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('extracted 1 patch from the reply: ```diff block at line 4');
    expect(r.file('model-reply/project/stats.py').toString()).toBe(
      'def mean(values):\n    if not values:\n        return 0.0\n    return sum(values) / len(values)\n' +
        '\n\ndef spread(values):\n    return max(values) - min(values)\n',
    );
  });

  it('crlf: the edited file keeps its CRLF endings, every line of it', () => {
    const r = runExample(commandFor('crlf'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.file('crlf/project/settings.ini').toString()).toBe(
      '[server]\r\nhost = 127.0.0.1\r\nport = 9090\r\n\r\n[log]\r\nlevel = info\r\n',
    );
  });

  it('gb18030: the file is edited from a UTF-8 patch and written back in GB18030', () => {
    const before = readFileSync(join(EXAMPLES, 'gb18030/project/notice.txt'));
    const r = runExample(commandFor('gb18030'));
    expect(r.code, r.stderr).toBe(0);
    const after = r.file('gb18030/project/notice.txt');
    expect(new TextDecoder('gb18030').decode(after)).toBe('欢迎使用本程序。\n版本：1.1\n作者：张三\n');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(after)).toThrow();
    // Only the changed line's bytes differ: the other lines are the file's own bytes.
    expect(after.subarray(0, 17)).toEqual(before.subarray(0, 17));
  });

  it('failing: exit 1, the report names the hunk and the closest line, and nothing is written', () => {
    const before = readTree(join(EXAMPLES, 'failing'));
    const r = runExample(commandFor('failing'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('server.js: hunk not found (1/1): expected line "server.listen(8080);"');
    expect(r.stderr).toContain('the closest file line is 7');
    expect(r.stderr).toContain('  --> server.js:7 (closest match)');
    expect(r.stderr).toMatch(/nothing was written\n$/);
    expect(r.tree('failing')).toEqual(before);
  });

  it("failing: what it prints is the README's terminal failure view, line for line", () => {
    const shown = /```text\n\$ (.*)\n([\s\S]*?)```/.exec(README)!;
    expect(shown[1]).toBe(commandFor('failing'));
    expect(runExample(shown[1]!).stderr).toBe(shown[2]);
  });

  it('git-diff: the diff applies (a change and a new file), then -R undoes it to the very tree it started from', () => {
    const before = readTree(join(EXAMPLES, 'git-diff'));
    const r = runExample(commandFor('git-diff'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('+Hello, chord-patch.');
    expect(r.stdout).toContain('+++ b/docs/usage.md');
    expect(r.stdout).toContain('-Hello, chord-patch.');
    expect(r.stdout).toContain('removed the directory the undo left empty: docs/');
    expect(r.tree('git-diff')).toEqual(before);
  });

  it('ci: the workflow checks the patches folder with --format github, and the README runs the same check on the example', () => {
    const workflow = readFileSync(join(EXAMPLES, 'ci/github-workflow.yml'), 'utf8');
    expect(workflow).toMatch(/^\s+run: chord-patch check --format github patches\/\*\.patch$/m);
    expect(workflow).toMatch(/^on:\n\s+pull_request:/m);
    expect(commandFor('ci')).toBe('chord-patch check --format github -C examples/ci/project examples/ci/patches/*.patch');
    expect(readdirSync(join(EXAMPLES, 'ci/patches')).sort()).toEqual(['001-more-workers.patch', '002-stale-timeout.patch']);
  });

  it('ci: the workflow and the README install what the Install section builds, never a package name from a registry', () => {
    const workflow = readFileSync(join(EXAMPLES, 'ci/github-workflow.yml'), 'utf8');
    const installs = (text: string) => [...text.matchAll(/^\s+- run: (npm install .*)$/gm)].map((m) => m[1]!);
    const readmeYaml = /```yaml\n([\s\S]*?)```/.exec(README)![1]!;
    expect(installs(workflow)).toEqual(['npm install -g ./tools/*.tgz']);
    expect(installs(readmeYaml)).toEqual(installs(workflow));
    // What it installs is a path to what `npm pack` writes: the Install section packs the package and the platform package beside it.
    const install = README.slice(README.indexOf('\n## Install\n'), README.indexOf('\n## ', README.indexOf('\n## Install\n') + 1));
    expect(install).toMatch(
      /npm pack && npm pack \.\/npm\/linux-x64\s+# chord-patch-\d+\.\d+\.\d+\.tgz, chord-patch-linux-x64-\d+\.\d+\.\d+\.tgz/,
    );
    expect(install).toMatch(/^npm install -g \.\/chord-patch-\*\.tgz /m);
    for (const line of installs(workflow)) for (const arg of line.split(' ').slice(2)) expect(arg).toMatch(/^(-g|\.?\/)/);
  });

  it('ci: the README command annotates the stale patch at the closest line of its target and writes nothing', () => {
    const before = readTree(join(EXAMPLES, 'ci'));
    const r = runExample(commandFor('ci'));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^::error file=examples\/ci\/project\/app\.conf,line=3,title=chord-patch%3A hunk_not_found::app\.conf: hunk not found/m,
    );
    expect(r.stdout).toMatch(/^::notice title=chord-patch::.*002-stale-timeout\.patch: would not apply/m);
    expect(r.tree('ci')).toEqual(before);
  });
});

describe.skipIf(RUNTIME !== 'node')('npm run demo', () => {
  it('applies examples/demo.patch to a scratch copy of examples/ and leaves examples/ as it was', () => {
    const before = readTree(EXAMPLES);
    const out = execFileSync(process.execPath, ['scripts/demo.mjs'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    const scratch = /scratch copy of examples\/: (\S+)/.exec(out)![1]!;
    dirs.push(scratch);
    expect(out).toMatch(/^\+ {2}return `Hello, \$\{name\}!`;$/m);
    expect(out).toContain('chord-patch: applied 4 changes');
    expect(existsSync(join(scratch, 'NOTES.md'))).toBe(true);
    expect(existsSync(join(scratch, 'obsolete.txt'))).toBe(false);
    expect(readTree(EXAMPLES)).toEqual(before);
  });
});
