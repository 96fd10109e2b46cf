#!/usr/bin/env node
// Generates the text-fidelity fixture scenarios (test/fixtures/3NN_*): files in
// legacy and Unicode encodings, mixed line endings, binary bytes, and patches
// that carry invisible or control characters. Such bytes do not survive hand
// editing, so they are written here, and the expected `after/` files are built
// from the expected *text* with iconv-lite, independently of chord-patch.
//
// Deterministic and rerunnable: it replaces only the folders listed below.
//   node scripts/gen-encoding-fixtures.mjs

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import iconv from 'iconv-lite';

// An output folder may be named (the test that checks no generated folder was
// edited by hand writes into a scratch folder); the default is test/fixtures.
const FIXTURES = process.argv[2] ?? join(import.meta.dirname, '..', 'test', 'fixtures');
const MARK = 'Written by scripts/gen-encoding-fixtures.mjs (npm run fixtures). Edit the table in that script, not this folder.\n';

const BOM = {
  'utf-8': [0xef, 0xbb, 0xbf],
  'utf-16le': [0xff, 0xfe],
  'utf-16be': [0xfe, 0xff],
  'utf-32le': [0xff, 0xfe, 0x00, 0x00],
};

/** Text in `encoding`, with its BOM when `bom`. */
function bytes(text, encoding, bom = false) {
  const body = encoding === 'utf-8' ? Buffer.from(text, 'utf8') : iconv.encode(text, encoding);
  return bom ? Buffer.concat([Buffer.from(BOM[encoding]), body]) : body;
}

const patch = (...lines) => `${['*** Begin Patch', ...lines, '*** End Patch'].join('\n')}\n`;

/**
 * name: folder; description; before/after: path -> bytes (after omitted: the
 * tree must not change); input: patch text; expect: the rest of expect.json.
 */
const scenarios = [];
const scenario = (s) => scenarios.push(s);

// ------------------------------------------------------------ round trips

const ZH_BEFORE = '// 配置文件\nconst 名称 = "你好，世界";\nfunction 计算(值) {\n  return 值 * 2; // 乘以二\n}\n';
const ZH_AFTER = ZH_BEFORE.replace('值 * 2; // 乘以二', '值 * 3; // 乘以三');
const ZH_PATCH = patch(
  '*** Update File: calc.js',
  ' function 计算(值) {',
  '-  return 值 * 2; // 乘以二',
  '+  return 值 * 3; // 乘以三',
  ' }',
);

const roundTrips = [
  ['301_utf8_bom_kept', 'a UTF-8 file with a BOM keeps the BOM', 'utf-8', true],
  ['302_utf16le_bom_kept', 'a UTF-16LE file with a BOM stays UTF-16LE with its BOM', 'utf-16le', true],
  ['303_utf16be_bom_kept', 'a UTF-16BE file with a BOM stays UTF-16BE with its BOM', 'utf-16be', true],
  ['304_gbk_kept', 'a GBK file (detected as GB18030) is updated and written back in GBK', 'gbk', false],
  ['309_utf32le_bom_kept', 'a UTF-32LE file with a BOM stays UTF-32LE with its BOM', 'utf-32le', true],
];
for (const [name, description, encoding, bom] of roundTrips) {
  scenario({
    name,
    description,
    before: { 'calc.js': bytes(ZH_BEFORE, encoding, bom) },
    input: ZH_PATCH,
    after: { 'calc.js': bytes(ZH_AFTER, encoding, bom) },
    expect: { exit: 0, status: 'applied', message: ['M calc.js'] },
  });
}

// CRLF, as Windows editors write UTF-16 files, kept on the changed line too.
scenario({
  name: '310_utf16le_bom_crlf_kept',
  description: 'a UTF-16LE file with CRLF endings keeps CRLF on the changed line',
  before: { 'notes.txt': bytes('first\r\nsecond\r\nthird\r\n', 'utf-16le', true) },
  input: patch('*** Update File: notes.txt', ' first', '-second', '+2nd', '+2nd bis', ' third'),
  after: { 'notes.txt': bytes('first\r\n2nd\r\n2nd bis\r\nthird\r\n', 'utf-16le', true) },
  expect: { exit: 0, status: 'applied', message: ['M notes.txt'] },
});

// Characters outside GBK take four bytes in GB18030.
const GB_BEFORE = '// 配置文件：𠀀 与 㐀 需要四字节编码\nconst 名称 = "你好，世界";\nconst 表情 = "😀";\n';
scenario({
  name: '323_gb18030_four_byte_kept',
  description: 'a GB18030 file with four-byte sequences is updated and written back in GB18030',
  before: { 'gb.js': bytes(GB_BEFORE, 'gb18030') },
  input: patch('*** Update File: gb.js', ' const 名称 = "你好，世界";', '-const 表情 = "😀";', '+const 表情 = "😀🎉";'),
  after: { 'gb.js': bytes(GB_BEFORE.replace('😀', '😀🎉'), 'gb18030') },
  expect: { exit: 0, status: 'applied', message: ['M gb.js'] },
});

const JA_BEFORE = '// 設定ファイル\nconst 名前 = "こんにちは世界";\n// これは日本語のコメントです\n';
scenario({
  name: '305_shift_jis_kept',
  description: 'a Shift_JIS file is updated and written back in Shift_JIS',
  before: { 'greet.js': bytes(JA_BEFORE, 'shift_jis') },
  input: patch('*** Update File: greet.js', ' // 設定ファイル', '-const 名前 = "こんにちは世界";', '+const 名前 = "さようなら世界";'),
  after: { 'greet.js': bytes(JA_BEFORE.replace('こんにちは', 'さようなら'), 'shift_jis') },
  expect: { exit: 0, status: 'applied', message: ['M greet.js'] },
});

const FR_BEFORE =
  "# Paramètres de l'application\n# Ce fichier décrit la configuration par défaut. Modifiez-le avec précaution.\n" +
  'nom = "Café de la Gare"\nadresse = "12, rue de l\'Église — Genève"\ndevise = "€"\n';
scenario({
  name: '306_windows1252_kept',
  description: 'a windows-1252 file is updated and written back in windows-1252 (€ and — included)',
  before: { 'app.ini': bytes(FR_BEFORE, 'windows-1252') },
  input: patch(
    '*** Update File: app.ini',
    '-nom = "Café de la Gare"',
    '+nom = "Crêperie de la Gare"',
    ' adresse = "12, rue de l\'Église — Genève"',
  ),
  after: { 'app.ini': bytes(FR_BEFORE.replace('Café', 'Crêperie'), 'windows-1252') },
  expect: { exit: 0, status: 'applied', message: ['M app.ini'] },
});

const TW_BEFORE = '// 設定檔\nconst 名稱 = "你好，世界";\n// 這是繁體中文的註解\n';
scenario({
  name: '307_big5_kept',
  description: 'a Big5 file is updated and written back in Big5',
  before: { 'tw.js': bytes(TW_BEFORE, 'big5') },
  input: patch('*** Update File: tw.js', '-const 名稱 = "你好，世界";', '+const 名稱 = "再見，世界";'),
  after: { 'tw.js': bytes(TW_BEFORE.replace('你好', '再見'), 'big5') },
  expect: { exit: 0, status: 'applied', message: ['M tw.js'] },
});

const KO_BEFORE = '// 설정 파일\nconst 이름 = "안녕하세요 세계";\n// 이것은 한국어 주석입니다\n';
scenario({
  name: '308_euc_kr_kept',
  description: 'an EUC-KR file is updated and written back in EUC-KR',
  before: { 'ko.js': bytes(KO_BEFORE, 'euc-kr') },
  input: patch('*** Update File: ko.js', '-const 이름 = "안녕하세요 세계";', '+const 이름 = "안녕히 가세요 세계";'),
  after: { 'ko.js': bytes(KO_BEFORE.replace('안녕하세요', '안녕히 가세요'), 'euc-kr') },
  expect: { exit: 0, status: 'applied', message: ['M ko.js'] },
});

// --------------------------------------------------------------- refusals

scenario({
  name: '311_not_round_trippable_refused',
  description: 'a file that does not decode and re-encode to the same bytes is refused, names the file and the guess, and stays untouched',
  // 0x80 is the euro sign in GBK (Windows code page 936), and GB18030 spells
  // it A2 E3: the text decodes, but writing it back would change the byte.
  before: { 'bad.txt': Buffer.concat([bytes(ZH_BEFORE, 'gbk'), Buffer.from('// \x80\n', 'latin1')]) },
  input: patch('*** Update File: bad.txt', '-// 配置文件', '+// 设置'),
  expect: {
    exit: 1,
    status: 'rejected',
    codes: ['undecodable'],
    message: ['bad.txt: not valid UTF-8; detected GB18030', "does not reproduce the file's bytes"],
  },
});

scenario({
  name: '324_invalid_lead_byte_refused',
  description:
    'GBK text ending in a lead byte with no trail byte is invalid in every encoding and refused untouched ' +
    "(the detector's guess differs by runtime: Node's EUC-KR decoder drops the stray byte, Bun's rejects it)",
  before: { 'bad.txt': Buffer.concat([bytes(ZH_BEFORE, 'gbk'), Buffer.from([0x81, 0x0a])]) },
  input: patch('*** Update File: bad.txt', '-// 配置文件', '+// 设置'),
  expect: { exit: 1, status: 'rejected', codes: ['undecodable'], message: ['bad.txt: not valid UTF-8; detected'] },
});

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
]);

scenario({
  name: '312_binary_update_refused',
  description: 'changing a binary file is refused with a message that says binary',
  before: { 'logo.png': PNG },
  input: patch('*** Update File: logo.png', '-PNG', '+GIF'),
  expect: { exit: 1, status: 'rejected', codes: ['binary'], message: ['logo.png: binary file'] },
});

scenario({
  name: '313_binary_pure_rename',
  description: 'a pure rename of a binary file moves its bytes unchanged',
  before: { 'logo.png': PNG },
  input: patch('*** Update File: logo.png', '*** Move to: img/logo.png', '@@', ' '),
  after: { 'img/logo.png': PNG },
  expect: { exit: 0, status: 'applied', message: ['R logo.png -> img/logo.png'] },
});

const RU_BEFORE = '// Настройки приложения\nconst имя = "Привет, мир";\n// Это комментарий на русском языке\n';
scenario({
  name: '314_forced_encoding',
  description: '--encoding decodes a windows-1251 file the detector would not pick on its own',
  args: ['apply', '--encoding', 'windows-1251'],
  before: { 'ru.js': bytes(RU_BEFORE, 'windows-1251') },
  input: patch('*** Update File: ru.js', '-const имя = "Привет, мир";', '+const имя = "Пока, мир";'),
  after: { 'ru.js': bytes(RU_BEFORE.replace('Привет', 'Пока'), 'windows-1251') },
  expect: { exit: 0, status: 'applied', message: ['M ru.js'] },
});

scenario({
  name: '315_unforced_windows1251_refused',
  description: 'without --encoding the same windows-1251 file is refused, naming the detected encoding',
  before: { 'ru.js': bytes(RU_BEFORE, 'windows-1251') },
  input: patch('*** Update File: ru.js', '-const имя = "Привет, мир";', '+const имя = "Пока, мир";'),
  expect: { exit: 1, status: 'rejected', codes: ['undecodable'], message: ['ru.js: not valid UTF-8; detected Windows-1251', '--encoding'] },
});

scenario({
  name: '316_invisible_cleaned',
  description: 'invisible characters in added lines are removed and reported; the same characters elsewhere in the file stay',
  before: { 'a.txt': Buffer.from('keep\u200B this\nold\n') },
  input: patch('*** Update File: a.txt', ' keep\u200B this', '-old', '+new\u200B line\u200B', '+sec\uFEFFond 👨\u200D👩\u200D👧'),
  after: { 'a.txt': Buffer.from('keep\u200B this\nnew line\nsecond 👨\u200D👩\u200D👧\n') },
  expect: {
    exit: 0,
    status: 'applied',
    notes: ['removed invisible characters from added lines: U+200B×2, U+FEFF×1'],
    message: ['M a.txt', 'U+200B×2, U+FEFF×1'],
  },
});

scenario({
  name: '317_invisible_only_refused',
  description: 'a patch that adds nothing but invisible characters is refused and says so',
  before: { 'a.txt': Buffer.from('a\n') },
  input: patch('*** Update File: a.txt', ' a', '+\u200B\u2060'),
  expect: {
    exit: 1,
    status: 'rejected',
    codes: ['invisible_only'],
    message: ['a.txt: the added lines contain only invisible characters (U+200B×1, U+2060×1)'],
  },
});

scenario({
  name: '318_control_chars_refused',
  description: 'an added line with a control character is refused; the file is untouched',
  before: { 'a.txt': Buffer.from('a\n') },
  input: patch('*** Update File: a.txt', '-a', '+ring \u0007 bell'),
  expect: { exit: 1, status: 'rejected', codes: ['control_chars'], message: ['a.txt: refusing to write control character U+0007'] },
});

scenario({
  name: '319_unencodable_refused',
  description: 'text the file encoding cannot hold (an emoji in Shift_JIS) is refused instead of written as ?',
  before: { 'greet.js': bytes(JA_BEFORE, 'shift_jis') },
  input: patch('*** Update File: greet.js', '-// 設定ファイル', '+// 設定ファイル 😀'),
  expect: {
    exit: 1,
    status: 'rejected',
    codes: ['unencodable'],
    message: ['greet.js: the file is shift_jis, which cannot represent "😀" (U+1F600)'],
  },
});

scenario({
  name: '320_legacy_too_uncertain_refused',
  description: 'one word of Latin-1 is too little for the detector to be trusted: refused with a hint',
  before: { 'menu.txt': bytes('café\n', 'windows-1252') },
  input: patch('*** Update File: menu.txt', '-café', '+thé'),
  expect: {
    exit: 1,
    status: 'rejected',
    codes: ['undecodable'],
    message: ['menu.txt: not valid UTF-8; detected', 'too uncertain', '--encoding windows-1252'],
  },
});

scenario({
  name: '321_mixed_endings_kept',
  description: 'in a mixed-ending file each added line takes the ending of the line it replaces or sits next to',
  before: { 'mixed.txt': Buffer.from('one\r\ntwo\nthree\rfour\r\nfive') },
  input: patch('*** Update File: mixed.txt', ' one', '-two', '+TWO', ' three', '+after three', ' four', '-five', '+FIVE'),
  after: { 'mixed.txt': Buffer.from('one\r\nTWO\nthree\rafter three\rfour\r\nFIVE\r\n') },
  expect: { exit: 0, status: 'applied', message: ['M mixed.txt'] },
});

scenario({
  name: '325_mixed_endings_line_added_between_takes_the_ending_above',
  description:
    'in a mixed-ending file a line added between two lines takes the ending of the line above; the edit tool gives the same (454)',
  before: { 'mixed.txt': Buffer.from('a\r\nb\nc\r\n') },
  input: patch('*** Update File: mixed.txt', ' a', '+x', ' b'),
  after: { 'mixed.txt': Buffer.from('a\r\nx\r\nb\nc\r\n') },
  expect: { exit: 0, status: 'applied', message: ['M mixed.txt'] },
});

scenario({
  name: '322_legacy_and_binary_partial',
  description: 'a GBK update commits while a binary update in the same patch is refused',
  before: { 'calc.js': bytes(ZH_BEFORE, 'gbk'), 'logo.png': PNG },
  input: patch(
    '*** Update File: calc.js',
    ' function 计算(值) {',
    '-  return 值 * 2; // 乘以二',
    '+  return 值 * 3; // 乘以三',
    '*** Update File: logo.png',
    '-PNG',
    '+GIF',
  ),
  after: { 'calc.js': bytes(ZH_AFTER, 'gbk'), 'logo.png': PNG },
  expect: { exit: 2, status: 'partial', codes: ['binary'], message: ['M calc.js', 'logo.png: binary file'] },
});

// ------------------------------------------------------------------ write

function writeTree(root, files) {
  for (const [path, content] of Object.entries(files)) {
    const p = join(root, path);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, content);
  }
}

for (const s of scenarios) {
  const dir = join(FIXTURES, s.name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeTree(join(dir, 'before'), s.before);
  if (s.after) writeTree(join(dir, 'after'), s.after);
  writeFileSync(join(dir, 'input'), s.input);
  const expectJson = { description: s.description, ...(s.args ? { args: s.args } : {}), ...s.expect };
  writeFileSync(join(dir, 'expect.json'), `${JSON.stringify(expectJson, null, 2)}\n`);
  writeFileSync(join(dir, 'GENERATED'), MARK);
}
console.log(`wrote ${scenarios.length} fixture scenarios under ${FIXTURES}`);
