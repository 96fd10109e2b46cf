// The library's options and input checked before anything runs: the library
// never throws for bad input, and callers from plain JavaScript can pass
// anything. A wrong type (`lockTimeoutMs: NaN`, `cwd: 3`, a patch that is
// not a string) is a `bad_option` / `bad_input` error naming the option,
// never a TypeError from deep inside, nor a wait that never ends. Unknown
// keys are left alone: options are added over time.

import { ChordPatchError } from '../errors.js';

type Check = (v: unknown) => string | undefined;

const isBool: Check = (v) => (typeof v === 'boolean' ? undefined : 'true or false');
const isString: Check = (v) => (typeof v === 'string' ? undefined : 'a string');
const isPath: Check = (v) => (typeof v === 'string' && v !== '' && !v.includes('\0') ? undefined : 'a non-empty path');
const isFunction: Check = (v) => (typeof v === 'function' ? undefined : 'a function');
const isMillis: Check = (v) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? undefined : 'a finite number of milliseconds, 0 or more';
const isCount: Check = (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? undefined : 'a whole number, 0 or more');
const isFs: Check = (v) =>
  v !== null &&
  typeof v === 'object' &&
  typeof (v as { lstat?: unknown }).lstat === 'function' &&
  typeof (v as { readFile?: unknown }).readFile === 'function'
    ? undefined
    : 'a file system object (an Fs, such as nodeFs)';

const isPathRules: Check = (v) =>
  Array.isArray(v) && v.every((r) => r !== null && typeof r === 'object' && typeof r.pattern === 'string' && typeof r.include === 'boolean')
    ? undefined
    : 'a list of {pattern, include} rules';

/** What each known option must be. */
const OPTIONS: Record<string, Check> = {
  cwd: isPath,
  fs: isFs,
  check: isBool,
  allowOutside: isBool,
  allowVcsDirs: isBool,
  configFile: isPath,
  authorize: isFunction,
  authorizeEdit: isFunction,
  reverse: isBool,
  extract: isBool,
  allOrNothing: isBool,
  strip: isCount,
  diffs: isBool,
  encoding: isString,
  session: isString,
  stateDir: isPath,
  lockTimeoutMs: isMillis,
  isAlive: isFunction,
  reject: isBool,
  allowEmpty: isBool,
  unidiffZero: isBool,
  recount: isBool,
  fuzz: isCount,
  pathRules: isPathRules,
  threeWay: (v) => (v === false || v === 'merge' || v === 'markers' ? undefined : "false, 'merge' or 'markers'"),
  preimages: isBool,
};

/** What is wrong with `value`, said without quoting it (a secret may have been passed by mistake). */
function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : `the number ${value}`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Throws ChordPatchError `bad_option` for options of the wrong shape; undefined (the defaults) is fine. */
export function checkOptions(options: unknown): void {
  if (options === undefined) return;
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new ChordPatchError('bad_option', `options must be an object of named options; got ${kind(options)}`);
  for (const [key, check] of Object.entries(OPTIONS)) {
    const value = (options as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const want = check(value);
    if (want) throw new ChordPatchError('bad_option', `option ${key} must be ${want}; got ${kind(value)}`);
  }
  const { reject, threeWay } = options as { reject?: boolean; threeWay?: unknown };
  // git apply refuses them together too: a hunk that does not fit is either merged into the file or left in FILE.rej.
  if (reject && threeWay) throw new ChordPatchError('bad_option', 'options reject and threeWay cannot be used together (--reject, --3way)');
}

/** Throws ChordPatchError `bad_input` unless `input` is text or bytes. */
export function checkInput(input: unknown, what: string): void {
  if (typeof input === 'string' || input instanceof Uint8Array) return;
  throw new ChordPatchError('bad_input', `${what} takes the input as a string or bytes (a Uint8Array or Buffer); got ${kind(input)}`);
}

const entryProblem = (e: unknown): string | undefined => {
  if (e === null || typeof e !== 'object') return `is ${kind(e)}, not an object`;
  const { old_string, new_string, replace_all } = e as Record<string, unknown>;
  if (typeof old_string !== 'string' || typeof new_string !== 'string') return 'needs old_string and new_string as strings';
  if (old_string === '' && new_string !== '') return 'has an empty old_string, which occurs everywhere: name text the file holds';
  if (replace_all !== undefined && typeof replace_all !== 'boolean') return 'has a replace_all that is not true or false';
  return undefined;
};

/** Throws ChordPatchError `bad_edit` unless `request` has the EditRequest shape (an object from plain JavaScript may not). */
export function checkEditRequest(request: object): void {
  const r = request as Record<string, unknown>;
  const bad = (why: string): never => {
    throw new ChordPatchError('bad_edit', `the edit request ${why}`);
  };
  if (typeof r.path !== 'string' || r.path === '') bad('needs a path (a non-empty string)');
  if (r.mode === 'single') {
    const why = entryProblem(r.edit);
    if (why) bad(`edit ${why}`);
  } else if (r.mode === 'batch') {
    if (!Array.isArray(r.edits)) bad('needs edits as a list');
    (r.edits as unknown[]).forEach((e, i) => {
      const why = entryProblem(e);
      if (why) bad(`edits[${i}] ${why}`);
    });
  } else {
    bad('needs mode "single" (with edit) or "batch" (with edits)');
  }
}
