// The trailing-newline step's guards (replace.ts): old_string without its final
// newline matching the first part of a line is taken, as Chord takes it, unless
// the line goes on by closing a bracket old_string opened, or only with
// trailing whitespace.

/**
 * Does the line go on with a bracket that closes one old_string left open
 * ("f(add(1, 2)" in "f(add(1, 2))")? Then old_string is a line with a
 * character dropped, not a line's first part, and the edit would unbalance it.
 */
export function closesOpened(text: string, next: string | undefined): boolean {
  const pair: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  if (next === undefined || pair[next] === undefined) return false;
  let depth = 0;
  for (const ch of text.slice(text.lastIndexOf('\n') + 1)) {
    if (ch === pair[next]) depth++;
    else if (ch === next) depth--;
  }
  return depth > 0;
}

/** Is the rest of the line from LF offset `at` only whitespace (and not empty)? */
export function trailingBlankOnly(lf: string, at: number): boolean {
  const eol = lf.indexOf('\n', at);
  const rest = lf.slice(at, eol === -1 ? lf.length : eol);
  return rest !== '' && rest.trim() === '';
}
