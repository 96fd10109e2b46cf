// Names that must stay true when files move (scripts/doc-paths.mjs): the
// paths and module file names that comments and documents mention, the
// identifiers documents name, and the Layout section of docs/design.md against src/.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutMismatches, readTree, staleIdentifiers, stalePaths } from '../../scripts/doc-paths.mjs';
import { scratchTrees } from '../support/tree.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** A design page whose Layout section lists `body`, between two other sections. */
const design = (body: string): string => `# x\n\n## Layout\n\n\`\`\`\n${body}\`\`\`\n\n## Specification\n\nsrc/gone.ts\n`;

describe('paths and file names mentioned in comments and documents', () => {
  const tree = scratchTrees();

  it('all exist in this repository, and the Layout of docs/design.md lists every file of src/ under its folder', () => {
    const repository = readTree(ROOT);
    expect(stalePaths(ROOT, repository)).toEqual([]);
    expect(staleIdentifiers(ROOT, repository)).toEqual([]);
    expect(layoutMismatches(ROOT)).toEqual([]);
  });

  it('names an identifier a document shows in code that no code spells any more, even where a comment still does', () => {
    const root = tree({
      'src/text/endings.ts': '// insertionEnding: the old name\nexport const endingFor = 1;\nexport class LineIndex {}\n',
      'scripts/drift.mjs': "export const KINDS = ['a'];\n",
      'test/stress/a.stress.ts': 'process.env.STRESS_ROUNDS;\n',
      'README.md': 'By `endingFor` and `insertionEnding(eol)`; `LineIndex`, `KINDS_OF`, `STRESS_ROUNDS`.\n',
      'CONTRIBUTING.md': 'Run `npm test`; `parse_bool`, `Outcome`, `cleanHunks` and `node_modules`.\n',
    });
    expect(staleIdentifiers(root)).toEqual(['README.md:1: insertionEnding', 'README.md:1: KINDS_OF', 'CONTRIBUTING.md:1: cleanHunks']);
  });

  it('names a comment path, a bare module name and a document path that no longer exist, with their lines', () => {
    const root = tree({
      'src/match/seek.ts': '// Uses text/splice.ts and ./hunks.ts.\nexport const x = 1; // see seek.ts, tolerant.ts\n',
      'src/text/splice.ts': '/* the table: text/table.ts */\nexport {};\n',
      'README.md': 'The entry is `src/cli.ts`; the rules are in `scripts/house-rules.mjs`.\n',
      'CONTRIBUTING.md': 'Run `test/unit/seek.test.ts`.\n',
    });
    expect(stalePaths(root)).toEqual([
      'README.md:1: src/cli.ts',
      'README.md:1: scripts/house-rules.mjs',
      'CONTRIBUTING.md:1: test/unit/seek.test.ts',
      'src/match/seek.ts:1: ./hunks.ts',
      'src/match/seek.ts:2: tolerant.ts',
      'src/text/splice.ts:1: text/table.ts',
    ]);
  });

  it('checks every page of docs/ as it checks the README, leaving a hidden folder the root lacks to the reader', () => {
    const root = tree({
      'src/run/pipeline.ts': 'export const runEnvelope = 1;\n',
      'docs/cli.md': 'The runner is `src/run/pipeline.ts`, once `src/core/pipeline.ts`; put it in `.cursor/mcp.json`.\n',
      'docs/formats/search-replace.md': 'Read by `src/input/search-replace.ts` and `parseSearchReplace`; see `runEnvelope`.\n',
    });
    expect(stalePaths(root)).toEqual([
      'docs/cli.md:1: src/core/pipeline.ts',
      'docs/formats/search-replace.md:1: src/input/search-replace.ts',
    ]);
    expect(staleIdentifiers(root)).toEqual(['docs/formats/search-replace.md:1: parseSearchReplace']);
  });

  it('resolves a path from the root, from src/, or from a folder above the file, its import spelling, and a * within a name', () => {
    const root = tree({
      'src/match/seek.ts': '// match/hunks.ts, ./hunks.js, text/splice.ts, src/cli/, src/text/s*.ts, scripts/gen-*-fixtures.mjs\n',
      'src/match/hunks.ts': '',
      'src/text/splice.ts': '',
      'src/cli/index.ts': '// ../core/ and core/commit.ts\n',
      'src/core/commit.ts': '',
      'scripts/gen-edit-fixtures.mjs': '// build/ascii.mjs, the part beside it\n',
      'scripts/build/ascii.mjs': '',
      'test/unit/a.test.ts': '// support/tree.ts and src/match/seek.ts\n',
      'test/support/tree.ts': '',
    });
    expect(stalePaths(root)).toEqual([]);
  });

  it('leaves prose and illustrations alone: code, other folders, one-letter names, placeholders, other projects', () => {
    const root = tree({
      'src/config/glob.ts':
        '// `src/*` covers `src/deep/a.ts`; docs/new.md, a/src/b.ts, ./a/../b\n' +
        '// test/fixtures/NNN_name/, test/fixtures/4NN_*, src/report/<format>.ts, (@actions/core, command.ts)\n' +
        "export const s = 'src/gone.ts';\n",
      'README.md': 'Patches name `lib/util.ts` and `x.ts`; node_modules/foo/index.js; https://example.com/a/b.md\n',
    });
    expect(stalePaths(root)).toEqual([]);
  });

  it('counts neither the folders .gitignore names (outputs of a run) nor the files in them', () => {
    const root = tree({
      '.gitignore': 'node_modules\n/build/\ndrift-out*/\n',
      'drift-out-1/case/helper.ts': '',
      'build/chord-patch.ts': '',
      'README.md': 'Wrong cases go to `drift-out/refused/`; `build/chord-patch.ts` is the binary.\n',
      'src/a.ts': '// see helper.ts\n',
    });
    expect(stalePaths(root)).toEqual(['src/a.ts:1: helper.ts']);
  });

  it('names a src/ file the Layout leaves out, and a listed file that is gone, folder by folder', () => {
    const root = tree({
      'docs/design.md': design(
        'src/main.ts               the entry\nsrc/cli/                  the front end\n  index.ts  the entry\n' +
          'match/  where a hunk goes\n  seek.ts, scope.ts   passes; scopes\n  gone.ts  removed\n',
      ),
      'src/main.ts': '',
      'src/types.ts': '',
      'src/cli/index.ts': '',
      'src/cli/program.ts': '',
      'src/match/seek.ts': '',
      'src/match/scope.ts': '',
    });
    expect(layoutMismatches(root)).toEqual([
      'Layout (docs/design.md): src/cli/program.ts is not listed',
      'Layout (docs/design.md): src/match/gone.ts is listed but does not exist',
      'Layout (docs/design.md): src/types.ts is not listed',
    ]);
  });

  it('does not count a file named under another folder as listed under its own', () => {
    const root = tree({
      'docs/design.md': design('edit/  the edit tool\n  view.ts  a decoded file\nmatch/  matching\n  seek.ts  passes\n'),
      'src/edit/view.ts': '',
      'src/match/seek.ts': '',
      'src/match/view.ts': '',
    });
    expect(layoutMismatches(root)).toEqual(['Layout (docs/design.md): src/match/view.ts is not listed']);
  });
});
