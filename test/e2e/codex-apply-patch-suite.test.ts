// The unit and integration tests of OpenAI Codex's apply-patch crate
// (openai/codex, codex-rs/apply-patch: src/lib.rs, src/parser.rs,
// src/seek_sequence.rs, tests/suite/tool.rs, tests/suite/cli.rs,
// tests/fs_sandbox.rs, and the tests/conflict*.rs and tests/two_hunks.rs of
// one branch), re-created as trees: each case's files are written, its patch
// is applied with `chord-patch apply`, and the tree left is compared with the
// contents Codex's test expects (or, where Codex's test expects an error, with
// the tree untouched: a refusal). Facts and cases, not Codex's code. Tests of
// Rust API shapes only (argv classification of shell commands, error enum
// variants, unified-diff previews, sandbox call records) are ported where
// they imply a tree; the 25 tests/fixtures/scenarios run elsewhere (npm run
// conformance) and are left out, as are the tool.rs tests that repeat them.
//
// chord-patch differs from Codex on purpose in a few places, and a case there
// says so in its source: it plans every file before writing any (a failure
// writes nothing, where Codex keeps the operations before it), it repairs a
// missing `*** End Patch`, it refuses `*** Add File:` over an existing file,
// and it is not a shell: a heredoc wrapper is unwrapped, but a shell command
// around it (`cd dir &&`, `echo … &&`) is prose and refused.
//
// A case marked `codex` also holds Codex's own apply_patch (the peer binary
// bench/.peers/bin/apply_patch, Codex 0.171.0: the patch as its argument, the
// tree as its cwd) to the same tree and the same refusal; skipped when the
// peer is not installed. The cases about writes the file system refuses run
// as an unprivileged user (nobody, through setpriv, when the suite runs as
// root), since root may write anywhere.

import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliCommand, ROOT, runCli, RUNTIME } from '../support/cli.js';
import { readTree, scratchDirs } from '../support/tree.js';

const temp = scratchDirs();

const PEER = join(ROOT, 'bench', '.peers', 'bin', 'apply_patch');
const HAVE_PEER = existsSync(PEER);

type Files = Record<string, string | Buffer>;

interface Case {
  name: string;
  source: string;
  before: Files;
  /** The patch text; a function gets the working directory, for patches that name absolute paths. */
  patch: string | ((work: string) => string);
  /** The tree left: absent means refused, the tree as it was. */
  after?: Files;
  /** Read the patch from stdin (`-`) rather than from a file. */
  stdin?: boolean;
  /** Codex's apply_patch leaves the same tree, and fails exactly when chord-patch refuses. */
  codex?: boolean;
}

function write(dir: string, files: Files): void {
  for (const [p, c] of Object.entries(files)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    if (p.endsWith('/')) mkdirSync(join(dir, p), { recursive: true });
    else writeFileSync(join(dir, p), c);
  }
}

function treeOf(files: Files): Record<string, string> {
  const d = temp();
  write(d, files);
  return readTree(d);
}

function patchFor(c: Case, work: string): string {
  return typeof c.patch === 'function' ? c.patch(work) : c.patch;
}

function runCase(c: Case): void {
  const work = temp();
  write(work, c.before);
  const text = patchFor(c, work);
  const patch = join(temp(), 'p.patch');
  writeFileSync(patch, text);
  const r = c.stdin ? runCli(['apply', '-q', '-C', work, '-'], { input: text }) : runCli(['apply', '-q', '-C', work, patch]);
  const expected = treeOf(c.after ?? c.before);
  const refused = c.after === undefined;
  expect({ tree: readTree(work), refused: r.code !== 0 }, r.stderr).toEqual({ tree: expected, refused });
  // Codex's own run does not depend on the runtime under test: held once, in the Node CLI's project.
  if (!c.codex || !HAVE_PEER || RUNTIME !== 'node') return;
  const theirs = temp();
  write(theirs, c.before);
  const peerText = patchFor(c, theirs);
  const g = c.stdin
    ? spawnSync(PEER, [], { cwd: theirs, input: peerText, encoding: 'utf8' })
    : spawnSync(PEER, [peerText], { cwd: theirs, encoding: 'utf8' });
  expect({ codex: readTree(theirs), refused: g.status !== 0 }, g.stderr).toEqual({ codex: expected, refused });
}

/** LF-terminated lines. */
const D = (...lines: string[]) => `${lines.join('\n')}\n`;
/** Codex's wrap_patch: the body between the markers, no newline after `*** End Patch`. */
const wrap = (...body: string[]) => `*** Begin Patch\n${body.join('\n')}\n*** End Patch`;
const lib = (test: string) => `codex-rs/apply-patch/src/lib.rs: ${test}`;
const parser = (test: string) => `codex-rs/apply-patch/src/parser.rs: ${test}`;
const seek = (test: string) => `codex-rs/apply-patch/src/seek_sequence.rs: ${test}`;
const tool = (test: string) => `codex-rs/apply-patch/tests/suite/tool.rs: ${test}`;
const cli = (test: string) => `codex-rs/apply-patch/tests/suite/cli.rs: ${test}`;
const sandbox = (test: string) => `codex-rs/apply-patch/tests/fs_sandbox.rs: ${test}`;
/** A source with the reason it differs from Codex, written over several lines. */
const why = (...parts: string[]) => parts.join(' ');
const branch = (file: string, test: string) => `codex-rs/apply-patch/tests/${file}: ${test} (a branch's test; resolve_conflict API)`;

describe("Codex's lib.rs: what apply_patch writes", () => {
  const CASES: Case[] = [
    {
      name: 'an added file named by its absolute path gets its + lines, each ended',
      source: lib('test_add_file_hunk_creates_file_with_contents'),
      before: {},
      patch: (w) => wrap(`*** Add File: ${join(w, 'add.txt')}`, '+ab', '+cd'),
      after: { 'add.txt': 'ab\ncd\n' },
      codex: true,
    },
    {
      name: 'a deleted file named by its absolute path is removed',
      source: lib('test_delete_file_hunk_removes_file'),
      before: { 'del.txt': 'x' },
      patch: (w) => wrap(`*** Delete File: ${join(w, 'del.txt')}`),
      after: {},
      codex: true,
    },
    {
      name: 'an update replaces the line after its context',
      source: lib('test_update_file_hunk_modifies_content'),
      before: { 'update.txt': 'foo\nbar\n' },
      patch: (w) => wrap(`*** Update File: ${join(w, 'update.txt')}`, '@@', ' foo', '-bar', '+baz'),
      after: { 'update.txt': 'foo\nbaz\n' },
      codex: true,
    },
    {
      name: 'an update with Move to writes the destination and removes the source',
      source: lib('test_update_file_hunk_can_move_file'),
      before: { 'src.txt': 'line\n' },
      patch: (w) => wrap(`*** Update File: ${join(w, 'src.txt')}`, `*** Move to: ${join(w, 'dst.txt')}`, '@@', '-line', '+line2'),
      after: { 'dst.txt': 'line2\n' },
      codex: true,
    },
    {
      name: 'two chunks of one Update File change two places',
      source: `${lib('test_multiple_update_chunks_apply_to_single_file')}; also test_unified_diff`,
      before: { 'multi.txt': 'foo\nbar\nbaz\nqux\n' },
      patch: wrap('*** Update File: multi.txt', '@@', ' foo', '-bar', '+BAR', '@@', ' baz', '-qux', '+QUX'),
      after: { 'multi.txt': 'foo\nBAR\nbaz\nQUX\n' },
      codex: true,
    },
    {
      name: 'three chunks: two replacements and an addition pinned to the end of the file',
      source: lib('test_update_file_hunk_interleaved_changes'),
      before: { 'interleaved.txt': 'a\nb\nc\nd\ne\nf\n' },
      patch: wrap(
        '*** Update File: interleaved.txt',
        '@@',
        ' a',
        '-b',
        '+B',
        '@@',
        ' c',
        ' d',
        '-e',
        '+E',
        '@@',
        ' f',
        '+g',
        '*** End of File',
      ),
      after: { 'interleaved.txt': 'a\nB\nc\nd\nE\nf\ng\n' },
      codex: true,
    },
    {
      name: 'the same three chunks with one context line each',
      source: lib('test_unified_diff_interleaved_changes'),
      before: { 'interleaved.txt': 'a\nb\nc\nd\ne\nf\n' },
      patch: wrap('*** Update File: interleaved.txt', '@@', ' a', '-b', '+B', '@@', ' d', '-e', '+E', '@@', ' f', '+g', '*** End of File'),
      after: { 'interleaved.txt': 'a\nB\nc\nd\nE\nf\ng\n' },
      codex: true,
    },
    {
      name: 'a CRLF file keeps CRLF on replaced and appended lines',
      source: `${lib('test_preserve_crlf_line_endings_on_update')} (a Windows-only test there; tool.rs holds it on every OS)`,
      before: { 'crlf.txt': 'a\r\nb\r\nc\r\n' },
      patch: wrap('*** Update File: crlf.txt', '@@', ' a', '-b', '+B', '@@', ' c', '+d', '*** End of File'),
      after: { 'crlf.txt': 'a\r\nB\r\nc\r\nd\r\n' },
      codex: true,
    },
    {
      name: 'a CR inside a CRLF line is content: appending leaves "foo\\r\\r\\n" as it was',
      source: lib('test_preserve_crlf_embedded_carriage_returns_on_append'),
      before: { 'crlf_cr_content.txt': 'foo\r\r\nbar\r\n' },
      patch: wrap('*** Update File: crlf_cr_content.txt', '@@', '+BAZ', '*** End of File'),
      after: { 'crlf_cr_content.txt': 'foo\r\r\nbar\r\nBAZ\r\n' },
      // Codex 0.171.0 writes "BAZ\r" with no LF after it: not held to it.
    },
    {
      name: 'a pure addition then a replacement of the lines it follows is refused: hunks follow file order',
      source: why(
        `${lib('test_pure_addition_chunk_followed_by_removal')}: Codex appends the addition and replaces the lines above it`,
        '("line1\\nline2-replacement\\nafter-context\\nsecond-line\\n"); chord-patch takes a hunk out of file order only where',
        'it does not touch a hunk already placed, and the end of the file, where the addition goes, is the end of the replaced lines',
      ),
      before: { 'panic.txt': 'line1\nline2\nline3\n' },
      patch: wrap(
        '*** Update File: panic.txt',
        '@@',
        '+after-context',
        '+second-line',
        '@@',
        ' line1',
        '-line2',
        '-line3',
        '+line2-replacement',
      ),
    },
    {
      name: 'the same chunks in file order apply',
      source: `${lib('test_pure_addition_chunk_followed_by_removal')}, its chunks swapped`,
      before: { 'panic.txt': 'line1\nline2\nline3\n' },
      patch: wrap(
        '*** Update File: panic.txt',
        '@@',
        ' line1',
        '-line2',
        '-line3',
        '+line2-replacement',
        '@@',
        '+after-context',
        '+second-line',
      ),
      after: { 'panic.txt': 'line1\nline2-replacement\nafter-context\nsecond-line\n' },
      codex: true,
    },
    {
      name: 'a removed line typed with ASCII dashes matches the file line with an en dash and a non-breaking hyphen',
      source: lib('test_update_line_with_unicode_dash'),
      before: { 'unicode.py': 'import asyncio  # local import \u2013 avoids top\u2011level dep\n' },
      patch: wrap(
        '*** Update File: unicode.py',
        '@@',
        '-import asyncio  # local import - avoids top-level dep',
        '+import asyncio  # HELLO',
      ),
      after: { 'unicode.py': 'import asyncio  # HELLO\n' },
      codex: true,
    },
    {
      name: 'a first-line replacement whose chunk ends with a blank line (before End Patch) applies without it',
      source: lib('test_unified_diff_first_line_replacement'),
      before: { 'first.txt': 'foo\nbar\nbaz\n' },
      patch: wrap('*** Update File: first.txt', '@@', '-foo', '+FOO', ' bar', ''),
      after: { 'first.txt': 'FOO\nbar\nbaz\n' },
      codex: true,
    },
    {
      name: 'a last-line replacement whose chunk ends with a blank line applies without it',
      source: lib('test_unified_diff_last_line_replacement'),
      before: { 'last.txt': 'foo\nbar\nbaz\n' },
      patch: wrap('*** Update File: last.txt', '@@', ' foo', ' bar', '-baz', '+BAZ', ''),
      after: { 'last.txt': 'foo\nbar\nBAZ\n' },
      codex: true,
    },
    {
      name: 'replacing the last line of a file that ends with a newline keeps one newline',
      source: lib('test_derive_new_contents_lf_trailing_newline'),
      before: { 'lf_trailing_newline.txt': 'foo\nbar\n' },
      patch: wrap('*** Update File: lf_trailing_newline.txt', '@@', ' foo', '-bar', '+BAR', ''),
      after: { 'lf_trailing_newline.txt': 'foo\nBAR\n' },
      codex: true,
    },
    {
      name: 'a pure addition pinned to the end of the file appends (a blank line after the marker is skipped)',
      source: lib('test_unified_diff_insert_at_eof'),
      before: { 'insert.txt': 'foo\nbar\nbaz\n' },
      patch: wrap('*** Update File: insert.txt', '@@', '+quux', '*** End of File', ''),
      after: { 'insert.txt': 'foo\nbar\nbaz\nquux\n' },
      codex: true,
    },
    {
      name: 'a relative path resolves against the working directory',
      source: lib('test_apply_patch_should_resolve_absolute_paths_in_cwd'),
      before: { 'source.txt': 'session directory content\n' },
      patch: wrap('*** Update File: source.txt', '@@', '-session directory content', '+updated session directory content'),
      after: { 'source.txt': 'updated session directory content\n' },
      codex: true,
    },
    {
      name: 'relative and absolute paths mix in one patch: adds, deletes and updates',
      source: lib('test_apply_patch_hunks_accept_relative_and_absolute_paths'),
      before: {
        'relative-delete.txt': 'delete relative\n',
        'absolute-delete.txt': 'delete absolute\n',
        'relative-update.txt': 'relative old\n',
        'absolute-update.txt': 'absolute old\n',
      },
      patch: (w) =>
        wrap(
          '*** Add File: relative-add.txt',
          '+relative add',
          `*** Add File: ${join(w, 'absolute-add.txt')}`,
          '+absolute add',
          '*** Delete File: relative-delete.txt',
          `*** Delete File: ${join(w, 'absolute-delete.txt')}`,
          '*** Update File: relative-update.txt',
          '@@',
          '-relative old',
          '+relative new',
          `*** Update File: ${join(w, 'absolute-update.txt')}`,
          '@@',
          '-absolute old',
          '+absolute new',
        ),
      after: {
        'relative-add.txt': 'relative add\n',
        'absolute-add.txt': 'absolute add\n',
        'relative-update.txt': 'relative new\n',
        'absolute-update.txt': 'absolute new\n',
      },
      codex: true,
    },
    {
      name: 'a patch followed by a newline after End Patch applies',
      source: `${lib('test_literal')}; also test_literal_applypatch`,
      before: {},
      patch: '*** Begin Patch\n*** Add File: foo\n+hi\n*** End Patch\n',
      after: { foo: 'hi\n' },
      codex: true,
    },
    {
      name: 'Add File over an existing (non-UTF-8) file is refused',
      source: why(
        `${lib('test_unreadable_destinations_return_inexact_delta')}: Codex overwrites it;`,
        'chord-patch refuses an Add File on an existing path by design',
      ),
      before: { 'binary.dat': Buffer.from([0xff, 0xfe, 0xfd]), 'source.txt': 'before\n' },
      patch: wrap('*** Add File: binary.dat', '+text'),
    },
    {
      name: 'Move to over an existing (non-UTF-8) file replaces it, as in Codex',
      source: `${lib('test_unreadable_destinations_return_inexact_delta')} (Move to); chord-patch notes the file it replaced`,
      before: { 'binary.dat': Buffer.from([0xff, 0xfe, 0xfd]), 'source.txt': 'before\n' },
      patch: wrap('*** Update File: source.txt', '*** Move to: binary.dat', '@@', '-before', '+after'),
      after: { 'binary.dat': 'after\n' },
      codex: true,
    },
  ];
  for (const c of CASES) it(c.name, () => runCase(c));
});

describe("Codex's lib.rs: a shell heredoc around the patch", () => {
  // Codex reads these from a shell command's argv; as patch text, chord-patch
  // unwraps a bare heredoc and refuses any other shell around it (no shell
  // runs: a `cd` it cannot honour must not write at the wrong place). Codex's
  // apply_patch command, given such text as its patch, refuses every one (the
  // bare heredoc too: Codex unwraps it from a shell command's argv only).
  const HEREDOC = (prefix: string, suffix = '') =>
    `${prefix}apply_patch <<'PATCH'\n*** Begin Patch\n*** Add File: foo\n+hi\n*** End Patch\nPATCH${suffix}`;
  const MOVE = wrap('*** Update File: old.txt', '*** Move to: renamed.txt', '@@', '-before', '+after');
  const CASES: Case[] = [
    {
      name: "apply_patch <<'PATCH' … PATCH is unwrapped and applied",
      source: `${lib('test_heredoc')}; also test_heredoc_non_login_shell, the shell-snapshot, PowerShell and cmd variants (argv only)`,
      before: {},
      patch: HEREDOC(''),
      after: { foo: 'hi\n' },
    },
    ...(
      [
        ['cd foo && ', 'test_heredoc_with_leading_cd (Codex applies it in foo/: chord-patch runs no cd)'],
        ["cd 'foo bar' && ", 'test_cd_single_quoted_path_with_spaces (Codex applies it in "foo bar/")'],
        ['cd "foo bar" && ', 'test_cd_double_quoted_path_with_spaces (Codex applies it in "foo bar/")'],
        ['cd foo; ', 'test_cd_with_semicolon_is_ignored'],
        ['cd bar || ', 'test_cd_or_apply_patch_is_ignored'],
        ['cd bar | ', 'test_cd_pipe_apply_patch_is_ignored'],
        ['echo foo && ', 'test_echo_and_apply_patch_is_ignored'],
        ['cd foo && cd bar && ', 'test_double_cd_then_apply_patch_is_ignored'],
        ['cd foo bar && ', 'test_cd_two_args_is_ignored'],
        ['echo foo; cd bar && ', 'test_echo_then_cd_and_apply_patch_is_ignored'],
      ] as const
    ).map(
      ([prefix, test]): Case => ({
        name: `a shell command before the heredoc (${prefix.trim()}) is refused, nothing written`,
        source: lib(test),
        before: {},
        patch: HEREDOC(prefix),
        codex: true,
      }),
    ),
    {
      name: 'a shell command after the heredoc (&& echo done) is refused',
      source: lib('test_cd_then_apply_patch_then_extra_is_ignored'),
      before: {},
      patch: HEREDOC('cd bar && ', ' && echo done'),
      codex: true,
    },
    {
      name: 'an argument before the heredoc (apply_patch foo <<) is refused',
      source: lib('test_apply_patch_with_arg_is_ignored'),
      before: {},
      patch: HEREDOC('').replace('apply_patch <<', 'apply_patch foo <<'),
      codex: true,
    },
    {
      name: 'the applypatch spelling of the command is not unwrapped: refused',
      source: `${lib('test_heredoc_applypatch')}: Codex takes "applypatch" as apply_patch; chord-patch refuses it as text before the patch`,
      before: {},
      patch: HEREDOC('').replace('apply_patch <<', 'applypatch <<'),
      codex: true,
    },
    {
      name: 'cd into a directory then a heredoc moving a file there is refused: the file outside it is not touched',
      source: `${lib('test_apply_patch_resolves_move_path_with_effective_cwd')} (Codex applies it in alt/)`,
      before: { 'alt/old.txt': 'before\n', 'old.txt': 'before\n' },
      patch: `cd alt && apply_patch <<'PATCH'\n${MOVE}\nPATCH`,
      codex: true,
    },
  ];
  for (const c of CASES) it(c.name, () => runCase(c));
});

describe("Codex's parser.rs: what parses, and what it means", () => {
  const CASES: Case[] = [
    {
      name: 'a patch that is not an envelope is refused',
      source: parser('test_parse_patch ("bad")'),
      before: { 'keep.txt': 'x\n' },
      patch: 'bad',
      codex: true,
    },
    {
      name: 'a Begin Patch followed by a line that is no hunk header is refused',
      source: why(
        `${parser('test_parse_patch ("*** Begin Patch\\nbad")')};`,
        'chord-patch would repair the missing End Patch, but "bad" is no hunk',
      ),
      before: { 'keep.txt': 'x\n' },
      patch: '*** Begin Patch\nbad',
      codex: true,
    },
    {
      name: 'markers padded with spaces still delimit the patch',
      source: parser('test_parse_patch (whitespace-padded markers)'),
      before: {},
      patch: '*** Begin Patch \n*** Add File: foo\n+hi\n *** End Patch',
      after: { foo: 'hi\n' },
      codex: true,
    },
    {
      name: 'an Update File with no chunk is refused',
      source: parser('test_parse_patch ("Update file hunk for path \'test.py\' is empty")'),
      before: { 'test.py': 'x\n' },
      patch: '*** Begin Patch\n*** Update File: test.py\n*** End Patch',
      codex: true,
    },
    {
      name: 'an envelope with no hunk writes nothing and fails',
      source: `${parser('test_parse_patch (no hunks)')}; apply_patch fails it: "No files were modified."`,
      before: { 'keep.txt': 'x\n' },
      patch: '*** Begin Patch\n*** End Patch',
      codex: true,
    },
    {
      name: 'an add, a delete and an update with a move and an @@ header, in one patch',
      source: parser('test_parse_patch (add, delete, update with move)'),
      before: { 'path/delete.py': 'gone\n', 'path/update.py': 'def f():\n    pass\n' },
      patch: wrap(
        '*** Add File: path/add.py',
        '+abc',
        '+def',
        '*** Delete File: path/delete.py',
        '*** Update File: path/update.py',
        '*** Move to: path/update2.py',
        '@@ def f():',
        '-    pass',
        '+    return 123',
      ),
      after: { 'path/add.py': 'abc\ndef\n', 'path/update2.py': 'def f():\n    return 123\n' },
      codex: true,
    },
    {
      name: 'an update whose only chunk adds a line, followed by an Add File',
      source: parser('test_parse_patch (Update hunk followed by Add File)'),
      before: { 'file.py': 'x = 1\n' },
      patch: wrap('*** Update File: file.py', '@@', '+line', '*** Add File: other.py', '+content'),
      after: { 'file.py': 'x = 1\nline\n', 'other.py': 'content\n' },
      codex: true,
    },
    {
      name: 'a first chunk without @@ parses as one',
      source: `${parser('test_parse_patch (no @@ before the first chunk)')}; also test_parse_patch_lenient`,
      before: { 'file2.py': 'import foo\n' },
      patch: wrap('*** Update File: file2.py', ' import foo', '+bar'),
      after: { 'file2.py': 'import foo\nbar\n' },
      codex: true,
    },
    {
      name: 'relative and absolute hunk paths parse and apply',
      source: parser('test_parse_patch_accepts_relative_and_absolute_hunk_paths'),
      before: { 'absolute-delete.py': 'gone\n', 'absolute-update.py': 'old\n' },
      patch: (w) =>
        wrap(
          '*** Add File: relative-add.py',
          '+content',
          `*** Delete File: ${join(w, 'absolute-delete.py')}`,
          `*** Update File: ${join(w, 'absolute-update.py')}`,
          '@@',
          '-old',
          '+new',
        ),
      after: { 'relative-add.py': 'content\n', 'absolute-update.py': 'new\n' },
      codex: true,
    },
    ...(['<<EOF', "<<'EOF'", '<<"EOF"'] as const).map(
      (start): Case => ({
        name: `a patch inside a ${start} heredoc is unwrapped`,
        source: parser(`test_parse_patch_lenient (${start})`),
        before: { 'file2.py': 'import foo\n' },
        patch: `${start}\n${wrap('*** Update File: file2.py', ' import foo', '+bar')}\nEOF\n`,
        after: { 'file2.py': 'import foo\nbar\n' },
        codex: true,
      }),
    ),
    {
      name: 'a heredoc opened with mismatched quotes (<<"EOF\') is not unwrapped: refused',
      source: parser('test_parse_patch_lenient (mismatched quotes)'),
      before: { 'file2.py': 'import foo\n' },
      patch: `<<"EOF'\n${wrap('*** Update File: file2.py', ' import foo', '+bar')}\nEOF\n`,
      codex: true,
    },
    {
      name: 'a heredoc without its patch closed, its Update File empty, is refused',
      source: parser('test_parse_patch_lenient (missing closing)'),
      before: { 'file2.py': 'import foo\n' },
      patch: '<<EOF\n*** Begin Patch\n*** Update File: file2.py\nEOF\n',
      codex: true,
    },
    {
      name: 'a line that is no hunk header is refused',
      source: parser('test_parse_one_hunk'),
      before: { 'keep.txt': 'x\n' },
      patch: wrap('bad'),
      codex: true,
    },
    {
      name: 'a chunk line with no prefix right after @@ is refused',
      source: parser('test_update_file_chunk (["@@", "bad"])'),
      before: { 'f.txt': 'bad\n' },
      patch: wrap('*** Update File: f.txt', '@@', 'bad'),
      codex: true,
    },
    {
      name: 'an @@ with no line after it is refused',
      source: parser('test_update_file_chunk (["@@"])'),
      before: { 'f.txt': 'x\n' },
      patch: wrap('*** Update File: f.txt', '@@'),
      codex: true,
    },
    {
      name: 'an @@ followed only by End of File is refused',
      source: parser('test_update_file_chunk (["@@", "*** End of File"])'),
      before: { 'f.txt': 'x\n' },
      patch: wrap('*** Update File: f.txt', '@@', '*** End of File'),
      codex: true,
    },
    {
      name: 'an empty line inside a chunk is an empty context line; the header anchors the chunk',
      source: parser('test_update_file_chunk (@@ change_context, "", context, -remove, +add, context2)'),
      before: { 'f.txt': 'change_context\n\ncontext\nremove\ncontext2\n' },
      patch: wrap('*** Update File: f.txt', '@@ change_context', '', ' context', '-remove', '+add', ' context2'),
      after: { 'f.txt': 'change_context\n\ncontext\nadd\ncontext2\n' },
      codex: true,
    },
    {
      name: 'a chunk of one + line and End of File appends',
      source: parser('test_update_file_chunk (["@@", "+line", "*** End of File"])'),
      before: { 'f.txt': 'x\n' },
      patch: wrap('*** Update File: f.txt', '@@', '+line', '*** End of File'),
      after: { 'f.txt': 'x\nline\n' },
      codex: true,
    },
    {
      name: 'a patch cut off after an Add File line, End Patch missing, adds what it has',
      source: why(
        `${parser('test_parse_patch_streaming')}: Codex's apply_patch refuses it ("The last line of the patch must be`,
        `'*** End Patch'"); chord-patch repairs a missing End Patch by design, with a note`,
      ),
      before: {},
      patch: '*** Begin Patch\n*** Add File: src/hello.txt\n+hello\n+wor',
      after: { 'src/hello.txt': 'hello\nwor\n' },
    },
    {
      name: 'an update with a move, End Patch missing, applies',
      source: `${parser('test_parse_patch_streaming')} (Update File with Move to); repaired End Patch`,
      before: { 'src/old.rs': 'old\n' },
      patch: '*** Begin Patch\n*** Update File: src/old.rs\n*** Move to: src/new.rs\n@@\n-old\n+new',
      after: { 'src/new.rs': 'new\n' },
    },
    {
      name: 'a Delete File, End Patch missing, deletes',
      source: `${parser('test_parse_patch_streaming')} (Delete File; an error in strict mode); repaired End Patch`,
      before: { 'gone.txt': 'x\n' },
      patch: '*** Begin Patch\n*** Delete File: gone.txt',
      after: {},
    },
    {
      name: 'an add and a delete, End Patch missing after a final newline, apply',
      source: `${parser('test_parse_patch_streaming')} (Add File then Delete File); repaired End Patch`,
      before: { 'src/two.txt': 'two\n' },
      patch: '*** Begin Patch\n*** Add File: src/one.txt\n+one\n*** Delete File: src/two.txt\n',
      after: { 'src/one.txt': 'one\n' },
    },
    {
      name: 'a long patch of seven hunks (adds, updates under headers, deletes, a move) applies',
      source: parser('test_parse_patch_streaming_large_patch_by_character (the whole patch)'),
      before: {
        'src/config.rs': D(
          'impl Config',
          '    pub apply_patch_progress: bool,',
          '    pub include_diagnostics: bool,',
          '',
          'fn default_progress_interval()',
          '    Duration::from_millis(500)',
        ),
        'src/legacy_patch_progress.rs': 'old\n',
        'crates/cli/src/main.rs': D('fn run()', '    let args = Args::parse();', '    dispatch(args)'),
        'README.md': D('Development workflow', 'Build the Rust workspace before opening a pull request.'),
        'docs/old-apply-patch-progress.md': 'old\n',
      },
      patch: D(
        '*** Begin Patch',
        '*** Add File: docs/release-notes.md',
        '+# Release notes',
        '+',
        '+## CLI',
        '+- Surface apply_patch progress while arguments stream.',
        '*** Update File: src/config.rs',
        '@@ impl Config',
        '-    pub apply_patch_progress: bool,',
        '+    pub stream_apply_patch_progress: bool,',
        '     pub include_diagnostics: bool,',
        '@@ fn default_progress_interval()',
        '-    Duration::from_millis(500)',
        '+    Duration::from_millis(250)',
        '*** Delete File: src/legacy_patch_progress.rs',
        '*** Update File: crates/cli/src/main.rs',
        '*** Move to: crates/cli/src/bin/codex.rs',
        '@@ fn run()',
        '-    let args = Args::parse();',
        '-    dispatch(args)',
        '+    let cli = Cli::parse();',
        '+    dispatch(cli)',
        '*** Add File: tests/fixtures/apply_patch_progress.json',
        '+{',
        '+  "type": "apply_patch_progress"',
        '+}',
        '*** Update File: README.md',
        '@@ Development workflow',
        ' Build the Rust workspace before opening a pull request.',
        '+When touching streamed tool calls, include parser coverage for partial input.',
        '*** Delete File: docs/old-apply-patch-progress.md',
        '*** End Patch',
      ),
      after: {
        'docs/release-notes.md': D('# Release notes', '', '## CLI', '- Surface apply_patch progress while arguments stream.'),
        'src/config.rs': D(
          'impl Config',
          '    pub stream_apply_patch_progress: bool,',
          '    pub include_diagnostics: bool,',
          '',
          'fn default_progress_interval()',
          '    Duration::from_millis(250)',
        ),
        'crates/cli/src/bin/codex.rs': D('fn run()', '    let cli = Cli::parse();', '    dispatch(cli)'),
        'crates/cli/src/': 'dir',
        'tests/fixtures/apply_patch_progress.json': D('{', '  "type": "apply_patch_progress"', '}'),
        'README.md': D(
          'Development workflow',
          'Build the Rust workspace before opening a pull request.',
          'When touching streamed tool calls, include parser coverage for partial input.',
        ),
        'docs/': 'dir',
      },
      codex: true,
    },
  ];
  for (const c of CASES) it(c.name, () => runCase(c));
});

describe("Codex's seek_sequence.rs: how a chunk's lines are found", () => {
  const CASES: Case[] = [
    {
      name: 'lines found exactly, after a line that is not theirs',
      source: seek('test_exact_match_finds_sequence'),
      before: { 'f.txt': 'foo\nbar\nbaz\n' },
      patch: wrap('*** Update File: f.txt', '@@', '-bar', '-baz', '+qux'),
      after: { 'f.txt': 'foo\nqux\n' },
      codex: true,
    },
    {
      name: 'lines found with the file’s trailing whitespace ignored; the context line keeps it',
      source: seek('test_rstrip_match_ignores_trailing_whitespace'),
      before: { 'f.txt': 'foo   \nbar\t\t\n' },
      patch: wrap('*** Update File: f.txt', '@@', ' foo', '-bar', '+BAR'),
      after: { 'f.txt': 'foo   \nBAR\n' },
      codex: true,
    },
    {
      name: 'lines found only with leading whitespace ignored, at two different indents, are refused: BAR’s indent is unknown',
      source: why(
        `${seek('test_trim_match_ignores_leading_and_trailing_whitespace')}: Codex writes "    foo   \\nBAR\\n";`,
        "chord-patch re-indents added lines after such a match, and foo (4 spaces) and bar (3) map the patch's column 0 two ways",
      ),
      before: { 'f.txt': '    foo   \n   bar\t\n' },
      patch: wrap('*** Update File: f.txt', '@@', ' foo', '-bar', '+BAR'),
    },
    {
      name: 'lines found with leading whitespace ignored at one indent: the added line takes it',
      source: `${seek('test_trim_match_ignores_leading_and_trailing_whitespace')}, both lines at 4 spaces: Codex writes "BAR" at column 0`,
      before: { 'f.txt': '    foo   \n    bar\t\n' },
      patch: wrap('*** Update File: f.txt', '@@', ' foo', '-bar', '+BAR'),
      after: { 'f.txt': '    foo   \n    BAR\n' },
    },
    {
      name: 'a chunk longer than the file is refused',
      source: seek('test_pattern_longer_than_input_returns_none'),
      before: { 'f.txt': 'just one line\n' },
      patch: wrap('*** Update File: f.txt', '@@', ' too', ' many', '-lines'),
      codex: true,
    },
  ];
  for (const c of CASES) it(c.name, () => runCase(c));
});

describe("Codex's tests/suite/tool.rs and cli.rs: the apply_patch command", () => {
  const CASES: Case[] = [
    {
      name: 'a CRLF file: replaced, inserted and blank added lines get CRLF',
      source: tool('test_apply_patch_cli_preserves_crlf_from_target_file'),
      before: { 'crlf.txt': 'one\r\ntwo\r\nthree\r\n' },
      patch: wrap('*** Update File: crlf.txt', '@@', '-one', '+uno', '@@', ' two', '+', '+between', ' three'),
      after: { 'crlf.txt': 'uno\r\ntwo\r\n\r\nbetween\r\nthree\r\n' },
      codex: true,
    },
    {
      name: 'lines replaced by the same lines in another order keep the patch’s order',
      source: tool('test_apply_patch_cli_preserves_change_order_with_repeated_lines'),
      before: { 'repeated.txt': 'a\nb\n' },
      patch: wrap('*** Update File: repeated.txt', '@@', '-a', '-b', '+b', '+b', '+a'),
      after: { 'repeated.txt': 'b\nb\na\n' },
      codex: true,
    },
    {
      name: 'removing the first of two equal lines keeps the second with its own ending',
      source: tool('test_apply_patch_cli_preserves_repeated_context_line_ending'),
      before: { 'repeated_context.txt': 'same\r\nsame\n' },
      patch: wrap('*** Update File: repeated_context.txt', '@@', '-same', ' same'),
      after: { 'repeated_context.txt': 'same\n' },
      codex: true,
    },
    {
      name: 'a mixed-ending file keeps every untouched ending; the replaced line keeps its CRLF',
      source: tool('test_apply_patch_cli_preserves_untouched_mixed_line_endings'),
      before: { 'mixed.txt': 'one\r\ntwo\nthree\r\nfour\n' },
      patch: wrap('*** Update File: mixed.txt', '@@', ' one', ' two', '-three', '+THREE', ' four'),
      after: { 'mixed.txt': 'one\r\ntwo\nTHREE\r\nfour\n' },
      codex: true,
    },
    {
      name: 'a CRLF file without a final newline gets a CRLF one',
      source: tool('test_apply_patch_cli_uses_crlf_for_new_trailing_newline'),
      before: { 'no_trailing_newline.txt': 'one\r\ntwo' },
      patch: wrap('*** Update File: no_trailing_newline.txt', '@@', '-one', '+ONE'),
      after: { 'no_trailing_newline.txt': 'ONE\r\ntwo\r\n' },
      codex: true,
    },
    {
      name: 'a file added, then updated by a second patch (from a file)',
      source: cli('test_apply_patch_cli_add_and_update (add)'),
      before: {},
      patch: wrap('*** Add File: cli_test.txt', '+hello'),
      after: { 'cli_test.txt': 'hello\n' },
      codex: true,
    },
    {
      name: 'the second patch updates it',
      source: cli('test_apply_patch_cli_add_and_update (update)'),
      before: { 'cli_test.txt': 'hello\n' },
      patch: wrap('*** Update File: cli_test.txt', '@@', '-hello', '+world'),
      after: { 'cli_test.txt': 'world\n' },
      codex: true,
    },
    {
      name: 'a file added from stdin',
      source: cli('test_apply_patch_cli_stdin_add_and_update (add)'),
      before: {},
      patch: wrap('*** Add File: cli_test_stdin.txt', '+hello'),
      after: { 'cli_test_stdin.txt': 'hello\n' },
      stdin: true,
      codex: true,
    },
    {
      name: 'and updated from stdin',
      source: cli('test_apply_patch_cli_stdin_add_and_update (update)'),
      before: { 'cli_test_stdin.txt': 'hello\n' },
      patch: wrap('*** Update File: cli_test_stdin.txt', '@@', '-hello', '+world'),
      after: { 'cli_test_stdin.txt': 'world\n' },
      stdin: true,
      codex: true,
    },
  ];
  for (const c of CASES) it(c.name, () => runCase(c));
});

describe("Codex's tests/fs_sandbox.rs: the operations behind a sandboxed apply", () => {
  const CASES: Case[] = [
    {
      name: 'an update reads the file and writes it',
      source: `${sandbox('verified_parse_passes_sandbox_to_filesystem_reads')}; also apply_patch_passes_sandbox_to_update_file_operations`,
      before: { 'source.txt': 'before\n' },
      patch: wrap('*** Update File: source.txt', '@@', '-before', '+after'),
      after: { 'source.txt': 'after\n' },
      codex: true,
    },
    {
      name: 'an add creates the parent directory, then the file',
      source: sandbox('apply_patch_passes_sandbox_to_add_file_operations'),
      before: {},
      patch: wrap('*** Add File: nested/add.txt', '+hello'),
      after: { 'nested/add.txt': 'hello\n' },
      codex: true,
    },
    {
      name: 'a delete removes the file',
      source: sandbox('apply_patch_passes_sandbox_to_delete_file_operations'),
      before: { 'del.txt': 'before\n' },
      patch: wrap('*** Delete File: del.txt'),
      after: {},
      codex: true,
    },
  ];
  for (const c of CASES) it(c.name, () => runCase(c));
});

describe('two Update File sections for one file (tests/conflict.rs, two_hunks.rs, conflict_resolve.rs)', () => {
  // The second section patches the first one's result; when it no longer
  // finds its lines there the whole patch is refused. Codex applies the
  // sections one by one and leaves the first written when the second fails.
  const CASES: Case[] = [
    {
      name: 'one section changing one line applies',
      source: branch('conflict.rs', 'non_conflicting_patch_applies_cleanly'),
      before: { 'f.txt': 'one\ntwo\nthree\n' },
      patch: wrap('*** Update File: f.txt', '@@', '-two', '+twoX'),
      after: { 'f.txt': 'one\ntwoX\nthree\n' },
      codex: true,
    },
    {
      name: 'two sections changing the same line two ways are refused',
      source: `${branch('conflict.rs', 'conflicting_patches_error')}; Codex writes twoA, then fails`,
      before: { 'f.txt': 'one\ntwo\nthree\n' },
      patch: wrap('*** Update File: f.txt', '@@', '-two', '+twoA', '*** Update File: f.txt', '@@', '-two', '+twoB'),
    },
    {
      name: 'two sections changing two different lines both apply',
      source: branch('two_hunks.rs', 'multiple_non_overlapping_hunks'),
      before: { 'f.txt': 'line1\nline2\nline3\nline4\nline5\n' },
      patch: wrap('*** Update File: f.txt', '@@', '-line2', '+foo', '*** Update File: f.txt', '@@', '-line4', '+bar'),
      after: { 'f.txt': 'line1\nfoo\nline3\nbar\nline5\n' },
      codex: true,
    },
    {
      name: 'two sections replacing the same line are refused, nothing written',
      source: why(
        `${branch('two_hunks.rs', 'overlapping_hunks_should_fail')}; also conflict_resolve.rs resolve_conflict_chooses_first_hunk,`,
        'whose API keeps the first (chord-patch never guesses which one was meant); Codex writes X, then fails',
      ),
      before: { 'f.txt': 'A\nB\nC\nD\n' },
      patch: wrap('*** Update File: f.txt', '@@', '-B', '+X', '*** Update File: f.txt', '@@', '-B', '+Y'),
    },
  ];
  for (const c of CASES) it(c.name, () => runCase(c));
});

describe("Codex's lib.rs: a write the file system refuses", () => {
  // Run as an unprivileged user: as root (setpriv to nobody), or as whoever runs the suite.
  const ROOT_USER = process.getuid?.() === 0;
  const canDrop = !ROOT_USER || spawnSync('setpriv', ['--version']).status === 0;
  const NOBODY = ['setpriv', '--reuid', '65534', '--regid', '65534', '--clear-groups'];

  function asUser(file: string, args: string[], cwd: string, home: string) {
    const [cmd, ...pre] = ROOT_USER ? [...NOBODY, file, ...args] : [file, ...args];
    const env = { ...process.env, HOME: home, NO_COLOR: '1', FORCE_COLOR: '', CHORD_PATCH_SESSION: '' };
    return spawnSync(cmd!, pre, { cwd, env, encoding: 'utf8' });
  }

  /** Scratch directory any user may use (the scratch ones are 0700). */
  function open(): string {
    const d = temp();
    chmodSync(d, 0o777);
    return d;
  }

  interface PermCase {
    name: string;
    source: string;
    /** Sets the tree up (as the suite's user), then the patch runs as the unprivileged one. */
    setup: (work: string) => void;
    patch: string;
    after: Record<string, string>;
    refused: boolean;
    codex?: boolean;
  }

  const CASES: PermCase[] = [
    {
      name: 'an Add File into a directory no one may write is refused, nothing written',
      source: lib('test_apply_patch_fails_on_write_error (newer: locked/ is 0555)'),
      setup: (w) => {
        mkdirSync(join(w, 'locked'));
        chmodSync(join(w, 'locked'), 0o555);
      },
      patch: wrap('*** Add File: locked/new.txt', '+after'),
      after: { 'locked/': 'dir' },
      refused: true,
      codex: true,
    },
    {
      name: 'a move whose source cannot be removed is refused, and the destination written first is undone',
      source: why(
        `${lib('test_failed_move_returns_committed_destination_delta')}:`,
        'Codex leaves out/dst.txt written and locked/src.txt in place',
      ),
      setup: (w) => {
        mkdirSync(join(w, 'locked'));
        mkdirSync(join(w, 'out'));
        writeFileSync(join(w, 'locked', 'src.txt'), 'line\n');
        chmodSync(join(w, 'locked'), 0o555);
        chmodSync(join(w, 'out'), 0o777);
      },
      patch: wrap('*** Update File: locked/src.txt', '*** Move to: out/dst.txt', '@@', '-line', '+line2'),
      after: { 'locked/': 'dir', 'locked/src.txt': 'line\n', 'out/': 'dir' },
      refused: true,
    },
    {
      name: 'a read-only file of one’s own is updated, with a note, and stays read-only',
      source: why(
        `${lib('test_apply_patch_fails_on_write_error (older: readonly.txt is 0444)')}: Codex fails to write it;`,
        'chord-patch replaces the file as git apply and GNU patch do, and says so',
      ),
      setup: (w) => {
        writeFileSync(join(w, 'readonly.txt'), 'before\n');
        if (ROOT_USER) chownSync(join(w, 'readonly.txt'), 65534, 65534);
        chmodSync(join(w, 'readonly.txt'), 0o444);
      },
      patch: wrap('*** Update File: readonly.txt', '@@', '-before', '+after'),
      after: { 'readonly.txt': 'after\n' },
      refused: false,
    },
  ];

  for (const c of CASES)
    it.skipIf(!canDrop)(c.name, () => {
      const home = open();
      const work = open();
      c.setup(work);
      const dir = open();
      const patch = join(dir, 'p.patch');
      writeFileSync(patch, c.patch);
      const cmd = cliCommand();
      const r = asUser(cmd.file, [...cmd.args, 'apply', '-q', '-C', work, patch], work, home);
      expect({ tree: readTree(work), refused: r.status !== 0 }, r.stderr).toEqual({ tree: c.after, refused: c.refused });
      if (!c.codex || !HAVE_PEER) return;
      const theirs = open();
      c.setup(theirs);
      const g = asUser(PEER, [c.patch], theirs, home);
      expect({ codex: readTree(theirs), refused: g.status !== 0 }, g.stderr).toEqual({ codex: c.after, refused: c.refused });
    });
});

describe("Codex's lib.rs: deleting a symbolic link", () => {
  it('Delete File on a link is refused: the link and its target stay', () => {
    // lib.rs: test_delete_symlink_returns_inexact_delta. Codex removes the link
    // (and reports an inexact delta); an envelope never touches a link in
    // chord-patch, a deletion included (a git diff's mode 120000 entries do).
    const work = temp();
    writeFileSync(join(work, 'target.txt'), 'target\n');
    symlinkSync(join(work, 'target.txt'), join(work, 'link.txt'));
    const patch = join(temp(), 'p.patch');
    writeFileSync(patch, wrap('*** Delete File: link.txt'));
    const r = runCli(['apply', '-q', '-C', work, patch]);
    expect({ refused: r.code !== 0, link: readlinkSync(join(work, 'link.txt')), target: readTree(work)['target.txt'] }).toEqual({
      refused: true,
      link: join(work, 'target.txt'),
      target: 'target\n',
    });
  });
});
