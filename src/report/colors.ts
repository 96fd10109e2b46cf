// The reports' colours, written by chalk at the levels the caller chose (the
// CLI: cli/emit.ts useColor), so that a report stays a pure function of its
// options. chalk is imported only when some output is coloured: importing it
// asks node:tty about both streams at once, which a run writing to a pipe or
// a file has no need for.

import type { ChalkInstance, ColorSupportLevel } from 'chalk';
import { PLAIN_STYLE, type Style } from './terminal.js';
import { type Paint, plain } from './unified.js';

/** chalk's levels: 0 none, 1 the 16 basic colours, 2 256 colours, 3 truecolor. */
export type ColorLevel = ColorSupportLevel;

/** The colours of one report: the diff's and the diffstat's (stdout), the failure report's (stderr). */
export interface Colors {
  paint: Paint;
  style: Style;
}

export const NO_COLORS: Colors = { paint: plain, style: PLAIN_STYLE };

/** The colours at these levels for stdout and stderr. */
export async function colorsAt(out: ColorLevel, err: ColorLevel = out): Promise<Colors> {
  if (out === 0 && err === 0) return NO_COLORS;
  const { Chalk } = await import('chalk');
  const at = (level: ColorLevel): ChalkInstance => new Chalk({ level });
  return {
    paint: out === 0 ? plain : diffPaint(at(out)),
    style: err === 0 ? PLAIN_STYLE : failureStyle(at(err)),
  };
}

// Each colour takes exactly one string: chalk joins all its arguments, and
// the reports pass these to Array.map, which adds the index and the array.
function diffPaint(c: ChalkInstance): Paint {
  return { header: (s) => c.bold(s), hunk: (s) => c.cyan(s), add: (s) => c.green(s), remove: (s) => c.red(s) };
}

function failureStyle(c: ChalkInstance): Style {
  return { error: (s) => c.bold.red(s), location: (s) => c.cyan(s), dim: (s) => c.dim(s) };
}
