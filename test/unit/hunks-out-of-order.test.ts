// A unified diff whose hunks are out of file order: a hunk stated before the
// previous one, whose old side stands there and again further down. Found by
// the real-commit differential (requests d8666e19 and click a1d726b5 at -U1,
// hunks reversed): the hunk went to the one place after the previous hunk, a
// function 13 lines off, with exit 0; git apply takes the stated line, GNU
// patch refuses ("misordered hunks").

import { describe, expect, it } from 'vitest';
import { apply } from '../../src/index.js';
import { MemFs } from '../support/memfs.js';

const FILE = [
  'import cgi',
  'import codecs',
  '',
  '',
  'def get_encoding(headers):',
  '    """Return the encoding.',
  '    """',
  '',
  '    content_type = headers.get("content-type")',
  '    if not content_type:',
  '        return None',
  '',
  '    content_type, params = cgi.parse_header(content_type)',
  '',
  '    return params',
  '',
  '',
  'def parse_links(value):',
  '    """Return links.',
  '    """',
  '',
  '    links = []',
  '    return links',
  '',
].join('\n');

const diff = (stated: number) =>
  [
    '--- a/u.py',
    '+++ b/u.py',
    '@@ -12,3 +12,3 @@ def get_encoding(headers):',
    ' ',
    '-    content_type, params = cgi.parse_header(content_type)',
    '+    content_type, params = parse_header(content_type)',
    ' ',
    `@@ -${stated},2 +${stated - 1},3 @@ def get_encoding(headers):`,
    '     """',
    '+    def parse_header(v): return v, {}',
    ' ',
    '@@ -1,2 +1,1 @@',
    '-import cgi',
    ' import codecs',
    '',
  ].join('\n');

async function run(input: string) {
  const fs = new MemFs();
  fs.put('/work/u.py', FILE);
  const o = await apply(input, { fs, cwd: '/work' });
  return { o, text: fs.text('/work/u.py')! };
}

describe('a hunk stated before the previous one, whose old side stands there and after it', () => {
  it('goes to its stated line, as git apply puts it, with a note', async () => {
    const { o, text } = await run(diff(7));
    expect(o.status).toBe('applied');
    const lines = text.split('\n');
    expect(lines.slice(3, 7)).toEqual([
      'def get_encoding(headers):',
      '    """Return the encoding.',
      '    """',
      '    def parse_header(v): return v, {}',
    ]);
    expect(text.match(/def parse_header/g)).toHaveLength(1);
    expect(o.notes.map((n) => n.message).join('\n')).toContain('hunk 2/3 at line 7 matched before and after the preceding hunk');
  });

  it('is refused, naming both places, when its stated line is neither, and nothing is written', async () => {
    const { o, text } = await run(diff(5));
    expect(o.status).toBe('rejected');
    const failure = o.failed[0]!.failures[0]!;
    expect(failure.code).toBe('hunk_ambiguous');
    expect(failure.message).toContain(
      'the context matches 2 places (lines 7, 20) in the file; its stated line number (5) points at line 5',
    );
    expect(text).toBe(FILE);
  });
});
