// Failures are data: every failure carries where it sits (path, operation,
// hunk, patch line, file lines, edit entry) as fields, and the model text is
// rendered from them, never parsed back.

import { describe, expect, it } from 'vitest';
import { runPatchText } from '../../src/run/pipeline.js';
import { edit, modelMessage } from '../../src/index.js';
import type { EditRequest, OpFailure, Outcome } from '../../src/types.js';
import { MemFs } from '../support/memfs.js';

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');
const failures = (o: Outcome): OpFailure[] => o.failed.flatMap((g) => g.failures);

describe('patch failures carry their location as fields', () => {
  it('names the hunk, its line in the patch and the closest file line of a hunk found nowhere', async () => {
    const fs = new MemFs({ 'a.txt': 'one\ntwo\nthree\n', 'b.txt': 'alpha\nbeta\ngamma\ndelta\n' });
    const text = P(
      '*** Update File: a.txt',
      '-one',
      '+ONE',
      '*** Update File: b.txt',
      '@@',
      '-alpha',
      '+ALPHA',
      '@@',
      '-gamma x',
      '+GAMMA',
    );
    const o = await runPatchText(text, { fs, cwd: '/work' });
    expect(o.status).toBe('partial');
    expect(failures(o)).toEqual([
      {
        op: 1,
        code: 'hunk_not_found',
        path: 'b.txt',
        message: expect.stringMatching(/^b\.txt: hunk not found \(2\/2\)/),
        hunk: 2,
        patchLine: 9,
        lines: [3],
      },
    ]);
  });

  it('lists every candidate line of an ambiguous hunk', async () => {
    const fs = new MemFs({ 'a.txt': 'x\nsame\ny\nsame\nz\n' });
    const o = await runPatchText(P('*** Update File: a.txt', '@@', '-same', '+other'), { fs, cwd: '/work' });
    expect(failures(o)).toMatchObject([{ op: 0, code: 'hunk_ambiguous', path: 'a.txt', hunk: 1, patchLine: 3, lines: [2, 4] }]);
  });

  it('gives a failure of the whole operation the operation line and no hunk', async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    const o = await runPatchText(P('*** Add File: n.txt', '+n', '*** Delete File: gone.txt'), { fs, cwd: '/work' });
    expect(failures(o)).toEqual([
      { op: 1, code: 'file_missing', path: 'gone.txt', message: 'gone.txt: cannot delete a file that does not exist', patchLine: 4 },
    ]);
  });

  it("names a move's destination as the failing path when the destination is the problem", async () => {
    const fs = new MemFs({ 'a.txt': 'a\n' });
    fs.mkdirSync('/work/dir');
    const o = await runPatchText(P('*** Update File: a.txt', '*** Move to: dir', '@@', '-a', '+b'), { fs, cwd: '/work' });
    expect(failures(o)).toMatchObject([{ op: 0, code: 'not_a_file', path: 'dir', message: 'dir: is a directory, not a file' }]);
  });
});

describe('edit failures carry their entry and file lines', () => {
  const batch = (edits: EditRequest & { mode: 'batch' }): EditRequest => edits;

  it('names the failing entry of a batch and where old_string occurs', async () => {
    const fs = new MemFs({ 'f.txt': 'a\nb\na\n' });
    const request = batch({
      mode: 'batch',
      path: 'f.txt',
      edits: [
        { old_string: 'b', new_string: 'B' },
        { old_string: 'a', new_string: 'A' },
      ],
    });
    const o = await edit(request, { fs, cwd: '/work' });
    expect(failures(o)).toEqual([
      {
        op: 1,
        code: 'old_string_ambiguous',
        path: 'f.txt',
        message: expect.stringMatching(/^edits\[1\]: old_string found 2 times/),
        lines: [1, 3],
        entry: 1,
      },
    ]);
    expect(o.failed[0]!.edit).toBe('batch');
    expect(modelMessage(o)).toContain('- edits[1]: old_string found 2 times (lines 1, 3)');
  });

  it('gives a failure of the file itself no entry, and the headline keeps the path in the message', async () => {
    const fs = new MemFs({});
    const o = await edit({ mode: 'single', path: 'nope.txt', edit: { old_string: 'a', new_string: 'b' } }, { fs, cwd: '/work' });
    expect(failures(o)).toEqual([
      {
        op: 0,
        code: 'file_missing',
        path: 'nope.txt',
        message: expect.stringMatching(/^nope\.txt: file not found/),
      },
    ]);
    expect(modelMessage(o)).toMatch(/^edit failed: nope\.txt: file not found/);
  });

  it("points a single edit's miss at the closest block and says which file in the headline", async () => {
    const fs = new MemFs({ 'f.txt': 'function alpha() {\n  return 1;\n}\n' });
    const o = await edit(
      { mode: 'single', path: 'f.txt', edit: { old_string: '  return 2;\n', new_string: '  return 3;\n' } },
      { fs, cwd: '/work' },
    );
    expect(failures(o)).toMatchObject([{ op: 0, code: 'old_string_not_found', path: 'f.txt', lines: [2], entry: 0 }]);
    expect(modelMessage(o)).toMatch(/^edit failed for f\.txt: old_string not found in file;/);
  });

  it('skips a batch entry that asks for no change with the reason, and fails a single one with it', async () => {
    const fs = new MemFs({ 'f.txt': 'a\nb\n' });
    const skipped = await edit(
      {
        mode: 'batch',
        path: 'f.txt',
        edits: [
          { old_string: 'a', new_string: 'a\u200B' },
          { old_string: 'b', new_string: 'B' },
        ],
      },
      { fs, cwd: '/work', check: true },
    );
    expect(skipped.edit?.skipped).toEqual([
      {
        entry: 0,
        reason: 'new_string differs from old_string only by invisible characters (U+200B×1), which are cleaned from written text',
      },
    ]);
    const single = await edit({ mode: 'single', path: 'f.txt', edit: { old_string: 'a', new_string: 'a' } }, { fs, cwd: '/work' });
    expect(failures(single)).toMatchObject([
      { code: 'identical_strings', message: 'old_string and new_string are identical: nothing to change', entry: 0 },
    ]);
  });
});
