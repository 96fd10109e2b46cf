// The options of apply, check and edit: the one table the commander program
// (cli/program.ts) is built from, help text included.

export interface ApplyFlags {
  check?: boolean;
  json?: boolean;
  format?: string;
  model?: boolean;
  quiet?: boolean;
  cwd?: string;
  allowOutside?: boolean;
  allowVcsDirs?: boolean;
  encoding?: string;
  color?: boolean;
  config?: string;
  session?: string;
  reverse?: boolean;
  strip?: string;
  dryRun?: boolean;
  allOrNothing?: boolean;
  extract?: boolean;
  stat?: boolean;
  numstat?: boolean;
  summary?: boolean;
  apply?: boolean;
  verbose?: boolean;
  reject?: boolean;
  allowEmpty?: boolean;
  include?: string[];
  exclude?: string[];
  /** --include and --exclude in command-line order (the first that matches decides). */
  pathRules?: { pattern: string; include: boolean }[];
  unidiffZero?: boolean;
  recount?: boolean;
  fuzz?: string;
  /** --3way (commander's name for the flag); --3way=markers arrives as threeWayMarkers (choices.ts colorArgs). */
  '3way'?: boolean;
  threeWayMarkers?: boolean;
}

/** An option of apply/check/edit: commander's flags syntax, the help text, and whether it may be given again (values kept in order). */
export type OptionSpec = readonly [flags: string, description: string, ...repeatable: 'repeatable'[]];

export const CHECK_OPTION: OptionSpec = ['--check', 'plan everything and write nothing'];
export const EDIT_CHECK_OPTION: OptionSpec = ['--check', 'plan the edit and write nothing'];
export const DRY_RUN_OPTION: OptionSpec = ['--dry-run', 'the same as --check'];
/** check is apply --check, so it takes --check too (a no-op there); it never writes, so it has no --apply. */
export const CHECK_ITSELF_OPTION: OptionSpec = ['--check', 'what check always does: plan everything and write nothing'];
/** The options apply, check and edit share, in help order. */
export const APPLY_OPTIONS: readonly OptionSpec[] = [
  ['--json', 'print one JSON document (status, changes, failures, notes, message, diff); = --format json'],
  [
    '--format <format>',
    'text (the default), json (= --json), github (GitHub Actions ::error annotations and a ::notice summary), junit (JUnit XML) ' +
      'or openai (read OpenAI apply_patch_call items, print their apply_patch_call_output items)',
  ],
  ['--model', 'print the model-facing result text instead of the diff'],
  ['-q, --quiet', 'print only the summary, not the diff'],
  [
    '-C, --cwd <dir>',
    "resolve the patch's paths against DIR (default: the current directory); " +
      'unlike git -C, FILE stays relative to where you run chord-patch',
  ],
  ['--allow-outside', 'permit paths that resolve outside the working directory'],
  ['--allow-vcs-dirs', 'permit paths inside .git/, .hg/ and .svn/ (refused by default, as git apply refuses them)'],
  [
    '--encoding <name>',
    'read files without a BOM that are not UTF-8 (or are plain ASCII) as NAME instead of detecting it ' +
      '(e.g. gb18030, shift_jis, windows-1251, utf-16le)',
  ],
  ['--config <file>', 'YAML config with permission rules (default: .chord-patch.yaml in the working directory, if present)'],
  ['--session <id>', 'agent session id (also CHORD_PATCH_SESSION): note repeated match failures, refuse identical failed resubmits'],
  // --color before --no-color: a --no-color added alone would default colour to on (commander).
  // --color=WHEN is rewritten to these two before parsing (choices.ts colorArgs).
  [
    '--color',
    'colour the output: --color=auto (the default: on a terminal, unless NO_COLOR, FORCE_COLOR or TERM=dumb say otherwise), ' +
      '--color=always (= --color) or --color=never',
  ],
  ['--no-color', 'disable coloured output (= --color=never)'],
  ['--stat', 'print the changed files with +/- line counts (like git apply --stat) and write nothing, unless --apply'],
  ['--numstat', 'print added and removed lines per file, tab-separated (like git apply --numstat), and write nothing, unless --apply'],
  ['--summary', 'print created, deleted, renamed and mode-changed files (like git apply --summary), and write nothing, unless --apply'],
  ['--apply', 'with --stat, --numstat or --summary: apply the patch as well'],
  ['-v, --verbose', 'also say, on stderr, where each hunk matched and which pass matched it'],
  [
    '-3, --3way',
    "a hunk or old_string written against an older state of the file (this session's, git's index or HEAD): " +
      'merge its change into the file as it is now (git apply --3way); a conflict writes nothing (docs/stale-context.md)',
  ],
  ['--three-way-markers', '= --3way=markers: --3way, writing conflict markers into the file instead of refusing a conflict'],
];

/** Options for patches and diffs only (an edit request has no sides to swap, no paths to strip). */
export const PATCH_OPTIONS: readonly OptionSpec[] = [
  ['-R, --reverse', 'apply the patch or diff backwards: undo it'],
  ['--extract', 'take the patches out of a model reply (fenced ```diff / ```patch blocks, bare envelopes) and apply them in order'],
  ['--all-or-nothing', "write nothing at all when any file group would fail (git apply's default)"],
  ['-p, --strip <n>', "unified diffs: strip N leading path components (default: git's a/ b/, else whatever names existing files)"],
  ['--reject', 'unified diffs: write the hunks that apply and leave the others in FILE.rej (like git apply --reject)'],
  ['--allow-empty', 'input without any diff applies nothing and succeeds (like git apply --allow-empty)'],
  [
    '--include <pattern>',
    "unified diffs: apply only files whose path matches PATTERN (git's glob; repeatable, first match decides)",
    'repeatable',
  ],
  [
    '--exclude <pattern>',
    "unified diffs: leave out files whose path matches PATTERN (git's glob; repeatable, first match decides)",
    'repeatable',
  ],
  ['--unidiff-zero', 'unified diffs: apply hunks without context (git diff -U0) at the lines they state (like git apply --unidiff-zero)'],
  ['--recount', "unified diffs: count each hunk's lines from its body, not its @@ header (like git apply --recount)"],
  [
    '-F, --fuzz <n>',
    'unified diffs: let up to N context lines at each end of a hunk differ from the file (GNU patch -F, --fuzz; default 0)',
  ],
];

/** Options of each apply-like command, in the order commander adds them (help order). */
export const APPLY_COMMANDS: Readonly<Record<'apply' | 'check' | 'edit', readonly OptionSpec[]>> = {
  apply: [CHECK_OPTION, DRY_RUN_OPTION, ...PATCH_OPTIONS, ...APPLY_OPTIONS],
  check: [CHECK_ITSELF_OPTION, DRY_RUN_OPTION, ...PATCH_OPTIONS, ...APPLY_OPTIONS.filter(([flags]) => flags !== '--apply')],
  edit: [EDIT_CHECK_OPTION, DRY_RUN_OPTION, ...APPLY_OPTIONS],
};
