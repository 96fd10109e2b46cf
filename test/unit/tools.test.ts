import { describe, expect, it } from 'vitest';
import { configFromData } from '../../src/config/config.js';
import { validatePatch } from '../../src/input/validate.js';
import { APPLY_PATCH_GRAMMAR } from '../../src/models/grammar.js';
import { isPatchNative, modelBaseName, selectTools, type ToolDefinition } from '../../src/models/tools.js';

const names = (tools: ToolDefinition[]) => tools.map((t) => (t.function as { name: string } | undefined)?.name ?? (t.name as string));

// model, surface, apply_patch shape on a Responses endpoint, on a chat endpoint
// ('-' when the model gets no apply_patch).
type Row = [string, 'apply_patch' | 'edit', 'custom' | 'function' | '-', 'function' | '-'];
type Expect = [Row[1], Row[2], Row[3]];
const P: Expect = ['apply_patch', 'custom', 'function'];
const E: Expect = ['edit', '-', '-'];
const MODELS: Row[] = [
  ['gpt-5', ...P],
  ['gpt-5-mini', ...P],
  ['gpt-5-nano', ...P],
  ['gpt-5-codex', ...P],
  ['gpt-5.1', ...P],
  ['gpt-5.1-codex-max', ...P],
  ['gpt-5.2', ...P],
  ['gpt-5.3-codex', ...P],
  ['gpt-5.5', ...P],
  ['gpt-5.5-pro', ...P],
  ['gpt-6', ...P],
  ['gpt-6-astra', ...P],
  ['gpt-7.1-mini', ...P],
  ['gpt-10', ...P],
  ['GPT-5.5', ...P],
  ['Gpt-5-Codex', ...P],
  ['openai/gpt-5.5', ...P],
  ['openrouter/openai/gpt-5.2-codex', ...P],
  ['azure/gpt-5-mini@high', ...P],
  ['gpt-5.5@xhigh', ...P],
  ['  gpt-5  ', ...P],
  ['codex-auto-review', ...P],
  ['openai/codex-auto-review@low', ...P],
  ['CODEX-AUTO-REVIEW', ...P],
  ['gpt-4', ...E],
  ['gpt-4o', ...E],
  ['gpt-4o-mini', ...E],
  ['gpt-4.1', ...E],
  ['gpt-4.5-preview', ...E],
  ['gpt-4-5', ...E],
  ['openai/gpt-4o@high', ...E],
  ['gpt-3.5-turbo', ...E],
  ['gpt-oss-120b', ...E],
  ['gpt-oss-20b', ...E],
  ['openrouter/openai/gpt-oss-120b', ...E],
  ['gpt-5x', ...E],
  ['gpt-5o', ...E],
  ['gpt5', ...E],
  ['gpt-', ...E],
  ['chatgpt-4o-latest', ...E],
  ['o1', ...E],
  ['o3', ...E],
  ['o3-mini', ...E],
  ['o4-mini', ...E],
  ['codex-mini-latest', ...E],
  ['codex-auto-review-2', ...E],
  ['my-codex-auto-review', ...E],
  ['claude-sonnet-4-5', ...E],
  ['anthropic/claude-opus-4.7@xhigh', ...E],
  ['qwen3-coder-plus', ...E],
  ['glm-5.1', ...E],
  ['deepseek-v4-pro', ...E],
  ['gemini-3.1-pro-preview', ...E],
  ['MiniMax-M2', ...E],
  ['kimi-k2', ...E],
];

describe('choosing the tool surface from the model name', () => {
  it('covers at least 40 model names', () => {
    expect(MODELS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(MODELS)('%s gets the %s surface (Responses shape %s, chat shape %s)', (model, surface, responsesShape, chatShape) => {
    expect(isPatchNative(model)).toBe(surface === 'apply_patch');
    const responses = selectTools({ model, endpoint: 'responses' });
    expect(responses.surface).toBe(surface);
    expect(responses.freeform).toBe(responsesShape === 'custom');
    const chat = selectTools({ model, endpoint: 'chat' });
    expect(chat.surface).toBe(surface);
    expect(chat.freeform).toBe(false);
    if (surface === 'apply_patch') {
      expect(names(responses.tools)).toEqual(['apply_patch']);
      expect(responses.tools[0]!.type).toBe(responsesShape);
      expect(chat.tools[0]!.type).toBe(chatShape);
    } else {
      expect(names(responses.tools)).toEqual(['edit', 'write', 'delete']);
    }
  });

  it('strips provider prefixes and @variants and ignores case', () => {
    expect(modelBaseName('openrouter/openai/GPT-5.5@high')).toBe('gpt-5.5');
    expect(modelBaseName('codex-auto-review')).toBe('codex-auto-review');
  });

  it('reports the model as given and defaults to a Responses endpoint', () => {
    expect(selectTools({ model: 'openai/GPT-5.5@high' })).toMatchObject({
      model: 'openai/GPT-5.5@high',
      provider: null,
      endpoint: 'responses',
      surface: 'apply_patch',
      freeform: true,
      notes: [],
    });
  });
});

describe('tool definitions', () => {
  it('sends the Lark grammar byte for byte in the freeform custom tool', () => {
    const [tool] = selectTools({ model: 'gpt-5.5', endpoint: 'responses' }).tools;
    expect(tool).toEqual({
      type: 'custom',
      name: 'apply_patch',
      description: expect.stringContaining('Send the patch text itself as the input'),
      format: { type: 'grammar', syntax: 'lark', definition: APPLY_PATCH_GRAMMAR },
    });
  });

  it('shapes the apply_patch function around a required patch string', () => {
    const [tool] = selectTools({ model: 'gpt-5.5', endpoint: 'chat' }).tools;
    expect(tool).toEqual({
      type: 'function',
      function: {
        name: 'apply_patch',
        description: expect.stringContaining('Pass the whole patch as the "patch" argument.'),
        parameters: {
          type: 'object',
          properties: { patch: { type: 'string', description: expect.any(String) } },
          required: ['patch'],
          additionalProperties: false,
        },
      },
    });
  });

  it("uses each endpoint's own function shape", () => {
    const responses = selectTools({ model: 'claude-sonnet-4', endpoint: 'responses' }).tools[0]!;
    expect(Object.keys(responses).sort()).toEqual(['description', 'name', 'parameters', 'strict', 'type']);
    expect(responses).toMatchObject({ type: 'function', name: 'edit', strict: false });
    const chat = selectTools({ model: 'claude-sonnet-4', endpoint: 'chat' }).tools[0]!;
    expect(Object.keys(chat).sort()).toEqual(['function', 'type']);
    const messages = selectTools({ model: 'claude-sonnet-4', endpoint: 'messages' }).tools[0]!;
    expect(Object.keys(messages).sort()).toEqual(['description', 'input_schema', 'name']);
    expect(messages.input_schema).toEqual(responses.parameters);
  });

  it('lets the edit schema take path with old_string/new_string/replace_all, or edits', () => {
    const schema = selectTools({ model: 'claude-sonnet-4' }).tools[0]!.parameters as Record<string, any>;
    expect(schema.required).toEqual(['path']);
    expect(Object.keys(schema.properties)).toEqual(['path', 'old_string', 'new_string', 'replace_all', 'edits']);
    expect(schema.properties.replace_all.type).toBe('boolean');
    expect(schema.properties.edits.items.required).toEqual(['old_string', 'new_string']);
    expect(Object.keys(schema.properties.edits.items.properties)).toEqual(['old_string', 'new_string', 'replace_all']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('gives write a path and content and delete a path', () => {
    const [, write, del] = selectTools({ model: 'claude-sonnet-4' }).tools;
    expect((write!.parameters as any).required).toEqual(['path', 'content']);
    expect((del!.parameters as any).required).toEqual(['path']);
  });

  it('teaches an envelope example that conforms to the grammar', () => {
    const description = selectTools({ model: 'gpt-5' }).tools[0]!.description as string;
    const example = description.slice(
      description.indexOf('*** Begin Patch'),
      description.indexOf('*** End Patch') + '*** End Patch'.length,
    );
    expect(validatePatch(`${example}\n`)).toMatchObject({ conforms: true, tolerant: { accepted: true, operations: 3 } });
  });

  it('tells a patch-native model to add and delete files through the envelope only when write/delete are hidden', () => {
    const native = selectTools({ model: 'gpt-5' }).tools[0]!.description as string;
    expect(native).toContain('Create files with "*** Add File:"');
    const fallback = selectTools({
      model: 'qwen3',
      config: configFromData({ providers: {}, permission: { edit: 'deny', apply_patch: 'allow' } }),
    }).tools[0]!.description as string;
    expect(fallback).not.toContain('Create files with "*** Add File:"');
  });
});

describe('compat overrides from the spec', () => {
  const config = configFromData({
    providers: {
      'my-relay': { type: 'responses', compat: { apply_patch: { enabled: true, freeform: false } } },
      openai: { type: 'responses', models: { 'gpt-5.5': { compat: { apply_patch: { freeform: false } } } } },
    },
  });

  it('my-relay with enabled: true and freeform: false gives any model the apply_patch function and hides edit/write/delete', () => {
    for (const model of ['qwen3-coder-plus', 'gpt-5.5', 'claude-sonnet-4-5']) {
      const s = selectTools({ model, provider: 'my-relay', config });
      expect(s).toMatchObject({ provider: 'my-relay', endpoint: 'responses', surface: 'apply_patch', freeform: false });
      expect(names(s.tools)).toEqual(['apply_patch']);
      expect(s.tools[0]!.type).toBe('function');
    }
  });

  it('the openai gpt-5.5 model-level freeform: false sends the function shape while other models stay freeform', () => {
    expect(selectTools({ model: 'gpt-5.5', provider: 'openai', config })).toMatchObject({ surface: 'apply_patch', freeform: false });
    expect(selectTools({ model: 'gpt-5-mini', provider: 'openai', config })).toMatchObject({ surface: 'apply_patch', freeform: true });
  });

  it('finds the provider from the model name prefix, and the model without its @variant', () => {
    expect(selectTools({ model: 'openai/gpt-5.5@high', config })).toMatchObject({ provider: 'openai', freeform: false });
    expect(selectTools({ model: 'my-relay/qwen3', config })).toMatchObject({ provider: 'my-relay', surface: 'apply_patch' });
  });

  it('enabled: true adopts the patch-native surface for any model', () => {
    const s = selectTools({
      model: 'claude-opus-4.7',
      config: configFromData({ providers: { p: { compat: { apply_patch: { enabled: true } } } } }),
      provider: 'p',
    });
    expect(names(s.tools)).toEqual(['apply_patch']);
    // The wire shape is inferred from the name separately: a Claude name is not freeform.
    expect(s.freeform).toBe(false);
  });

  it('enabled: false forces the edit surface even for patch-native models, with write and delete', () => {
    const s = selectTools({
      model: 'gpt-5.5',
      provider: 'p',
      config: configFromData({ providers: { p: { compat: { apply_patch: { enabled: false } } } } }),
    });
    expect(s.surface).toBe('edit');
    expect(names(s.tools)).toEqual(['edit', 'write', 'delete']);
  });

  it('freeform: true forces the custom tool shape on a Responses endpoint', () => {
    const s = selectTools({
      model: 'qwen3',
      provider: 'p',
      config: configFromData({ providers: { p: { type: 'responses', compat: { apply_patch: { enabled: true, freeform: true } } } } }),
    });
    expect(s).toMatchObject({ surface: 'apply_patch', freeform: true });
    expect(s.tools[0]!.type).toBe('custom');
  });

  it('freeform: true cannot give a non-Responses endpoint a custom tool, and says so', () => {
    const s = selectTools({
      model: 'gpt-5',
      provider: 'p',
      config: configFromData({ providers: { p: { type: 'chat', compat: { apply_patch: { freeform: true } } } } }),
    });
    expect(s).toMatchObject({ endpoint: 'chat', freeform: false });
    expect(s.notes[0]).toContain('has no custom tool type');
  });

  it('prefers model-level settings over provider-level ones, key by key', () => {
    const c = configFromData({
      providers: {
        p: {
          compat: { apply_patch: { enabled: false, freeform: false } },
          models: { 'gpt-5': { compat: { apply_patch: { enabled: true } } } },
        },
      },
    });
    expect(selectTools({ model: 'gpt-5', provider: 'p', config: c })).toMatchObject({ surface: 'apply_patch', freeform: false });
    expect(selectTools({ model: 'gpt-5-mini', provider: 'p', config: c })).toMatchObject({ surface: 'edit' });
  });

  it('takes the endpoint from the provider type unless one is given', () => {
    const c = configFromData({ providers: { p: { type: 'chat' } } });
    expect(selectTools({ model: 'gpt-5', provider: 'p', config: c })).toMatchObject({ endpoint: 'chat', freeform: false });
    expect(selectTools({ model: 'gpt-5', provider: 'p', config: c, endpoint: 'responses' })).toMatchObject({
      endpoint: 'responses',
      freeform: true,
    });
  });

  it('notes a provider the config does not know', () => {
    expect(selectTools({ model: 'gpt-5', provider: 'nope', config }).notes).toEqual([
      `provider "nope" is not in config; no overrides applied`,
    ]);
  });
});

describe('fallback pairings from permissions', () => {
  const withRules = (permission: unknown) => configFromData({ permission });

  it('a non-patch-native model that only got apply_patch because edit is disabled still sees write and delete', () => {
    const s = selectTools({ model: 'claude-sonnet-4-5', config: withRules({ edit: 'deny', apply_patch: 'allow' }) });
    expect(names(s.tools)).toEqual(['apply_patch', 'write', 'delete']);
    expect(s.notes).toEqual(['edit is disabled by the permission rules; falling back to apply_patch']);
  });

  it('a patch-native model downgraded to edit gets write', () => {
    const s = selectTools({ model: 'gpt-5.5', config: withRules({ apply_patch: 'deny', edit: 'allow' }) });
    expect(names(s.tools)).toEqual(['edit', 'write', 'delete']);
    expect(s.notes).toEqual(['apply_patch is disabled by the permission rules; falling back to edit']);
  });

  it('hides write and delete when their own rules disable them', () => {
    const s = selectTools({ model: 'claude-sonnet-4-5', config: withRules({ '*': 'deny', apply_patch: 'allow' }) });
    expect(names(s.tools)).toEqual(['edit']);
  });

  it('offers no editor when both are disabled', () => {
    const s = selectTools({ model: 'gpt-5', config: withRules({ '*': 'allow', apply_patch: 'deny' }) });
    expect(s.surface).toBe('none');
    expect(names(s.tools)).toEqual(['write', 'delete']);
  });

  it('keeps a tool whose path rules allow some paths', () => {
    const s = selectTools({ model: 'gpt-5', config: withRules({ apply_patch: { '*': 'deny', 'src/**': 'allow' } }) });
    expect(s.surface).toBe('apply_patch');
  });
});
