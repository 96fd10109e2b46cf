// The failure messages are written for the model that sent the patch: what to
// resend, and the read tool's coordinates to resend it from. A person at a
// terminal reads the same facts without those instructions; --model, the
// apply_patch entry, JSON and MCP keep the model's words.

/** A model's instruction (as the matcher and the edit tool word it), and what a person reads instead. */
const FOR_A_PERSON: readonly [RegExp, string][] = [
  // match/describe.ts and edit/replace.ts: a section or an edit sent before, and a section partly there.
  [/; no change made; do not resubmit/g, '; nothing to change'],
  [/resubmit only (hunks? [\d/, ]+), rebuilt from a fresh read of the file/g, 'apply only $1, to the file as it is now'],
  // match/describe.ts: the hunks before a failing one, in memory only.
  [/ not written: resubmit them together with this one/g, ' not written either'],
  // edit/closest-words.ts: the drifted block, in read-tool coordinates.
  [/\. Re-read that range \(offset=\d+, limit=\d+\) and rebuild old_string from it,/g, '. Copy old_string from those lines again,'],
];

/** A failure's message as a person at a terminal reads it. */
export function forPerson(message: string): string {
  let text = message;
  for (const [model, person] of FOR_A_PERSON) text = text.replace(model, person);
  return text;
}

/** The operations that failed with another, and why: what "file group" means, said where it applies. */
export function carriedLine(labels: readonly string[]): string {
  return (
    `  = also not written, as they change the same file or build on the failed change ` +
    `(each file is written whole or not at all): ${labels.join('; ')}`
  );
}
