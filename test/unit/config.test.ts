import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, configFromData, loadConfig, parseConfig } from '../../src/config/config.js';

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
  it.each([
    ['an unknown top-level key', 'permissions:\n  edit: allow\n', 'permissions', 'unknown key'],
    ['an unknown provider key', 'providers:\n  p:\n    api_url: x\n', 'providers.p.api_url', 'unknown key'],
    [
      'an unknown provider type',
      'providers:\n  p:\n    type: gemini\n',
      'providers.p.type',
      'expected one of responses, chat-completions, chat, messages; found "gemini"',
    ],
    ['an unknown compat key', 'providers:\n  p:\n    compat:\n      edit: {}\n', 'providers.p.compat.edit', 'expected "apply_patch"'],
    [
      'an unknown apply_patch key',
      'providers:\n  p:\n    compat:\n      apply_patch:\n        enable: true\n',
      'providers.p.compat.apply_patch.enable',
      'expected "enabled" or "freeform"',
    ],
    [
      'a non-boolean flag',
      'providers:\n  p:\n    models:\n      gpt-5.5:\n        compat:\n          apply_patch:\n            freeform: "no"\n',
      'providers.p.models["gpt-5.5"].compat.apply_patch.freeform',
      'expected true or false',
    ],
    [
      'an unknown model key',
      'providers:\n  p:\n    models:\n      m:\n        limit: 3\n',
      'providers.p.models.m.limit',
      'expected "compat"',
    ],
    ['an unknown permission tool', 'permission:\n  bash: allow\n', 'permission.bash', 'unknown tool'],
    [
      'a bad permission action',
      'permission:\n  edit: allw\n',
      'permission.edit',
      'expected allow, deny, ask or a map of path globs to actions; found "allw"',
    ],
    [
      'a bad action under a glob',
      'permission:\n  write:\n    "gen/**": no\n',
      'permission.write["gen/**"]',
      'expected allow, deny, ask; found "no"',
    ],
    [
      'an unclosed brace in a glob',
      'permission:\n  apply_patch:\n    "secrets/*.{key,pem": deny\n',
      'permission.apply_patch["secrets/*.{key,pem"]',
      'is never closed',
    ],
    ['an unclosed class in a glob', 'permission:\n  edit:\n    "[ab.txt": deny\n', 'permission.edit["[ab.txt"]', 'is never closed'],
    [
      'a brace with no alternatives',
      'permission:\n  edit:\n    "log{1..3}.txt": deny\n',
      'permission.edit["log{1..3}.txt"]',
      'has no comma',
    ],
    ['a backwards range', 'permission:\n  delete:\n    "[z-a]": deny\n', 'permission.delete["[z-a]"]', 'runs backwards'],
    [
      'a glob naming a directory',
      'permission:\n  write:\n    "secrets/": deny\n',
      'permission.write["secrets/"]',
      'write "secrets/**" for the files under it',
    ],
    ['a list where a mapping belongs', 'providers:\n  - p\n', 'providers', 'expected a mapping'],
    ['a top-level list', '- a\n', '(top level)', 'expected a mapping'],
  ])('names the key for %s', async (_name, text, key, problem) => {
    const e = await configError(text);
    expect(e.key).toBe(key);
    expect(e.message).toBe(`c.yaml: ${key}: ${e.message.slice(`c.yaml: ${key}: `.length)}`);
    expect(e.message).toContain(problem);
  });

  it('reports YAML syntax errors with their position', async () => {
    const e = await configError('permission:\n  edit: [allow\n');
    expect(e.key).toBe('');
    expect(e.message).toMatch(/^c\.yaml: not valid YAML: .*line \d+/s);
  });

  it('reports duplicate keys', async () => {
    const e = await configError('permission:\n  edit: allow\n  edit: deny\n');
    expect(e.message).toContain('not valid YAML');
  });
});

describe('finding the config file', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads .chord-patch.yaml in the working directory when present', async () => {
    dir = mkdtempSync(join(tmpdir(), 'chord-patch-config-'));
    expect(await loadConfig({ cwd: dir })).toBeUndefined();
    writeFileSync(join(dir, '.chord-patch.yaml'), 'permission:\n  edit: deny\n');
    const c = await loadConfig({ cwd: dir });
    expect(c!.source).toBe(join(dir, '.chord-patch.yaml'));
    expect(c!.permission).toHaveLength(1);
  });

  it('prefers an explicit file and fails when it is missing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'chord-patch-config-'));
    writeFileSync(join(dir, '.chord-patch.yaml'), 'permission:\n  edit: deny\n');
    writeFileSync(join(dir, 'other.yaml'), 'permission:\n  edit: allow\n');
    expect((await loadConfig({ file: join(dir, 'other.yaml'), cwd: dir }))!.permission![0]!.action).toBe('allow');
    await expect(loadConfig({ file: join(dir, 'missing.yaml') })).rejects.toThrow(/missing\.yaml: cannot read the config file/);
  });
});
