// Wrong writes the drift corpus found at seeds 2 and 3 (node scripts/drift.mjs
// --seed 3 --per 40): each exit-0 write of text the model did not mean, as the
// smallest case that shows it.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply, edit } from '../../src/index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chord-drift4-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const read = () => readFileSync(join(dir, 'f.ts'), 'utf8');

describe('drift round 4', () => {
  it('an edit re-sent after its first copy matched with trailing whitespace ignored is already applied (resent-ws-edit-026)', async () => {
    const before = "describe('x', () => {\n  it('a', () => {\n    a();\n  });  \n});\n";
    writeFileSync(join(dir, 'f.ts'), before);
    const input = JSON.stringify({
      path: 'f.ts',
      old_string: '  });\n});',
      new_string: "  });\n\n  it('b', () => {\n    b();\n  });\n});",
    });
    const first = await edit(input, { cwd: dir });
    expect(first.status).toBe('applied');
    const once = read();
    expect(once).toBe("describe('x', () => {\n  it('a', () => {\n    a();\n  });  \n\n  it('b', () => {\n    b();\n  });\n});\n");
    const again = await edit(input, { cwd: dir });
    expect(again.status).not.toBe('applied');
    expect(again.failed.flatMap((g) => g.failures.map((f) => f.code))).toContain('already_applied');
    expect(read()).toBe(once);
  });

  it('an edit whose old_string matches exactly still applies when new_string only re-indents it', async () => {
    writeFileSync(join(dir, 'f.ts'), 'if (a) {\n  b();\n  c();\n}\n');
    const o = await edit(JSON.stringify({ path: 'f.ts', old_string: '  b();\n  c();', new_string: '    b();\n    c();' }), { cwd: dir });
    expect(o.status).toBe('applied');
    expect(read()).toBe('if (a) {\n    b();\n    c();\n}\n');
  });

  it('a hunk re-sent under its header is already applied, not written again into another block after it (resent-patch-034)', async () => {
    const block = ['    flat(', '        depth?: number,', '    ): U[];', '', '    /** Docs. */', '    size: number;'];
    const before = ['interface A {', ...block, '}', '', 'interface B {', ...block, '}', ''].join('\n');
    writeFileSync(join(dir, 'f.ts'), before);
    const patch = [
      '*** Begin Patch',
      '*** Update File: f.ts',
      '@@ interface A {',
      '        depth?: number,',
      '     ): U[];',
      '+    const previous = value;',
      ' ',
      '     /** Docs. */',
      '*** End Patch',
    ].join('\n');
    const first = await apply(patch, { cwd: dir });
    expect(first.status).toBe('applied');
    const once = read();
    expect(once.split('\n').filter((l) => l.includes('previous'))).toHaveLength(1);
    expect(once.indexOf('previous')).toBeLessThan(once.indexOf('interface B'));
    const again = await apply(patch, { cwd: dir });
    expect(again.status).not.toBe('applied');
    expect(again.failed.flatMap((g) => g.failures.map((f) => f.code))).toContain('already_applied');
    expect(read()).toBe(once);
  });

  it('a line typed with spaces takes the tabs of a tab-indented file beside a stray one-space line (indent-added-patch-033)', async () => {
    const lines = [
      'function f(test, artifact) {',
      '\tconst g = async () => {',
      '\t\tconst p = rpc();',
      '\t\tconst a = await other();',
      '\t\tconst b = await p;',
      '\t\treturn a || b;',
      '\t};',
      '\treturn g;',
      '}',
      ' // Remove function condition',
      'function h() {',
      '\treturn 1;',
      '}',
      '',
    ];
    writeFileSync(join(dir, 'f.ts'), lines.join('\n'));
    const patch = [
      '*** Begin Patch',
      '*** Update File: f.ts',
      '@@',
      ' \t\tconst p = rpc();',
      ' \t\tconst a = await other();',
      ' \t\tconst b = await p;',
      '-\t\treturn a || b;',
      '+        return a || nextB;',
      ' \t};',
      ' \treturn g;',
      ' }',
      '*** End Patch',
    ].join('\n');
    const o = await apply(patch, { cwd: dir });
    expect(o.status).toBe('applied');
    expect(read().split('\n')[5]).toBe('\t\treturn a || nextB;');
  });

  it("an edit's added line typed with spaces takes the tabs of a tab-indented file with a block comment beside it", async () => {
    writeFileSync(join(dir, 'f.ts'), ['class A {', '\t/**', '\t * Runs.', '\t */', '\trun() {', '\t\tfoo();', '\t}', '}', ''].join('\n'));
    const o = await edit(JSON.stringify({ path: 'f.ts', old_string: '\t\tfoo();', new_string: '\t\tfoo();\n        bar();' }), {
      cwd: dir,
    });
    expect(o.status).toBe('applied');
    expect(read().split('\n')[6]).toBe('\t\tbar();');
  });

  it("added lines at the file's width, a // comment first, stay as given when context drifted (indent-context-patch-037)", async () => {
    const sp = (n: number) => ' '.repeat(n);
    const file = [
      'function isCollection(node) {',
      `${sp(4)}if (node && typeof node === 'object')`,
      `${sp(8)}switch (node[NODE_TYPE]) {`,
      `${sp(12)}case MAP:`,
      `${sp(12)}case SEQ:`,
      `${sp(16)}return true;`,
      `${sp(8)}}`,
      `${sp(4)}return false;`,
      '}',
      '',
    ];
    writeFileSync(join(dir, 'f.ts'), file.join('\n'));
    const added = [`${sp(12)}// Callers rely on this being synchronous.`, `${sp(12)}debug('value', value);`];
    const patch = [
      '*** Begin Patch',
      '*** Update File: f.ts',
      '@@ function isCollection(node) {',
      `   if (node && typeof node === 'object')`,
      `     switch (node[NODE_TYPE]) {`,
      '       case MAP:',
      ...added.map((l) => `+${l}`),
      '       case SEQ:',
      '         return true;',
      '     }',
      '*** End Patch',
    ].join('\n');
    const o = await apply(patch, { cwd: dir });
    expect(o.status).toBe('applied');
    expect(read()).toBe([...file.slice(0, 4), ...added, ...file.slice(4)].join('\n'));
  });

  it("old_string ending in a newline keeps the file's trailing whitespace on its own line (resent-ws-edit-002)", async () => {
    writeFileSync(join(dir, 'f.ts'), 'declare namespace A {\n  export { A_ as default }\n}\t\n\nexport = A\n');
    const input = JSON.stringify({
      path: 'f.ts',
      old_string: '  export { A_ as default }\n}\n',
      new_string: '  export { A_ as default }\n}\nif (value === undefined) return;\n',
    });
    const first = await edit(input, { cwd: dir });
    expect(first.status).toBe('applied');
    const once = 'declare namespace A {\n  export { A_ as default }\n}\t\nif (value === undefined) return;\n\nexport = A\n';
    expect(read()).toBe(once);
    const again = await edit(input, { cwd: dir });
    expect(again.failed.flatMap((g) => g.failures.map((f) => f.code))).toContain('already_applied');
    expect(read()).toBe(once);
  });

  it('exact only before its @@ header and loose after it: a hunk is ambiguous (quotes-patch-002)', async () => {
    const body = (q: [string, string]) => [
      '\t\tconst a = globalThis.A;',
      `\t\tconst { html = ${q[0]}<!DOCTYPE html>${q[1]}, url } = options;`,
      '\t\tlet b;',
    ];
    const file = [
      'const first = {',
      '\tasync setup(global, { jsdom = {} }) {',
      ...body(['"', '"']),
      '\t},',
      '};',
      'const second = {',
      '\tasync setup(global, { happy = {} }) {',
      ...body(['\u201c', '\u201d']),
      '\t},',
      '};',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'f.ts'), file);
    const hunk = (header: string) => [
      '*** Begin Patch',
      '*** Update File: f.ts',
      header,
      ' \t\tconst a = globalThis.A;',
      '-\t\tconst { html = "<!DOCTYPE html>", url } = options;',
      '+\t\tconst { html = "<!DOCTYPE html>", url, next } = options;',
      ' \t\tlet b;',
      '*** End Patch',
    ];
    const o = await apply(hunk('@@ async setup(global, { happy = {} }) {').join('\n'), { cwd: dir });
    expect(o.status).not.toBe('applied');
    const failure = o.failed[0]!.failures[0]!;
    expect(failure.code).toBe('hunk_ambiguous');
    expect(failure.message).toContain('before its @@ header');
    expect(read()).toBe(file);
    // Without the header nothing points at either place: curly quotes a model retypes straight tell
    // none apart, so the exact place is no decision (drift round 6).
    const bare = await apply(hunk('@@').join('\n'), { cwd: dir });
    expect(bare.failed[0]!.failures[0]!.code).toBe('hunk_ambiguous');
    expect(read()).toBe(file);
  });

  it('context matching one place exactly and another only without trailing whitespace is ambiguous (trailing-ws-patch-025)', async () => {
    const doc = [
      ' * If `visitor` is a function, it is called',
      ' * for every value. Alternatively,',
      ' * separate visitors may be defined',
      ' * for each node.',
    ];
    const before = [
      '/**',
      ...doc,
      ' */',
      'export declare function visit(): void;',
      '/**',
      ...doc,
      ' */',
      'export declare function visitAsync(): void;',
      '',
    ];
    before[8] += '\t';
    writeFileSync(join(dir, 'f.ts'), before.join('\n'));
    const patch = [
      '*** Begin Patch',
      '*** Update File: f.ts',
      '@@',
      ...doc.slice(0, 3).map((l) => ` ${l}`),
      '+ * (visitAsync awaits each one.)',
      ` ${doc[3]}`,
      '*** End Patch',
    ].join('\n');
    const o = await apply(patch, { cwd: dir });
    expect(o.status).not.toBe('applied');
    const failure = o.failed[0]!.failures[0]!;
    expect(failure.code).toBe('hunk_ambiguous');
    expect(failure.message).toContain('trailing whitespace');
    expect(read()).toBe(before.join('\n'));
  });

  it('a stated line number still picks the exact place among places that differ only in trailing whitespace', async () => {
    const before = ['a', 'b', 'c', 'x', 'a', 'b ', 'c', ''];
    writeFileSync(join(dir, 'f.ts'), before.join('\n'));
    const o = await apply(['--- a/f.ts', '+++ b/f.ts', '@@ -1,3 +1,4 @@', ' a', ' b', '+B', ' c', ''].join('\n'), { cwd: dir });
    expect(o.status).toBe('applied');
    expect(read()).toBe(['a', 'b', 'B', 'c', 'x', 'a', 'b ', 'c', ''].join('\n'));
  });
});
