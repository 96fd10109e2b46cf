// Scenario folders, compared as whole trees. Each test/fixtures/<name>/ has
//   before/       the starting tree (optional: empty when absent)
//   input         the patch or edit JSON, fed on stdin
//   expect.json   { "args"?: [...], "exit": N, "status"?: "...", "codes"?: [...],
//                   "message"?: ["substring", ...], "notMessage"?: [...] }
//   after/        the exact final tree (absent: the tree must equal before/)
// The built CLI runs with --json in a scratch copy of before/.

import { readdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../support/cli.js';
import { readTree, scratchCopy } from '../support/tree.js';

const FIXTURES = join(ROOT, 'test', 'fixtures');

interface Expect {
  description?: string;
  args?: string[];
  exit: number;
  status?: string;
  codes?: string[];
  message?: string[];
  notMessage?: string[];
  notes?: string[];
}

const cases = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('fixture scenarios', () => {
  it.each(cases)('%s', (name) => {
    const dir = join(FIXTURES, name);
    const spec = JSON.parse(readFileSync(join(dir, 'expect.json'), 'utf8')) as Expect;
    const work = scratchCopy(join(dir, 'before'));
    try {
      const r = runCli([...(spec.args ?? ['apply']), '--json'], { cwd: work, input: readFileSync(join(dir, 'input')) });
      let doc: Record<string, any>;
      try {
        doc = JSON.parse(r.stdout);
      } catch {
        throw new Error(`no JSON on stdout (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
      }
      // check --json wraps its one file's document (cli/check-json.ts).
      if (spec.args?.[0] === 'check') {
        expect(doc.schemaVersion).toBe(1);
        doc = doc.files[0];
      }
      expect({ exit: r.code, stderr: r.stderr }).toEqual({ exit: spec.exit, stderr: '' });
      if (spec.status) expect(doc.status).toBe(spec.status);
      const codes = [...(doc.error ? [doc.error.code] : []), ...doc.failed.flatMap((g: any) => g.failures.map((f: any) => f.code))].sort();
      expect(codes).toEqual([...(spec.codes ?? [])].sort());
      for (const m of spec.message ?? []) expect(doc.message).toContain(m);
      for (const m of spec.notMessage ?? []) expect(doc.message).not.toContain(m);
      for (const m of spec.notes ?? []) expect(doc.notes.map((n: any) => n.message).join('\n')).toContain(m);
      const expected = existsSync(join(dir, 'after')) ? join(dir, 'after') : join(dir, 'before');
      expect(readTree(work)).toEqual(readTree(expected));
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
