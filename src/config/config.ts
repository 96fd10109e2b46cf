// The chord-patch config file (YAML): provider and model compat overrides for
// the tool surface, and permission rules for the file tools.
//
//   providers:
//     <name>:
//       type: responses | chat-completions (alias chat) | messages
//       compat: { apply_patch: { enabled: bool, freeform: bool } }
//       models:
//         <model>: { compat: { apply_patch: { enabled: bool, freeform: bool } } }
//   permission:            # or a single action: `permission: deny`
//     edit | apply_patch | patch | write | delete | "*": allow | deny | ask
//                                                   or { <path glob>: allow | deny | ask, ... }
//
// Validation is strict: an unknown key or a bad value is an error naming the
// key path, because a silently ignored typo in a permission or override is
// worse than a refusal to start. Every compat key is three-state: omitted (or
// null) keeps the inference.
//
// The yaml package is imported lazily, and only when a config file exists, so
// commands that never see a config do not pay for loading it.

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type PermissionAction, type PermissionRule, type PermissionTool, patternProblem } from './permissions.js';

/** Looked up in the working directory when no --config is given. */
export const DEFAULT_CONFIG_FILE = '.chord-patch.yaml';

/** The wire protocol a provider speaks; decides which tool shapes exist. */
export type Endpoint = 'responses' | 'chat' | 'messages';

export interface ApplyPatchCompat {
  /** true: apply_patch surface; false: edit surface; undefined: infer from the model name. */
  enabled?: boolean;
  /** true: custom tool with the grammar; false: JSON function; undefined: infer. */
  freeform?: boolean;
}

export interface ProviderConfig {
  type?: Endpoint;
  compat: ApplyPatchCompat;
  /** Per-model overrides, keyed by model name as written. */
  models: Map<string, ApplyPatchCompat>;
}

export interface Config {
  /** Where the config came from (a path), for messages. */
  source: string;
  providers: Map<string, ProviderConfig>;
  /** Ordered rules; undefined when the config has no `permission:` section (everything allowed). */
  permission?: PermissionRule[];
}

export class ConfigError extends Error {
  constructor(
    readonly source: string,
    /** The offending key path (`permission.edit`), or '' for file-level problems. */
    readonly key: string,
    problem: string,
  ) {
    super(key ? `${source}: ${key}: ${problem}` : `${source}: ${problem}`);
    this.name = 'ConfigError';
  }
}

const PROVIDER_TYPES: Record<string, Endpoint> = {
  responses: 'responses',
  'chat-completions': 'chat',
  chat: 'chat',
  messages: 'messages',
};

const TOOL_KEYS: Record<string, PermissionTool> = {
  edit: 'edit',
  apply_patch: 'apply_patch',
  patch: 'apply_patch',
  write: 'write',
  delete: 'delete',
  '*': '*',
};

const ACTIONS: readonly PermissionAction[] = ['allow', 'deny', 'ask'];

/**
 * Read the config: `file` when given (relative to the process's directory,
 * like any file argument; missing is an error), otherwise DEFAULT_CONFIG_FILE
 * in `cwd` when present. Resolves to undefined when there is no config.
 */
export async function loadConfig(options: { file?: string; cwd?: string } = {}): Promise<Config | undefined> {
  let path: string;
  if (options.file !== undefined) {
    path = resolve(options.file);
  } else {
    path = join(resolve(options.cwd ?? process.cwd()), DEFAULT_CONFIG_FILE);
    if (!existsSync(path)) return undefined;
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new ConfigError(options.file ?? path, '', `cannot read the config file (${(e as Error).message})`);
  }
  return parseConfig(text, options.file ?? path);
}

/** Parse and validate config text (YAML; JSON is YAML too). */
export async function parseConfig(text: string, source = 'config'): Promise<Config> {
  const YAML = await import('yaml');
  const doc = YAML.parseDocument(text, { merge: true, prettyErrors: true });
  const problem = doc.errors[0];
  if (problem) throw new ConfigError(source, '', `not valid YAML: ${problem.message}`);
  return configFromData(doc.toJS({ mapAsMap: true, maxAliasCount: 1000 }), source);
}

/** Validate already-parsed data (plain objects or Maps), e.g. from JSON. */
export function configFromData(data: unknown, source = 'config'): Config {
  const fail = (key: string, problem: string): never => {
    throw new ConfigError(source, key, problem);
  };
  const config: Config = { source, providers: new Map() };
  if (data === null || data === undefined) return config;
  for (const [key, value] of entriesOf(data, '', fail)) {
    if (key === 'providers') {
      for (const [name, p] of entriesOf(value, 'providers', fail))
        config.providers.set(name, providerFrom(p, keyPath('providers', name), fail));
    } else if (key === 'permission') {
      if (value !== null) config.permission = permissionFrom(value, 'permission', fail);
    } else {
      fail(keyPath('', key), 'unknown key; expected "providers" or "permission"');
    }
  }
  return config;
}

type Fail = (key: string, problem: string) => never;

function providerFrom(value: unknown, at: string, fail: Fail): ProviderConfig {
  const provider: ProviderConfig = { compat: {}, models: new Map() };
  for (const [key, v] of entriesOf(value, at, fail)) {
    const here = keyPath(at, key);
    if (key === 'type') {
      const type = typeof v === 'string' ? PROVIDER_TYPES[v] : undefined;
      if (!type) fail(here, `expected one of ${Object.keys(PROVIDER_TYPES).join(', ')}; found ${show(v)}`);
      provider.type = type;
    } else if (key === 'compat') {
      provider.compat = compatFrom(v, here, fail);
    } else if (key === 'models') {
      for (const [model, m] of entriesOf(v, here, fail)) {
        const modelAt = keyPath(here, model);
        let compat: ApplyPatchCompat = {};
        for (const [mk, mv] of entriesOf(m, modelAt, fail)) {
          if (mk !== 'compat') fail(keyPath(modelAt, mk), 'unknown key; expected "compat"');
          compat = compatFrom(mv, keyPath(modelAt, mk), fail);
        }
        provider.models.set(model, compat);
      }
    } else {
      fail(here, 'unknown key; expected "type", "compat" or "models"');
    }
  }
  return provider;
}

function compatFrom(value: unknown, at: string, fail: Fail): ApplyPatchCompat {
  const compat: ApplyPatchCompat = {};
  for (const [key, v] of entriesOf(value, at, fail)) {
    const here = keyPath(at, key);
    if (key !== 'apply_patch') fail(here, 'unknown key; expected "apply_patch"');
    for (const [k, flag] of entriesOf(v, here, fail)) {
      const flagAt = keyPath(here, k);
      if (k !== 'enabled' && k !== 'freeform') fail(flagAt, 'unknown key; expected "enabled" or "freeform"');
      if (flag === null) continue;
      if (typeof flag !== 'boolean') fail(flagAt, `expected true or false (omit the key to keep the inference); found ${show(flag)}`);
      compat[k as 'enabled' | 'freeform'] = flag as boolean;
    }
  }
  return compat;
}

function permissionFrom(value: unknown, at: string, fail: Fail): PermissionRule[] {
  const actionOf = (v: unknown, here: string, alsoMap: boolean): PermissionAction => {
    if (typeof v === 'string' && (ACTIONS as readonly string[]).includes(v)) return v as PermissionAction;
    return fail(here, `expected ${ACTIONS.join(', ')}${alsoMap ? ' or a map of path globs to actions' : ''}; found ${show(v)}`);
  };
  // `permission: deny` is shorthand for `permission: {"*": deny}` (as in Chord).
  if (typeof value === 'string') return [{ tool: '*', pattern: '*', action: actionOf(value, at, true), key: '*', blanket: true }];
  const rules: PermissionRule[] = [];
  for (const [key, v] of entriesOf(value, at, fail)) {
    const here = keyPath(at, key);
    const tool = TOOL_KEYS[key.trim()];
    if (!tool) fail(here, `unknown tool; expected edit, apply_patch (or its alias patch), write, delete or "*"`);
    const name = key.trim();
    if (typeof v === 'string' || v === null || typeof v !== 'object') {
      rules.push({ tool: tool!, pattern: '*', action: actionOf(v, here, true), key: name, blanket: true });
      continue;
    }
    for (const [glob, action] of entriesOf(v, here, fail)) {
      const problem = patternProblem(glob);
      if (problem) fail(keyPath(here, glob), problem);
      rules.push({ tool: tool!, pattern: glob, action: actionOf(action, keyPath(here, glob), false), key: name, blanket: false });
    }
  }
  return rules;
}

/** The entries of a mapping (a Map from the YAML reader, or a plain object), in document order. */
function entriesOf(value: unknown, at: string, fail: Fail): [string, unknown][] {
  if (value === null || value === undefined) return [];
  if (value instanceof Map) return [...value.entries()].map(([k, v]) => [String(k), v]);
  if (typeof value === 'object' && !Array.isArray(value)) return Object.entries(value);
  return fail(at || '(top level)', `expected a mapping of keys to values; found ${show(value)}`);
}

/** `providers.openai.models["gpt-5.5"]`: plain segments dotted, others quoted. */
function keyPath(at: string, key: string): string {
  const seg = /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) ? key : `[${JSON.stringify(key)}]`;
  if (!at) return seg;
  return seg.startsWith('[') ? `${at}${seg}` : `${at}.${seg}`;
}

function show(v: unknown): string {
  if (v instanceof Map) return 'a mapping';
  if (Array.isArray(v)) return 'a list';
  if (v === null) return 'null';
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}
