// Decisions behind the CLI's options, as pure functions of their inputs (flag
// values, environment), so the runners only wire them: the colour choice, -p N,
// and commander's error text reduced to one line.

/** Thrown for a bad option value; cli/index.ts prints it and exits 64. */
export class OptionError extends Error {}

export type ColorFlag = boolean | undefined;

/**
 * `--color=always|never|auto` as the boolean options both argument parsers
 * know (`--color`, `--no-color`, nothing), so `--color` stays a plain flag
 * and never swallows the FILE after it. Arguments after `--` are left alone.
 */
export function colorArgs(args: readonly string[]): string[] {
  // A loop, not args.flatMap: every command line passes here, and the first
  // flatMap of a process costs 0.14 ms in the binary (2026-11-30).
  const end = args.indexOf('--');
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if ((end < 0 || i < end) && a.startsWith('--3way=')) {
      // git apply's --3way takes no value; =markers is this tool's own.
      if (a !== '--3way=markers') throw new OptionError(`--3way takes no value, or =markers, got ${JSON.stringify(a.slice(7))}`);
      out.push('--three-way-markers');
      continue;
    }
    if ((end >= 0 && i > end) || !a.startsWith('--color=')) {
      out.push(a);
      continue;
    }
    const when = a.slice('--color='.length);
    if (when === 'always') out.push('--color');
    else if (when === 'never') out.push('--no-color');
    else if (when !== 'auto') throw new OptionError(`--color expects auto, always or never, got ${JSON.stringify(when)}`);
  }
  return out;
}

/**
 * Whether to colour: `--color` / `--no-color` (from `--color=always|never`)
 * first; otherwise (`auto`) NO_COLOR (any non-empty value) turns it off,
 * FORCE_COLOR turns it on (off for 0 or false), TERM=dumb turns it off, and
 * else a terminal on stdout decides (asked only then: `isTerminal`).
 */
export function colorChoice(flag: ColorFlag, env: NodeJS.ProcessEnv, isTerminal: () => boolean): boolean {
  if (flag !== undefined) return flag;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  if (env.TERM === 'dumb') return false;
  return isTerminal();
}

/** -p N: a whole number of leading path components. */
export function stripOption(value: string | undefined): { strip?: number } {
  if (value === undefined) return {};
  if (!/^\d{1,3}$/.test(value))
    throw new OptionError(`-p expects a number of leading path components to strip, got ${JSON.stringify(value)}`);
  return { strip: Number(value) };
}

/** --3way (merge a stale hunk into the file, refusing conflicts) or --3way=markers (write conflict markers). */
export function threeWayOption(flags: { '3way'?: boolean; threeWayMarkers?: boolean }): { threeWay?: 'merge' | 'markers' } {
  if (flags.threeWayMarkers) return { threeWay: 'markers' };
  return flags['3way'] ? { threeWay: 'merge' } : {};
}

/**
 * commander's error (`error: unknown option '--jsn'` and a `(Did you mean
 * --json?)` line) as one line: a typo gets the suggestion, not the help.
 */
export function oneLineError(text: string): string {
  const lines = text
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const first = (lines[0] ?? 'error').replace(/^error: /, '');
  const suggestion = lines.map((l) => /^\(Did you mean (.+)\?\)$/.exec(l)?.[1]).find((s) => s !== undefined);
  const tail = suggestion ? ` (did you mean ${suggestion}?)` : '; see chord-patch --help';
  return `chord-patch: ${first}${tail}\n`;
}
