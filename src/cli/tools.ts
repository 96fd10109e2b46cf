// `tools --model NAME`: the edit tools to send to that model, as JSON.
// `--format mcp`: the tool list exactly as the MCP server lists it (with
// --model, that model's surface; without, both editors).

import { mcpTools } from '../models/mcp-tools.js';
import { type Endpoint, selectTools } from '../models/tools.js';
import { UsageError } from './input.js';
import { writeFd } from './write.js';
import { configFor } from './run-options.js';

export interface ToolsFlags {
  model?: string;
  endpoint?: Endpoint;
  provider?: string;
  config?: string;
  format?: string;
}

export async function runTools(flags: ToolsFlags): Promise<number> {
  const format = flags.format ?? 'json';
  if (format !== 'json' && format !== 'mcp') throw new UsageError(`--format must be json or mcp, not ${JSON.stringify(format)}`);
  const config = await configFor(flags.config, undefined);
  if (format === 'mcp') {
    const tools = mcpTools({ ...(flags.model !== undefined ? { model: flags.model } : {}), ...(config ? { config } : {}) });
    writeFd(1, `${JSON.stringify({ tools }, null, 2)}\n`);
    return 0;
  }
  if (flags.model === undefined) throw new UsageError('tools needs --model NAME (or --format mcp, which lists both editors without one)');
  const selection = selectTools({
    model: flags.model,
    ...(flags.provider !== undefined ? { provider: flags.provider } : {}),
    ...(flags.endpoint !== undefined ? { endpoint: flags.endpoint } : {}),
    ...(config ? { config } : {}),
  });
  writeFd(1, `${JSON.stringify(selection, null, 2)}\n`);
  return 0;
}
