// `tools --model NAME`: the edit tools to send to that model, as JSON.

import { type Endpoint, selectTools } from '../models/tools.js';
import { configFor } from './run-options.js';

export interface ToolsFlags {
  model: string;
  endpoint?: Endpoint;
  provider?: string;
  config?: string;
}

export async function runTools(flags: ToolsFlags): Promise<number> {
  const config = await configFor(flags.config, undefined);
  const selection = selectTools({
    model: flags.model,
    ...(flags.provider !== undefined ? { provider: flags.provider } : {}),
    ...(flags.endpoint !== undefined ? { endpoint: flags.endpoint } : {}),
    ...(config ? { config } : {}),
  });
  process.stdout.write(`${JSON.stringify(selection, null, 2)}\n`);
  return 0;
}
