// A tool call the client cancels: stopped, with nothing written, while its
// commit has not begun; once begun, carried out, and what it changed is said
// with the connection's next answer (MCP gives a cancelled request no answer
// of its own). Before, a cancelled call always wrote, and the client heard
// only that it was cancelled. In-process, over the SDK's in-memory transport.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeFs } from '../../src/platform/node-fs.js';
import * as sdk from '../../src/mcp/sdk.js';
import { connectionServer } from '../../src/mcp/server.js';
import { runPatchText } from '../../src/run/pipeline.js';
import type { Fs } from '../../src/types.js';

let root: string;
let stateDir: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'chord-mcp-cancel-'));
  stateDir = mkdtempSync(join(tmpdir(), 'chord-mcp-cancel-state-'));
  writeFileSync(join(root, 'a.txt'), 'old\n');
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(stateDir, { recursive: true, force: true });
});

const settle = (ms = 50) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The real file system, with `at` awaited before the first call of one of
 * `methods` on a path outside the state directory; `released` resolves once the
 * run has let go of the root's commit lock (its last step).
 */
function pausing(methods: readonly string[], at: () => Promise<void>): { fs: Fs; released: Promise<void> } {
  let paused = false;
  let release = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  const fs = new Proxy(nodeFs, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      if (key === 'unlink')
        return async (path: string) => {
          await value.call(target, path);
          if (path.endsWith('/.chord-patch/lock')) release();
        };
      if (!methods.includes(String(key))) return value;
      return async (path: string, ...rest: unknown[]) => {
        if (!paused && !path.includes('.chord-patch/')) {
          paused = true;
          await at();
        }
        return value.call(target, path, ...rest);
      };
    },
  });
  return { fs, released };
}

async function connected(fs: Fs) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = connectionServer(sdk, { root, config: undefined, fs }, { session: 'cancel-test', stateDir });
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(clientSide);
  return client;
}

const text = (r: { content?: unknown }) => (r.content as { text: string }[]).map((c) => c.text).join('\n');
const write = { name: 'write', arguments: { path: 'a.txt', content: 'new\n' } };

describe('a cancelled MCP call', () => {
  it('writes nothing when the cancellation arrives before its commit begins', async () => {
    const ac = new AbortController();
    const { fs, released } = pausing(['readFile'], async () => (ac.abort('user pressed Esc'), await settle()));
    const client = await connected(fs);
    await expect(client.callTool(write, { signal: ac.signal })).rejects.toThrow();
    // The server goes on with the call after the client has given up on it.
    await released;
    await settle();
    expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe('old\n');
    const next = await client.callTool({ name: 'read', arguments: { path: 'a.txt' } });
    expect(text(next)).not.toContain('cancelled');
    await client.close();
  });

  it('is carried out once its commit has begun, and the next answer says what it changed', async () => {
    const ac = new AbortController();
    const { fs, released } = pausing(['createTemp', 'writeTemp'], async () => (ac.abort('user pressed Esc'), await settle()));
    const client = await connected(fs);
    await expect(client.callTool(write, { signal: ac.signal })).rejects.toThrow();
    await released;
    await settle();
    expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe('new\n');
    const next = await client.callTool({ name: 'read', arguments: { path: 'a.txt' } });
    expect(text(next)).toMatch(/^Note: a call you cancelled was carried out .*: update a\.txt\./);
    expect((next.structuredContent as { notes?: { message: string }[] }).notes?.map((n) => n.message).join()).toContain('update a.txt');
    // Said once.
    expect(text(await client.callTool({ name: 'read', arguments: { path: 'a.txt' } }))).not.toContain('cancelled');
    await client.close();
  });
});

describe('RunOptions.signal', () => {
  it('refuses a run whose signal is aborted before the commit, writing nothing', async () => {
    const o = await runPatchText('*** Begin Patch\n*** Update File: a.txt\n-old\n+new\n*** End Patch', {
      cwd: root,
      signal: AbortSignal.abort(),
    });
    expect(o.status).toBe('rejected');
    expect(o.error?.code).toBe('interrupted');
    expect(readFileSync(join(root, 'a.txt'), 'utf8')).toBe('old\n');
  });
});
