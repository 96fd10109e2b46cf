// The MCP tool list comes from the definitions `tools` prints, and the write
// tool's content becomes the add operation the planner writes.

import { describe, expect, it } from 'vitest';
import { configFromData } from '../../src/config/config.js';
import { writeOp } from '../../src/input/whole-file.js';
import { mcpTools } from '../../src/models/mcp-tools.js';
import { selectTools } from '../../src/models/tools.js';

describe('mcpTools', () => {
  it('offers a model the definitions of its surface, with the schema `tools --model` prints', () => {
    const sel = selectTools({ model: 'claude-sonnet-4-5', endpoint: 'chat' });
    const tools = mcpTools({ model: 'claude-sonnet-4-5' });
    expect(tools.map((t) => t.name)).toEqual(['edit', 'write', 'delete', 'read']);
    const edit = sel.tools[0] as { function: { description: string; parameters: unknown } };
    expect(tools[0]!.description).toBe(edit.function.description);
    expect(tools[0]!.inputSchema).toEqual(edit.function.parameters);
  });

  it('offers both editors without a model, minus what the permission rules disable', () => {
    expect(mcpTools().map((t) => t.name)).toEqual(['apply_patch', 'edit', 'write', 'delete', 'read']);
    const config = configFromData({ permission: { '*': 'allow', edit: 'allow', delete: 'deny', apply_patch: 'deny' } });
    expect(mcpTools({ config }).map((t) => t.name)).toEqual(['edit', 'write', 'read']);
  });

  it('marks read as read-only and delete and write as destructive', () => {
    const hints = Object.fromEntries(mcpTools().map((t) => [t.name, t.annotations]));
    expect(hints.read).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(hints.delete).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(hints.write).toMatchObject({ destructiveHint: true });
  });
});

describe('writeOp', () => {
  it.each([
    ['a\nb\n', { lines: ['a', 'b'] }],
    ['a\nb', { lines: ['a', 'b'], noNewlineAtEnd: true }],
    ['', { lines: [] }],
    ['a\r\nb\r\n', { lines: ['a', 'b'], eol: '\r\n' }],
    ['a\r\nb\n', { lines: ['a\r', 'b'] }],
  ])('turns %j into the lines of a replacing add', (content, expected) => {
    const op = writeOp('f.txt', content);
    expect(op).toMatchObject({ kind: 'add', path: 'f.txt', replace: true, ...expected });
    if (!('eol' in expected)) expect(op).not.toHaveProperty('eol');
    if (!('noNewlineAtEnd' in expected)) expect(op).not.toHaveProperty('noNewlineAtEnd');
  });
});
