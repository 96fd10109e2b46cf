// Which edit tool a model gets, in which wire shape (the spec's "Tool
// Selection", "Freeform (custom tool) emission" and "Overriding the defaults").
//
//   1. Surface: patch-native model names (gpt-<N>, N >= 5, and
//      codex-auto-review) get apply_patch; everything else gets edit.
//      compat.apply_patch.enabled overrides that, model level over provider
//      level. Permission rules that disable one editor fall back to the other.
//   2. Companions: a model on its native apply_patch surface sees no write or
//      delete tool (the envelope adds and deletes files). Every fallback keeps
//      them: an edit surface needs write to create files, and a model that only
//      got apply_patch because edit is disabled was never trained to create
//      files through the envelope.
//   3. Shape: on a Responses endpoint a patch-native model's apply_patch is a
//      freeform custom tool carrying the Lark grammar; otherwise it is a JSON
//      function taking {"patch"}. compat.apply_patch.freeform overrides the
//      inference, except that other endpoints have no custom tool type at all.

import type { ApplyPatchCompat, Config, Endpoint, ProviderConfig } from '../config/config.js';
import { APPLY_PATCH_GRAMMAR } from './grammar.js';
import { isToolDisabled } from '../config/permissions.js';

export type { Endpoint } from '../config/config.js';
export type Surface = 'apply_patch' | 'edit' | 'none';
/** A tool definition exactly as it goes into the request's `tools` array. */
export type ToolDefinition = Record<string, unknown>;

export interface ToolSelection {
  /** The model name as given. */
  model: string;
  /** The provider whose overrides applied (given or taken from a `provider/` prefix), or null. */
  provider: string | null;
  endpoint: Endpoint;
  surface: Surface;
  /** apply_patch goes out as the freeform custom tool. */
  freeform: boolean;
  tools: ToolDefinition[];
  /** Why the result differs from the plain inference (fallbacks, ignored overrides). */
  notes: string[];
}

export interface SelectOptions {
  model: string;
  /** Provider name in the config; default: the model name's `provider/` prefix when the config has that provider. */
  provider?: string;
  /** Default: the provider's `type`, else "responses". */
  endpoint?: Endpoint;
  config?: Config;
}

/** `openrouter/openai/GPT-5.5@high` -> `gpt-5.5`: no provider prefix, no @variant, lower case. */
export function modelBaseName(name: string): string {
  const last = name.trim().split('/').pop() ?? '';
  const at = last.indexOf('@');
  return (at >= 0 ? last.slice(0, at) : last).toLowerCase();
}

/**
 * Trained on apply_patch: `gpt-<N>` with N >= 5 followed by the end, `.` or
 * `-` (gpt-5, gpt-5-mini, gpt-5.5, gpt-6-astra; not gpt-4o, gpt-oss-120b,
 * gpt-5x), and exactly `codex-auto-review`.
 */
export function isPatchNative(name: string): boolean {
  const base = modelBaseName(name);
  if (base === 'codex-auto-review') return true;
  const m = /^gpt-(\d+)(?:$|[.-])/.exec(base);
  return m !== null && Number(m[1]) >= 5;
}

export function selectTools(options: SelectOptions): ToolSelection {
  const model = options.model.trim();
  if (model === '') throw new TypeError('selectTools: the model name is empty');
  const { config } = options;
  const notes: string[] = [];

  // Provider: explicit, or the first segment of `provider/model` when the config knows it.
  let provider = options.provider ?? null;
  let modelKey = model;
  const slash = model.indexOf('/');
  if (provider === null && slash > 0 && config?.providers.has(model.slice(0, slash))) {
    provider = model.slice(0, slash);
    modelKey = model.slice(slash + 1);
  } else if (provider !== null && model.startsWith(`${provider}/`)) {
    modelKey = model.slice(provider.length + 1);
  }
  const providerConfig = provider !== null ? config?.providers.get(provider) : undefined;
  if (provider !== null && config && config.providers.size > 0 && !providerConfig) {
    notes.push(`provider "${provider}" is not in ${config.source}; no overrides applied`);
  }
  const modelCompat = providerConfig ? findModel(providerConfig, modelKey) : undefined;
  const enabled = modelCompat?.enabled ?? providerConfig?.compat.enabled;
  const freeformOverride = modelCompat?.freeform ?? providerConfig?.compat.freeform;
  const endpoint = options.endpoint ?? providerConfig?.type ?? 'responses';

  const native = isPatchNative(model);
  const wantsPatch = enabled ?? native;
  const rules = config?.permission;
  const off = (tool: 'edit' | 'apply_patch' | 'write' | 'delete') => (rules ? isToolDisabled(rules, tool) : false);

  let surface: Surface;
  if (wantsPatch) {
    surface = !off('apply_patch') ? 'apply_patch' : !off('edit') ? 'edit' : 'none';
  } else {
    surface = !off('edit') ? 'edit' : !off('apply_patch') ? 'apply_patch' : 'none';
  }
  if (surface === 'none') notes.push('permission rules disable both apply_patch and edit');
  else if (wantsPatch && surface === 'edit') notes.push('apply_patch is disabled by the permission rules; falling back to edit');
  else if (!wantsPatch && surface === 'apply_patch') notes.push('edit is disabled by the permission rules; falling back to apply_patch');

  // Only a model on the patch surface it asked for loses write and delete.
  const nativeSurface = surface === 'apply_patch' && wantsPatch;
  const withWrite = !nativeSurface && !off('write');
  const withDelete = !nativeSurface && !off('delete');

  let freeform = false;
  if (surface === 'apply_patch') {
    const wanted = freeformOverride ?? native;
    freeform = wanted && endpoint === 'responses';
    if (freeformOverride === true && endpoint !== 'responses') {
      notes.push(
        `compat.apply_patch.freeform: true has no effect on a ${endpoint} endpoint ` +
          '(it has no custom tool type); sending the JSON function shape',
      );
    }
  }

  const tools: ToolDefinition[] = [];
  if (surface === 'apply_patch')
    tools.push(
      freeform
        ? customPatchTool(nativeSurface)
        : functionTool(endpoint, 'apply_patch', patchDescription(nativeSurface, false), PATCH_PARAMETERS),
    );
  if (surface === 'edit') tools.push(functionTool(endpoint, 'edit', editDescription(withWrite), EDIT_PARAMETERS));
  if (withWrite) tools.push(functionTool(endpoint, 'write', writeDescription(surface), WRITE_PARAMETERS));
  if (withDelete) tools.push(functionTool(endpoint, 'delete', DELETE_DESCRIPTION, DELETE_PARAMETERS));
  return { model, provider, endpoint, surface, freeform, tools, notes };
}

/**
 * The tools when no model is named (the MCP server without --model): both
 * editors, each with its fallback companions write and delete, minus what
 * the permission rules disable outright. Shaped as for a Messages endpoint
 * (name, description, input_schema), the shape closest to MCP's.
 */
export function bothEditorTools(config?: Config): ToolDefinition[] {
  const rules = config?.permission;
  const off = (tool: 'edit' | 'apply_patch' | 'write' | 'delete') => (rules ? isToolDisabled(rules, tool) : false);
  const tools: ToolDefinition[] = [];
  if (!off('apply_patch')) tools.push(functionTool('messages', 'apply_patch', patchDescription(false, false), PATCH_PARAMETERS));
  if (!off('edit')) tools.push(functionTool('messages', 'edit', editDescription(!off('write')), EDIT_PARAMETERS));
  if (!off('write'))
    tools.push(
      functionTool(
        'messages',
        'write',
        writeDescription(!off('edit') ? 'edit' : !off('apply_patch') ? 'apply_patch' : 'none'),
        WRITE_PARAMETERS,
      ),
    );
  if (!off('delete')) tools.push(functionTool('messages', 'delete', DELETE_DESCRIPTION, DELETE_PARAMETERS));
  return tools;
}

function findModel(provider: ProviderConfig, key: string): ApplyPatchCompat | undefined {
  const bare = key.replace(/@[^/@]*$/, '');
  for (const k of [key, bare]) {
    const hit = provider.models.get(k);
    if (hit) return hit;
  }
  const lower = bare.toLowerCase();
  for (const [k, v] of provider.models) if (k.toLowerCase() === lower) return v;
  return undefined;
}

// ------------------------------------------------------------------- shapes

function functionTool(endpoint: Endpoint, name: string, description: string, parameters: object): ToolDefinition {
  if (endpoint === 'chat') return { type: 'function', function: { name, description, parameters } };
  if (endpoint === 'messages') return { name, description, input_schema: parameters };
  // Responses function tools default to strict mode, which forbids optional
  // properties; these schemas have some, so strict is turned off explicitly.
  return { type: 'function', name, description, parameters, strict: false };
}

function customPatchTool(nativeSurface: boolean): ToolDefinition {
  return {
    type: 'custom',
    name: 'apply_patch',
    description: patchDescription(nativeSurface, true),
    format: { type: 'grammar', syntax: 'lark', definition: APPLY_PATCH_GRAMMAR },
  };
}

export const PATCH_PARAMETERS = {
  type: 'object',
  properties: {
    patch: { type: 'string', description: 'The whole patch, from "*** Begin Patch" to "*** End Patch".' },
  },
  required: ['patch'],
  additionalProperties: false,
};

const REPLACEMENT_PROPERTIES = {
  old_string: { type: 'string', description: 'Exact text to find, including indentation and line breaks.' },
  new_string: { type: 'string', description: 'Text to put in its place.' },
  replace_all: { type: 'boolean', description: 'Replace every occurrence instead of requiring exactly one (default false).' },
};

// One flat object schema: several providers reject anyOf/oneOf at the top
// level of tool parameters, so the "single or edits" choice is stated in the
// descriptions and enforced when the call is parsed.
export const EDIT_PARAMETERS = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'File to edit, relative to the working directory.' },
    ...REPLACEMENT_PROPERTIES,
    edits: {
      type: 'array',
      description: 'Several replacements in this file, instead of old_string/new_string/replace_all.',
      minItems: 1,
      items: { type: 'object', properties: REPLACEMENT_PROPERTIES, required: ['old_string', 'new_string'], additionalProperties: false },
    },
  },
  required: ['path'],
  additionalProperties: false,
};

export const WRITE_PARAMETERS = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'File to create or overwrite, relative to the working directory.' },
    content: { type: 'string', description: 'The complete new content of the file.' },
  },
  required: ['path', 'content'],
  additionalProperties: false,
};

export const DELETE_PARAMETERS = {
  type: 'object',
  properties: { path: { type: 'string', description: 'File to delete, relative to the working directory.' } },
  required: ['path'],
  additionalProperties: false,
};

export function patchDescription(nativeSurface: boolean, freeform: boolean): string {
  return [
    freeform
      ? 'Edit files with a patch. Send the patch text itself as the input (not JSON).'
      : 'Edit files with a patch. Pass the whole patch as the "patch" argument.',
    'One patch can add, update, move and delete several files:',
    '',
    '*** Begin Patch',
    '*** Add File: docs/notes.md',
    '+Every line of a new file starts with "+".',
    '*** Update File: src/app.py',
    '*** Move to: src/main.py',
    '@@ def main():',
    '     print("unchanged context")',
    '-    print("old")',
    '+    print("new")',
    '*** Delete File: tmp/old.txt',
    '*** End Patch',
    '',
    '- Paths are relative to the working directory.',
    '- "*** Move to:" is optional and goes directly after its "*** Update File:" line; a rename still needs one hunk.',
    '- In a hunk every line starts with " " (unchanged context), "-" (removed) or "+" (added). ' +
      'Give about three context lines around each change. ' +
      'Text after "@@" may name a line above the change, such as a function signature, to pick the right place.',
    '- Hunks of one file apply top to bottom. Put "*** End of File" after a hunk that must match the end of the file.',
    ...(nativeSurface ? ['- Create files with "*** Add File:" and remove them with "*** Delete File:".'] : []),
    '- Each file is applied or rejected as a whole. ' +
      'When some files fail, the others are still written; the result lists what was applied and why the rest was not. ' +
      'Resubmit only the failed operations, rebuilt from a fresh read of those files.',
  ].join('\n');
}

export function editDescription(withWrite: boolean): string {
  return [
    'Replace exact text in one existing file.',
    'Give old_string and new_string: old_string must match the file exactly, including indentation and line breaks, ' +
      'and must occur exactly once unless replace_all is true.',
    'Or give edits: a list of {old_string, new_string, replace_all} replacements, all matched against the original file ' +
      'and written together; if any of them fails, nothing is written and every failure is reported.',
    'Do not combine edits with old_string/new_string. Read the file first when you are not sure of its exact text.',
    ...(withWrite ? ['To create a file or replace all of it, use write.'] : []),
  ].join(' ');
}

export function writeDescription(editor: Surface): string {
  return [
    'Create a file, or replace the entire content of an existing file, with the given text. Paths are relative to the working directory.',
    ...(editor !== 'none' ? [`For changes to part of a file, use ${editor} instead.`] : []),
  ].join(' ');
}

export const DELETE_DESCRIPTION = 'Delete one file. Paths are relative to the working directory.';
