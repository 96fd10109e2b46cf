// The client configurations docs/mcp.md and examples/mcp/ show parse, and
// each starts `chord-patch mcp` (a broken snippet costs every user who copies it).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOC = readFileSync(join(ROOT, 'docs', 'mcp.md'), 'utf8');

function blocks(lang: string): string[] {
  return [...DOC.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]!);
}

/** Every server entry of a client configuration, whatever its top-level key. */
function servers(config: Record<string, unknown>): { command: string; args: string[] }[] {
  const table = (config.mcpServers ?? config.servers ?? config.mcp_servers) as Record<string, { command: string; args: string[] }>;
  return Object.values(table);
}

const startsServer = (s: { command: string; args: string[] }) => s.command === 'chord-patch' && s.args[0] === 'mcp';

describe('the MCP client configurations in the docs', () => {
  it('parses every JSON and TOML snippet of docs/mcp.md, each starting chord-patch mcp', () => {
    const json = blocks('json');
    const toml = blocks('toml');
    expect(json.length).toBeGreaterThanOrEqual(3);
    expect(toml.length).toBeGreaterThanOrEqual(1);
    for (const b of json) for (const s of servers(JSON.parse(b))) expect(startsServer(s), b).toBe(true);
    for (const b of toml) for (const s of servers(parseToml(b) as Record<string, unknown>)) expect(startsServer(s), b).toBe(true);
  });

  it('gives the shell commands of the walkthrough in the form the agents take', () => {
    const sh = blocks('sh').join('\n');
    expect(sh).toContain('claude mcp add chord-patch -- chord-patch mcp');
    expect(sh).toContain('codex mcp add chord-patch -- chord-patch mcp');
  });

  it.each([
    ['.mcp.json', JSON.parse],
    ['.cursor/mcp.json', JSON.parse],
    ['.vscode/mcp.json', JSON.parse],
    ['.codex/config.toml', parseToml],
  ] as const)('parses examples/mcp/%s, which starts chord-patch mcp', (file, parse) => {
    const config = parse(readFileSync(join(ROOT, 'examples', 'mcp', file), 'utf8')) as Record<string, unknown>;
    const list = servers(config);
    expect(list.length).toBe(1);
    expect(startsServer(list[0]!)).toBe(true);
  });
});
