// Writes the edit tool's scenario folders, test/fixtures/4NN_*, from the table
// below. A script rather than hand-made files because many scenarios need
// exact bytes (CRLF, CR, mixed endings, GB18030, UTF-16, NUL bytes, invisible
// characters) that editors and copy-paste silently change. Every expected
// `after` is spelled out here, never computed by chord-patch itself.
//
//   node scripts/gen-edit-fixtures.mjs        (re-run after editing the table)
//
// Only folders named 4NN_* are removed and rewritten.

import { mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';

// An output folder may be named (the test that checks no generated folder was
// edited by hand writes into a scratch folder); the default is test/fixtures.
const FIXTURES = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'fixtures');
const MARK = 'Written by scripts/gen-edit-fixtures.mjs (npm run fixtures). Edit the table in that script, not this folder.\n';

const gb = (s) => iconv.encode(s, 'gb18030');
const sjis = (s) => iconv.encode(s, 'shift_jis');
const JA = '// 設定ファイル\nconst 名前 = "こんにちは世界";\n// これは日本語のコメントです\n';
const utf16le = (s) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')]);
const utf16leRaw = (s) => Buffer.from(s, 'utf16le');
const utf16be = (s) => {
  const le = Buffer.from(s, 'utf16le');
  for (let i = 0; i + 1 < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1], le[i]];
  return Buffer.concat([Buffer.from([0xfe, 0xff]), le]);
};
const utf8bom = (s) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(s, 'utf8')]);
const symlink = (target) => ({ symlink: target });
const dir = { dir: true };

const SERVER = 'package main\n\nconst port = 8080\nconst retries = 2\n\nfunc main() {\n\tserve(port)\n}\n';
const HANDLER = 'func handle(userID string) {\n\tlog(userID)\n\tif userID == "" {\n\t\treturn\n\t}\n\tsave(userID)\n}\n';

/** name -> { description, args?, before, input, after?, expect } */
const scenarios = {
  '401_single_exact_via_apply': {
    description: 'apply auto-detects edit JSON and makes one exact replacement',
    args: ['apply'],
    before: { 'server.go': SERVER },
    input: { path: 'server.go', old_string: 'const port = 8080', new_string: 'const port = 3000' },
    after: { 'server.go': SERVER.replace('8080', '3000') },
    expect: { exit: 0, status: 'applied', message: ['Success. Edited server.go: 1 replacement made (80 bytes → 80 bytes).'] },
  },
  '402_edit_command_multiline': {
    description: 'the edit command replaces a multi-line block and reports the size change',
    before: { 'server.go': SERVER },
    input: {
      path: 'server.go',
      old_string: 'func main() {\n\tserve(port)\n}\n',
      new_string: 'func main() {\n\tlog("start")\n\tserve(port)\n}\n',
    },
    after: { 'server.go': SERVER.replace('\tserve(port)', '\tlog("start")\n\tserve(port)') },
    expect: { exit: 0, status: 'applied', message: ['Success. Edited server.go: 1 replacement made (80 bytes → 94 bytes).'] },
  },
  '403_replace_all_renames': {
    description: 'replace_all renames every occurrence and counts each one',
    before: { 'handler.go': HANDLER },
    input: { path: 'handler.go', old_string: 'userID', new_string: 'userId', replace_all: true },
    after: { 'handler.go': HANDLER.replaceAll('userID', 'userId') },
    expect: { exit: 0, status: 'applied', message: ['4 replacements made'] },
  },
  '404_found_n_times': {
    description: 'several matches without replace_all name their lines and the two ways out',
    before: { 'handler.go': HANDLER },
    input: { path: 'handler.go', old_string: 'userID', new_string: 'userId' },
    expect: {
      exit: 1,
      status: 'rejected',
      codes: ['old_string_ambiguous'],
      message: [
        'old_string found 4 times (lines 1, 2, 3, 6)',
        'add more surrounding context to make it unique',
        'set replace_all: true',
        'Nothing was written.',
      ],
    },
  },
  '405_found_n_times_capped': {
    description: 'the line list of an ambiguous match is capped with "+N more"',
    before: { 'list.txt': 'item\n'.repeat(13) },
    input: { path: 'list.txt', old_string: 'item', new_string: 'entry' },
    expect: {
      exit: 1,
      codes: ['old_string_ambiguous'],
      message: ['old_string found 13 times (lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, +3 more)'],
    },
  },
  '406_identical_strings': {
    description: 'a single edit with identical strings is an error',
    before: { 'server.go': SERVER },
    input: { path: 'server.go', old_string: 'const port = 8080', new_string: 'const port = 8080' },
    expect: { exit: 1, codes: ['identical_strings'], message: ['old_string and new_string are identical'] },
  },
  '407_trailing_newline_tolerance': {
    description: 'old_string ending in a newline matches the last line of a file without one',
    before: { 'notes.txt': 'first\nlast line' },
    input: { path: 'notes.txt', old_string: 'last line\n', new_string: 'final line\n' },
    after: { 'notes.txt': 'first\nfinal line' },
    expect: { exit: 0, status: 'applied', notes: ["without old_string's final newline (trailing-newline tolerance)"] },
  },
  '408_crlf_file_keeps_crlf': {
    description: 'LF old_string matches a CRLF file and the new lines get CRLF',
    before: { 'win.txt': 'one\r\ntwo\r\nthree\r\n' },
    input: { path: 'win.txt', old_string: 'two\nthree\n', new_string: 'two\n2.5\nthree\n' },
    after: { 'win.txt': 'one\r\ntwo\r\n2.5\r\nthree\r\n' },
    expect: { exit: 0, status: 'applied' },
  },
  '409_cr_file_keeps_cr': {
    description: 'a classic Mac (CR) file keeps CR endings',
    before: { 'mac.txt': 'alpha\rbeta\rgamma\r' },
    input: { path: 'mac.txt', old_string: 'beta\n', new_string: 'b1\nb2\n' },
    after: { 'mac.txt': 'alpha\rb1\rb2\rgamma\r' },
    expect: { exit: 0, status: 'applied' },
  },
  '410_mixed_endings_take_the_block_endings': {
    description:
      'in a mixed file each line break of old_string matches any ending and new lines take the endings of the block they replace',
    before: { 'mixed.txt': 'a\r\nb\nc\r\nd\n' },
    input: { path: 'mixed.txt', old_string: 'b\nc\n', new_string: 'B\nC\n' },
    after: { 'mixed.txt': 'a\r\nB\nC\r\nd\n' },
    expect: { exit: 0, status: 'applied' },
  },
  '411_gb18030_file_round_trips': {
    description: 'a GB18030 file is matched as text and written back in GB18030',
    before: { 'calc.js': gb('// 计算工具\nfunction 计算(值) {\n  return 值 * 2; // 乘以二\n}\n') },
    input: { path: 'calc.js', old_string: '  return 值 * 2; // 乘以二', new_string: '  return 值 * 3; // 乘以三' },
    after: { 'calc.js': gb('// 计算工具\nfunction 计算(值) {\n  return 值 * 3; // 乘以三\n}\n') },
    expect: { exit: 0, status: 'applied', message: ['1 replacement made'] },
  },
  '412_utf16le_bom_round_trips': {
    description: 'a UTF-16LE file with a BOM and CRLF endings stays UTF-16LE, BOM and CRLF',
    before: { 'app.ini': utf16le('[app]\r\nname=demo\r\nlevel=2\r\n') },
    input: { path: 'app.ini', old_string: 'name=demo\nlevel=2\n', new_string: 'name=démo\nlevel=3\n' },
    after: { 'app.ini': utf16le('[app]\r\nname=démo\r\nlevel=3\r\n') },
    expect: { exit: 0, status: 'applied' },
  },
  '413_utf16be_bom_round_trips': {
    description: 'a UTF-16BE file with a BOM stays UTF-16BE',
    before: { 'be.txt': utf16be('hello 世界\n') },
    input: { path: 'be.txt', old_string: '世界', new_string: '世界!' },
    after: { 'be.txt': utf16be('hello 世界!\n') },
    expect: { exit: 0, status: 'applied' },
  },
  '414_utf8_bom_kept': {
    description: 'a UTF-8 BOM is kept and never reaches old_string matching',
    before: { 'bom.txt': utf8bom('first\nsecond\n') },
    input: { path: 'bom.txt', old_string: 'first\n', new_string: 'primero\n' },
    after: { 'bom.txt': utf8bom('primero\nsecond\n') },
    expect: { exit: 0, status: 'applied' },
  },
  '415_invisible_cleaned_from_new_string': {
    description: 'zero-width spaces in new_string are removed and reported by code point',
    before: { 'server.go': SERVER },
    input: { path: 'server.go', old_string: 'const retries = 2', new_string: 'const\u200B retries = 5\u200B' },
    after: { 'server.go': SERVER.replace('retries = 2', 'retries = 5') },
    expect: { exit: 0, status: 'applied', notes: ['cleaned invisible characters from new_string: U+200B×2'] },
  },
  '416_punctuation_curly_quotes': {
    description: 'straight quotes in old_string match curly quotes in the file; the file keeps its quotes',
    before: { 'doc.md': 'He said “hello” and left.\n' },
    input: { path: 'doc.md', old_string: 'He said "hello" and left.', new_string: 'He said "goodbye" and left.' },
    after: { 'doc.md': 'He said “goodbye” and left.\n' },
    expect: {
      exit: 0,
      status: 'applied',
      notes: ['old_string matched under punctuation tolerance (quotes)', "the file's own punctuation was kept"],
    },
  },
  '417_punctuation_cjk_full_width': {
    description: 'half-width punctuation in old_string matches full-width CJK punctuation in the file',
    before: { 'zh.md': '注意：请先阅读文档，然后再提问。\n' },
    input: { path: 'zh.md', old_string: '注意: 请先阅读文档, 然后再提问.', new_string: '注意: 请先阅读文档, 然后再提交.' },
    after: { 'zh.md': '注意：请先阅读文档，然后再提交。\n' },
    expect: { exit: 0, status: 'applied', notes: ['punctuation tolerance (cjk'] },
  },
  '418_punctuation_dash_and_optional_space': {
    description: 'a hyphen matches an en dash and a space after a comma is optional',
    before: { 'range.txt': 'pages 10–20,see notes\n' },
    input: { path: 'range.txt', old_string: 'pages 10-20, see notes', new_string: 'pages 10-25, see notes' },
    after: { 'range.txt': 'pages 10–25,see notes\n' },
    expect: { exit: 0, status: 'applied', notes: ['punctuation tolerance (dashes, optional space)'] },
  },
  '419_punctuation_ambiguous': {
    description: 'a tolerant match must be unique',
    before: { 'q.txt': 'say “hi”\nwait\nsay “hi”\n' },
    input: { path: 'q.txt', old_string: 'say "hi"', new_string: 'say "yo"' },
    expect: { exit: 1, codes: ['old_string_ambiguous'], message: ['old_string found 2 times under punctuation tolerance (lines 1, 3)'] },
  },
  '420_floating_combining_mark': {
    description: 'a combining mark with no visible base in old_string is a tokenizer artefact and is folded out',
    before: { 'README.md': '## Setup\n### 2.1 Install\n' },
    input: { path: 'README.md', old_string: '### \u03042.1 Install', new_string: '### 2.1 Installation' },
    after: { 'README.md': '## Setup\n### 2.1 Installation\n' },
    expect: { exit: 0, status: 'applied', notes: ['U+0304×1'] },
  },
  '421_not_found_one_character_typo': {
    description: 'a dropped character is shown with its line, similarity and the first differing character',
    before: { 'main.go': 'package main\n\nfunc main() {\n\tx := compute(1, 2)\n\tfmt.Println(x)\n}\n' },
    input: {
      path: 'main.go',
      old_string: '\tx := compute(1, 2\n\tfmt.Println(x)\n',
      new_string: '\tx := compute(3, 4)\n\tfmt.Println(x)\n',
    },
    expect: {
      exit: 1,
      codes: ['old_string_not_found'],
      message: [
        'old_string not found in file; the closest match is at lines 4-5 (',
        'file line 4:',
        '"\\tx := compute(1, 2)"',
        'old_string line 1:',
        'first difference at column 19: the file has ")", old_string has the end of the line',
      ],
    },
  },
  '422_not_found_doubled_comma': {
    description: 'a doubled character is pointed at in place',
    before: { 'list.py': 'items = [\n    "a",\n    "b",\n]\n' },
    input: { path: 'list.py', old_string: '    "a",,\n    "b",', new_string: '    "a",\n    "c",' },
    expect: {
      exit: 1,
      codes: ['old_string_not_found'],
      message: ['file line 2:', 'first difference at column 9: the file has the end of the line, old_string has ","'],
    },
  },
  '423_not_found_drift_with_read_coordinates': {
    description: 'when whole lines drifted the report names the drift and gives offset/limit',
    before: {
      'svc.go':
        'package svc\n\nfunc Start() {\n\tinit()\n\tconnect()\n\tretry()\n\tbackoff()\n\tlisten()\n\tserve()\n}\n\nfunc Stop() {}\n',
    },
    input: {
      path: 'svc.go',
      old_string: 'func Start() {\n\tinit()\n\tconnect()\n\tlisten()\n\tserve()\n}\n',
      new_string: 'func Start() {\n\tserve()\n}\n',
    },
    expect: {
      exit: 1,
      codes: ['old_string_not_found'],
      message: [
        'old_string not found in file; the closest block (lines 3-10',
        'has drifted: the file has 2 more lines in that range',
        'offset=1, limit=12',
        'smaller 2-4 line block',
      ],
    },
  },
  '424_not_found_nothing_similar': {
    description: 'text that is nowhere near the file says so and suggests a small anchor',
    before: { 'server.go': SERVER },
    input: { path: 'server.go', old_string: 'SELECT name FROM users WHERE id = 7', new_string: 'x' },
    expect: {
      exit: 1,
      codes: ['old_string_not_found'],
      message: ['old_string not found in file; no similar block exists', 'Check whitespace, indentation and newlines', '2-4 line block'],
    },
  },
  '425_missing_file': {
    description: 'the edit tool only changes an existing file',
    before: {},
    input: { path: 'nope.txt', old_string: 'a', new_string: 'b' },
    expect: { exit: 1, codes: ['file_missing'], message: ['nope.txt: file not found'] },
  },
  '426_directory_refused': {
    description: 'a directory is not a file',
    before: { 'src/': dir, 'src/a.txt': 'a\n' },
    input: { path: 'src', old_string: 'a', new_string: 'b' },
    expect: { exit: 1, codes: ['not_a_file'], message: ['src: is a directory, not a file'] },
  },
  '427_symlink_refused': {
    description: 'a symbolic link is not followed',
    before: { 'real.txt': 'a\n', 'link.txt': symlink('real.txt') },
    input: { path: 'link.txt', old_string: 'a', new_string: 'b' },
    expect: { exit: 1, codes: ['symlink'], message: ['link.txt: is a symbolic link'] },
  },
  '428_binary_refused': {
    description: 'a binary file is not edited',
    before: { 'blob.bin': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01, 0x61, 0x0a]) },
    input: { path: 'blob.bin', old_string: 'a', new_string: 'b' },
    expect: { exit: 1, codes: ['binary'], message: ['blob.bin: binary file'] },
  },
  '429_invalid_json': {
    description: 'invalid JSON is refused before anything is read or written',
    before: { 'f.txt': 'a\n' },
    input: '{"path": "f.txt", "old_string": "a", ',
    expect: { exit: 1, codes: ['bad_edit'], message: ['edit input is not valid JSON'] },
  },
  '430_wrong_field_type': {
    description: 'a wrong field type names the field',
    before: { 'f.txt': 'a\n' },
    input: { path: 'f.txt', old_string: 'a', new_string: 'b', replace_all: 'yes' },
    expect: { exit: 1, codes: ['bad_edit'], message: ['replace_all must be true or false, got a string "yes"'] },
  },
  '431_edits_mixed_with_top_level_fields': {
    description: 'edits cannot be combined with top-level replacement fields',
    args: ['apply'],
    before: { 'f.txt': 'a\n' },
    input: { path: 'f.txt', old_string: 'a', new_string: 'b', edits: [{ old_string: 'a', new_string: 'c' }] },
    expect: { exit: 1, codes: ['bad_edit'], message: ['do not combine "edits" with top-level "old_string", "new_string"'] },
  },
  '432_batch_success_writes_once': {
    description: 'a batch of disjoint entries applies as one write and one report',
    before: { 'server.go': SERVER },
    input: {
      path: 'server.go',
      edits: [
        { old_string: 'const port = 8080', new_string: 'const port = 3000' },
        { old_string: 'const retries = 2', new_string: 'const retries = 3' },
      ],
    },
    after: { 'server.go': SERVER.replace('8080', '3000').replace('retries = 2', 'retries = 3') },
    expect: { exit: 0, status: 'applied', message: ['Success. Edited server.go: 2 replacements made (80 bytes → 80 bytes).'] },
  },
  '433_batch_names_every_failing_entry': {
    description: 'any failing entry rejects the batch, and the report names every failing entry at once',
    before: { 'handler.go': HANDLER },
    input: {
      path: 'handler.go',
      edits: [
        { old_string: 'func handle(', new_string: 'func Handle(' },
        { old_string: 'log(userId)', new_string: 'debug(userID)' },
        { old_string: '\t\treturn', new_string: '\t\treturn // empty' },
        { old_string: 'userID', new_string: 'id' },
      ],
    },
    expect: {
      exit: 1,
      status: 'rejected',
      codes: ['old_string_not_found', 'old_string_ambiguous'],
      message: [
        '2 entries of 4 cannot be applied, so the whole batch was rejected and nothing was written',
        '- edits[1]: old_string not found in file',
        '- edits[3]: old_string found 4 times',
        'resend the complete batch',
      ],
    },
  },
  '434_batch_overlap_rejected': {
    description: 'entries that overlap in the original file are rejected',
    before: { 'server.go': SERVER },
    input: {
      path: 'server.go',
      edits: [
        { old_string: 'const port = 8080', new_string: 'const port = 3000' },
        { old_string: '8080\nconst retries', new_string: '9090\nconst tries' },
      ],
    },
    expect: { exit: 1, codes: ['edits_overlap'], message: ['edits[0] and edits[1] overlap at line 3'] },
  },
  '435_batch_identical_entry_skipped': {
    description: 'an entry with identical strings is skipped and not counted; the rest applies',
    before: { 'server.go': SERVER },
    input: {
      path: 'server.go',
      edits: [
        { old_string: 'text that is not even in the file', new_string: 'text that is not even in the file' },
        { old_string: 'const port = 8080', new_string: 'const port = 3000' },
      ],
    },
    after: { 'server.go': SERVER.replace('8080', '3000') },
    expect: {
      exit: 0,
      status: 'applied',
      message: ['1 replacement made'],
      notes: ['skipped edits[0]: old_string and new_string are identical'],
    },
  },
  '436_batch_nothing_to_change': {
    description: 'a batch with nothing to change writes nothing and reports no changes',
    before: { 'server.go': SERVER },
    input: { path: 'server.go', edits: [{ old_string: 'port', new_string: 'port' }] },
    expect: { exit: 0, status: 'applied', message: ['No changes to server.go (every entry requests no change); nothing was written.'] },
  },
  '437_batch_has_no_punctuation_tolerance': {
    description: 'batch matching is exact: no punctuation or trailing-newline tolerance',
    before: { 'doc.md': 'He said “hello”.\nlast' },
    input: {
      path: 'doc.md',
      edits: [
        { old_string: 'He said "hello".', new_string: 'He said "bye".' },
        { old_string: 'last\n', new_string: 'end\n' },
      ],
    },
    expect: {
      exit: 1,
      codes: ['old_string_not_found', 'old_string_not_found'],
      message: ['- edits[0]: old_string not found in file', '- edits[1]: old_string not found in file'],
    },
  },
  '438_batch_crlf_and_replace_all': {
    description: 'batch entries adapt line endings, and replace_all works inside a batch',
    before: { 'win.ini': '[a]\r\nkey=1\r\n[b]\r\nkey=1\r\n' },
    input: {
      path: 'win.ini',
      edits: [
        { old_string: 'key=1', new_string: 'key=2', replace_all: true },
        { old_string: '[a]\n', new_string: '[a]\n; first\n' },
      ],
    },
    after: { 'win.ini': '[a]\r\n; first\r\nkey=2\r\n[b]\r\nkey=2\r\n' },
    expect: { exit: 0, status: 'applied', message: ['3 replacements made'] },
  },
  '439_check_writes_nothing': {
    description: 'edit --check plans the edit and writes nothing',
    args: ['edit', '--check'],
    before: { 'server.go': SERVER },
    input: { path: 'server.go', old_string: 'const port = 8080', new_string: 'const port = 3000' },
    expect: { exit: 0, status: 'checked', message: ['Check passed. The edit would change server.go: 1 replacement'] },
  },
  '440_indentation_drift': {
    description:
      'a block re-typed with spaces where the file indents with tabs matches with indentation ignored (one place only) and is replaced; ' +
      "new_string's line, already tab-indented, is written as given",
    before: { 'main.go': 'func main() {\n\ta()\n\tb()\n\tc()\n\td()\n\te()\n\tf()\n}\n' },
    input: { path: 'main.go', old_string: '    a()\n    b()\n    c()\n    d()\n    e()\n    f()\n', new_string: '\tg()\n' },
    after: { 'main.go': 'func main() {\n\tg()\n}\n' },
    expect: { exit: 0, status: 'applied', notes: ['indentation and trailing whitespace ignored'] },
  },
  '441_patch_sent_to_edit_command': {
    description: 'the edit command takes only edit JSON',
    before: { 'f.txt': 'a\n' },
    input: '*** Begin Patch\n*** Update File: f.txt\n@@\n-a\n+b\n*** End Patch\n',
    expect: { exit: 1, codes: ['bad_edit'], message: ['use `chord-patch apply`'] },
  },
  '442_empty_old_string': {
    description: 'an empty old_string would match everywhere and is refused',
    before: { 'f.txt': 'a\n' },
    input: { path: 'f.txt', old_string: '', new_string: 'b' },
    expect: { exit: 1, codes: ['bad_edit'], message: ['old_string must not be empty'] },
  },
  '443_mixed_endings_break_inside_a_line': {
    description: "in a mixed file a line break added inside a line takes that line's ending",
    before: { 'mixed.txt': 'a\r\nb c\nd\r\n' },
    input: { path: 'mixed.txt', old_string: 'b c', new_string: 'b\nc' },
    after: { 'mixed.txt': 'a\r\nb\nc\nd\r\n' },
    expect: { exit: 0, status: 'applied' },
  },
  '454_mixed_endings_line_added_above_a_line_takes_the_ending_above': {
    description:
      'in a mixed file a line an edit adds above the named line takes the ending of the line above, as a hunk adding it there does (325)',
    before: { 'mixed.txt': 'a\r\nb\nc\r\n' },
    input: { path: 'mixed.txt', old_string: 'b', new_string: 'x\nb' },
    after: { 'mixed.txt': 'a\r\nx\r\nb\nc\r\n' },
    expect: { exit: 0, status: 'applied' },
  },
  '455_mixed_endings_line_added_at_the_top_takes_the_ending_below': {
    description: 'in a mixed file a line an edit adds above the first line has no line above: it takes the ending of the line below',
    before: { 'mixed.txt': 'a\r\nb\nc\r\n' },
    input: { path: 'mixed.txt', old_string: 'a', new_string: 'top\na' },
    after: { 'mixed.txt': 'top\r\na\r\nb\nc\r\n' },
    expect: { exit: 0, status: 'applied' },
  },
  '444_invisible_only_change': {
    description: 'a change made only of invisible characters is refused',
    before: { 'f.txt': 'hello\n' },
    input: { path: 'f.txt', old_string: 'hello', new_string: 'hel\u200Blo' },
    expect: { exit: 1, codes: ['invisible_only'], message: ['only by invisible characters (U+200B×1)'] },
  },
  '445_leaked_invisible_in_old_string': {
    description: 'an old_string carrying a zero-width space the file lacks still matches, and says so',
    before: { 'f.txt': 'hello world\n' },
    input: { path: 'f.txt', old_string: 'hello\u200B world', new_string: 'hello there' },
    after: { 'f.txt': 'hello there\n' },
    expect: {
      exit: 0,
      status: 'applied',
      notes: ['old_string held invisible characters the file does not have (U+200B×1); matched without them'],
    },
  },
  '446_control_character_refused': {
    description: 'control characters in new_string are refused',
    before: { 'f.txt': 'beep\n' },
    input: { path: 'f.txt', old_string: 'beep', new_string: 'beep\u0007' },
    expect: { exit: 1, codes: ['control_chars'], message: ['U+0007'] },
  },
  '447_utf16le_without_bom_forced': {
    description: 'a UTF-16LE file without a BOM is edited when --encoding names it',
    args: ['edit', '--encoding', 'utf-16le'],
    before: { 'w.txt': utf16leRaw('name=a\r\n') },
    input: { path: 'w.txt', old_string: 'name=a', new_string: 'name=b' },
    after: { 'w.txt': utf16leRaw('name=b\r\n') },
    expect: { exit: 0, status: 'applied' },
  },
  '448_existing_zwnj_kept': {
    description: 'invisible characters that old_string carries through unchanged are file content and are kept',
    before: { 'fa.txt': 'می\u200Cخواهم بروم\n' },
    input: { path: 'fa.txt', old_string: 'می\u200Cخواهم بروم', new_string: 'می\u200Cخواهم بمانم' },
    after: { 'fa.txt': 'می\u200Cخواهم بمانم\n' },
    expect: { exit: 0, status: 'applied', notMessage: ['cleaned invisible'] },
  },
  '449_windows_path_json_with_crlf_arguments': {
    description: 'CRLF inside old_string and new_string is line-ending adaptation, not content',
    before: { 'f.txt': 'x\ny\nz\n' },
    input: { path: 'f.txt', old_string: 'x\r\ny\r\n', new_string: 'x\r\nY\r\n' },
    after: { 'f.txt': 'x\nY\nz\n' },
    expect: { exit: 0, status: 'applied' },
  },
  '450_permission_edit_rule_denies': {
    description: 'the edit tool obeys the `edit` permission rules, even where apply_patch has its own allow',
    before: {
      '.chord-patch.yaml': 'permission:\n  edit:\n    "*": allow\n    "secrets/**": deny\n  apply_patch:\n    "*": allow\n',
      'secrets/key.txt': 'token=1\n',
    },
    input: { path: 'secrets/key.txt', old_string: 'token=1', new_string: 'token=2' },
    expect: { exit: 1, codes: ['permission_denied'], message: ['secrets/key.txt: denied by permission rule `edit: "secrets/**": deny`'] },
  },
  '451_unencodable_new_string_refused': {
    description: 'new_string text the file encoding cannot hold (an emoji in Shift_JIS) is refused, not written as ?',
    before: { 'greet.js': sjis(JA) },
    input: { path: 'greet.js', old_string: 'こんにちは世界', new_string: 'こんにちは世界 😀' },
    expect: { exit: 1, codes: ['unencodable'], message: ['the file is shift_jis, which cannot represent "😀" (U+1F600) from new_string'] },
  },
  '452_shift_jis_edit_round_trips': {
    description: 'a Shift_JIS file is edited and written back in Shift_JIS',
    before: { 'greet.js': sjis(JA) },
    input: { path: 'greet.js', old_string: 'こんにちは', new_string: 'さようなら' },
    after: { 'greet.js': sjis(JA.replace('こんにちは', 'さようなら')) },
    expect: { exit: 0, status: 'applied' },
  },
  '453_edit_bytes_that_are_not_utf8_are_refused_with_their_line': {
    description: 'an edit request holding a byte that is not UTF-8 is refused with its line; nothing is written',
    before: { 'a.txt': 'hello\n' },
    // 0xE9 is "é" in Latin-1: a client that did not encode its request as UTF-8.
    input: Buffer.concat([
      Buffer.from('{"path": "a.txt",\n "old_string": "hello",\n "new_string": "h'),
      Buffer.from([0xe9]),
      Buffer.from('llo"}\n'),
    ]),
    expect: {
      exit: 1,
      status: 'rejected',
      codes: ['bad_input'],
      message: ['line 3: the input is not valid UTF-8 (byte 0xE9 at byte 18 of the line)'],
    },
  },
};

function write(root, files) {
  mkdirSync(root, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    const p = join(root, name);
    if (content === dir) {
      mkdirSync(p, { recursive: true });
      continue;
    }
    mkdirSync(dirname(p), { recursive: true });
    if (content && typeof content === 'object' && 'symlink' in content) symlinkSync(content.symlink, p);
    else writeFileSync(p, content);
  }
}

for (const name of readdirSync(FIXTURES)) if (/^4\d\d_/.test(name)) rmSync(join(FIXTURES, name), { recursive: true, force: true });

for (const [name, s] of Object.entries(scenarios)) {
  const root = join(FIXTURES, name);
  write(join(root, 'before'), s.before);
  // An empty before/ still has to exist in git.
  if (Object.keys(s.before).length === 0) writeFileSync(join(root, 'before', '.gitkeep'), '');
  if (s.after) write(join(root, 'after'), { ...Object.fromEntries(Object.entries(s.before).filter(([k]) => !(k in s.after))), ...s.after });
  writeFileSync(join(root, 'input'), typeof s.input === 'string' || Buffer.isBuffer(s.input) ? s.input : JSON.stringify(s.input));
  writeFileSync(
    join(root, 'expect.json'),
    `${JSON.stringify({ description: s.description, args: s.args ?? ['edit'], ...s.expect }, null, 2)}\n`,
  );
  writeFileSync(join(root, 'GENERATED'), MARK);
}
console.log(`wrote ${Object.keys(scenarios).length} edit fixtures`);
