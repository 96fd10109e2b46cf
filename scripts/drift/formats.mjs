// Drift kinds of the formats models emit besides envelopes and edit JSON:
// the same real changes written as SEARCH/REPLACE blocks, an OpenAI
// apply_patch_call item, a list of text-editor str_replace calls, and edits
// whose old lines were copied from a read with their line numbers (right,
// or shifted: then nothing may be stripped). Kept apart from cases.mjs so
// each file has one author's kinds; corpus.mjs draws from both.

import { applyEntries, joinLines, newText, oldText, splitLines } from './changes.mjs';
import { prepareBase } from './cases.mjs';
import { coarseFold, countFolded } from './typos.mjs';

const lines = (text) => (text === '' ? [] : text.split('\n'));
const block = (path, u) => {
  const search = lines(oldText(u))
    .map((l) => `${l}\n`)
    .join('');
  const replace = lines(newText(u))
    .map((l) => `${l}\n`)
    .join('');
  return `${path}\n<<<<<<< SEARCH\n${search}=======\n${replace}>>>>>>> REPLACE\n`;
};
const v4a = (u) => ['@@', ...u.lines.map((l) => l.op + l.text)].join('\n');
/** `    12→text`, as a read tool numbers line `bi` (0-based). */
const numbered = (n, text) => `${String(n).padStart(6)}→${text}`;

export const FORMAT_KINDS = {
  'search-replace': { tools: ['search-replace'] },
  'openai-call': { tools: ['openai'] },
  'text-editor': { tools: ['editor'] },
  'line-numbers': { tools: ['edit'] },
  'line-numbers-off': { tools: ['edit'], may: true },
};

/** One case of a format kind, or undefined when the base offers nothing for it. */
export function buildFormatCase(r, kind, tool, base) {
  const prep = prepareBase(base);
  if (!prep) return undefined;
  const folded = coarseFold(base.before);
  const uniqueIn = (units) => units.every((u) => oldText(u) !== '' && countFolded(folded, oldText(u)) === 1);
  let input;
  let expected;
  let must;
  if (kind === 'search-replace' || kind === 'openai-call') {
    const hunks = prep.hunks;
    expected = base.after;
    must = uniqueIn(hunks);
    input =
      kind === 'search-replace'
        ? `Here is the change.\n\n${hunks.map((h) => `${block(base.path, h)}\n`).join('')}`
        : JSON.stringify({
            type: 'apply_patch_call',
            call_id: 'call_1',
            operation: { type: 'update_file', path: base.path, diff: `${hunks.map(v4a).join('\n')}\n` },
          });
  } else {
    if (!prep.entries) return undefined;
    const entries = kind === 'text-editor' ? prep.entries : [r.pick(prep.entries)];
    expected = applyEntries(base.before, entries);
    must = uniqueIn(entries);
    if (kind === 'text-editor') {
      input = JSON.stringify(
        entries.map((e, k) => ({
          type: 'tool_use',
          id: `toolu_${k}`,
          name: 'str_replace_based_edit_tool',
          input: { command: 'str_replace', path: base.path, old_str: oldText(e), new_str: newText(e) },
        })),
      );
      // One call after another: an entry's old text must still be unique once the ones before it are in.
      must &&= entries.length === 1;
    } else {
      const e = entries[0];
      const old = e.lines.filter((l) => l.op !== '+');
      if (old.length === 0 || old.some((l) => l.bi === undefined)) return undefined;
      const shift = kind === 'line-numbers-off' ? 1 + r.int(3) : 0;
      const oldString = old.map((l) => numbered(l.bi + 1 + shift, l.text)).join('\n');
      input = JSON.stringify({ path: base.path, old_string: oldString, new_string: newText(e) });
      if (shift) must = false;
    }
  }
  if (splitLines(expected).length === 0 && base.before === '') return undefined;
  return {
    kind,
    tool,
    origin: base.id,
    path: base.path,
    before: base.before,
    expected: joinLines(splitLines(expected)),
    inputs: [input],
    expect: must && !FORMAT_KINDS[kind].may ? 'must' : 'may',
  };
}
