// `chord-patch mcp`: a stdio MCP server on the official SDK. serveStdio
// answers both protocol eras (the 2025 `initialize` handshake and the
// `2026-07-28` discovery); it builds one McpServer per connection, and one
// connection is one session: its repeated-failure counts live in a state
// directory of its own, removed when the connection ends.
//
// Tool schemas are the JSON Schemas `chord-patch tools` prints, handed to
// the SDK as Standard Schemas that accept any value: the tool's own parser
// validates the arguments, so a bad call is an isError result naming the
// field, never a protocol error.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpServer } from './sdk.js';
import type { Config } from '../config/config.js';
import { mcpTools } from '../models/mcp-tools.js';
import type { Fs } from '../types.js';
import { VERSION } from '../version.js';
import { answeringTransport, type RequestId } from './answering.js';
import { callTool } from './calls.js';
import { Unheard } from './unheard.js';
import type { CallContext } from './engine.js';

export interface McpOptions {
  /** -C DIR: the root, whatever the client's roots say. */
  root?: string;
  /** --model: offer that model's surface instead of both editors. */
  model?: string;
  config: Config | undefined;
  fs: Fs;
  /** --3way on every connection (stale/). */
  threeWay?: 'merge' | 'markers';
}

type Sdk = typeof import('./sdk.js');

/** A JSON Schema as the SDK's Standard Schema: advertised as it is, every value accepted (the handler validates). */
function schemaOf(json: Record<string, unknown>) {
  return {
    '~standard': {
      version: 1 as const,
      vendor: 'chord-patch',
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}

/** The first file:// root the client offers (2025 era, roots capability), else undefined. */
async function clientRoot(server: McpServer): Promise<string | undefined> {
  if (!server.server.getClientCapabilities()?.roots) return undefined;
  try {
    const { roots } = await server.server.listRoots();
    const first = roots.find((r) => r.uri.startsWith('file://'));
    return first ? fileURLToPath(first.uri) : undefined;
  } catch {
    // The `2026-07-28` era has no server-to-client requests: -C or the working directory decide.
    return undefined;
  }
}

/**
 * One connection's server: its tools, its session. `cancelledLate` hands on
 * each cancellation the transport reads, also for a call already answered:
 * the client dropped that answer.
 */
export function connectionServer(
  sdk: Sdk,
  options: McpOptions,
  session: CallContext['session'],
  cancelledLate?: (listener: (id: RequestId) => void) => void,
): McpServer {
  const server = new sdk.McpServer({ name: 'chord-patch', version: VERSION }, { capabilities: { tools: {} } });
  const rootOf = async () => resolve(options.root ?? (await clientRoot(server)) ?? process.cwd());
  // What calls cancelled too late to stop changed, told with the next answer (unheard.ts).
  const unheard = new Unheard();
  cancelledLate?.((id) => unheard.cancelled(id));
  for (const tool of mcpTools({
    ...(options.model !== undefined ? { model: options.model } : {}),
    ...(options.config ? { config: options.config } : {}),
  })) {
    server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: schemaOf(tool.inputSchema), annotations: tool.annotations },
      async (args: unknown, ctx: { mcpReq: { id: RequestId; signal: AbortSignal } }) => {
        const { id, signal } = ctx.mcpReq;
        const result = await callTool(tool.name, args, {
          root: await rootOf(),
          fs: options.fs,
          config: options.config,
          session,
          signal,
          ...(options.threeWay ? { threeWay: options.threeWay } : {}),
        });
        return unheard.answer(id, result, signal.aborted);
      },
    );
  }
  return server;
}

/** Serve stdio until the client closes it; resolves with the exit code. */
export async function serveMcp(options: McpOptions): Promise<number> {
  const sdk: Sdk = await import('./sdk.js');
  const stateDir = mkdtempSync(join(tmpdir(), 'chord-patch-mcp-'));
  let connections = 0;
  const { transport, closed, onCancelled } = answeringTransport(sdk.StdioServerTransport);
  const session = () => ({ session: `mcp-${process.pid}-${++connections}`, stateDir });
  const handle = sdk.serveStdio(() => connectionServer(sdk, options, session(), onCancelled), {
    transport,
    onerror: (e) => process.stderr.write(`chord-patch mcp: ${e.message}\n`),
  });
  // Not at stdin's end: a request read before it still gets its answer (answering.ts).
  await closed;
  await handle.close().catch(() => {});
  rmSync(stateDir, { recursive: true, force: true });
  return 0;
}
