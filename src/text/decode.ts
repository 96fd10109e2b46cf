// Bytes <-> text. A file is only ever edited as text when decoding and
// re-encoding it reproduces its bytes exactly; anything else is refused, so a
// file is never silently rewritten in another encoding.
//
// Order: BOM (UTF-8, UTF-16LE/BE, UTF-32LE/BE), then binary refusal, then
// valid UTF-8 (the fast path: no detector), then the user's --encoding, then
// the detector (jschardet) over a bounded sample, trusted only above a
// confidence threshold, only for the legacy families users really have, and
// only when the whole file round-trips byte for byte.
//
// iconv-lite and jschardet are big and slow to load, and most runs never need
// them, so they live behind loadLegacyCodecs(): the async runner loads them
// once, before planning, when needsLegacyCodecs() says some file needs them.
// Decoding itself stays synchronous, so planning stays pure.

import { isAscii, isUtf8 as validUtf8 } from 'node:buffer';
import { looksBinary, looksBinaryText } from './binary.js';
import { LineTable } from './table.js';
import { decodeUtf32, encodeUnicode, swap16 } from './unicode.js';

export interface TextEncoding {
  /** 'utf-8', 'utf-16le', 'utf-16be', 'utf-32le', 'utf-32be', or a legacy iconv name. */
  name: string;
  bom: boolean;
}

/** Which rule decided the encoding (the UTF-8 fast path is 'utf-8'). */
export type DecodedVia = 'bom' | 'utf-8' | 'forced' | 'detected';

export type Decoded =
  | { ok: true; text: string; encoding: TextEncoding; via: DecodedVia }
  | { ok: false; code: 'binary' | 'undecodable'; message: string };

export interface DecodeOptions {
  /** Force an encoding (the CLI's --encoding) for files without a BOM. */
  encoding?: string;
}

// ------------------------------------------------------------ legacy codecs

type Iconv = typeof import('iconv-lite');

interface Detection {
  encoding: string | null;
  confidence: number;
}

interface LegacyCodecs {
  iconv: Iconv;
  detectAll(bytes: Uint8Array): Detection[];
}

// Memoised like any lazy import; no answer below depends on whether it is set.
let legacy: LegacyCodecs | undefined;

/** Load iconv-lite and jschardet (once). Call before planning when needsLegacyCodecs() says so. */
export async function loadLegacyCodecs(): Promise<void> {
  if (legacy) return;
  const [iconvModule, chardetModule] = await Promise.all([import('iconv-lite'), import('jschardet')]);
  // A CommonJS module seen through import() has its exports on `default`.
  const iconv = ((iconvModule as { default?: Iconv }).default ?? iconvModule) as Iconv;
  const { chardet } = chardetModule;
  legacy = {
    iconv,
    detectAll: (bytes) => chardet.detectAll(bytes, { ignoreThreshold: true }),
  };
}

export function legacyCodecsLoaded(): boolean {
  return legacy !== undefined;
}

/**
 * Whether decoding these bytes (or writing text back to them) may need the
 * legacy codecs. Cheap and synchronous: a BOM, binary content and valid UTF-8
 * never do; anything else, or a forced non-UTF encoding, does.
 */
export function needsLegacyCodecs(bytes: Uint8Array, options: DecodeOptions = {}): boolean {
  if (bomOf(bytes)) return false;
  if (options.encoding !== undefined) return utfName(options.encoding) === undefined;
  if (looksBinary(bytes)) return false;
  return !isUtf8(bytes);
}

/** Load the legacy codecs only if one of these files needs them. */
export async function prepareDecoding(files: Iterable<Uint8Array>, options: DecodeOptions = {}): Promise<void> {
  if (legacy) return;
  for (const bytes of files) {
    if (needsLegacyCodecs(bytes, options)) return loadLegacyCodecs();
  }
}

function codecs(): LegacyCodecs {
  // Reaching this without loading is a runner bug, not a property of the file.
  if (!legacy) throw new Error('chord-patch: legacy encodings used before loadLegacyCodecs()');
  return legacy;
}

// ------------------------------------------------------------------- helpers

const BOMS: readonly { name: string; bytes: readonly number[] }[] = [
  // UTF-32LE before UTF-16LE: FF FE 00 00 starts both.
  { name: 'utf-32le', bytes: [0xff, 0xfe, 0x00, 0x00] },
  { name: 'utf-32be', bytes: [0x00, 0x00, 0xfe, 0xff] },
  { name: 'utf-8', bytes: [0xef, 0xbb, 0xbf] },
  { name: 'utf-16le', bytes: [0xff, 0xfe] },
  { name: 'utf-16be', bytes: [0xfe, 0xff] },
];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  if (bytes.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

function bomOf(bytes: Uint8Array): { name: string; bytes: readonly number[] } | undefined {
  // Every BOM starts with one of these four bytes, and nearly no file does:
  // decoding asks every file twice, and this test is far cheaper than the search with its callback.
  const first = bytes[0];
  if (first !== 0xef && first !== 0xff && first !== 0xfe && first !== 0x00) return undefined;
  return BOMS.find((b) => startsWith(bytes, b.bytes));
}

const UTF_NAMES: ReadonlyMap<string, string> = new Map([
  ['utf8', 'utf-8'],
  ['utf16le', 'utf-16le'],
  ['utf16be', 'utf-16be'],
  ['utf32le', 'utf-32le'],
  ['utf32be', 'utf-32be'],
]);

/** The canonical name of a Unicode encoding spelled any common way, else undefined. */
function utfName(name: string): string | undefined {
  // A canonical name as it is (every decoded file's encoding is asked, for
  // every file written): no folded copy of it per call.
  if (name === 'utf-8') return name;
  return UTF_NAMES.get(name.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

/**
 * UTF-8 validity, remembered per buffer: planning asks it of every file twice
 * (whether legacy codecs are needed, then how to decode), and on a large
 * file one check is not free.
 */
const validity = new WeakMap<Uint8Array, boolean>();
function isUtf8(bytes: Uint8Array): boolean {
  let v = validity.get(bytes);
  if (v === undefined) {
    v = validUtf8(bytes);
    validity.set(bytes, v);
  }
  return v;
}

const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(asBuffer(a), asBuffer(b)) === 0;

const BINARY: Decoded = { ok: false, code: 'binary', message: 'binary file (NUL or control bytes): not edited' };

function undecodable(message: string): Decoded {
  return { ok: false, code: 'undecodable', message: `${message}; not edited` };
}

// --------------------------------------------------------- Unicode (native)

/** Decode with a Unicode encoding (no BOM in `bytes`), or undefined if the bytes are not valid in it. */
function decodeUnicode(bytes: Uint8Array, name: string): string | undefined {
  switch (name) {
    case 'utf-8':
      return isUtf8(bytes) ? asBuffer(bytes).toString('utf8') : undefined;
    case 'utf-16le':
      return bytes.length % 2 === 0 ? asBuffer(bytes).toString('utf16le') : undefined;
    case 'utf-16be':
      return bytes.length % 2 === 0 ? swap16(bytes).toString('utf16le') : undefined;
    case 'utf-32le':
      return decodeUtf32(bytes, true);
    case 'utf-32be':
      return decodeUtf32(bytes, false);
    default:
      return undefined;
  }
}

/** Decode as a Unicode encoding, proving the round trip (UTF-16 would otherwise accept any even length). */
function viaUnicode(body: Uint8Array, name: string, bom: boolean, via: DecodedVia): Decoded | undefined {
  const text = decodeUnicode(body, name);
  if (text === undefined || !sameBytes(encodeUnicode(text, name), body)) return undefined;
  if (looksBinaryText(text)) return BINARY;
  return { ok: true, text, encoding: { name, bom }, via };
}

// ------------------------------------------------------------------- legacy

/**
 * The legacy families the detector may pick on its own, each decoded with its
 * widest iconv codec (GB2312/GBK files are valid GB18030, ISO-8859-1 text is
 * valid windows-1252, and so on). Anything else needs --encoding.
 */
const FAMILIES: readonly { codec: string; names: readonly string[] }[] = [
  { codec: 'gb18030', names: ['gb18030', 'gbk', 'gb2312', 'cp936'] },
  { codec: 'big5', names: ['big5', 'big5hkscs', 'cp950'] },
  { codec: 'shift_jis', names: ['shiftjis', 'sjis', 'cp932', 'windows31j'] },
  { codec: 'euc-jp', names: ['eucjp', 'eucjis2004'] },
  { codec: 'cp949', names: ['euckr', 'cp949', 'uhc'] },
  { codec: 'windows-1252', names: ['windows1252', 'cp1252', 'iso88591', 'latin1'] },
];

function familyOf(detected: string): string | undefined {
  const key = detected.toLowerCase().replace(/[^a-z0-9]/g, '');
  return FAMILIES.find((f) => f.names.includes(key))?.codec;
}

/**
 * jschardet 4 scores are not probabilities: a few lines of correctly detected
 * Latin-1 text score 0.05-0.15 and CJK 0.15-0.6, while a word or two of
 * non-ASCII text scores 0.01-0.05, where its guesses are unreliable.
 */
export const MIN_CONFIDENCE = 0.05;
/** Scores this close to the best are ties (windows-1252, ISO-8859-1 and ISO-8859-15 often score alike). */
const TIE = 0.98;
/** The detector reads at most this much of a file. */
const SAMPLE_BYTES = 64 * 1024;

/**
 * The window the detector reads: from the line holding the first non-ASCII
 * byte, so a long ASCII prologue does not hide the evidence. Starting at a
 * line start never splits a multi-byte character: LF is never a trail byte in
 * the encodings detected here.
 */
function sampleOf(bytes: Uint8Array): Uint8Array {
  let first = 0;
  while (first < bytes.length && bytes[first]! < 0x80) first++;
  let start = first;
  while (start > 0 && bytes[start - 1] !== 0x0a) start--;
  if (first - start > 1024) start = first;
  return bytes.subarray(start, start + SAMPLE_BYTES);
}

/** Decode with an iconv codec; the text only if re-encoding gives back exactly `bytes`. */
function roundTrip(bytes: Uint8Array, codec: string): { text: string; bom: boolean } | undefined {
  const { iconv } = codecs();
  const text = iconv.decode(asBuffer(bytes), codec, { stripBOM: false });
  if (!sameBytes(iconv.encode(text, codec), bytes)) return undefined;
  // Some legacy encodings can spell U+FEFF too (GB18030: 84 31 95 33); keep it as a BOM, out of the first line.
  return text.startsWith('\uFEFF') ? { text: text.slice(1), bom: true } : { text, bom: false };
}

function forced(bytes: Uint8Array, name: string): Decoded {
  const { iconv } = codecs();
  if (!iconv.encodingExists(name)) return undecodable(`unknown encoding "${name}" (--encoding)`);
  const r = roundTrip(bytes, name);
  if (!r) return undecodable(`decoding as ${name} (--encoding) and re-encoding does not reproduce the file's bytes`);
  return { ok: true, text: r.text, encoding: { name, bom: r.bom }, via: 'forced' };
}

function detected(bytes: Uint8Array): Decoded {
  const results = codecs().detectAll(sampleOf(bytes));
  const best = results[0];
  if (!best?.encoding) return undecodable('not valid UTF-8 and no encoding could be detected (pass --encoding NAME if you know it)');
  const guess = `detected ${best.encoding} (confidence ${best.confidence.toFixed(2)})`;
  const pick = results.find((r) => r.confidence >= best.confidence * TIE && r.encoding && familyOf(r.encoding));
  const codec = pick?.encoding ? familyOf(pick.encoding) : undefined;
  if (!codec) {
    return undecodable(`not valid UTF-8; ${guess}, which chord-patch does not pick on its own (pass --encoding NAME if you know it)`);
  }
  if (best.confidence < MIN_CONFIDENCE) {
    return undecodable(`not valid UTF-8; ${guess}, too uncertain to trust (pass --encoding ${codec} if that is right)`);
  }
  const r = roundTrip(bytes, codec);
  if (!r) return undecodable(`not valid UTF-8; ${guess}, but decoding as ${codec} and re-encoding does not reproduce the file's bytes`);
  return { ok: true, text: r.text, encoding: { name: codec, bom: r.bom }, via: 'detected' };
}

// ---------------------------------------------------------------- interface

/**
 * Does decodeBytes take its fast path for these bytes: valid UTF-8, no BOM,
 * not binary, no --encoding that claims them? Those bytes are their own
 * text's UTF-8, so they can be matched and written back without decoding.
 */
export function isPlainUtf8(bytes: Uint8Array, options: DecodeOptions = {}): boolean {
  if (bomOf(bytes) || looksBinary(bytes) || !isUtf8(bytes)) return false;
  const want = options.encoding;
  if (want === undefined) return true;
  const wantUtf = utfName(want);
  // ASCII under a legacy --encoding is decoded in that encoding (decodeBytes).
  if (wantUtf === undefined) return !isAscii(bytes);
  // --encoding utf-16/32 claims valid UTF-8 only when it holds NUL bytes (see decodeBytes).
  return wantUtf === 'utf-8' || !bytes.includes(0);
}

const UTF8: TextEncoding = { name: 'utf-8', bom: false };

/**
 * Valid UTF-8 as text. ASCII (most source files) decodes as Latin-1, to the
 * same string: Node then copies the bytes once, where the UTF-8 decoder
 * takes longer and more memory.
 */
function plainText(bytes: Uint8Array): string {
  return asBuffer(bytes).toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

export type DecodedLines = { ok: true; table: LineTable; encoding: TextEncoding; via: DecodedVia } | Extract<Decoded, { ok: false }>;

/** decodeBytes, as lines: plain UTF-8 stays as its bytes (table.ts), everything else is decoded. */
export function decodeLines(bytes: Uint8Array, options: DecodeOptions = {}): DecodedLines {
  if (isPlainUtf8(bytes, options)) return { ok: true, table: LineTable.fromUtf8(bytes), encoding: UTF8, via: 'utf-8' };
  const d = decodeBytes(bytes, options);
  return d.ok ? { ok: true, table: LineTable.fromText(d.text), encoding: d.encoding, via: d.via } : d;
}

export function decodeBytes(bytes: Uint8Array, options: DecodeOptions = {}): Decoded {
  if (isPlainUtf8(bytes, options)) return { ok: true, text: plainText(bytes), encoding: UTF8, via: 'utf-8' };
  const bom = bomOf(bytes);
  if (bom) {
    const d = viaUnicode(bytes.subarray(bom.bytes.length), bom.name, true, 'bom');
    return d ?? undecodable(`starts with a ${bom.name.toUpperCase()} byte-order mark but is not valid ${bom.name.toUpperCase()}`);
  }
  const want = options.encoding;
  const wantUtf = want === undefined ? undefined : utfName(want);
  // UTF-16/32 text without a BOM is full of NUL bytes: only the user's word
  // lets it past the binary test. A UTF-8 file in the same patch (no NUL,
  // valid UTF-8) stays UTF-8, as it would under a legacy --encoding.
  if (wantUtf !== undefined && wantUtf !== 'utf-8' && !(isUtf8(bytes) && !bytes.includes(0))) {
    return viaUnicode(bytes, wantUtf, false, 'forced') ?? undecodable(`not valid ${wantUtf.toUpperCase()} (--encoding)`);
  }
  if (looksBinary(bytes)) return BINARY;
  if (isUtf8(bytes)) {
    // ASCII is equally valid in every legacy encoding offered here: the user's
    // word breaks the tie, so text added to the file is written in that encoding.
    // Without the codecs a refusal, whatever an earlier call loaded.
    if (want !== undefined && wantUtf === undefined && isAscii(bytes)) {
      return legacy ? forced(bytes, want) : undecodable(`--encoding ${want}, and legacy encodings were not loaded for this run`);
    }
    return { ok: true, text: asBuffer(bytes).toString('utf8'), encoding: UTF8, via: 'utf-8' };
  }
  if (wantUtf === 'utf-8') return undecodable('not valid UTF-8 (--encoding utf-8)');
  // A runner that skipped prepareDecoding() gets a refusal, not a crash mid-plan.
  if (!legacy) return undecodable('not valid UTF-8, and legacy encodings were not loaded for this run');
  if (want !== undefined) return forced(bytes, want);
  return detected(bytes);
}

export function encodeText(text: string, encoding: TextEncoding): Uint8Array {
  const unicode = utfName(encoding.name);
  if (unicode !== undefined) {
    const body = encodeUnicode(text, unicode);
    if (!encoding.bom) return body;
    return Buffer.concat([encodeUnicode('\uFEFF', unicode), body]);
  }
  return codecs().iconv.encode(encoding.bom ? `\uFEFF${text}` : text, encoding.name);
}

/** String.prototype.isWellFormed (Node 20, Bun): no lone surrogate. Typed here: the project's TypeScript lib predates it. */
const isWellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first character of `text` that `encoding` cannot represent (iconv would
 * write `?` for it), or undefined when all of it can be written faithfully.
 */
export function unencodable(text: string, encoding: TextEncoding): string | undefined {
  // Well-formed text (nearly all) is told apart natively, without the regex's look-arounds.
  if (utfName(encoding.name) !== undefined) return isWellFormed(text) ? undefined : LONE_SURROGATE.exec(text)?.[0];
  const { iconv } = codecs();
  const fits = (s: string) => iconv.decode(iconv.encode(s, encoding.name), encoding.name, { stripBOM: false }) === s;
  if (fits(text)) return undefined;
  for (const ch of text) if (!fits(ch)) return ch;
  return text;
}
