// The tool list the MCP server offers, built from the same definitions
// `chord-patch tools` prints (models/tools.ts), so the two never drift apart:
// with a model, its surface (`tools --model NAME`); without one, both editors
// with write and delete. A `read` tool with line numbers comes last: models
// copy its numbered lines into edits, and the prefix stripping reads that form.

import type { Config } from '../config/config.js';
import { bothEditorTools, selectTools } from './tools.js';

/** One tool exactly as MCP's tools/list shows it. */
export interface McpTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

export const READ_DESCRIPTION =
  'Read a text file, each line prefixed with its number and "→" (for example "    12→text"). ' +
  'offset is the first line to show (1-based), limit the number of lines. ' +
  'Copy text into edits and patches without the number prefix.';

export const READ_PARAMETERS = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'File to read, relative to the working directory.' },
    offset: { type: 'integer', minimum: 1, description: 'First line to show (1-based; default 1).' },
    limit: { type: 'integer', minimum: 1, description: 'Number of lines to show (default: to the end, at most 2000).' },
  },
  required: ['path'],
  additionalProperties: false,
};

const hints = (name: string): McpTool['annotations'] => ({
  readOnlyHint: name === 'read',
  destructiveHint: name === 'delete' || name === 'write',
  idempotentHint: name === 'read' || name === 'delete' || name === 'write',
  openWorldHint: false,
});

export function mcpTools(options: { model?: string; config?: Config } = {}): McpTool[] {
  const { model, config } = options;
  const defs =
    model !== undefined ? selectTools({ model, endpoint: 'messages', ...(config ? { config } : {}) }).tools : bothEditorTools(config);
  const tools: McpTool[] = defs.map((d) => ({
    name: d.name as string,
    description: d.description as string,
    inputSchema: d.input_schema as Record<string, unknown>,
    annotations: hints(d.name as string),
  }));
  // Reading is confined to the root like every tool; the permission rules are about writing, so they do not hide it.
  tools.push({ name: 'read', description: READ_DESCRIPTION, inputSchema: READ_PARAMETERS, annotations: hints('read') });
  return tools;
}
