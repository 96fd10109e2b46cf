// Wrong writes the drift corpus found at seeds 13, 15, 18, 19 and 20
// (node scripts/drift.mjs --seed N --per 40): each exit-0 write of text the
// model did not mean, as the smallest case that shows it.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply } from '../../src/index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chord-drift6-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const read = () => readFileSync(join(dir, 'f.js'), 'utf8');
const failures = (o: Awaited<ReturnType<typeof apply>>) => o.failed.flatMap((g) => g.failures);
const envelope = (...body: string[]) => ['*** Begin Patch', '*** Update File: f.js', ...body, '*** End Patch', ''].join('\n');
const edit = (old_string: string, new_string: string) => JSON.stringify({ path: 'f.js', old_string, new_string });

describe('drift round 6: an exact place with a twin that differs only in folded characters', () => {
  // Two overloads documented alike; the second one's comment has a no-break space the model typed as a space.
  const overload = (space: string) => [
    '    /**',
    `     * Creates a Promise that is resolved with an array of results when all`,
    `     * of the provided Promises resolve or${space}reject.`,
    '     * @param values An array of Promises.',
    '     */',
  ];
  const before = [
    'interface PromiseConstructor {',
    ...overload('\u00a0'),
    '    allSettled<T>(values: T): Promise<T>;',
    '',
    ...overload(' '),
    '    allSettled<T>(values: Iterable<T>): Promise<T[]>;',
    '}',
    '',
  ].join('\n');
  /** The hunk, its lines indented by `indent` (the file's: 5 spaces), under a stated line number when `at` is given. */
  const patch = (indent: string, at?: number) =>
    envelope(
      `@@${at === undefined ? '' : ` -${at},3 +${at},4 @@`} interface PromiseConstructor {`,
      ` ${indent}* Creates a Promise that is resolved with an array of results when all`,
      ` ${indent}* of the provided Promises resolve or reject.`,
      `+${indent}* Rejects nothing: every outcome is reported.`,
      ` ${indent}* @param values An array of Promises.`,
    );
  const added = (at: string) => at.replace(/(resolve or.reject\.\n)/, '$1     * Rejects nothing: every outcome is reported.\n');

  it('a no-break space at one place, a space at the other: ambiguous, both named (unicode-space-patch-026)', async () => {
    writeFileSync(join(dir, 'f.js'), before);
    const o = await apply(patch('     '), { cwd: dir });
    expect(o.status).not.toBe('applied');
    const [f] = failures(o);
    expect(f?.code).toBe('hunk_ambiguous');
    expect(f?.message).toContain('lines 3, 10');
    expect(f?.message).toContain('exactly only at line 10');
    expect(read()).toBe(before);
  });

  it('the same with the indentation drifted too (the twin then ignores it as well)', async () => {
    writeFileSync(join(dir, 'f.js'), before);
    const o = await apply(patch('    '), { cwd: dir });
    expect(o.status).not.toBe('applied');
    expect(failures(o)[0]?.code).toBe('hunk_ambiguous');
    expect(read()).toBe(before);
  });

  it('a stated line number decides between them, at the exact place or at its twin', async () => {
    writeFileSync(join(dir, 'f.js'), before);
    expect((await apply(patch('     ', 10), { cwd: dir })).status).toBe('applied');
    const [first, second] = before.split('    allSettled<T>(values: T): Promise<T>;\n');
    expect(read()).toBe(`${first}    allSettled<T>(values: T): Promise<T>;\n${added(second!)}`);
    writeFileSync(join(dir, 'f.js'), before);
    expect((await apply(patch('     ', 3), { cwd: dir })).status).toBe('applied');
    expect(read()).toBe(`${added(first!)}    allSettled<T>(values: T): Promise<T>;\n${second}`);
  });

  it('a curly-quoted copy inside the same header block: ambiguous (quotes-patch-005)', async () => {
    const example = (q: [string, string]) => [
      '        /**',
      '         * ```js',
      `         * performance.mark(${q[0]}test${q[1]});`,
      `         * performance.mark(${q[0]}meow${q[1]});`,
      '         * ```',
      '         */',
    ];
    const text = [
      'class PerformanceObserverEntryList {',
      ...example(["'", "'"]),
      '        getEntries(): PerformanceEntry[];',
      ...example(['\u2018', '\u2019']),
      '        getEntriesByName(name: string): PerformanceEntry[];',
      '}',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'f.js'), text);
    const o = await apply(
      envelope(
        '@@ class PerformanceObserverEntryList {',
        "          * performance.mark('test');",
        '+         * performance.mark("again");',
        "          * performance.mark('meow');",
        '          * ```',
      ),
      { cwd: dir },
    );
    expect(o.status).not.toBe('applied');
    expect(failures(o)[0]?.code).toBe('hunk_ambiguous');
    expect(read()).toBe(text);
  });
});

describe('drift round 6: indentation', () => {
  // A tab-indented object, then a 2-space export block (generated code): the change is in the object.
  const before = [
    'const configDefaults = Object.freeze({',
    '\tinclude: defaultInclude,',
    '\texclude: defaultExclude,',
    '\tteardownTimeout: 1e4,',
    '\tupdate: false,',
    '});',
    'function defineProject(config) {',
    '\treturn config;',
    '}',
    '',
    'Object.defineProperty(exports, "mergeConfig", {',
    '  enumerable: true,',
    '  get: function () { return vite.mergeConfig; }',
    '});',
    '',
  ].join('\n');

  it('an edit typing 4 spaces for a tab next to a 2-space block takes the tab (indent-added-edit-010)', async () => {
    writeFileSync(join(dir, 'f.js'), before);
    const o = await apply(
      edit('\texclude: defaultExclude,\n\tteardownTimeout: 1e4,', '\texclude: defaultExclude,\n    nextTimeout: 1e4,'),
      {
        cwd: dir,
      },
    );
    expect(o.status).toBe('applied');
    expect(read()).toBe(before.replace('\tteardownTimeout: 1e4,', '\tnextTimeout: 1e4,'));
  });

  it('a patch adding 4-space lines to a tab-indented function beside the 2-space block (indent-added-patch-035)', async () => {
    writeFileSync(join(dir, 'f.js'), before);
    const o = await apply(
      envelope('@@ function defineProject(config) {', '+    // Callers rely on this being synchronous.', ' \treturn config;', ' }'),
      { cwd: dir },
    );
    expect(o.status).toBe('applied');
    expect(read()).toBe(before.replace('\treturn config;', '\t// Callers rely on this being synchronous.\n\treturn config;'));
  });

  it('tabs typed one per two spaces after a line that opens a block land one level in (indent-added-edit-004)', async () => {
    const text = [
      'function run(stdin) {',
      '    if (stdin) {',
      '        stdin.on("end", () => {',
      '            stdin.on("data", (chunk) => {',
      '                for (const tok of lex(chunk, true))',
      '                    process.stdout.write(tok);',
      '            });',
      '        });',
      '    }',
      '}',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'f.js'), text);
    const old = '            stdin.on("data", (chunk) => {\n                for (const tok of lex(chunk, true))';
    const o = await apply(edit(old, old.replace('=> {\n', `=> {\n${'\t'.repeat(8)}debug(chunk);\n`)), { cwd: dir });
    expect(o.status).toBe('applied');
    expect(read()).toBe(text.replace('=> {\n                for', '=> {\n                debug(chunk);\n                for'));
  });

  it('one quoted line at twice its width, an added line typed left of it: no reading, refused (indent-edit-026)', async () => {
    const text = [
      'function series() {',
      '  return ids.map((id) => {',
      '    return {',
      '      pts: points',
      '        .map((p) => p.ms)',
      '          .filter((x) => x !== undefined),',
      '    };',
      '  });',
      '}',
      '',
    ].join('\n');
    writeFileSync(join(dir, 'f.js'), text);
    const o = await apply(
      edit(
        '                    .filter((x) => x !== undefined),',
        '                    .filter((x) => x !== undefined),\n                rounds: points.map((p) => p.rounds),',
      ),
      { cwd: dir },
    );
    expect(o.status).not.toBe('applied');
    expect(failures(o)[0]?.message).toContain('ambiguous');
    expect(read()).toBe(text);
  });
});
