// An edit's old_string found exactly only as the start of a longer line, from
// its first column, while with indentation ignored it is whole lines
// elsewhere. Found by scoring edits against the true change: `    }` (typed a
// level too deep for the `  }` meant) matched the start of `    };`, and the
// edit split that line into `    }` and `    log(x);;` with exit 0; the same
// change as SEARCH/REPLACE or an envelope was refused as ambiguous.

import { describe, expect, it } from 'vitest';
import { apply } from '../../src/index.js';
import { MemFs } from '../support/memfs.js';

const FILE = 'function f(x) {\n  if (x) {\n    const o = {\n      a: 1,\n    };\n    use(o);\n  }\n  return 0;\n}\n';

async function edit(old_string: string, new_string: string) {
  const fs = new MemFs();
  fs.put('/work/f.ts', FILE);
  const o = await apply(JSON.stringify({ path: 'f.ts', old_string, new_string }), { fs, cwd: '/work' });
  return { o, text: fs.text('/work/f.ts') };
}

describe('old_string exact only as the start of a longer line', () => {
  it('is refused, naming that line and the whole lines it matches elsewhere, when there are any', async () => {
    const { o, text } = await edit('    }', '    }\n    log(x);');
    expect(o.status).toBe('rejected');
    const f = o.failed[0]!.failures[0]!;
    expect(f.code).toBe('old_string_ambiguous');
    expect(f.message).toContain('old_string matches exactly only as the start of line 5, cutting that line short');
    expect(f.message).toContain('with indentation ignored it matches lines 7, 9');
    expect(text).toBe(FILE);
  });

  it('is applied as a substring where no whole line elsewhere reads like it', async () => {
    const { o, text } = await edit('    const o = {', '    const p = {');
    expect(o.status).toBe('applied');
    expect(text).toBe(FILE.replace('const o = {', 'const p = {'));
    const mid = await edit('    use(', '    reuse(');
    expect(mid.o.status).toBe('applied');
  });
});
