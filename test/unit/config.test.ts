import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, configFromData, loadConfig, parseConfig } from '../../src/config/config.js';
import { MAX_CONFIG_BYTES } from '../../src/config/read.js';

// The override example from the spec's "Overriding the defaults", verbatim.
const SPEC_EXAMPLE = `providers:
  my-relay:
    type: responses
    compat:
      apply_patch:
        enabled: true   # tool surface: keep apply_patch (hide edit + write/delete)
        freeform: false # wire shape: JSON function tool, not custom
  openai:
    type: responses
    models:
      gpt-5.5:
        compat:
          apply_patch:
            freeform: false # model-level override: name looks freeform but the gateway is not
`;

async function configError(text: string): Promise<ConfigError> {
  try {
    await parseConfig(text, 'c.yaml');
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('expected a ConfigError');
}

describe('reading a config', () => {
  it('reads the spec override example', async () => {
    const c = await parseConfig(SPEC_EXAMPLE, 'c.yaml');
    expect(c.permission).toBeUndefined();
    expect(c.providers.get('my-relay')).toEqual({ type: 'responses', compat: { enabled: true, freeform: false }, models: new Map() });
    expect(c.providers.get('openai')).toEqual({ type: 'responses', compat: {}, models: new Map([['gpt-5.5', { freeform: false }]]) });
  });

  it('keeps omitted and null compat keys unset, so the inference stays', async () => {
    const c = await parseConfig('providers:\n  p:\n    compat:\n      apply_patch:\n        enabled: ~\n', 'c.yaml');
    expect(c.providers.get('p')!.compat).toEqual({});
  });

  it('maps provider types onto endpoints', async () => {
    const c = await parseConfig('providers:\n  a: {type: chat-completions}\n  b: {type: chat}\n  c: {type: messages}\n', 'c.yaml');
    expect([...c.providers.values()].map((p) => p.type)).toEqual(['chat', 'chat', 'messages']);
  });

  it('keeps permission rules in document order, numeric-looking globs included', async () => {
    const c = await parseConfig('permission:\n  "*": deny\n  edit:\n    "src/**": allow\n    "1": deny\n  patch: allow\n', 'c.yaml');
    expect(c.permission!.map((r) => [r.tool, r.pattern, r.action, r.key])).toEqual([
      ['*', '*', 'deny', '*'],
      ['edit', 'src/**', 'allow', 'edit'],
      ['edit', '1', 'deny', 'edit'],
      ['apply_patch', '*', 'allow', 'patch'],
    ]);
  });

  it('accepts YAML anchors and merge keys', async () => {
    const text = [
      'providers:',
      '  x: &x',
      '    type: chat',
      '    compat:',
      '      apply_patch: {freeform: false}',
      '  y:',
      '    <<: *x',
      '    type: responses',
      '',
    ].join('\n');
    const c = await parseConfig(text, 'c.yaml');
    expect(c.providers.get('y')).toEqual({ type: 'responses', compat: { freeform: false }, models: new Map() });
  });

  it('treats an empty file as a config with nothing in it', async () => {
    const c = await parseConfig('', 'c.yaml');
    expect(c.providers.size).toBe(0);
    expect(c.permission).toBeUndefined();
  });

  it('validates plain objects too', () => {
    expect(configFromData({ permission: { write: { 'a/**': 'deny' } } }).permission).toEqual([
      { tool: 'write', pattern: 'a/**', action: 'deny', key: 'write', blanket: false },
    ]);
  });
});

describe('rejecting a bad config', () => {
  // Each case: the text, the key path (schema keys spelled, the user's own names stood in for),
  // the line, and the problem. No message quotes what the file holds.
  it.each([
    ['an unknown top-level key', 'permissions:\n  edit: allow\n', '', 1, 'unknown top-level key'],
    ['an unknown provider key', 'providers:\n  p:\n    api_url: x\n', 'providers.<provider>', 3, 'unknown key'],
    [
      'an unknown provider type',
      'providers:\n  p:\n    type: gemini\n',
      'providers.<provider>.type',
      3,
      'expected one of responses, chat-completions, chat, messages; found a string of 6 characters',
    ],
    [
      'an unknown compat key',
      'providers:\n  p:\n    compat:\n      edit: {}\n',
      'providers.<provider>.compat',
      4,
      'expected "apply_patch"',
    ],
    [
      'an unknown apply_patch key',
      'providers:\n  p:\n    compat:\n      apply_patch:\n        enable: true\n',
      'providers.<provider>.compat.apply_patch',
      5,
      'expected "enabled" or "freeform"',
    ],
    [
      'a non-boolean flag',
      'providers:\n  p:\n    models:\n      gpt-5.5:\n        compat:\n          apply_patch:\n            freeform: "no"\n',
      'providers.<provider>.models.<model>.compat.apply_patch.freeform',
      7,
      'expected true or false',
    ],
    [
      'an unknown model key',
      'providers:\n  p:\n    models:\n      m:\n        limit: 3\n',
      'providers.<provider>.models.<model>',
      5,
      'expected "compat"',
    ],
    ['an unknown permission tool', 'permission:\n  bash: allow\n', 'permission', 2, 'unknown tool'],
    ['a permission tool named like an Object member', 'permission:\n  constructor: allow\n', 'permission', 2, 'unknown tool'],
    [
      'a provider type named like an Object member',
      'providers:\n  p:\n    type: toString\n',
      'providers.<provider>.type',
      3,
      'expected one of responses',
    ],
    [
      'a bad permission action',
      'permission:\n  edit: allw\n',
      'permission.edit',
      2,
      'expected allow, deny, ask or a map of path globs to actions; found a string of 4 characters',
    ],
    [
      'a bad action under a glob',
      'permission:\n  write:\n    "gen/**": no\n',
      'permission.write.<glob>',
      3,
      'expected allow, deny, ask; found',
    ],
    [
      'an unclosed brace in a glob',
      'permission:\n  apply_patch:\n    "secrets/*.{key,pem": deny\n',
      'permission.apply_patch.<glob>',
      3,
      'is never closed',
    ],
    ['an unclosed class in a glob', 'permission:\n  edit:\n    "[ab.txt": deny\n', 'permission.edit.<glob>', 3, 'is never closed'],
    ['a brace with no alternatives', 'permission:\n  edit:\n    "log{1..3}.txt": deny\n', 'permission.edit.<glob>', 3, 'has no comma'],
    ['a backwards range', 'permission:\n  delete:\n    "[z-a]": deny\n', 'permission.delete.<glob>', 3, 'runs backwards'],
    [
      'a glob naming a directory',
      'permission:\n  write:\n    "secrets/": deny\n',
      'permission.write.<glob>',
      3,
      'add "**" after the "/" for the files under it',
    ],
    ['a list where a mapping belongs', 'providers:\n  - p\n', 'providers', 2, 'expected a mapping'],
    ['a top-level list', '- a\n', '(top level)', 1, 'expected a mapping'],
  ])('names the key and line for %s', async (_name, text, key, line, problem) => {
    const e = await configError(text);
    expect(e.key).toBe(key);
    expect(e.line).toBe(line);
    expect(e.message.startsWith(`c.yaml: line ${line}: ${key ? `${key}: ` : ''}`)).toBe(true);
    expect(e.message).toContain(problem);
  });

  it.each([
    ['an unknown top-level key', 'aws_secret_access_key: wJalrXUtnFEMI\n'],
    ['an unknown provider key', 'providers:\n  wJalrXUtnFEMI:\n    token: wJalrXUtnFEMI\n'],
    ['a bad action', 'permission:\n  edit: wJalrXUtnFEMI\n'],
    ['a bad glob', 'permission:\n  edit:\n    "wJalrXUtnFEMI{": deny\n'],
    ['a glob naming a directory', 'permission:\n  edit:\n    "wJalrXUtnFEMI/": deny\n'],
    ['a bad flag', 'providers:\n  p:\n    compat: {apply_patch: {enabled: wJalrXUtnFEMI}}\n'],
    ['an INI file', '[default]\naws_access_key_id = AKIAwJalrXUtnFEMI\naws_secret_access_key = wJalrXUtnFEMI\n'],
    ['an alias to nothing', 'permission: *wJalrXUtnFEMI\n'],
    ['a brace without a comma', 'permission:\n  edit:\n    "{wJalrXUtnFEMI}": deny\n'],
    ['a backwards range', 'permission:\n  edit:\n    "wJalrXUtnFEMI[z-a]": deny\n'],
    ['a tab in the indentation', 'permission:\n\twJalrXUtnFEMI: deny\n'],
  ])('never quotes the file in its message: %s', async (_name, text) => {
    const e = await configError(text);
    expect(e.message).not.toContain('wJalrXUtnFEMI');
  });

  it('reports YAML syntax errors with their position', async () => {
    const e = await configError('permission:\n  edit: [allow\n');
    expect(e.key).toBe('');
    expect(e.message).toMatch(/^c\.yaml: line \d+: not valid YAML at column \d+/);
  });

  it('reports duplicate keys, also among thousands of rules', async () => {
    const e = await configError('permission:\n  edit: allow\n  edit: deny\n');
    expect(e.message).toBe('c.yaml: line 3: a key appears twice in one mapping (duplicate key)');
    const many = Array.from({ length: 5_000 }, (_, i) => `    "src/dir${i}/**": deny\n`).join('');
    const c = await parseConfig(`permission:\n  apply_patch:\n    "*": allow\n${many}`, 'c.yaml');
    expect(c.permission).toHaveLength(5_001);
    const twice = await configError(`permission:\n  apply_patch:\n${many}    "src/dir7/**": allow\n`);
    expect(twice.line).toBe(5_003);
  });

  it('refuses an alias bomb instead of expanding it', async () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++)
      bomb.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${`*${String.fromCharCode(96 + i)}, `.repeat(10)}]`);
    const e = await configError(`${bomb.join('\n')}\n`);
    expect(e.message).toMatch(/aliases expand to more than 10000 values/);
  });

  it('refuses a document nested too deeply', async () => {
    const e = await configError(`permission: ${'['.repeat(100)}${']'.repeat(100)}\n`);
    expect(e.message).toMatch(/nests more than 64/);
  });
});

describe('finding the config file', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const fresh = () => {
    dir = mkdtempSync(join(tmpdir(), 'chord-patch-config-'));
    mkdirSync(join(dir, 'project'));
    return join(dir, 'project');
  };

  it('reads .chord-patch.yaml in the working directory when present', async () => {
    const root = fresh();
    expect(await loadConfig({ cwd: root })).toBeUndefined();
    writeFileSync(join(root, '.chord-patch.yaml'), 'permission:\n  edit: deny\n');
    const c = await loadConfig({ cwd: root });
    expect(c!.source).toBe(join(root, '.chord-patch.yaml'));
    expect(c!.permission).toHaveLength(1);
  });

  it('prefers an explicit file and fails when it is missing', async () => {
    const root = fresh();
    writeFileSync(join(root, '.chord-patch.yaml'), 'permission:\n  edit: deny\n');
    writeFileSync(join(root, 'other.yaml'), 'permission:\n  edit: allow\n');
    expect((await loadConfig({ file: join(root, 'other.yaml'), cwd: root }))!.permission![0]!.action).toBe('allow');
    await expect(loadConfig({ file: join(root, 'missing.yaml') })).rejects.toThrow(/missing\.yaml: cannot read the config file \(ENOENT\)/);
  });

  it('refuses a .chord-patch.yaml that links to a file outside the project, and never shows what it holds', async () => {
    const root = fresh();
    writeFileSync(join(dir, 'credentials'), '[default]\naws_secret_access_key = wJalrXUtnFEMI\n');
    symlinkSync(join(dir, 'credentials'), join(root, '.chord-patch.yaml'));
    const e = await loadConfig({ cwd: root }).catch((x: unknown) => x as ConfigError);
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as ConfigError).message).toMatch(/is a symbolic link to a file outside the project/);
    expect((e as ConfigError).message).not.toContain('wJalrXUtnFEMI');
  });

  it('follows a link to a file inside the project or inside the user config directory', async () => {
    const root = fresh();
    writeFileSync(join(root, 'shared.yaml'), 'permission:\n  edit: deny\n');
    symlinkSync('shared.yaml', join(root, '.chord-patch.yaml'));
    expect((await loadConfig({ cwd: root }))!.permission).toHaveLength(1);
    const home = join(dir, 'config-home');
    mkdirSync(join(home, 'chord-patch'), { recursive: true });
    writeFileSync(join(home, 'chord-patch', 'project.yaml'), 'permission:\n  write: deny\n');
    rmSync(join(root, '.chord-patch.yaml'));
    symlinkSync(join(home, 'chord-patch', 'project.yaml'), join(root, '.chord-patch.yaml'));
    const saved = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = home;
    try {
      expect((await loadConfig({ cwd: root }))!.permission![0]!.tool).toBe('write');
    } finally {
      if (saved === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = saved;
    }
  });

  it('refuses a link to /dev/zero at once instead of reading it', async () => {
    const root = fresh();
    symlinkSync('/dev/zero', join(root, '.chord-patch.yaml'));
    await expect(loadConfig({ cwd: root })).rejects.toThrow(/outside the project/);
    await expect(loadConfig({ file: '/dev/zero' })).rejects.toThrow(/\/dev\/zero: is a device, not a regular file/);
  });

  it('refuses a FIFO without waiting for a writer', async () => {
    const root = fresh();
    execFileSync('mkfifo', [join(root, '.chord-patch.yaml')]);
    await expect(loadConfig({ cwd: root })).rejects.toThrow(/is a FIFO, not a regular file/);
    await expect(loadConfig({ file: join(root, '.chord-patch.yaml') })).rejects.toThrow(/is a FIFO, not a regular file/);
  });

  it('refuses a config larger than the bound, and one that is not UTF-8', async () => {
    const root = fresh();
    writeFileSync(join(root, '.chord-patch.yaml'), Buffer.alloc(MAX_CONFIG_BYTES + 1, 0x20));
    await expect(loadConfig({ cwd: root })).rejects.toThrow(/is larger than the 4194304 bytes a config may hold/);
    writeFileSync(join(root, '.chord-patch.yaml'), Buffer.from([0x70, 0xff, 0x3a]));
    await expect(loadConfig({ cwd: root })).rejects.toThrow(/is not UTF-8 text/);
  });
});
