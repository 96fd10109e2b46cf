// Decisions behind the CLI's options, as pure functions of their inputs (flag
// values, environment), so the runners only wire them: the colour choice, -p N,
// and commander's error text reduced to one line.

import type { ColorLevel } from '../report/colors.js';
import { misspelledHint, optionHint } from './hints.js';

/** Thrown for a bad option value; cli/index.ts prints it and exits 64. */
export class OptionError extends Error {}

export type ColorFlag = boolean | undefined;

/**
 * `--color=always|never|auto` as the boolean options commander
 * knows (`--color`, `--no-color`, nothing), so `--color` stays a plain flag
 * and never swallows the FILE after it. Arguments after `--` are left alone.
 */
export function colorArgs(args: readonly string[]): string[] {
  const end = args.indexOf('--');
  return args.flatMap((a, i) => {
    const literal = end >= 0 && i > end;
    if (!literal && a.startsWith('--3way=')) {
      // git apply's --3way takes no value; =markers is this tool's own.
      if (a !== '--3way=markers') throw new OptionError(`--3way takes no value, or =markers, got ${JSON.stringify(a.slice(7))}`);
      return ['--three-way-markers'];
    }
    if (literal || !a.startsWith('--color=')) return [a];
    const when = a.slice('--color='.length);
    if (when === 'always') return ['--color'];
    if (when === 'never') return ['--no-color'];
    if (when === 'auto') return [];
    throw new OptionError(`--color expects auto, always or never, got ${JSON.stringify(when)}`);
  });
}

/**
 * The colour level (chalk's: 0 none, 1-3 more colours): `--color` /
 * `--no-color` (from `--color=always|never`) first, always at least 1;
 * otherwise (`auto`) NO_COLOR (any non-empty value) turns it off,
 * FORCE_COLOR turns it on (off for 0 or false; 1, 2 or 3 is the level),
 * TERM=dumb turns it off, and else the terminal's level decides (asked only
 * then: `terminalLevel`, 0 for no terminal).
 */
export function colorLevel(flag: ColorFlag, env: NodeJS.ProcessEnv, terminalLevel: () => ColorLevel): ColorLevel {
  if (flag === false) return 0;
  if (flag === true) return Math.max(1, terminalLevel()) as ColorLevel;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') {
    if (force === '0' || force.toLowerCase() === 'false') return 0;
    const level = Number(force);
    return level === 2 || level === 3 ? level : 1;
  }
  if (env.TERM === 'dumb') return 0;
  return terminalLevel();
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

/** An option written before the command's name (program.ts): as typed, and where it goes. */
export interface Misplaced {
  typed: string;
  hint: string;
}

/**
 * commander's error (`error: unknown option '--jsn'` and a `(Did you mean
 * --json?)` line) as one line: a typo gets the suggestion, not the help.
 * `misplaced(option)` says where an unknown option belongs when it is a
 * command's option written before the command (program.ts), quoted as typed.
 */
export function oneLineError(text: string, misplaced: (option: string) => Misplaced | undefined = () => undefined): string {
  const lines = text
    .trim()
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  // commander ends some messages with a full stop; the line goes on after it.
  const first = (lines[0] ?? 'error').replace(/^error: /, '').replace(/\.$/, '');
  const option = /^unknown option '(.+)'$/.exec(first)?.[1];
  const hint = option === undefined ? undefined : optionHint(option);
  if (hint) return `chord-patch: ${first}: ${hint}\n`;
  const moved = option === undefined ? undefined : misplaced(option);
  if (moved) return `chord-patch: unknown option '${moved.typed}': ${moved.hint}\n`;
  const suggestion = lines.map((l) => /^\(Did you mean (.+)\?\)$/.exec(l)?.[1]).find((s) => s !== undefined);
  const meant = option === undefined ? undefined : misspelledHint(option, suggestion);
  if (meant) return `chord-patch: ${first} (did you mean ${meant}?): ${optionHint(meant)}\n`;
  const tail = suggestion ? ` (did you mean ${suggestion}?)` : '; see chord-patch --help';
  return `chord-patch: ${first}${tail}\n`;
}

/** --fuzz N: how many context lines at each end of a hunk may differ. */
export function fuzzOption(value: string): number {
  if (!/^\d+$/.test(value)) throw new OptionError(`--fuzz expects a number of context lines, got ${JSON.stringify(value)}`);
  return Number(value);
}
