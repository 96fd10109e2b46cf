// Wrong writes the drift corpus found on 2026-12-02 (npm run drift, seed 1):
// each exit-0 write of text the model did not mean, as the case that shows it.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply, edit } from '../../src/index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chord-drift3-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const read = () => readFileSync(join(dir, 'f.js'), 'utf8');

describe('drift round 3', () => {
  it('an edit matched with optional spaces keeps the spaces of the lines it adds (resent-ws-edit-040)', async () => {
    writeFileSync(join(dir, 'f.js'), "import a from './a.js';\nimport b from './b.js';\n\nexport x;\n");
    const o = await edit(
      JSON.stringify({
        path: 'f.js',
        old_string: "import a from './a.js'; \nimport b from './b.js'; \n\nexport x;",
        new_string: "import a from './a.js'; \nimport c from './c.js';\nimport d from './d.js';\n\nexport y;",
      }),
      { cwd: dir },
    );
    expect(o.status).toBe('applied');
    expect(read()).toBe("import a from './a.js';\nimport c from './c.js';\nimport d from './d.js';\n\nexport y;\n");
  });

  it('an added line typed with a tab per two spaces lands beside the line before it, not deeper (indent-added-edit-006)', async () => {
    const sp = (n: number) => ' '.repeat(n);
    const lines = [
      'class L {',
      `${sp(4)}*lex() {`,
      `${sp(8)}while (x) {`,
      `${sp(12)}if (y) {`,
      `${sp(16)}yield* this.pushCount(3);`,
      `${sp(16)}return;`,
      `${sp(12)}}`,
      `${sp(8)}}`,
      `${sp(4)}}`,
      '}',
      '',
    ];
    writeFileSync(join(dir, 'f.js'), lines.join('\n'));
    const o = await edit(
      JSON.stringify({
        path: 'f.js',
        old_string: `${sp(16)}yield* this.pushCount(3);`,
        new_string: `${sp(16)}yield* this.pushCount(3);\n${'\t'.repeat(8)}if (yield === undefined) return;`,
      }),
      { cwd: dir },
    );
    expect(o.status).toBe('applied');
    expect(read().split('\n')[5]).toBe(`${sp(16)}if (yield === undefined) return;`);
  });

  it("an added block comment in the file's own spaces applies, its context quoted with tabs (indent-context-patch-004)", async () => {
    writeFileSync(join(dir, 'f.js'), ['export const a = {', '  red: 31,', '  green: 32,', '};', ''].join('\n'));
    const added = ['  /**', '   * Basic colour codes, as the', '   * terminal reads them:', '   */', '  blue: 34,'];
    const o = await apply(
      [
        '*** Begin Patch',
        '*** Update File: f.js',
        '@@',
        ' export const a = {',
        ' \tred: 31,',
        ...added.map((l) => `+${l}`),
        ' \tgreen: 32,',
        '*** End Patch',
      ].join('\n'),
      { cwd: dir },
    );
    expect(o.status).toBe('applied');
    expect(read()).toBe(['export const a = {', '  red: 31,', ...added, '  green: 32,', '};', ''].join('\n'));
  });

  it('a replacing line typed with a tab for each two spaces keeps the level of the line it replaces (indent-added-patch-054)', async () => {
    const sp = (n: number) => ' '.repeat(n);
    writeFileSync(
      join(dir, 'f.js'),
      [
        'function f() {',
        `${sp(4)}if (a) {`,
        `${sp(8)}while (b) {`,
        `${sp(12)}if (c) {`,
        `${sp(16)}if (d) {`,
        `${sp(20)}if (reqDocEnd)`,
        `${sp(24)}console.log('...');`,
        `${sp(20)}try {`,
        `${sp(24)}run();`,
        `${sp(20)}} catch {}`,
        `${sp(16)}}`,
        `${sp(12)}}`,
        `${sp(8)}}`,
        `${sp(4)}}`,
        '}',
        '',
      ].join('\n'),
    );
    const o = await apply(
      [
        '*** Begin Patch',
        '*** Update File: f.js',
        '@@',
        ` ${sp(16)}if (d) {`,
        `-${sp(20)}if (reqDocEnd)`,
        `+${'\t'.repeat(10)}if (nextReqDocEnd)`,
        ` ${sp(24)}console.log('...');`,
        ` ${sp(20)}try {`,
        '*** End Patch',
      ].join('\n'),
      { cwd: dir },
    );
    expect(o.status).toBe('applied');
    expect(read().split('\n')[5]).toBe(`${sp(20)}if (nextReqDocEnd)`);
  });
});
