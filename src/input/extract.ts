// `--extract`: the patches inside a model's reply (markdown or prose), in the
// order they appear. Taken: fenced blocks labelled diff, patch or udiff, and
// any fenced block whose content is a patch envelope or a unified diff; and,
// outside fences, bare envelopes from "*** Begin Patch" to "*** End Patch"
// (or the end of the reply). Everything else is the reply's prose. Without
// --extract, prose around a patch stays an error (spec). Never taken: a patch
// inside an HTML comment (`<!-- ... -->`: commented out), and a fence that is
// never closed (a cut-off reply: refused, since its patch may be cut off too).

import { ChordPatchError } from '../errors.js';
import { patchFormat } from './detect.js';

export interface Extracted {
  /** The patch text. */
  text: string;
  /** 1-based line in the reply where the patch text starts. */
  line: number;
  /** How it was found, for the report: "```diff block", "bare envelope". */
  label: string;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})\s*([^\s`]*)/;
const LABELS = new Set(['diff', 'patch', 'udiff']);
const BEGIN = '*** Begin Patch';
const END = '*** End Patch';

export function extractPatches(reply: string): Extracted[] {
  const lines = reply.replace(/\r\n/g, '\n').split('\n');
  const out: Extracted[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.includes('<!--') && !lines[i]!.slice(lines[i]!.indexOf('<!--')).includes('-->')) {
      // A comment runs to its closing `-->`: nothing inside it is a patch to apply.
      while (i < lines.length && !lines[i]!.includes('-->')) i++;
      continue;
    }
    const open = FENCE.exec(lines[i]!);
    if (open) {
      const fence = open[1]!;
      const info = open[2]!.toLowerCase();
      const indent = lines[i]!.length - lines[i]!.trimStart().length;
      let j = i + 1;
      while (j < lines.length && !closes(lines[j]!, fence, indent)) j++;
      const body = lines.slice(i + 1, j);
      const text = `${body.join('\n')}\n`;
      const first = body.find((l) => l.trim() !== '')?.trim() ?? '';
      if (LABELS.has(info) || first === BEGIN || patchFormat(text) === 'unified') {
        if (j >= lines.length) {
          throw new ChordPatchError(
            'parse_error',
            `the \`\`\`${info} block opened at line ${i + 1} is never closed: the reply may be cut off, and its patch with it; ` +
              'nothing was applied: close the fence or send the patch alone',
            i + 1,
          );
        }
        if (first !== '') out.push({ text, line: i + 2, label: `\`\`\`${info || '(unlabelled)'} block` });
      }
      i = j;
      continue;
    }
    if (lines[i]!.trim() === BEGIN) {
      let j = i;
      while (j < lines.length && lines[j]!.trim() !== END) j++;
      out.push({ text: `${lines.slice(i, j + 1).join('\n')}\n`, line: i + 1, label: 'bare envelope' });
      i = j;
    }
  }
  return out;
}

/**
 * Does `line` close a block opened by `fence` at `indent` columns (same
 * character, at least as long, nothing after, indented no deeper)? A diff's
 * context line " ```" (a Markdown file's own fence) is one space in: it does
 * not close a block opened at column 0.
 */
function closes(line: string, fence: string, indent: number): boolean {
  if (line.length - line.trimStart().length > indent) return false;
  const t = line.trim();
  return t.length >= fence.length && t[0] === fence[0] && /^(`+|~+)$/.test(t);
}
