// The closest-block search's result (edit/closest.ts) in words a model can
// act on: the differing characters, or the drift and the range to re-read.

import { plural, quote } from '../text/quote.js';
import type { ClosestMatch } from './closest.js';

/** Characters of a differing line shown, centred on the difference when the line is longer. */
const SHOW = 160;

/** A line quoted for the model, cut around `column` (1-based) when very long. */
const quoteAt = (text: string, column: number): string => quote(text, SHOW, column - 1);

function charName(ch: string): string {
  return ch === '' ? 'the end of the line' : quote(ch);
}

/** The model-facing explanation that follows "old_string not found in file". */
export function describeClosest(c: ClosestMatch): string {
  if (c.kind === 'none') {
    return (
      'no similar block exists in the file. Check whitespace, indentation and newlines, re-read the file, ' +
      'and anchor the edit on a smaller unique 2-4 line block copied exactly'
    );
  }
  if (c.kind === 'newlines') {
    const where = c.line === c.endLine ? `line ${c.line}` : `lines ${c.line}-${c.endLine}`;
    return (
      `every line of old_string occurs at ${where}, but the line breaks differ ` +
      '(a final newline the file does not have there, or a line split differently): copy the text exactly as the file breaks it'
    );
  }
  if (c.kind === 'chars') {
    const where = c.line === c.endLine ? `line ${c.line}` : `lines ${c.line}-${c.endLine}`;
    const out = [
      `the closest match is at ${where} (${c.similarity}% similar); the differing ${c.differences.length === 1 ? 'line' : 'lines'}:`,
    ];
    for (const d of c.differences) {
      out.push(`  file line ${d.fileLine}:`.padEnd(24) + quoteAt(d.fileText, d.column));
      out.push(`  old_string line ${d.targetLine}:`.padEnd(24) + quoteAt(d.targetText, d.targetOffset + 1));
      out.push(`  first difference at column ${d.column}: the file has ${charName(d.fileChar)}, old_string has ${charName(d.targetChar)}`);
    }
    out.push('Copy the file text exactly (whitespace, indentation and newlines included) and retry');
    return out.join('\n');
  }
  const parts: string[] = [];
  if (c.differing > c.indentOnly)
    parts.push(
      `${c.differing - c.indentOnly} of ${plural(c.total, 'old_string line')} ${c.differing - c.indentOnly === 1 ? 'is' : 'are'} not in it`,
    );
  if (c.indentOnly > 0) {
    const style =
      c.indentStyle === 'file-tabs'
        ? ' (the file indents with tabs, old_string with spaces)'
        : c.indentStyle === 'file-spaces'
          ? ' (the file indents with spaces, old_string with tabs)'
          : '';
    parts.push(`${plural(c.indentOnly, 'line')} ${c.indentOnly === 1 ? 'differs' : 'differ'} only in indentation${style}`);
  }
  if (c.lineDelta > 0) parts.push(`the file has ${plural(c.lineDelta, 'more line')} in that range`);
  if (c.lineDelta < 0) parts.push(`the file has ${plural(-c.lineDelta, 'fewer line')} in that range`);
  if (parts.length === 0) parts.push('its lines are there, but not in this order');
  const where = c.line === c.endLine ? `line ${c.line}` : `lines ${c.line}-${c.endLine}`;
  return (
    `the closest block (${where}, ${c.similarity}% similar) has drifted: ${parts.join('; ')}. ` +
    `Re-read that range (offset=${c.offset}, limit=${c.limit}) and rebuild old_string from it, ` +
    'or anchor the edit on a smaller 2-4 line block'
  );
}
