// The CLI's option decisions as pure functions: colour, --color=WHEN, -p N,
// the one-line error for a mistyped option, and the diffstat.

import { describe, expect, it } from 'vitest';
import { colorArgs, colorChoice, oneLineError, OptionError, stripOption } from '../../src/cli/choices.js';
import { diffStat } from '../../src/report/stat.js';
import { plain } from '../../src/report/unified.js';
import type { FileDiff } from '../../src/types.js';

const tty = () => true;
const pipe = () => false;

describe('the colour choice', () => {
  it.each([
    ['an explicit --color wins over NO_COLOR', true, { NO_COLOR: '1' }, pipe, true],
    ['an explicit --no-color wins over FORCE_COLOR', false, { FORCE_COLOR: '1' }, tty, false],
    ['NO_COLOR turns it off on a terminal', undefined, { NO_COLOR: '1' }, tty, false],
    ['an empty NO_COLOR is ignored', undefined, { NO_COLOR: '' }, tty, true],
    ['FORCE_COLOR turns it on for a pipe', undefined, { FORCE_COLOR: '1' }, pipe, true],
    ['FORCE_COLOR=0 turns it off on a terminal', undefined, { FORCE_COLOR: '0' }, tty, false],
    ['FORCE_COLOR=false turns it off on a terminal', undefined, { FORCE_COLOR: 'false' }, tty, false],
    ['TERM=dumb turns it off on a terminal', undefined, { TERM: 'dumb' }, tty, false],
    ['a terminal gets colour by default', undefined, {}, tty, true],
    ['a pipe gets none by default', undefined, {}, pipe, false],
  ] as const)('%s', (_, flag, env, isTerminal, want) => {
    expect(colorChoice(flag, env, isTerminal)).toBe(want);
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
