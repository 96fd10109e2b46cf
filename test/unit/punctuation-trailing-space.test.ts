// An edit whose old_string line ends in a space the file lacks, matched under
// punctuation tolerance (optional space), whose new_string adds text after
// that space. Found by scoring edits against the true change: the space was
// taken for the file's own (absent) spacing and dropped, writing
// `const A = 1;// checked` with exit 0; the one-line edit kept it.

import { describe, expect, it } from 'vitest';
import { apply } from '../../src/index.js';
import { MemFs } from '../support/memfs.js';

describe('a kept stretch ending in a space the file lacks, right before added text', () => {
  it.each([
    ['one line', 'const A = 1; ', 'const A = 1; // checked'],
    ['two lines', 'const A = 1; \nconst B = 2;', 'const A = 1; // checked\nconst B = 2;'],
  ])('keeps the model spacing of its addition (%s)', async (_what, oldString, newString) => {
    const fs = new MemFs();
    fs.put('/work/f.ts', 'const A = 1;\nconst B = 2;\n');
    const o = await apply(JSON.stringify({ path: 'f.ts', old_string: oldString, new_string: newString }), { fs, cwd: '/work' });
    expect(o.status).toBe('applied');
    expect(fs.text('/work/f.ts')).toBe('const A = 1; // checked\nconst B = 2;\n');
  });
});
