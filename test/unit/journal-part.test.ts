// A journal is written whole under a part- name and renamed into place, so a
// run killed while writing it never leaves a journal cut short (which every
// later run would report and refuse to act on). A part file whose writer is
// gone is removed by recovery; a live writer's is left alone.

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TWO_FILE_PATCH, twoFileTree } from '../support/two-files.js';
import { recover } from '../../src/index.js';
import { partName, partWriter } from '../../src/commit/journal.js';
import { nodeFs } from '../../src/platform/node-fs.js';
import { runPatchText } from '../../src/run/pipeline.js';
import type { Fs } from '../../src/types.js';

const tree = twoFileTree('chord-journal-part-');
const PATCH = TWO_FILE_PATCH;

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
    const o = await runPatchText(PATCH, { cwd: tree.dir, fs });
    expect(o.status).toBe('applied');
    const part = written.find((p) => /\/\.chord-patch\/part-\d+-[a-z0-9]+\.json$/.test(p));
    expect(part).toBeDefined();
    expect(written.some((p) => /\/journal-[^/]+$/.test(p))).toBe(false);
    expect(renamed.some(([from, to]) => from === part && /\/journal-[a-z0-9]+\.json$/.test(to))).toBe(true);
  });

  it('left by a writer that is gone is removed by recovery, with nothing reported', async () => {
    mkdirSync(join(tree.dir, '.chord-patch'));
    const torn = join(tree.dir, '.chord-patch', 'part-999999-dead1.json');
    writeFileSync(torn, '{"version":2,"id":"dea');
    const r = await recover({ cwd: tree.dir });
    expect(existsSync(torn)).toBe(false);
    expect(JSON.stringify(r)).not.toContain('NOT RECOVERED');
    expect(readFileSync(join(tree.dir, 'a.txt'), 'utf8')).toBe('old a\n');
  });

  it('of a writer still running is left alone', async () => {
    mkdirSync(join(tree.dir, '.chord-patch'));
    const live = join(tree.dir, '.chord-patch', partName('live1'));
    writeFileSync(live, '{"version":2');
    await recover({ cwd: tree.dir });
    expect(readdirSync(join(tree.dir, '.chord-patch'))).toContain(partName('live1'));
  });

  it('names its writer', () => {
    expect(partWriter(partName('abc123'))).toBe(process.pid);
    expect(partWriter('journal-abc.json')).toBeUndefined();
    expect(partWriter('part-x-abc.json')).toBeUndefined();
  });
});
