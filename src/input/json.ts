// JSON input from a model, parsed so that no value is silently dropped.
//
// JSON.parse keeps the last of two equal keys in one object, so
// {"old_string": "a", "old_string": "b"} would replace "b" and never say that
// "a" was sent: two readings of one request. Such input is refused, naming the
// key and where its second copy stands.

/** A key sent twice in one object, and the 1-based line of its second copy. */
export interface DuplicateKey {
  key: string;
  line: number;
}

/**
 * The first key that stands twice in one object of `text`, which must be
 * valid JSON (call it after JSON.parse succeeded); undefined when none does.
 * Outside strings a valid text has few characters; a string's body is skipped
 * by a search for its closing quote.
 */
export function duplicateKey(text: string): DuplicateKey | undefined {
  // One entry per open container: the keys seen so far in an object, null in an array.
  const open: (Keys | null)[] = [];
  // The last string read, by where it starts and ends: a key when a ':' follows it.
  let at = -1;
  let end = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      at = i;
      end = closingQuote(text, i + 1) + 1;
      i = end - 1;
    } else if (c === OPEN_OBJECT) open.push({ list: [] });
    else if (c === OPEN_ARRAY) open.push(null);
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) open.pop();
    else if (c === COLON) {
      const keys = open.at(-1);
      if (!keys) continue;
      const raw = text.slice(at + 1, end - 1);
      const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
      if (!added(keys, key)) return { key, line: lineAt(text, at) };
    }
  }
  return undefined;
}

/** An object's keys so far: a list while short (objects from models hold a handful), a Set past that. */
interface Keys {
  list: string[];
  set?: Set<string>;
}

const SHORT = 16;

/** Add `key` to `keys`; false when it was there already. */
function added(keys: Keys, key: string): boolean {
  if (keys.set) return keys.set.size < keys.set.add(key).size;
  if (keys.list.includes(key)) return false;
  keys.list.push(key);
  if (keys.list.length > SHORT) keys.set = new Set(keys.list);
  return true;
}

const QUOTE = 34;
const COLON = 58;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;

/** Where the string that starts before `from` ends: the first quote after an even run of backslashes. */
function closingQuote(text: string, from: number): number {
  for (let q = text.indexOf('"', from); q >= 0; q = text.indexOf('"', q + 1)) {
    let slashes = 0;
    while (text.charCodeAt(q - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return q;
  }
  return text.length;
}

/** The message for a duplicate key: which key, where, and what to send instead. */
export function duplicateKeyMessage(d: DuplicateKey): string {
  return (
    `${JSON.stringify(d.key)} is given twice in one object (its second copy on line ${d.line}); ` +
    'JSON keeps only the last, so which value was meant is unclear: send each key once'
  );
}

function lineAt(text: string, at: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
