// Lines a model writes in place of code it left out ("// ... existing code
// ...", "# rest of the file", "..."): quoted as context they match nothing
// (match/diagnose.ts says so), and written as new text they would replace
// the code they stand for with the placeholder itself.

// "...", "…" or "// ... existing code ..." alone on a line, in a comment or not.
const PLACEHOLDER = new RegExp(
  /^\s*(?:(?:\/\/|#|--|;|\*|\/\*|<!--|%|')\s*)?(?:\.{3,}|…)/.source +
    /(?:.*(?:existing|rest|unchanged|omitted|code|same|remain).*)?(?:\s*(?:\*\/|-->))?\s*$/.source,
  'i',
);
// A comment that names the omission in words ("// rest of the file", "# existing code").
const PLACEHOLDER_WORDS = new RegExp(
  /^\s*(?:\/\/|#|--|\/\*|<!--)\s*(?:\.{3}|…)?\s*/.source +
    /(?:existing code|rest of (?:the )?(?:file|code|function)|unchanged code|code omitted|omitted)\b.*$/.source,
  'i',
);

/** A line that reads as an omission placeholder. */
export const isPlaceholder = (line: string): boolean => PLACEHOLDER.test(line) || PLACEHOLDER_WORDS.test(line);

/**
 * A placeholder the new text adds where it drops lines of the old text: it
 * stands for the dropped code (what models mean by it) or replaces it (what
 * writing it does), two readings that leave different files. A bare `...`
 * is also a statement (Python's Ellipsis, a stub body): only a placeholder
 * in a comment, or one naming the omission, counts. Returns the line and how
 * many old lines the new text drops, or undefined.
 */
export function placeholderForDropped(
  oldLines: readonly string[],
  newLines: readonly string[],
): { line: string; dropped: number } | undefined {
  const old = new Set(oldLines.map((l) => l.trim()));
  const added = newLines.find((l) => !old.has(l.trim()) && /^\s*(?:\/\/|#|--|\/\*|<!--|;|%)/.test(l) && isPlaceholder(l.trim()));
  if (added === undefined) return undefined;
  const kept = new Set(newLines.map((l) => l.trim()));
  const dropped = oldLines.filter((l) => l.trim() !== '' && !kept.has(l.trim())).length;
  return dropped > 0 ? { line: added.trim(), dropped } : undefined;
}

/** The refusal's words, for a patch's hunk and an edit alike (`of`: whose lines, when the reader needs telling). */
export const placeholderMessage = (found: { line: string; dropped: number }, of = ''): string =>
  `${JSON.stringify(found.line)} reads as a placeholder for code left out, and the change removes ` +
  `${found.dropped} line${found.dropped === 1 ? '' : 's'}${of} it may stand for: ` +
  'written, the placeholder would replace that code; send the lines in full, or leave out only lines you keep unchanged';
