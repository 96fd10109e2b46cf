// The CLI's option decisions as pure functions: colour, --color=WHEN, -p N,
// the one-line error for a mistyped option, and the diffstat.

import { describe, expect, it } from 'vitest';
import { colorArgs, colorLevel, oneLineError, OptionError, stripOption } from '../../src/cli/choices.js';
import { diffStat } from '../../src/report/stat.js';
import { plain } from '../../src/report/unified.js';
import type { FileDiff } from '../../src/types.js';

const tty = () => 1 as const; // a terminal where chalk detects the 16 basic colours
const tty256 = () => 2 as const;
const pipe = () => 0 as const;

describe('the colour level', () => {
  it.each([
    ['an explicit --color wins over NO_COLOR', true, { NO_COLOR: '1' }, pipe, 1],
    ["an explicit --color keeps the terminal's level", true, {}, tty256, 2],
    ['an explicit --no-color wins over FORCE_COLOR', false, { FORCE_COLOR: '1' }, tty, 0],
    ['NO_COLOR turns it off on a terminal', undefined, { NO_COLOR: '1' }, tty, 0],
    ['an empty NO_COLOR is ignored', undefined, { NO_COLOR: '' }, tty, 1],
    ['FORCE_COLOR turns it on for a pipe', undefined, { FORCE_COLOR: '1' }, pipe, 1],
    ['FORCE_COLOR=3 asks for truecolor', undefined, { FORCE_COLOR: '3' }, pipe, 3],
    ['FORCE_COLOR=true is the basic level', undefined, { FORCE_COLOR: 'true' }, pipe, 1],
    ['an empty FORCE_COLOR is ignored', undefined, { FORCE_COLOR: '' }, pipe, 0],
    ['FORCE_COLOR=0 turns it off on a terminal', undefined, { FORCE_COLOR: '0' }, tty, 0],
    ['FORCE_COLOR=false turns it off on a terminal', undefined, { FORCE_COLOR: 'false' }, tty, 0],
    ['TERM=dumb turns it off on a terminal', undefined, { TERM: 'dumb' }, tty, 0],
    ['a terminal gets its level by default', undefined, {}, tty256, 2],
    ['a pipe gets none by default', undefined, {}, pipe, 0],
  ] as const)('%s', (_, flag, env, terminalLevel, want) => {
    expect(colorLevel(flag, env, terminalLevel)).toBe(want);
  });

  it('rewrites --color=WHEN to the boolean flags and refuses other values', () => {
    expect(colorArgs(['apply', '--color=always', 'p', '--color=never', '--color=auto'])).toEqual(['apply', '--color', 'p', '--no-color']);
    expect(colorArgs(['apply', '--', '--color=odd'])).toEqual(['apply', '--', '--color=odd']);
    expect(() => colorArgs(['apply', '--color=sometimes'])).toThrow(OptionError);
  });
});

describe('option values and errors', () => {
  it('reads -p N as a whole number and refuses anything else', () => {
    expect(stripOption('2')).toEqual({ strip: 2 });
    expect(stripOption(undefined)).toEqual({});
    expect(() => stripOption('x')).toThrow(/-p expects a number/);
  });

  it("turns commander's unknown-option error and suggestion into one line", () => {
    expect(oneLineError("error: unknown option '--jsn'\n(Did you mean --json?)\n")).toBe(
      "chord-patch: unknown option '--jsn' (did you mean --json?)\n",
    );
    expect(oneLineError("error: unknown option '--zzz'\n")).toBe("chord-patch: unknown option '--zzz'; see chord-patch --help\n");
    // commander's full stop does not end the line before the pointer to --help.
    expect(oneLineError("error: too many arguments for 'mcp'. Expected 0 arguments but got 1.\n")).toBe(
      "chord-patch: too many arguments for 'mcp'. Expected 0 arguments but got 1; see chord-patch --help\n",
    );
  });

  it("answers GNU patch's and git apply's options chord-patch does not need with what it does instead", () => {
    const said = (option: string) => oneLineError(`error: unknown option '${option}'\n`);
    expect(said('-u')).toBe("chord-patch: unknown option '-u': chord-patch recognises a unified diff by itself; drop -u\n");
    expect(said('--binary')).toBe(
      "chord-patch: unknown option '--binary': chord-patch reads a diff's binary patches (git diff --binary) by itself; drop --binary\n",
    );
    expect(said('--batch')).toMatch(/never stops to ask: .*; drop --batch\n$/);
    expect(said('-b')).toMatch(/writes no backup files: .*chord-patch apply -R FILE undoes an applied patch; drop -b\n$/);
    expect(said('--index')).toMatch(/never git's index: run git add afterwards; drop --index\n$/);
    expect(said('-l')).toMatch(/whitespace drifted, where only one place fits; drop -l\n$/);
    // A long option's value is not part of its name: git apply --whitespace=fix.
    expect(said('--whitespace=fix')).toMatch(/writes added lines as the patch has them .*; drop --whitespace\n$/);
    expect(said('-s')).toContain("is closest to chord-patch's -q (--quiet)");
    expect(said('-E')).toMatch(/deletes a file only where the diff deletes it .*; drop -E\n$/);
    expect(said('--directory=sub')).toContain("is closest to chord-patch's -C DIR");
    // A misspelling of one of them gets its hint, not commander's guess.
    expect(oneLineError("error: unknown option '--ignore-whitespac'\n(Did you mean --verbose?)\n")).toMatch(
      /^chord-patch: unknown option '--ignore-whitespac' \(did you mean --ignore-whitespace\?\): .*; drop --ignore-whitespace\n$/,
    );
  });
});

describe('the diffstat', () => {
  const d = (path: string, plus: number, minus: number, extra: Partial<FileDiff> = {}): FileDiff => ({
    kind: 'update',
    path,
    binary: false,
    hunks: [
      {
        oldStart: 1,
        oldLines: minus,
        newStart: 1,
        newLines: plus,
        lines: [
          ...Array.from({ length: minus }, () => ({ type: '-' as const, text: 'x', eol: '\n' })),
          ...Array.from({ length: plus }, () => ({ type: '+' as const, text: 'y', eol: '\n' })),
        ],
      },
    ],
    ...extra,
  });

  it('lists files with counts and bars like git apply --stat, then the totals', () => {
    expect(diffStat([d('src/a.ts', 3, 2), d('b', 1, 0)], plain)).toBe(
      ' src/a.ts |    5 +++--\n b        |    1 +\n 2 files changed, 4 insertions(+), 2 deletions(-)\n',
    );
  });

  it('names a rename by its new name and scales long bars to the 70-column row', () => {
    const out = diffStat([d('old', 0, 0, { kind: 'move', to: 'new', hunks: [] }), d('big', 100, 0)], plain);
    expect(out).toContain(' new |    0 \n');
    expect(out).toContain(` big |  100 ${'+'.repeat(67)}\n`);
    expect(out).toContain(' 2 files changed, 100 insertions(+)\n');
  });
});
