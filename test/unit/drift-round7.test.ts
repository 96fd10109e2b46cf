// Drift round 7 (node scripts/drift.mjs --per 40 --seed 13, and seeds 1, 2,
// 19; the unified-diff kinds at --per 60, seeds 1 to 7): must-apply cases
// refused, as the smallest case that shows each.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apply } from '../../src/index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chord-drift7-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const read = () => readFileSync(join(dir, 'f.js'), 'utf8');
const envelope = (...body: string[]) => ['*** Begin Patch', '*** Update File: f.js', ...body, '*** End Patch', ''].join('\n');
const edit = (old_string: string, new_string: string) => JSON.stringify({ path: 'f.js', old_string, new_string });

describe('drift round 7: context quoted in tabs, added lines in the file’s own spaces', () => {
  // Two spaces a level; the model quoted the context one tab a level and typed the new branch as the file has it.
  const before = [
    'function f(xs) {',
    '  for (const x of xs) {',
    '    if (x) {',
    '      if (x > 1) {',
    '        use(x);',
    '      }',
    '    }',
    '    done(x);',
    '  }',
    '}',
    '',
  ].join('\n');
  const after = before.replace('      }\n    }\n', '      }\n    } else if (x < 0) {\n      skip(x);\n    }\n');

  it('a line typed at 4 spaces under a quoted "\\t\\t\\t}" (the file’s 6) is written as typed (indent-context-patch-029)', async () => {
    writeFileSync(join(dir, 'f.js'), before);
    const o = await apply(
      envelope(
        '@@',
        ' \t\t\tif (x > 1) {',
        ' \t\t\t\tuse(x);',
        ' \t\t\t}',
        '+    } else if (x < 0) {',
        '+      skip(x);',
        ' \t\t}',
        ' \t\tdone(x);',
      ),
      { cwd: dir },
    );
    expect(o.status).toBe('applied');
    expect(read()).toBe(after);
  });

  it('the same as an edit whose new_string keeps the quoted lines in tabs (indent-context-edit-011)', async () => {
    writeFileSync(join(dir, 'f.js'), before);
    const quoted = '\t\t\tif (x > 1) {\n\t\t\t\tuse(x);\n\t\t\t}\n';
    const o = await apply(edit(`${quoted}\t\t}`, `${quoted}    } else if (x < 0) {\n      skip(x);\n\t\t}`), { cwd: dir });
    expect(o.status).toBe('applied');
    expect(read()).toBe(after);
  });

  it('an added line at 2 spaces is not held to the level of a removed line at 2 tabs (indent-context-patch-001, -026)', async () => {
    const loop = (head: string, body: string) => `function g(xs) {\n  for (${head}) {\n    ${body};\n  }\n}\n`;
    writeFileSync(join(dir, 'f.js'), loop('let i = 0; i < xs.length; i++', 'use(xs[i])'));
    const o = await apply(
      envelope(
        '@@',
        ' function g(xs) {',
        '-\tfor (let i = 0; i < xs.length; i++) {',
        '-\t\tuse(xs[i]);',
        '+  for (const x of xs) {',
        '+    use(x);',
        ' \t}',
        ' }',
      ),
      { cwd: dir },
    );
    expect(o.status).toBe('applied');
    expect(read()).toBe(loop('const x of xs', 'use(x)'));
  });
});

describe('drift round 7: a unified diff with one context line a space off', () => {
  const before = 'function h(a) {\n  if (a) {\n    return 1;\n  }\n  return 0;\n}\n';

  it('writes the added lines as typed, deeper than any quoted line (diff-ws-diff-057 at seed 3)', async () => {
    writeFileSync(join(dir, 'f.js'), before);
    const diff = ['--- a/f.js', '+++ b/f.js', '@@ -1,6 +1,9 @@', ' function h(a) {', '    if (a) {', '-    return 1;'];
    diff.push('+    if (a > 1) {', '+      return 2;', '+    }', '+    return 1;', '   }', '   return 0;', ' }', '');
    const o = await apply(diff.join('\n'), { cwd: dir });
    expect(o.status).toBe('applied');
    expect(read()).toBe(before.replace('    return 1;\n', '    if (a > 1) {\n      return 2;\n    }\n    return 1;\n'));
    expect(o.notes.map((n) => n.message).join('\n')).toContain('does not map consistently');
  });
});
