// Start-up trick: the usual command lines are answered without commander.
// chord-patch starts once per model edit, and loading commander and building
// the program is paid on each start that uses it (commander is not even read
// otherwise: it is a lazy package, scripts/build/lazy-packages.mjs).
// What it saves: 7 ms on a small patch and 7 ms on --version
// (CPU time, user + sys, median of 30 paired rounds on the 2-core VM,
// 2026-11-30, Node 20.20; `node -e 0` took 45 ms of CPU, the CLI's small
// patch 62 ms, `--version` 50 ms);
// each `npm run bench` shows its wall-time figure in the "Node start-up
// tricks" table (bench/results.md), row "fast argument path".
// The bench's stand-in without it: scripts/bench/stand-ins/fast-args.ts.
// test/unit/cli-args.test.ts holds it to commander's reading of the same lines.
// It is handed the option table (cli/options.ts) rather than importing it, so
// startup/ depends on nothing of the CLI that uses it.

/** An option as the table states it: commander's flags syntax first (`-C, --cwd <dir>`), then its help. */
export type FastOption = readonly [flags: string, ...rest: string[]];

/** The options each command of the fast path takes, as they are read: flag key -> value. */
export type FastFlags = Record<string, string | boolean>;

/**
 * `--version`, and the commands of `commands` with their options
 * written out in full (`--json`, `-C DIR`, `--cwd=DIR`) and at most one FILE.
 * Anything else — help, an unknown option, grouped short flags (`-qC`), `--`,
 * an option value starting with `-`, a second FILE, the other commands —
 * returns undefined and goes to commander, which parses it as before; for the
 * command lines it accepts, this yields exactly the options commander would
 * (last value wins; --color/--no-color set `color`; options given nowhere
 * stay unset).
 */
export function fastCommand<C extends string>(
  args: readonly string[],
  commands: Readonly<Record<C, readonly FastOption[]>>,
): { command: C | 'version'; file?: string; flags: FastFlags } | undefined {
  const [name, ...rest] = args;
  if (rest.length === 0 && (name === '--version' || name === '-V')) return { command: 'version', flags: {} };
  if (name === undefined || !Object.hasOwn(commands, name)) return undefined;
  const command = name as C;
  // The option table is read only when an option is given: a bare `apply`,
  // as agents run it, skips compiling and running its regular expressions
  // (0.1-0.2 ms of the binary's start, 2026-11-30).
  let byFlag: Map<string, FlagSpec> | undefined;
  const flags: FastFlags = {};
  let file: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '-' || !arg.startsWith('-')) {
      if (file !== undefined) return undefined;
      file = arg;
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    byFlag ??= flagSpecs(commands[command]);
    const spec = byFlag.get(eq < 0 ? arg : arg.slice(0, eq));
    if (!spec) return undefined;
    if (spec.value !== 'arg') {
      if (eq >= 0) return undefined;
      flags[spec.key] = spec.value;
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : rest[++i];
    if (value === undefined || value === '' || value.startsWith('-')) return undefined;
    flags[spec.key] = value;
  }
  return { command, ...(file !== undefined ? { file } : {}), flags };
}

interface FlagSpec {
  key: string;
  value: boolean | 'arg';
}

/** Each option's flags (`--cwd`, `-C`, `--no-color`) -> the key it sets and what it takes. */
function flagSpecs(options: readonly FastOption[]): Map<string, FlagSpec> {
  const byFlag = new Map<string, FlagSpec>();
  for (const [flags] of options) {
    const m = /^(?:(-[A-Za-z]), )?--([a-z][a-z-]*)( <[a-z]+>)?$/.exec(flags);
    if (!m) continue; // not understood here: using it goes to commander
    const negate = m[2]!.startsWith('no-');
    const key = (negate ? m[2]!.slice(3) : m[2]!).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    const spec = { key, value: m[3] ? ('arg' as const) : !negate };
    byFlag.set(`--${m[2]}`, spec);
    if (m[1]) byFlag.set(m[1], spec);
  }
  return byFlag;
}
