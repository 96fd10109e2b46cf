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
// A message names the file, the line and the problem, never what the file
// holds: the config may be anything the repository ships (or a file the user
// did not mean), and messages reach the model. So key paths spell the keys
// this schema defines and stand in for the names a user chooses (`<provider>`,
// `<model>`, `<glob>`), and a bad value is described by its kind.
// config/read.ts reads the file (only a bounded regular file, never through a
// link out of the project); config/yaml-data.ts parses it with bounds.

import { type PermissionAction, type PermissionRule, type PermissionTool, patternProblem } from './permissions.js';
import { readConfigText } from './read.js';
import { dataNode, type YEntry, type YNode, YamlDataError, yamlData } from './yaml-data.js';

export { DEFAULT_CONFIG_FILE } from './read.js';

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
  /** The real location of the file read (absent for text or data given directly): no patch may write it. */
  file?: string;
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
    /** 1-based line in the file; 0 when unknown (data not read from text, or the file as a whole). */
    readonly line = 0,
  ) {
    const where = [source, ...(line > 0 ? [`line ${line}`] : []), ...(key ? [key] : [])].join(': ');
    super(`${where}: ${problem}`);
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
 * Throws ConfigError for a file that cannot or must not be read, or is invalid.
 */
export async function loadConfig(options: { file?: string; cwd?: string } = {}): Promise<Config | undefined> {
  const read = readConfigText(options);
  if (read === undefined) return undefined;
  if ('problem' in read) throw new ConfigError(read.source, '', read.problem);
  return { ...(await parseConfig(read.text, read.source)), file: read.real };
}

/** Parse and validate config text (YAML; JSON is YAML too). */
export async function parseConfig(text: string, source = 'config'): Promise<Config> {
  let data: YNode;
  try {
    data = await yamlData(text);
  } catch (e) {
    if (e instanceof YamlDataError) throw new ConfigError(source, '', e.message, e.line);
    throw e;
  }
  return configFromNode(data, source);
}

/** Validate already-parsed data (plain objects or Maps), e.g. from JSON. */
export function configFromData(data: unknown, source = 'config'): Config {
  let node: YNode;
  try {
    node = dataNode(data);
  } catch (e) {
    if (e instanceof YamlDataError) throw new ConfigError(source, '', e.message);
    throw e;
  }
  return configFromNode(node, source);
}

type Fail = (key: string, problem: string, line: number) => never;

function configFromNode(data: YNode, source: string): Config {
  const fail: Fail = (key, problem, line) => {
    throw new ConfigError(source, key, problem, line);
  };
  const config: Config = { source, providers: new Map() };
  if (isNull(data)) return config;
  for (const e of entriesOf(data, '', fail)) {
    if (e.key === 'providers') {
      for (const p of entriesOf(e.value, 'providers', fail)) config.providers.set(p.key, providerFrom(p, 'providers.<provider>', fail));
    } else if (e.key === 'permission') {
      if (!isNull(e.value)) config.permission = permissionFrom(e.value, 'permission', fail);
    } else {
      fail('', 'unknown top-level key; expected "providers" or "permission"', e.line);
    }
  }
  return config;
}

const isNull = (n: YNode): boolean => n.kind === 'scalar' && (n.value === null || n.value === undefined);

function providerFrom(entry: YEntry, at: string, fail: Fail): ProviderConfig {
  const provider: ProviderConfig = { compat: {}, models: new Map() };
  for (const e of entriesOf(entry.value, at, fail)) {
    const here = `${at}.${e.key}`;
    if (e.key === 'type') {
      const v = scalar(e.value);
      const type = typeof v === 'string' && Object.hasOwn(PROVIDER_TYPES, v) ? PROVIDER_TYPES[v] : undefined;
      if (!type) fail(here, `expected one of ${Object.keys(PROVIDER_TYPES).join(', ')}; found ${show(e.value)}`, e.value.line || e.line);
      provider.type = type;
    } else if (e.key === 'compat') {
      provider.compat = compatFrom(e.value, here, fail);
    } else if (e.key === 'models') {
      for (const m of entriesOf(e.value, here, fail)) {
        const modelAt = `${here}.<model>`;
        let compat: ApplyPatchCompat = {};
        for (const mk of entriesOf(m.value, modelAt, fail)) {
          if (mk.key !== 'compat') fail(modelAt, 'unknown key; expected "compat"', mk.line);
          compat = compatFrom(mk.value, `${modelAt}.compat`, fail);
        }
        provider.models.set(m.key, compat);
      }
    } else {
      fail(at, 'unknown key; expected "type", "compat" or "models"', e.line);
    }
  }
  return provider;
}

function compatFrom(value: YNode, at: string, fail: Fail): ApplyPatchCompat {
  const compat: ApplyPatchCompat = {};
  for (const e of entriesOf(value, at, fail)) {
    if (e.key !== 'apply_patch') fail(at, 'unknown key; expected "apply_patch"', e.line);
    const here = `${at}.apply_patch`;
    for (const f of entriesOf(e.value, here, fail)) {
      if (f.key !== 'enabled' && f.key !== 'freeform') fail(here, 'unknown key; expected "enabled" or "freeform"', f.line);
      const flag = scalar(f.value);
      if (flag === null) continue;
      if (typeof flag !== 'boolean')
        fail(`${here}.${f.key}`, `expected true or false (omit the key to keep the inference); found ${show(f.value)}`, f.line);
      compat[f.key as 'enabled' | 'freeform'] = flag as boolean;
    }
  }
  return compat;
}

function permissionFrom(value: YNode, at: string, fail: Fail): PermissionRule[] {
  const actionOf = (v: YNode, here: string, alsoMap: boolean, line: number): PermissionAction => {
    const a = scalar(v);
    if (typeof a === 'string' && (ACTIONS as readonly string[]).includes(a)) return a as PermissionAction;
    return fail(here, `expected ${ACTIONS.join(', ')}${alsoMap ? ' or a map of path globs to actions' : ''}; found ${show(v)}`, line);
  };
  // `permission: deny` is shorthand for `permission: {"*": deny}` (as in Chord).
  if (value.kind !== 'map') return [{ tool: '*', pattern: '*', action: actionOf(value, at, true, value.line), key: '*', blanket: true }];
  const rules: PermissionRule[] = [];
  for (const e of value.entries) {
    const name = e.key.trim();
    const tool = Object.hasOwn(TOOL_KEYS, name) ? TOOL_KEYS[name] : undefined;
    if (!tool) fail(at, 'unknown tool; expected edit, apply_patch (or its alias patch), write, delete or "*"', e.line);
    const here = `${at}.${name}`;
    if (e.value.kind !== 'map') {
      rules.push({ tool: tool!, pattern: '*', action: actionOf(e.value, here, true, e.value.line || e.line), key: name, blanket: true });
      continue;
    }
    for (const g of e.value.entries) {
      const problem = patternProblem(g.key);
      if (problem) fail(`${here}.<glob>`, problem, g.line);
      rules.push({ tool: tool!, pattern: g.key, action: actionOf(g.value, `${here}.<glob>`, false, g.line), key: name, blanket: false });
    }
  }
  return rules;
}

/** The entries of a mapping, in document order; null is an empty mapping. */
function entriesOf(node: YNode, at: string, fail: Fail): YEntry[] {
  if (isNull(node)) return [];
  if (node.kind === 'map') return node.entries;
  return fail(at || '(top level)', `expected a mapping of keys to values; found ${show(node)}`, node.line);
}

const scalar = (n: YNode): unknown => (n.kind === 'scalar' ? (n.value ?? null) : undefined);

/** What a value is, without what it says. */
function show(n: YNode): string {
  if (n.kind === 'map') return 'a mapping';
  if (n.kind === 'seq') return 'a list';
  const v = n.value;
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return `a string of ${Array.from(v).length} characters`;
  return `a ${typeof v === 'number' || typeof v === 'bigint' ? 'number' : 'value'}`;
}
