// The MCP server as an agent uses it: one `chord-patch mcp` process per
// session, driven by the official SDK client over stdio, each tool call timed
// from the client's request to its answer. Per file size, the session first
// edits the file EDITS_FIRST times (so its pre-image store holds that many
// states, the most it keeps per file), then times edit calls and apply_patch
// calls in alternation, each against lines no earlier call touched.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { median } from './measure.mjs';

/** Line counts of the file the session edits (three lines per function). */
export const MCP_SIZES = [600, 6000, 18000];
/** States the session store keeps per file (stale/store.ts DEFAULT_LIMITS.perFile). */
const EDITS_FIRST = 8;

const source = (lines) => Array.from({ length: lines / 3 }, (_, i) => `function f${i}() {\n  return ${i};\n}\n`).join('');

/** One session against one file: the medians of `rounds` edit and apply_patch calls, and the time to connect. */
async function session(command, lines, rounds) {
  const dir = mkdtempSync(join(tmpdir(), 'chord-bench-mcp-'));
  writeFileSync(join(dir, 'a.js'), source(lines));
  const transport = new StdioClientTransport({
    command: command.file,
    args: [...command.args, 'mcp'],
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, CHORD_PATCH_SESSION: '', XDG_STATE_HOME: join(dir, '.state') },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'chord-patch-bench', version: '1.0.0' });
  const t0 = performance.now();
  await client.connect(transport);
  const connect = performance.now() - t0;
  const call = async (name, args) => {
    const t = performance.now();
    const r = await client.callTool({ name, arguments: args });
    const ms = performance.now() - t;
    if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(r.content).slice(0, 300)}`);
    return ms;
  };
  const edit = (i) => call('edit', { path: 'a.js', old_string: `return ${i};`, new_string: `return ${i} + 1;` });
  const patch = (i) =>
    call('apply_patch', {
      patch: `*** Begin Patch\n*** Update File: a.js\n@@\n function f${i}() {\n-  return ${i};\n+  return ${i} * 2;\n*** End Patch\n`,
    });
  try {
    for (let i = 0; i < EDITS_FIRST; i++) await edit(i);
    const edits = [];
    const patches = [];
    const half = Math.floor(lines / 6);
    for (let r = 0; r < rounds; r++) {
      edits.push(await edit(EDITS_FIRST + r));
      patches.push(await patch(half + r));
    }
    const expected = readFileSync(join(dir, 'a.js'), 'utf8');
    if (!expected.includes(`return ${half} * 2;`)) throw new Error('the patches were not written');
    return { connect, edit: median(edits), patch: median(patches) };
  } finally {
    await client.close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every size for each command ({ id, label, file, args }); a command whose session fails gets its error instead. */
export async function mcpSessions(commands, rounds = 15) {
  const out = [];
  for (const c of commands) {
    const sizes = [];
    for (const lines of MCP_SIZES) {
      try {
        sizes.push({ lines, ...(await session(c, lines, rounds)) });
      } catch (e) {
        sizes.push({ lines, error: e.message });
      }
    }
    out.push({ id: c.id, label: c.label, sizes });
  }
  return out;
}
