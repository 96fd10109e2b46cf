// Stale context through the CLI (--session, --3way, --3way=markers,
// end-session) and the MCP server (every connection keeps pre-images;
// `mcp --3way` merges), against the Node CLI and the binary.

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliCommand, runCli } from '../support/cli.js';

let dir: string;
let state: string;
const open: Client[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chord-e2e-stale-'));
  state = mkdtempSync(join(tmpdir(), 'chord-e2e-stale-state-'));
  writeFileSync(join(dir, 'f.txt'), 'a\nb\nc\nd\ne\nf\n');
});
afterEach(async () => {
  for (const c of open.splice(0)) await c.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
});

const first = '*** Begin Patch\n*** Update File: f.txt\n@@\n a\n-b\n+B\n c\n*** End Patch\n';
const stale = '*** Begin Patch\n*** Update File: f.txt\n@@\n b\n c\n-d\n+D\n e\n*** End Patch\n';
const clash = '*** Begin Patch\n*** Update File: f.txt\n@@\n a\n-b\n+Q\n c\n*** End Patch\n';
const env = () => ({ XDG_STATE_HOME: state, CHORD_PATCH_SESSION: '' });
const run = (args: string[], input: string) => runCli(['apply', '--session', 's', ...args], { cwd: dir, env: env(), input });
const read = () => readFileSync(join(dir, 'f.txt'), 'utf8');

describe('CLI', () => {
  it('names the pre-image without --3way (exit 1), merges with --3way (exit 0)', () => {
    expect(run([], first).code).toBe(0);
    const diagnosed = run(['--json'], stale);
    expect(diagnosed.code).toBe(1);
    expect(JSON.parse(diagnosed.stdout).failed[0].failures[0].code).toBe('stale_context');
    // -3: git apply's short spelling.
    const merged = run(['--json', '-3'], stale);
    expect(merged.code).toBe(0);
    expect(JSON.parse(merged.stdout).notes.map((n: { code: string }) => n.code)).toContain('merged');
    expect(read()).toBe('a\nB\nc\nD\ne\nf\n');
  });

  it('--3way refuses a conflict with merge_conflict; --3way=markers writes markers', () => {
    run([], first);
    const refused = run(['--json', '--3way'], clash);
    expect(JSON.parse(refused.stdout).failed[0].failures[0].code).toBe('merge_conflict');
    expect(read()).toBe('a\nB\nc\nd\ne\nf\n');
    expect(run(['--3way=markers'], clash).code).toBe(0);
    expect(read()).toContain('<<<<<<< f.txt (now)\nB\n');
  });

  it('refuses --3way=anything-else as a usage error', () => {
    const r = run(['--3way=theirs'], first);
    expect(r.code).toBe(64);
    expect(r.stderr).toContain('--3way takes no value, or =markers');
  });

  it('end-session removes the state and the pre-images', () => {
    run([], first);
    const pre = join(state, 'chord-patch', 'sessions', 's.preimages');
    expect(existsSync(pre)).toBe(true);
    expect(runCli(['end-session', 's'], { cwd: dir, env: env() }).code).toBe(0);
    expect(existsSync(pre)).toBe(false);
    expect(run(['--3way', '--json'], stale).code).toBe(1);
  });
});

async function connect(args: string[]): Promise<Client> {
  const cmd = cliCommand();
  const transport = new StdioClientTransport({
    command: cmd.file,
    args: [...cmd.args, 'mcp', '-C', dir, ...args],
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, CHORD_PATCH_SESSION: '' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'chord-patch-test', version: '1.0.0' });
  await client.connect(transport);
  open.push(client);
  return client;
}

describe('MCP', () => {
  const call = async (c: Client, patch: string) =>
    (await c.callTool({ name: 'apply_patch', arguments: { patch } })) as { isError?: boolean; content: { text?: string }[] };

  it('each connection keeps pre-images: a stale patch is named', async () => {
    const c = await connect([]);
    expect((await call(c, first)).isError).toBeFalsy();
    const r = await call(c, stale);
    expect(r.isError).toBe(true);
    expect(r.content[0]!.text).toMatch(/matches f\.txt as it was before this session's edit of/);
  });

  it('mcp --3way merges on that connection', async () => {
    const c = await connect(['--3way']);
    await call(c, first);
    const r = await call(c, stale);
    expect(r.isError).toBeFalsy();
    expect(read()).toBe('a\nB\nc\nD\ne\nf\n');
  });
});
