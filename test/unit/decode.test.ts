// Bytes <-> text: every encoding a user's file may be in comes back byte for
// byte; anything that cannot is refused with a message that says why.

import fc from 'fast-check';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runPatchText } from '../../src/run/pipeline.js';
import { decodeBytes, encodeText, loadLegacyCodecs, needsLegacyCodecs, type TextEncoding, unencodable } from '../../src/text/decode.js';
import { MemFs } from '../support/memfs.js';

const P = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch'].join('\n');

const ZH = '// 配置文件\nconst 名称 = "你好，世界";\nfunction 计算(值) {\n  return 值 * 2; // 乘以二\n}\n';
const ZH_TW = '// 設定檔\nconst 名稱 = "你好，世界";\n// 這是繁體中文的註解\n';
const JA = '// 設定ファイル\nconst 名前 = "こんにちは世界";\n// これは日本語のコメントです\n';
const KO = '// 설정 파일\nconst 이름 = "안녕하세요 세계";\n// 이것은 한국어 주석입니다\n';
const FR =
  "# Paramètres de l'application\n# Ce fichier décrit la configuration par défaut. Modifiez-le avec précaution.\n" +
  'nom = "Café de la Gare"\nadresse = "12, rue de l\'Église — Genève"\ndevise = "€"\n';
const RU = '// Настройки приложения\nconst имя = "Привет, мир";\n// Это комментарий на русском языке\n';

const bom = (...b: number[]) => Buffer.from(b);
const utf16be = (s: string) => Buffer.from(s, 'utf16le').swap16();
const utf32 = (s: string, le: boolean) => {
  const out = Buffer.alloc([...s].length * 4);
  [...s].forEach((ch, i) => (le ? out.writeUInt32LE(ch.codePointAt(0)!, i * 4) : out.writeUInt32BE(ch.codePointAt(0)!, i * 4)));
  return out;
};

beforeAll(() => loadLegacyCodecs());

describe('files come back byte for byte', () => {
  const TEXT = 'première ligne\r\nsecond line 😀\r\n';
  it.each<[string, Buffer, string, TextEncoding, string]>([
    ['UTF-8 without BOM', Buffer.from(TEXT), TEXT, { name: 'utf-8', bom: false }, 'utf-8'],
    ['UTF-8 with BOM', Buffer.concat([bom(0xef, 0xbb, 0xbf), Buffer.from(TEXT)]), TEXT, { name: 'utf-8', bom: true }, 'bom'],
    ['UTF-16LE with BOM', Buffer.concat([bom(0xff, 0xfe), Buffer.from(TEXT, 'utf16le')]), TEXT, { name: 'utf-16le', bom: true }, 'bom'],
    ['UTF-16BE with BOM', Buffer.concat([bom(0xfe, 0xff), utf16be(TEXT)]), TEXT, { name: 'utf-16be', bom: true }, 'bom'],
    ['UTF-32LE with BOM', Buffer.concat([bom(0xff, 0xfe, 0, 0), utf32(TEXT, true)]), TEXT, { name: 'utf-32le', bom: true }, 'bom'],
    ['UTF-32BE with BOM', Buffer.concat([bom(0, 0, 0xfe, 0xff), utf32(TEXT, false)]), TEXT, { name: 'utf-32be', bom: true }, 'bom'],
    ['GBK (read as its superset GB18030)', iconv.encode(ZH, 'gbk'), ZH, { name: 'gb18030', bom: false }, 'detected'],
    [
      'GB18030',
      iconv.encode(`${ZH}// 𠀀 needs four bytes\n`, 'gb18030'),
      `${ZH}// 𠀀 needs four bytes\n`,
      { name: 'gb18030', bom: false },
      'detected',
    ],
    ['Big5', iconv.encode(ZH_TW, 'big5'), ZH_TW, { name: 'big5', bom: false }, 'detected'],
    ['Shift_JIS', iconv.encode(JA, 'shift_jis'), JA, { name: 'shift_jis', bom: false }, 'detected'],
    ['EUC-JP', iconv.encode(JA, 'euc-jp'), JA, { name: 'euc-jp', bom: false }, 'detected'],
    ['EUC-KR (read as its superset CP949)', iconv.encode(KO, 'euc-kr'), KO, { name: 'cp949', bom: false }, 'detected'],
    ['windows-1252', iconv.encode(FR, 'windows-1252'), FR, { name: 'windows-1252', bom: false }, 'detected'],
  ])('a %s file decodes to its text and encodes back to the same bytes', (_, bytes, text, encoding, via) => {
    const d = decodeBytes(bytes);
    expect(d).toEqual({ ok: true, text, encoding, via });
    if (d.ok) expect(Buffer.from(encodeText(d.text, d.encoding)).equals(bytes)).toBe(true);
  });

  it('keeps a GB18030 byte-order mark out of the first line and writes it back', () => {
    const bytes = iconv.encode(`\uFEFF${ZH}`, 'gb18030');
    const d = decodeBytes(bytes);
    expect(d).toMatchObject({ ok: true, text: ZH, encoding: { name: 'gb18030', bom: true } });
    if (d.ok) expect(Buffer.from(encodeText(d.text, d.encoding)).equals(bytes)).toBe(true);
  });

  it('finds the encoding of text that only starts after a long ASCII prologue', () => {
    const bytes = Buffer.concat([Buffer.from('x = 1\n'.repeat(20_000)), iconv.encode(ZH, 'gbk')]);
    expect(decodeBytes(bytes)).toMatchObject({ ok: true, encoding: { name: 'gb18030' }, via: 'detected' });
  });
});

describe('files that cannot be read faithfully are refused', () => {
  it.each<[string, Uint8Array, 'binary' | 'undecodable', string[]]>([
    ['a NUL byte', Buffer.from('PNG\0\x01\x02 text'), 'binary', ['binary']],
    ['mostly control bytes', Buffer.from('\x01\x02\x03\x04\x05\x06abc\x07\x08'), 'binary', ['binary']],
    ['UTF-16 text with NULs behind a BOM', Buffer.concat([bom(0xff, 0xfe), Buffer.from('a\0b\0', 'utf16le')]), 'binary', ['binary']],
    ['UTF-8 text with NULs behind a BOM', Buffer.concat([bom(0xef, 0xbb, 0xbf), Buffer.from('a\0b\0')]), 'binary', ['binary']],
    [
      'a UTF-8 BOM before invalid UTF-8',
      bom(0xef, 0xbb, 0xbf, 0x61, 0xff, 0x0a),
      'undecodable',
      ['UTF-8 byte-order mark', 'not valid UTF-8'],
    ],
    ['a UTF-16LE BOM before an odd number of bytes', bom(0xff, 0xfe, 0x61, 0x00, 0x62), 'undecodable', ['UTF-16LE byte-order mark']],
    [
      'a word of Latin-1, too little to be sure of',
      iconv.encode('café\n', 'windows-1252'),
      'undecodable',
      ['detected', 'confidence 0.0', 'too uncertain', '--encoding windows-1252'],
    ],
    [
      'Russian windows-1251, which is never picked without --encoding',
      iconv.encode(RU, 'windows-1251'),
      'undecodable',
      ['detected Windows-1251', 'does not pick on its own'],
    ],
    [
      'GBK with a stray lead byte that would not survive a round trip',
      Buffer.concat([iconv.encode(ZH, 'gbk'), bom(0x81, 0x0a)]),
      'undecodable',
      ['not valid UTF-8; detected', "does not reproduce the file's bytes"],
    ],
  ])('a file with %s is refused', (_, bytes, code, words) => {
    const d = decodeBytes(bytes);
    expect(d.ok).toBe(false);
    if (d.ok) return;
    expect(d.code).toBe(code);
    for (const w of words) expect(d.message).toContain(w);
  });
});

describe('--encoding', () => {
  it('decodes a file the detector would not pick on its own', () => {
    const bytes = iconv.encode(RU, 'windows-1251');
    const d = decodeBytes(bytes, { encoding: 'windows-1251' });
    expect(d).toEqual({ ok: true, text: RU, encoding: { name: 'windows-1251', bom: false }, via: 'forced' });
  });

  it('reads UTF-16 without a BOM, which would otherwise look binary', () => {
    const bytes = Buffer.from('a\r\nb\r\n', 'utf16le');
    expect(decodeBytes(bytes)).toMatchObject({ ok: false, code: 'binary' });
    expect(decodeBytes(bytes, { encoding: 'UTF16LE' })).toEqual({
      ok: true,
      text: 'a\r\nb\r\n',
      encoding: { name: 'utf-16le', bom: false },
      via: 'forced',
    });
  });

  it('leaves a UTF-8 file in the same patch as UTF-8 under --encoding utf-16le', () => {
    expect(decodeBytes(Buffer.from('ab\ncd\n'), { encoding: 'utf-16le' })).toMatchObject({
      ok: true,
      text: 'ab\ncd\n',
      encoding: { name: 'utf-8' },
      via: 'utf-8',
    });
  });

  it('lets an ASCII-only file take the named encoding, so added text is written in it', () => {
    expect(decodeBytes(Buffer.from('plain\n'), { encoding: 'gbk' })).toMatchObject({ ok: true, encoding: { name: 'gbk' }, via: 'forced' });
  });

  it('leaves a UTF-8 file with non-ASCII text as UTF-8', () => {
    expect(decodeBytes(Buffer.from('名称\n'), { encoding: 'gbk' })).toMatchObject({ ok: true, encoding: { name: 'utf-8' }, via: 'utf-8' });
  });

  it('never overrides a byte-order mark', () => {
    const bytes = Buffer.concat([bom(0xef, 0xbb, 0xbf), Buffer.from('x\n')]);
    expect(decodeBytes(bytes, { encoding: 'shift_jis' })).toMatchObject({ ok: true, encoding: { name: 'utf-8', bom: true }, via: 'bom' });
  });

  it.each<[string, Uint8Array, string, string]>([
    ['an unknown name', iconv.encode(ZH, 'gbk'), 'no-such-encoding', 'unknown encoding "no-such-encoding"'],
    [
      'an encoding that does not round-trip the bytes',
      Buffer.concat([iconv.encode(ZH, 'gbk'), bom(0x81, 0x0a)]),
      'gbk',
      "decoding as gbk (--encoding) and re-encoding does not reproduce the file's bytes",
    ],
    ['utf-8 for a file that is not UTF-8', iconv.encode(ZH, 'gbk'), 'utf-8', 'not valid UTF-8 (--encoding utf-8)'],
  ])('refuses %s', (_, bytes, encoding, message) => {
    expect(decodeBytes(bytes, { encoding })).toMatchObject({ ok: false, code: 'undecodable', message: expect.stringContaining(message) });
  });
});

describe('the legacy codecs are loaded only when a file needs them', () => {
  it.each<[string, boolean, Uint8Array, string | undefined]>([
    ['a UTF-8 file', false, Buffer.from('名称\n'), undefined],
    ['a file with a BOM', false, Buffer.concat([bom(0xff, 0xfe), Buffer.from('x', 'utf16le')]), undefined],
    ['a binary file', false, Buffer.from('\0\x01'), undefined],
    ['a GBK file', true, iconv.encode(ZH, 'gbk'), undefined],
    ['a UTF-8 file under --encoding gbk', true, Buffer.from('x\n'), 'gbk'],
    ['a UTF-16 file under --encoding utf-16le', false, Buffer.from('x', 'utf16le'), 'utf-16le'],
  ])('%s needs the legacy codecs: %s', (_, expected, bytes, encoding) => {
    expect(needsLegacyCodecs(bytes, encoding === undefined ? {} : { encoding })).toBe(expected);
  });

  it('decodes 10 MB of valid UTF-8 on the fast path without ever loading the detector', async () => {
    vi.resetModules();
    const fresh = await import('../../src/text/decode.js');
    const bytes = Buffer.from('const s = "héllo wörld 名称";\n'.repeat(350_000));
    expect(bytes.length).toBeGreaterThan(10_000_000);
    expect(fresh.needsLegacyCodecs(bytes)).toBe(false);
    const d = fresh.decodeBytes(bytes);
    expect(d.ok && d.via).toBe('utf-8');
    expect(fresh.legacyCodecsLoaded()).toBe(false);
  });

  it('refuses, rather than crashes, a legacy file when the runner did not load the codecs', async () => {
    vi.resetModules();
    const fresh = await import('../../src/text/decode.js');
    expect(fresh.decodeBytes(iconv.encode(ZH, 'gbk'))).toMatchObject({
      ok: false,
      code: 'undecodable',
      message: expect.stringContaining('not loaded'),
    });
  });
});

describe('text an encoding cannot hold', () => {
  it.each<[string, string, TextEncoding, string | undefined]>([
    ['an emoji in Shift_JIS', 'ok 😀', { name: 'shift_jis', bom: false }, '😀'],
    ['an arrow in windows-1252', 'a → b', { name: 'windows-1252', bom: false }, '→'],
    ['an emoji in GB18030, which covers all of Unicode', 'ok 😀', { name: 'gb18030', bom: false }, undefined],
    ['a lone surrogate in UTF-8', 'bad \uD800 x', { name: 'utf-8', bom: false }, '\uD800'],
    ['accents in windows-1252', 'café crème', { name: 'windows-1252', bom: false }, undefined],
  ])('%s', (_, text, encoding, bad) => {
    expect(unencodable(text, encoding)).toBe(bad);
  });

  it('names, for any UTF-16 text, the first lone surrogate a Unicode encoding cannot hold, and nothing when there is none', () => {
    // The rule by hand: a high surrogate not followed by a low one, or a low one not preceded by a high one.
    const firstLone = (s: string): string | undefined => {
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        const next = s.charCodeAt(i + 1);
        if (c >= 0xd800 && c <= 0xdbff) {
          if (next >= 0xdc00 && next <= 0xdfff) i++;
          else return s[i];
        } else if (c >= 0xdc00 && c <= 0xdfff) return s[i];
      }
      return undefined;
    };
    const unit = fc.oneof(
      fc.integer({ min: 0xd800, max: 0xdfff }),
      fc.integer({ min: 0x20, max: 0x7e }),
      fc.integer({ min: 0, max: 0xffff }),
    );
    const text = fc.array(unit, { maxLength: 40 }).map((codes) => String.fromCharCode(...codes));
    for (const name of ['utf-8', 'UTF-16LE', 'utf32be']) {
      fc.assert(
        fc.property(text, (s) => unencodable(s, { name, bom: false }) === firstLone(s)),
        { numRuns: 1000 },
      );
    }
  });
});

describe('patches on non-UTF-8 files', () => {
  const run = (fs: MemFs, text: string, encoding?: string) =>
    runPatchText(text, { fs, cwd: '/work', ...(encoding !== undefined ? { encoding } : {}) });
  const bytesOf = (fs: MemFs, path: string) => {
    const n = fs.nodes.get(path);
    return n?.kind === 'file' ? Buffer.from(n.bytes) : undefined;
  };

  it('updates a Shift_JIS file in Shift_JIS and reports nothing unusual', async () => {
    const fs = new MemFs({ 'ja.js': iconv.encode(JA, 'shift_jis') });
    const o = await run(
      fs,
      P('*** Update File: ja.js', ' // 設定ファイル', '-const 名前 = "こんにちは世界";', '+const 名前 = "さようなら世界";'),
    );
    expect(o.status).toBe('applied');
    expect(bytesOf(fs, '/work/ja.js')).toEqual(iconv.encode(JA.replace('こんにちは', 'さようなら'), 'shift_jis'));
  });

  it('refuses to add an emoji to a Shift_JIS file and leaves it untouched', async () => {
    const before = iconv.encode(JA, 'shift_jis');
    const fs = new MemFs({ 'ja.js': before });
    const o = await run(fs, P('*** Update File: ja.js', '-// 設定ファイル', '+// 設定ファイル 😀'));
    expect(o.status).toBe('rejected');
    expect(o.failed[0]?.failures[0]).toMatchObject({
      code: 'unencodable',
      message: expect.stringContaining('ja.js: the file is shift_jis, which cannot represent "😀" (U+1F600)'),
    });
    expect(bytesOf(fs, '/work/ja.js')).toEqual(before);
  });

  it('writes Chinese added to an ASCII file in the encoding named by --encoding', async () => {
    const fs = new MemFs({ 'a.txt': 'one\n' });
    const o = await run(fs, P('*** Update File: a.txt', ' one', '+二'), 'gbk');
    expect(o.status).toBe('applied');
    expect(bytesOf(fs, '/work/a.txt')).toEqual(Buffer.concat([Buffer.from('one\n'), iconv.encode('二\n', 'gbk')]));
  });

  it('names the file and the detected encoding when it refuses to edit it', async () => {
    const before = iconv.encode(RU, 'windows-1251');
    const fs = new MemFs({ 'ru.js': before });
    const o = await run(fs, P('*** Update File: ru.js', '-const имя = "Привет, мир";', '+const имя = "Пока";'));
    expect(o.failed[0]?.failures[0]).toMatchObject({
      code: 'undecodable',
      message: expect.stringMatching(/^ru\.js: not valid UTF-8; detected Windows-1251 \(confidence 0\.\d\d\)/),
    });
    expect(bytesOf(fs, '/work/ru.js')).toEqual(before);
  });

  it('moves a binary file byte for byte when the update is a pure rename', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff]);
    const fs = new MemFs({ 'logo.png': png });
    const o = await run(fs, P('*** Update File: logo.png', '*** Move to: img/logo.png', '@@', ' '));
    expect(o.status).toBe('applied');
    expect(fs.nodes.has('/work/logo.png')).toBe(false);
    expect(bytesOf(fs, '/work/img/logo.png')).toEqual(png);
    // A pure rename: no content difference to show, binary or not.
    expect(o.diffs[0]).toMatchObject({ kind: 'move', binary: false, hunks: [] });
  });

  it('refuses to change the content of a binary file, even while moving it', async () => {
    const fs = new MemFs({ 'logo.png': Buffer.from([0x89, 0x50, 0x00, 0x01]) });
    const o = await run(fs, P('*** Update File: logo.png', '*** Move to: img/logo.png', '-PNG', '+GIF'));
    expect(o.failed[0]?.failures[0]).toMatchObject({ code: 'binary', message: expect.stringContaining('logo.png: binary file') });
    expect(fs.nodes.has('/work/logo.png')).toBe(true);
  });
});

describe('no hidden state: what decoding answers does not depend on what an earlier call loaded', () => {
  // ASCII under a legacy --encoding: before, isPlainUtf8 said "plain UTF-8"
  // until some other file had loaded the codecs, and then "not plain": the
  // same call gave two answers (text added to the file went out as UTF-8 or
  // as GBK) depending on what ran before it in the process.
  it('gives ASCII under --encoding gbk the same answer before and after the codecs are loaded', async () => {
    vi.resetModules();
    const fresh = await import('../../src/text/decode.js');
    const ascii = Buffer.from('const x = 1;\n');
    const before = { plain: fresh.isPlainUtf8(ascii, { encoding: 'gbk' }), needs: fresh.needsLegacyCodecs(ascii, { encoding: 'gbk' }) };
    await fresh.loadLegacyCodecs();
    expect({ plain: fresh.isPlainUtf8(ascii, { encoding: 'gbk' }), needs: fresh.needsLegacyCodecs(ascii, { encoding: 'gbk' }) }).toEqual(
      before,
    );
    expect(before).toEqual({ plain: false, needs: true });
    expect(fresh.decodeBytes(ascii, { encoding: 'gbk' })).toMatchObject({ ok: true, encoding: { name: 'gbk' }, via: 'forced' });
  });

  it('refuses ASCII under a legacy --encoding when the runner did not load the codecs, rather than writing UTF-8', async () => {
    vi.resetModules();
    const fresh = await import('../../src/text/decode.js');
    expect(fresh.decodeBytes(Buffer.from('const x = 1;\n'), { encoding: 'gbk' })).toMatchObject({
      ok: false,
      code: 'undecodable',
      message: expect.stringContaining('not loaded'),
    });
  });
});
