// Every file the Node build writes is kept ASCII. esbuild leaves non-ASCII
// characters in regular-expression literals as they are, and one such
// character makes V8 decode and scan the whole script as two-byte text.
// \uXXXX means the same inside regular expressions, strings and comments (the
// bundle has no String.raw templates, where it would not).

/** `text` with every non-ASCII UTF-16 unit written as \uXXXX; throws where that would change its meaning. */
export function ascii(text, what) {
  // `\…` (an identity escape) would become `\\u2026`, a different text.
  if (text.includes('String.raw') || /\\[^\x00-\x7f]/.test(text))
    throw new Error(`build: ${what}: escaping its non-ASCII characters would change it`);
  return text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
