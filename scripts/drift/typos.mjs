// The character-level drift models put into text they retype: curly quotes,
// typographic dashes, full-width punctuation, Unicode spaces, one-letter typos.
// Each returns the changed line, or the line itself when it offers nothing.

export const FANCY_QUOTES = /[“”„‟‘’‚‛]/;
export const FANCY_DASHES = /[‐‑‒–—―−]/;

export function curlQuotes(line) {
  let out = line.replace(/"([^"\n]*)"/, '“$1”');
  if (out === line) out = line.replace(/'([^'\n]*)'/, '‘$1’');
  return out.replace(/(\w)'(\w)/g, '$1’$2');
}

export function straightenQuotes(line) {
  return line.replace(/[“”„‟]/g, '"').replace(/[‘’‚‛]/g, "'");
}

/** One hyphen-minus with a space or word character on both sides (never part of `--`, `->`, `-=`). */
export function typographicDash(r, line) {
  const m = /(?<=[ \w])-(?=[ \w])/.exec(line);
  if (!m) return line;
  const dash = r.pick(['–', '—', '−', '‐', '―']);
  return line.slice(0, m.index) + dash + line.slice(m.index + 1);
}

export function asciiDashes(line) {
  return line.replace(/[‐‑‒–—―−]/g, '-');
}

const FULL_WIDTH = { ',': '，', ';': '；', ':': '：', '(': '（', ')': '）', '!': '！', '?': '？' };

/** Some ASCII separators as their full-width forms, the way a CJK-leaning model writes them (the space after one dropped). */
export function fullWidth(r, line) {
  const present = Object.keys(FULL_WIDTH).filter((c) => line.trimStart().includes(c));
  if (!present.length) return line;
  const chosen = new Set(r.sample(present, 1 + r.int(2)));
  const indent = /^[ \t]*/.exec(line)[0];
  let body = line.slice(indent.length);
  for (const c of chosen) {
    const fw = FULL_WIDTH[c];
    body = body.split(c).join(fw);
    // "a, b" is written "a，b": the one space after a separator goes (the
    // fold treats it as optional; a space after ")" is not).
    if (c !== '(' && c !== ')') body = body.replace(new RegExp(`${fw} (?! )`, 'g'), fw);
  }
  return indent + body;
}

export function asciiPunctuation(line) {
  let out = line;
  for (const [a, fw] of Object.entries(FULL_WIDTH)) out = out.split(fw).join(a);
  return out;
}

const UNICODE_SPACES = ['\u00a0', '\u00a0', '\u2009', '\u202f', '\u2002', '\u3000'];

/** One or two single spaces between visible characters as Unicode spaces. */
export function unicodeSpaces(r, line) {
  const spots = [];
  for (let i = 1; i < line.length - 1; i++) if (line[i] === ' ' && /\S/.test(line[i - 1]) && /\S/.test(line[i + 1])) spots.push(i);
  if (!spots.length) return line;
  let out = line;
  for (const i of r.sample(spots, 1 + r.int(2))) out = out.slice(0, i) + r.pick(UNICODE_SPACES) + out.slice(i + 1);
  return out;
}

/** A one-letter slip in an identifier of four letters or more (two letters swapped, or one changed). */
export function typo(r, line) {
  const words = [...line.matchAll(/[A-Za-z]{4,}/g)];
  if (!words.length) return line;
  const m = r.pick(words);
  const w = m[0];
  let changed;
  const i = 1 + r.int(w.length - 2);
  if (r.chance(0.5) && w[i] !== w[i + 1]) changed = w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  else {
    const c = w[i].toLowerCase() === 'e' ? 'a' : 'e';
    changed = w.slice(0, i) + (w[i] === w[i].toUpperCase() ? c.toUpperCase() : c) + w.slice(i + 1);
  }
  return line.slice(0, m.index) + changed + line.slice(m.index + w.length);
}

/**
 * A deliberately coarse fold (all whitespace dropped, every tolerated quote,
 * dash and full-width character mapped to ASCII): text unique under it is
 * unique under the engine's finer passes, so it decides which cases must apply.
 */
export function coarseFold(text) {
  return text
    .replace(/\s+/gu, '')
    .replace(/[“”„‟‘’‚‛"'`´]/g, "'")
    .replace(/[‐‑‒–—―−-]/g, '-')
    .replace(/[\uff01-\uff5e]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[。]/g, '.');
}

export function countFolded(foldedHaystack, needle) {
  const n = coarseFold(needle);
  if (!n) return Infinity;
  let count = 0;
  for (let i = foldedHaystack.indexOf(n); i !== -1; i = foldedHaystack.indexOf(n, i + 1)) count++;
  return count;
}
