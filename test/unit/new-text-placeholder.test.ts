// Two exit-0 wrong writes a second parity harness found (other drift
// families than indentation, six formats): a placeholder for left-out code in
// the new text only, which deleted the lines it stood for in every format; and
// an edit whose old_string leaked an invisible character the file lacks,
// matched without it, that wrote it back on the line new_string keeps.

import { describe, expect, it } from 'vitest';
import { apply, edit } from '../../src/index.js';
import { MemFs } from '../support/memfs.js';

const FILE = 'function f(a) {\n  const x = a + 1;\n  const y = x * 2;\n  const z = y - 3;\n  return z;\n}\n';

async function run(input: string, how: 'apply' | 'edit' = 'apply', file = FILE) {
  const fs = new MemFs();
  fs.put('/work/f.js', file);
  const o = how === 'apply' ? await apply(input, { fs, cwd: '/work' }) : await edit(input, { fs, cwd: '/work' });
  return { o, text: fs.text('/work/f.js'), failure: o.failed[0]?.failures[0] };
}

const OLD = ['  const x = a + 1;', '  const y = x * 2;', '  const z = y - 3;'];
const NEW = ['  const x = a + 10;', '  // ... existing code ...'];
/** The change as removed and added lines. */
const CHANGE = `${OLD.map((l) => `-${l}`).join('\n')}\n${NEW.map((l) => `+${l}`).join('\n')}\n`;

describe('a placeholder for left-out code in the new text only', () => {
  it.each([
    ['an envelope', `*** Begin Patch\n*** Update File: f.js\n@@\n${CHANGE}*** End Patch\n`, 'apply'],
    ['a SEARCH/REPLACE block', `f.js\n<<<<<<< SEARCH\n${OLD.join('\n')}\n=======\n${NEW.join('\n')}\n>>>>>>> REPLACE\n`, 'apply'],
    ['a unified diff', `--- a/f.js\n+++ b/f.js\n@@ -1,4 +1,3 @@\n function f(a) {\n${CHANGE}`, 'apply'],
    ['an edit', JSON.stringify({ path: 'f.js', old_string: OLD.join('\n'), new_string: NEW.join('\n') }), 'edit'],
  ] as const)('is refused in %s where it would replace the lines it stands for', async (_what, input, how) => {
    const { o, text, failure } = await run(input, how);
    expect(o.status).toBe('rejected');
    expect(failure?.code).toBe('placeholder');
    expect(failure?.message).toContain('"// ... existing code ..." reads as a placeholder for code left out');
    expect(text).toBe(FILE);
  });

  it('is written where the change removes nothing, and a bare ... (a Python statement) is written as typed', async () => {
    const added = await run('*** Begin Patch\n*** Update File: f.js\n@@\n   const x = a + 1;\n+  // ... more to come\n*** End Patch\n');
    expect(added.o.status).toBe('applied');
    const py = 'class P:\n    def f(self):\n        return 1\n';
    const stub = await run(JSON.stringify({ path: 'f.js', old_string: '        return 1', new_string: '        ...' }), 'edit', py);
    expect(stub.o.status).toBe('applied');
    expect(stub.text).toBe('class P:\n    def f(self):\n        ...\n');
  });

  it('is written when the old text holds the same placeholder line (the file has it)', async () => {
    const file = 'a();\n// ... existing code ...\nb();\n';
    const { o, text } = await run(
      JSON.stringify({ path: 'f.js', old_string: 'a();\n// ... existing code ...', new_string: '// ... existing code ...' }),
      'edit',
      file,
    );
    expect(o.status).toBe('applied');
    expect(text).toBe('// ... existing code ...\nb();\n');
  });
});

describe('an edit whose old_string leaked an invisible character the file lacks', () => {
  const file = 'function area(w, h) {\n  return w * h;\n}\n';

  it('writes the line new_string keeps as the file has it, without the character', async () => {
    const request = { path: 'f.js', old_string: '  re\u200bturn w * h;', new_string: '  check(w, h);\n  re\u200bturn w * h;' };
    const { o, text } = await run(JSON.stringify(request), 'edit', file);
    expect(o.status).toBe('applied');
    expect(text).toBe('function area(w, h) {\n  check(w, h);\n  return w * h;\n}\n');
  });

  it('writes a changed line without it (a text-editor str_replace)', async () => {
    const call = { command: 'str_replace', path: 'f.js', old_str: '  re\u200bturn w * h;', new_str: '  re\u200bturn w * h * 2;' };
    const { o, text } = await run(JSON.stringify(call), 'apply', file);
    expect(o.status).toBe('applied');
    expect(text).toBe('function area(w, h) {\n  return w * h * 2;\n}\n');
  });
});
