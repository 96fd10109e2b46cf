// Added lines written as typed where the quoted lines' indentation did not
// map onto the file's (inconsistently, or by a ratio that leaves column 0 at
// column 0): refused when, so written, they break the file's indentation and
// sit beside no neighbour's level. Found by applying the same changes as edits,
// envelopes and SEARCH/REPLACE blocks: the hunk formats wrote `renamed scopes;`
// at column 0 inside a function, with exit 0, where the edit tool indented it.

import { describe, expect, it } from 'vitest';
import { apply } from '../../src/index.js';
import { MemFs } from '../support/memfs.js';

const FILE = 'function s() {\n  const x = 1;\n  return scopes;\n}\n';

async function run(input: string) {
  const fs = new MemFs();
  fs.put('/work/s.ts', FILE);
  const o = await apply(input, { fs, cwd: '/work' });
  return { o, text: fs.text('/work/s.ts') };
}

describe('added lines typed at column 0 among indented lines, the quoted ones mapping inconsistently', () => {
  it.each([
    ['an envelope', '*** Begin Patch\n*** Update File: s.ts\n@@\n-return scopes;\n+renamed scopes;\n }\n*** End Patch\n'],
    ['a SEARCH/REPLACE block', 's.ts\n<<<<<<< SEARCH\nreturn scopes;\n}\n=======\nrenamed scopes;\n}\n>>>>>>> REPLACE\n'],
  ])('are refused in %s, and nothing is written', async (_what, input) => {
    const { o, text } = await run(input);
    expect(o.status).toBe('rejected');
    expect(o.failed[0]!.failures[0]!.message).toContain(
      'the quoted lines\' indentation does not map consistently onto the file\'s, and as written added line "renamed scopes;" breaks',
    );
    expect(text).toBe(FILE);
  });

  it('are written where they sit at a neighbour quoted line level', async () => {
    const { o, text } = await run('*** Begin Patch\n*** Update File: s.ts\n@@\n-return scopes;\n+  renamed scopes;\n }\n*** End Patch\n');
    expect(o.status).toBe('applied');
    expect(text).toBe('function s() {\n  const x = 1;\n  renamed scopes;\n}\n');
  });
});

describe('removed lines typed a level too deep, added lines typed at the file indentation', () => {
  // Found by applying the same change as an envelope and as a unified diff: the envelope re-indented the added lines
  // by the removed lines' shift, to column 0 inside the function, with exit 0. Each added line pairs with the line it
  // replaces in order; none is typed at that line's width, so none is held to its level.
  it('writes the added lines as typed', async () => {
    const fs = new MemFs();
    fs.put('/work/m.js', 'function f() {\n  if (a) return 1;\n  const c = g();\n  if (c)\n    return c;\n  return 0;\n}\n');
    const patch = [
      '*** Begin Patch',
      '*** Update File: m.js',
      '@@',
      ...['-    const c = g();', '-    if (c)', '-      return c;', '+  const c = h();', '+  if (c)', '+    return c;'],
      '*** End Patch',
      '',
    ].join('\n');
    const o = await apply(patch, { fs, cwd: '/work' });
    expect(o.status).toBe('applied');
    expect(fs.text('/work/m.js')).toBe('function f() {\n  if (a) return 1;\n  const c = h();\n  if (c)\n    return c;\n  return 0;\n}\n');
  });
});

describe('removed lines typed a level too deep, added lines typed at the file indentation, not one for one', () => {
  // Found by scoring envelopes, SEARCH/REPLACE blocks and edits against the true change (4 to 7 cases in 400): an added
  // line typed at the width of a removed line further down the block (`renamed` at the `};` line's 4) was taken to be
  // at that line's level, so the removed lines' shift was applied and `};` written at column 0 inside the function.
  const FILE_F = 'function f() {\n  return {\n    code: 1,\n    message: "x",\n    lines: [],\n  };\n}\n';
  const removed = ['      message: "x",', '      lines: [],', '    };'];
  const added = ['    renamed: "x",', '    lines: [],', '  };', '  // added'];
  it.each([
    [
      'an envelope',
      ['*** Begin Patch', '*** Update File: f.ts', '@@', ...removed.map((l) => `-${l}`), ...added.map((l) => `+${l}`), '*** End Patch'],
    ],
    ['a SEARCH/REPLACE block', ['f.ts', '<<<<<<< SEARCH', ...removed, '=======', ...added, '>>>>>>> REPLACE']],
    ['an edit', [JSON.stringify({ path: 'f.ts', old_string: removed.join('\n'), new_string: added.join('\n') })]],
  ])('is refused in %s, naming both readings, and nothing is written', async (_what, lines) => {
    const fs = new MemFs();
    fs.put('/work/f.ts', FILE_F);
    const o = await apply(`${lines.join('\n')}\n`, { fs, cwd: '/work' });
    expect(o.status).toBe('rejected');
    expect(o.failed[0]!.failures[0]!.message).toContain('indentation of the added lines is ambiguous');
    expect(o.failed[0]!.failures[0]!.message).toContain('("··renamed: \\"x\\",") or as written ("····renamed: \\"x\\",")');
    expect(fs.text('/work/f.ts')).toBe(FILE_F);
  });
});
