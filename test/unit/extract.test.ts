// Taking patches out of a model's reply (--extract).

import { describe, expect, it } from 'vitest';
import { extractPatches } from '../../src/input/extract.js';

describe('extractPatches', () => {
  it('takes fenced diff and patch blocks and bare envelopes, in order, with their lines', () => {
    const reply = [
      'Here is the fix:',
      '```diff',
      '--- a/f.txt',
      '+++ b/f.txt',
      '@@ -1 +1 @@',
      '-a',
      '+b',
      '```',
      'And a new file:',
      '*** Begin Patch',
      '*** Add File: n.txt',
      '+n',
      '*** End Patch',
      'Finally:',
      '~~~patch',
      '*** Begin Patch',
      '*** Delete File: old.txt',
      '*** End Patch',
      '~~~',
      'Done.',
    ].join('\n');
    const found = extractPatches(reply);
    expect(found.map((p) => [p.label, p.line])).toEqual([
      ['```diff block', 3],
      ['bare envelope', 10],
      ['```patch block', 16],
    ]);
    expect(found[0]!.text).toBe('--- a/f.txt\n+++ b/f.txt\n@@ -1 +1 @@\n-a\n+b\n');
    expect(found[1]!.text).toBe('*** Begin Patch\n*** Add File: n.txt\n+n\n*** End Patch\n');
  });

  it('skips code blocks that hold no patch, and an envelope inside such a block is not taken twice', () => {
    const reply = [
      '```python',
      'print("*** Begin Patch")',
      '```',
      '```',
      '*** Begin Patch',
      '*** Delete File: x',
      '*** End Patch',
      '```',
    ].join('\n');
    expect(extractPatches(reply).map((p) => [p.label, p.line])).toEqual([['```(unlabelled) block', 5]]);
  });

  it('finds nothing in prose', () => {
    expect(extractPatches('I could not find the file you mentioned.\n')).toEqual([]);
  });

  // Real commits (commander.js 91ccfd5d and 11 more): a Markdown file's own fence as a context
  // line closed the ```diff block, and with --recount the rest of the diff (8 files) was dropped
  // while the run reported success.
  it('reads a diff context line " ```" as content, not as the close of a block opened at column 0', () => {
    const diff = [
      'diff --git a/README.md b/README.md',
      '--- a/README.md',
      '+++ b/README.md',
      '@@ -1,3 +1,3 @@',
      ' ```js',
      '-foo()',
      '+bar()',
      ' ```',
      'diff --git a/x.js b/x.js',
      '--- a/x.js',
      '+++ b/x.js',
      '@@ -1,2 +1,2 @@',
      ' a',
      '-b',
      '+B',
    ];
    const found = extractPatches(['Here is the change:', '', '```diff', ...diff, '```', '', 'Done.'].join('\n'));
    expect(found).toHaveLength(1);
    expect(found[0]!.text).toBe(`${diff.join('\n')}\n`);
    const indented = extractPatches(['1. the change:', '   ```diff', ...diff.map((l) => `   ${l}`), '   ```'].join('\n'));
    expect(indented[0]!.text.split('\n')).toHaveLength(diff.length + 1);
  });
});
