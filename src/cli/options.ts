// The options of apply, check and edit: one table that both the commander
// program (cli/program.ts) and the commander-free fast path
// (startup/fast-args.ts, handed it by cli/index.ts) read, so the two can never
// disagree on what an option is called.

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
  /** --3way (commander's name for the flag); --3way=markers arrives as threeWayMarkers (choices.ts colorArgs). */
  '3way'?: boolean;
  threeWayMarkers?: boolean;
}

/** An option of apply/check/edit: commander's flags syntax and the help text. */
export type OptionSpec = readonly [flags: string, description: string];

export const CHECK_OPTION: OptionSpec = ['--check', 'plan everything and write nothing'];
export const EDIT_CHECK_OPTION: OptionSpec = ['--check', 'plan the edit and write nothing'];
export const DRY_RUN_OPTION: OptionSpec = ['--dry-run', 'the same as --check'];
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
  ['-C, --cwd <dir>', 'resolve relative paths against DIR (default: the current directory)'],
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
    '--3way',
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
];

/** Options of each apply-like command, in the order commander adds them (help order). */
export const APPLY_COMMANDS: Readonly<Record<'apply' | 'check' | 'edit', readonly OptionSpec[]>> = {
  apply: [CHECK_OPTION, DRY_RUN_OPTION, ...PATCH_OPTIONS, ...APPLY_OPTIONS],
  check: [DRY_RUN_OPTION, ...PATCH_OPTIONS, ...APPLY_OPTIONS],
  edit: [EDIT_CHECK_OPTION, DRY_RUN_OPTION, ...APPLY_OPTIONS],
};
