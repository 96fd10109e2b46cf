// The MCP SDK, in one module of its own: the build loads it only when
// `chord-patch mcp` runs (scripts/build/lazy-packages.mjs), so no other
// command reads or compiles it.

export { McpServer } from '@modelcontextprotocol/server';
export { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
