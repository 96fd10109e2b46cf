// An old_string that starts inside a line's indentation ("    foo();" found in
// "        foo();"): how much indentation it fell short by, and the lines
// new_string adds given that indentation too, so they do not land one level
// out (replace.ts decides when that is safe).

/**
 * old_string is one line whose indentation falls short of the file's: it
 * matches inside the line's indentation ("    foo();" in "        foo();").
 * The match keeps the missing indentation in front of the first line, but the
 * lines new_string adds after a line break would keep the model's shorter
 * indentation and land one level out (a TabError or wrong nesting in Python).
 * Returns the missing indentation, and whether every added line sits at
 * old_string's own indentation (then "same level as that line" is what the
 * model meant, and the added lines get the missing indentation too).
 * Undefined when old_string spans lines (its later lines matched exactly, so
 * the model's indentation is the file's; shortOfItsIndentation weighs whether
 * that exact place is the only reading), brings no indentation of its own
 * (it starts at the first visible character: its added lines are written as
 * they stand), or new_string adds no indented text.
 */
export function insideIndentation(
  lf: string,
  hit: number,
  oldText: string,
  newText: string,
): { by: string; consistent: boolean } | undefined {
  const own = /^[ \t]*/.exec(oldText)![0];
  if (own === '' || spansLines(oldText)) return undefined;
  const by = missingIndentation(lf, hit);
  if (by === undefined) return undefined;
  const added = newText
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() !== '');
  if (added.length === 0) return undefined;
  return { by, consistent: added.every((l) => /^[ \t]*/.exec(l)![0] === own) };
}

/**
 * old_string spans lines, its first with an indentation of its own, and it
 * matches only from inside that line's indentation ("  foo();\n}" in
 * "    foo();\n}"): its later lines stand at the file's indentation and its
 * first does not, so its lines are not indented relative to each other as
 * the file's are, and the exact hit may be a coincidence of columns (the
 * block meant may be another, indented alike). Returns the indentation the
 * first line falls short by; replace.ts weighs the hit against the places
 * matching with indentation ignored finds.
 */
export function shortOfItsIndentation(lf: string, hit: number, oldText: string): string | undefined {
  if (/^[ \t]*/.exec(oldText)![0] === '' || !spansLines(oldText)) return undefined;
  return missingIndentation(lf, hit);
}

/** The whitespace between the start of the line and `hit`, when `hit` lies inside the line's indentation. */
function missingIndentation(lf: string, hit: number): string | undefined {
  const by = lf.slice(lf.lastIndexOf('\n', hit - 1) + 1, hit);
  return by !== '' && /^[ \t]+$/.test(by) ? by : undefined;
}

const spansLines = (text: string): boolean => text.replace(/\n$/, '').includes('\n');

/** Every line after the first that has text gets `by` in front. */
export function reindentAdded(text: string, by: string): string {
  return text
    .split('\n')
    .map((l, i) => (i === 0 || l.trim() === '' ? l : by + l))
    .join('\n');
}

/** "2 tabs and 4 spaces": an indentation in words, for notes. */
export const describeIndent = (ws: string): string => {
  const tabs = [...ws].filter((c) => c === '\t').length;
  const spaces = ws.length - tabs;
  return [tabs ? `${tabs} tab${tabs === 1 ? '' : 's'}` : '', spaces ? `${spaces} space${spaces === 1 ? '' : 's'}` : '']
    .filter(Boolean)
    .join(' and ');
};
