// The model-facing commands through the built CLI: tools, grammar, validate,
// and permission rules enforced by apply.

import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APPLY_PATCH_GRAMMAR } from '../../src/models/grammar.js';
import { ROOT, runCli } from '../support/cli.js';
import { scratchCopy } from '../support/tree.js';

const CODEX = join(ROOT, 'test', 'fixtures-data', 'codex-patches');
const SHARED_GRAMMAR = join(ROOT, '..', 'shared', 'spec', 'apply_patch.lark');
const P = (...lines: string[]) => `${lines.join('\n')}\n`;

let work: string | undefined;
afterEach(() => {
  if (work) rmSync(work, { recursive: true, force: true });
  work = undefined;
});
const scratch = (files: Record<string, string>): string => {
  work = scratchCopy(undefined);
  for (const [p, c] of Object.entries(files)) {
    mkdirSync(join(work, p, '..'), { recursive: true });
    writeFileSync(join(work, p), c);
  }
  return work;
};

describe('chord-patch tools', () => {
  it('prints the freeform apply_patch tool for a patch-native model on a Responses endpoint', () => {
    const r = runCli(['tools', '--model', 'openai/gpt-5.5@high']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ model: 'openai/gpt-5.5@high', provider: null, surface: 'apply_patch', freeform: true });
    expect(doc.tools).toHaveLength(1);
    expect(doc.tools[0]).toMatchObject({
      type: 'custom',
      name: 'apply_patch',
      format: { type: 'grammar', syntax: 'lark', definition: APPLY_PATCH_GRAMMAR },
    });
  });

  it('prints edit, write and delete in the chat shape for a Claude model', () => {
    const doc = JSON.parse(runCli(['tools', '--model', 'anthropic/claude-sonnet-4-5', '--endpoint', 'chat']).stdout);
    expect(doc).toMatchObject({ surface: 'edit', freeform: false });
    expect(doc.tools.map((t: any) => t.function.name)).toEqual(['edit', 'write', 'delete']);
  });

  it('applies provider overrides from the default config file in the working directory', () => {
    const dir = scratch({
      '.chord-patch.yaml': P(
        'providers:',
        '  openai:',
        '    type: responses',
        '    models:',
        '      gpt-5.5:',
        '        compat:',
        '          apply_patch:',
        '            freeform: false',
      ),
    });
    const doc = JSON.parse(runCli(['tools', '--model', 'gpt-5.5', '--provider', 'openai'], { cwd: dir }).stdout);
    expect(doc).toMatchObject({ provider: 'openai', surface: 'apply_patch', freeform: false });
    expect(doc.tools[0]).toMatchObject({ type: 'function', name: 'apply_patch', parameters: { required: ['patch'] } });
  });

  it('applies the permission fallbacks from --config', () => {
    const dir = scratch({ 'perm.yaml': P('permission:', '  edit: allow', '  apply_patch: deny') });
    const doc = JSON.parse(runCli(['tools', '--model', 'gpt-5', '--config', 'perm.yaml'], { cwd: dir }).stdout);
    expect(doc.surface).toBe('edit');
    expect(doc.tools.map((t: any) => t.name)).toEqual(['edit', 'write', 'delete']);
  });

  it('rejects a bad config with a message naming the line and key, never the value, exit 64', () => {
    const dir = scratch({ 'bad.yaml': P('providers:', '  openai:', '    compat:', '      apply_patch:', '        freeform: maybe') });
    const r = runCli(['tools', '--model', 'gpt-5', '--config', 'bad.yaml'], { cwd: dir });
    expect(r.code).toBe(64);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'chord-patch: bad.yaml: line 5: providers.<provider>.compat.apply_patch.freeform: ' +
        'expected true or false (omit the key to keep the inference); found a string of 5 characters\n',
    );
  });

  it('requires --model and checks --endpoint', () => {
    expect(runCli(['tools']).code).toBe(64);
    const r = runCli(['tools', '--model', 'gpt-5', '--endpoint', 'soap']);
    expect(r.code).toBe(64);
    expect(r.stderr).toContain('responses, chat, messages');
  });
});

describe('chord-patch grammar', () => {
  it('prints the embedded grammar byte for byte', () => {
    const r = runCli(['grammar']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(APPLY_PATCH_GRAMMAR);
  });

  it.runIf(existsSync(SHARED_GRAMMAR))('prints exactly ../shared/spec/apply_patch.lark', () => {
    expect(runCli(['grammar']).stdout).toBe(readFileSync(SHARED_GRAMMAR, 'utf8'));
  });
});

describe('chord-patch validate', () => {
  it('exits 0 for a conforming patch file', () => {
    const r = runCli(['validate', join(CODEX, '004_move_to_new_directory.txt')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('004_move_to_new_directory.txt: a patch envelope that conforms to the apply_patch grammar');
  });

  it('exits 1 and says where, what was expected and what the tolerant parser does', () => {
    const r = runCli(['validate'], { input: P('*** Begin Patch ', '*** Delete File: f', '*** End Patch') });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      [
        '<stdin>: a patch envelope that does not conform to the apply_patch grammar',
        '  line 1, column 16: expected LF; found " "',
        "  chord-patch's tolerant parser would still accept it (1 operation), reading the lines above leniently",
        '',
      ].join('\n'),
    );
  });

  it('checks several files and fails when any does not conform', () => {
    const files = ['001_add_file.txt', '018_whitespace_padded_patch_markers.txt'].map((f) => join(CODEX, f));
    const r = runCli(['validate', '--json', ...files]);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ schemaVersion: 1, conforms: false });
    expect(doc.files.map((d: any) => [d.conforms, d.tolerant.accepted])).toEqual([
      [true, true],
      [false, true],
    ]);
    expect(doc.files[1].violations[0]).toEqual({ line: 1, column: 1, expected: ['*** Begin Patch'], found: '" *** Begin Patch"' });
  });

  it('unwraps {"patch": ...} JSON and reports the repairs the parser would make', () => {
    const r = runCli(['validate', '--json'], { input: JSON.stringify({ patch: '*** Update File: f\n-a\n+b' }) });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    // One file: the same document, with one entry.
    expect(doc).toMatchObject({ schemaVersion: 1, conforms: false });
    expect(doc.files).toHaveLength(1);
    expect(doc.files[0]).toMatchObject({
      file: '<stdin>',
      conforms: false,
      unwrappedFrom: 'patch',
      tolerant: { accepted: true, operations: 1 },
    });
    expect(doc.files[0].tolerant.repairs).toEqual(['added missing "*** Begin Patch"', 'added missing "*** End Patch"']);
  });

  it('exits 64 for a file it cannot read', () => {
    expect(runCli(['validate', join(CODEX, 'no-such.txt')]).code).toBe(64);
  });

  it('prints its own document for a usage error under --json: no file checked, and the error', () => {
    for (const args of [
      ['validate', '--json', join(CODEX, 'no-such.txt')],
      ['validate', '--json', '--bogus'],
    ]) {
      const r = runCli(args);
      expect(r.code).toBe(64);
      const doc = JSON.parse(r.stdout);
      expect(doc).toMatchObject({ schemaVersion: 1, conforms: false, files: [], error: { code: 'usage_error' } });
    }
  });
});

describe('permission rules in apply', () => {
  it('fails a denied path with permission_denied and writes nothing there', () => {
    const dir = scratch({
      '.chord-patch.yaml': P('permission:', '  edit:', '    "*": allow', '    "vendor/**": deny'),
      'vendor/lib.js': 'v\n',
    });
    const r = runCli(['apply', '--json'], {
      cwd: dir,
      input: P('*** Begin Patch', '*** Update File: vendor/lib.js', '@@', '-v', '+V', '*** End Patch'),
    });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(doc.failed[0].failures[0]).toMatchObject({
      code: 'permission_denied',
      message: 'vendor/lib.js: denied by permission rule `edit: "vendor/**": deny` (apply_patch inherits the edit rules)',
    });
    expect(readFileSync(join(dir, 'vendor/lib.js'), 'utf8')).toBe('v\n');
  });

  it('finds the default config in the -C directory', () => {
    const dir = scratch({ 'repo/.chord-patch.yaml': P('permission: deny'), 'repo/f.txt': 'a\n' });
    const r = runCli(['apply', '-C', join(dir, 'repo'), '--json'], {
      cwd: dir,
      input: P('*** Begin Patch', '*** Update File: f.txt', '@@', '-a', '+b', '*** End Patch'),
    });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).failed[0].failures[0].message).toBe('f.txt: denied by permission rule `*: deny`');
  });

  it('binds the Codex-compatible apply_patch entry too', () => {
    const dir = scratch({ '.chord-patch.yaml': P('permission:', '  apply_patch: deny'), 'f.txt': 'a\n' });
    const r = runCli([P('*** Begin Patch', '*** Update File: f.txt', '@@', '-a', '+b', '*** End Patch')], { cwd: dir, bin: 'apply_patch' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('f.txt: denied by permission rule `apply_patch: deny`');
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('a\n');
  });

  it('stops with exit 64 on a bad config, before touching anything', () => {
    const dir = scratch({ '.chord-patch.yaml': P('permission:', '  bash: allow'), 'f.txt': 'a\n' });
    const r = runCli(['apply'], { cwd: dir, input: P('*** Begin Patch', '*** Update File: f.txt', '@@', '-a', '+b', '*** End Patch') });
    expect(r.code).toBe(64);
    expect(r.stderr).toContain('.chord-patch.yaml: line 2: permission: unknown tool');
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('a\n');
  });

  it('fails when --config names a file that does not exist', () => {
    const dir = scratch({ 'f.txt': 'a\n' });
    const r = runCli(['apply', '--config', 'nope.yaml'], {
      cwd: dir,
      input: P('*** Begin Patch', '*** Delete File: f.txt', '*** End Patch'),
    });
    expect(r.code).toBe(64);
    expect(r.stderr).toContain('nope.yaml: cannot read the config file');
    expect(existsSync(join(dir, 'f.txt'))).toBe(true);
  });
});
