// `chord-patch mcp`: the MCP server over stdio (src/mcp/). The SDK is loaded
// only for this command, so no other command pays for it.

import type { Fs } from '../types.js';
import { requireDirectory } from './input.js';
import { configFor } from './run-options.js';
import { threeWayOption } from './choices.js';

export interface McpFlags {
  cwd?: string;
  model?: string;
  config?: string;
  '3way'?: boolean;
  threeWayMarkers?: boolean;
}

export async function runMcp(flags: McpFlags, fs: Fs): Promise<number> {
  requireDirectory(flags.cwd);
  const config = await configFor(flags.config, flags.cwd);
  const { serveMcp } = await import('../mcp/server.js');
  return serveMcp({
    ...(flags.cwd !== undefined ? { root: flags.cwd } : {}),
    ...(flags.model !== undefined ? { model: flags.model } : {}),
    config,
    fs,
    ...threeWayOption(flags),
  });
}
