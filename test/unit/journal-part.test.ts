// A journal is written whole under a part- name and renamed into place, so a
// run killed while writing it never leaves a journal cut short (which every
// later run would report and refuse to act on). A part file whose writer is
// gone is removed by recovery; a live writer's is left alone.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recover } from '../../src/index.js';
import { partName, partWriter } from '../../src/commit/journal.js';
import { nodeFs } from '../../src/platform/node-fs.js';
import { runPatchText } from '../../src/run/pipeline.js';
import type { Fs } from '../../src/types.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chord-journal-part-'));
  writeFileSync(join(dir, 'a.txt'), 'old a\n');
  writeFileSync(join(dir, 'b.txt'), 'old b\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const PATCH = [
  '*** Begin Patch',
  '*** Update File: a.txt',
  '@@',
  '-old a',
  '+new a',
  '*** Update File: b.txt',
  '@@',
  '-old b',
  '+new b',
  '*** End Patch',
].join('\n');

describe('the journal part file', () => {
  it('is where the journal is written, and only a whole journal is renamed into place', async () => {
    const written: string[] = [];
    const renamed: [string, string][] = [];
    const fs: Fs = {
      ...nodeFs,
      writeTemp: async (path, ...rest) => {
        written.push(path);
        return nodeFs.writeTemp(path, ...rest);
      },
      rename: async (from, to) => {
        renamed.push([from, to]);
        return nodeFs.rename(from, to);
      },
    };
    const o = await runPatchText(PATCH, { cwd: dir, fs });
    expect(o.status).toBe('applied');
    const part = written.find((p) => /\/\.chord-patch\/part-\d+-[a-z0-9]+\.json$/.test(p));
    expect(part).toBeDefined();
    expect(written.some((p) => /\/journal-[^/]+$/.test(p))).toBe(false);
    expect(renamed.some(([from, to]) => from === part && /\/journal-[a-z0-9]+\.json$/.test(to))).toBe(true);
  });

  it('left by a writer that is gone is removed by recovery, with nothing reported', async () => {
    mkdirSync(join(dir, '.chord-patch'));
    const torn = join(dir, '.chord-patch', 'part-999999-dead1.json');
    writeFileSync(torn, '{"version":2,"id":"dea');
    const r = await recover({ cwd: dir });
    expect(existsSync(torn)).toBe(false);
    expect(JSON.stringify(r)).not.toContain('NOT RECOVERED');
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('old a\n');
  });

  it('of a writer still running is left alone', async () => {
    mkdirSync(join(dir, '.chord-patch'));
    const live = join(dir, '.chord-patch', partName('live1'));
    writeFileSync(live, '{"version":2');
    await recover({ cwd: dir });
    expect(readdirSync(join(dir, '.chord-patch'))).toContain(partName('live1'));
  });

  it('names its writer', () => {
    expect(partWriter(partName('abc123'))).toBe(process.pid);
    expect(partWriter('journal-abc.json')).toBeUndefined();
    expect(partWriter('part-x-abc.json')).toBeUndefined();
  });
});
